/**
 * The performance devices of the gateway's request path: code that a plain version would not need, each kept because
 * switching it off costs the gateway measurably (bench/README.md#devices-of-the-request-path). Each can be switched
 * off for the plain code it replaces, with GATEWAY_DEVICES_OFF (docs/operations.md#benchmark-switches): the
 * benchmark's switch, not a setting to run with. Each device's module says what it buys and what it costs:
 *
 * - `mailbox`: the isolate's messages through shared memory, read when a slice ends (runtime/mailbox.ts); plain, each
 *   message through isolated-vm's Callback.
 * - `outbox`: a turn's messages to the isolates handed over from `setImmediate` (runtime/outbox.ts); plain, each
 *   handed over as it is made.
 * - `ring`: a sandbox's pending calls in a ring of slots (runtime/call-table.ts); plain, a Map.
 * - `decoder`: the message that ends every call, and a `db.operation` call, decoded by hand
 *   (runtime/host-protocol.ts); plain, by the zod schema.
 * - `dispatcher`: the bot routes served by a `node:http` listener (routes/dispatch.ts); plain, express routes.
 */
export const DEVICES = ["mailbox", "outbox", "ring", "decoder", "dispatcher"] as const;

export type Device = (typeof DEVICES)[number];

/** Which devices are on. */
export type Devices = Readonly<Record<Device, boolean>>;

/** Every device on: the gateway as it runs. */
export const ALL_DEVICES: Devices = Object.freeze({
  mailbox: true,
  outbox: true,
  ring: true,
  decoder: true,
  dispatcher: true,
});

/** Every device on but those in `off`. */
export function devicesWithout(off: readonly Device[]): Devices {
  return Object.freeze(Object.fromEntries(DEVICES.map((d) => [d, !off.includes(d)])) as Record<Device, boolean>);
}
