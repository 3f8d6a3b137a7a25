/**
 * The host's end of the isolate protocol, on a real isolate with the real bootstrap: deliveries are applied together,
 * from a `setImmediate` of their own (src/runtime/outbox.ts), so what fails there must fail its own call and nothing
 * else, and never escape as an uncaught exception. The same holds with every performance device switched off for
 * its plain version (src/runtime/devices.ts): the devices change the cost, never the behaviour.
 */
import { afterEach, describe, expect, it } from "@jest/globals";
import type { LogicArgs } from "../../../src/isolate/protocol.js";
import { ALL_DEVICES, DEVICES, type Devices, devicesWithout } from "../../../src/runtime/devices.js";
import { isolateScript } from "../../../src/runtime/isolate-script.js";
import { type Incident, Sandbox, SandboxError, type SandboxHost } from "../../../src/runtime/sandbox.js";

const CODE = `
  logic['echo'] = async (query) => query.n;
  logic['loop'] = () => { for (;;) {} };
  logic['never'] = () => new Promise(() => {});
  logic['loudLoop'] = () => { console.log('about to loop'); for (;;) {} };
  logic['busy'] = (query) => { const until = Date.now() + query.ms; while (Date.now() < until) {} return 'done'; };`;

const args = (query: Record<string, unknown>): LogicArgs => ({
  query,
  body: {},
  params: { method: "GET", path: "/custom/b/echo", headers: {}, rawBody: "", ip: "127.0.0.1", botId: "b" },
});

const logs: string[] = [];
const host: SandboxHost = {
  call: async () => null,
  describe: (err) => ({ message: String(err) }),
  log: (level, message) => logs.push(`${level}: ${message}`),
};

let sandbox: Sandbox | undefined;
afterEach(() => {
  sandbox?.close();
  sandbox = undefined;
  logs.length = 0;
});

const load = async (devices: Devices = ALL_DEVICES) => {
  sandbox = await Sandbox.create(await isolateScript(), CODE, {}, host, { memoryMb: 64, timeoutMs: 200 }, devices);
  return sandbox;
};

const variants: Array<[string, Devices]> = [
  ["every device on", ALL_DEVICES],
  ["every device off", devicesWithout(DEVICES)],
];

describe.each(variants)("Sandbox deliveries, %s", (_name, devices) => {
  it("answers many calls started in one tick, each with its own result", async () => {
    const s = await load(devices);
    const outcomes = await Promise.all(Array.from({ length: 200 }, (_, n) => s.runLogic("echo", args({ n }))));
    expect(outcomes.map((o) => (o.status === "done" ? o.result.data : o.status))).toEqual(
      Array.from({ length: 200 }, (_, n) => n),
    );
  });

  it("a message that cannot be written fails its own call, and the next call is served", async () => {
    const s = await load(devices);
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on("uncaughtException", onUncaught);
    try {
      // A BigInt has no JSON form: JSON.stringify throws inside the outbox's flush, before the next call's apply.
      const bad = s.runLogic("echo", args({ n: 1n }));
      const good = s.runLogic("echo", args({ n: 2 }));
      const failure = await bad.then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(failure).toBeInstanceOf(SandboxError);
      expect((failure as SandboxError).kind).toBe("error");
      expect((failure as SandboxError).message).toMatch(/BigInt/);
      expect(await good).toMatchObject({ status: "done", result: { statusCode: 200, data: 2 } });
      expect(s.inFlight).toBe(0);
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", onUncaught);
    }
  });

  it("a slice past the time limit is one incident, ends the calls in flight, and closes the isolate", async () => {
    const open = (await Sandbox.heapTotals()).isolates;
    const s = await load(devices);
    const incidents: Incident[] = [];
    s.onIncident = (incident) => incidents.push(incident);
    const settle = (p: Promise<unknown>) =>
      p.then(
        () => "resolved",
        (err: unknown) => (err as SandboxError).kind,
      );
    // A call still waiting when the isolate is disposed (a call whose answer was written first is answered).
    const waiting = settle(s.runLogic("never", args({})));
    await new Promise<void>((resolve) => setImmediate(resolve));
    const results = await Promise.all([settle(s.runLogic("loop", args({}))), waiting]);
    expect(results).toEqual(["collateral", "collateral"]);
    expect(incidents).toEqual([
      { kind: "timeout", message: "Bot code ran past its time limit without yielding", restarted: true },
    ]);
    expect(s.closed).toBe(true);
    // Freed: no longer counted among the process's isolates (docs/operations.md#isolate-memory).
    expect((await Sandbox.heapTotals()).isolates).toBe(open);
  });
});

describe.each(variants)("Sandbox reads, %s", (_name, devices) => {
  it("delivers what a slice wrote before it ran past the time limit", async () => {
    const s = await load(devices);
    const failure = await s.runLogic("loudLoop", args({})).catch((err: unknown) => err);
    expect((failure as SandboxError).kind).toBe("collateral");
    expect(logs).toContainEqual(expect.stringContaining("about to loop"));
  });
});

describe("Sandbox.heapTotals", () => {
  it("counts every isolate not freed yet and sums their heaps; a closed sandbox drops out", async () => {
    const before = await Sandbox.heapTotals();
    const first = await load();
    const second = await Sandbox.create(await isolateScript(), CODE, {}, host, { memoryMb: 64, timeoutMs: 200 });
    const both = await Sandbox.heapTotals();
    expect(both.isolates).toBe(before.isolates + 2);
    // A bootstrapped isolate holds more than a MiB of heap, of which it uses some.
    expect(both.committedBytes - before.committedBytes).toBeGreaterThan(2 * 2 ** 20);
    expect(both.usedBytes).toBeGreaterThan(before.usedBytes);
    expect(both.usedBytes).toBeLessThanOrEqual(both.committedBytes);
    second.close();
    const one = await Sandbox.heapTotals();
    expect(one.isolates).toBe(before.isolates + 1);
    expect(one.committedBytes).toBeLessThan(both.committedBytes);
    first.close();
    expect((await Sandbox.heapTotals()).isolates).toBe(before.isolates);
  });
});
