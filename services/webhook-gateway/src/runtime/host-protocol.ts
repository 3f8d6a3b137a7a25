/**
 * Decoding what a bot's isolate sends. The bootstrap in the isolate is ours, but bot code shares the isolate and the
 * host trusts nothing from it: each message is parsed once here, into the typed union of isolate/protocol.ts, or
 * refused. One schema says what a message may be; beside it, the message every webhook call ends with and a
 * `db.operation` call are decoded by hand, a performance device (runtime/devices.ts, `decoder`; see
 * {@link doneOutcome} and {@link dbCall}).
 */
import { z } from "zod";
import {
  type CallOutcome,
  DB_OPERATIONS,
  type DbOperation,
  type FromIsolate,
  type HostCall,
  type LogicResult,
  MAX_MESSAGE_CHARS,
  SCHEDULE_OPS,
} from "../isolate/protocol.js";

const record = z.record(z.unknown());

const hostCall: z.ZodType<HostCall> = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("db"), op: z.enum(DB_OPERATIONS), args: z.array(z.unknown()).max(8) }),
  z.object({ kind: z.literal("tg"), method: z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/), params: record }),
  z.object({ kind: z.literal("http"), config: record }),
  z.object({ kind: z.literal("sleep"), ms: z.number().finite().min(0) }),
  z.object({ kind: z.literal("schedule"), op: z.enum(SCHEDULE_OPS), args: record }),
]);

const outcome: z.ZodType<CallOutcome> = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("done"),
    result: z.object({ statusCode: z.unknown(), headers: z.unknown(), message: z.unknown(), data: z.unknown() }),
  }),
  z.object({ status: z.literal("no-handler") }),
  z.object({ status: z.literal("handled"), handled: z.boolean() }),
  z.object({ status: z.literal("error"), error: z.string() }),
]);

/** The schema of every message (exported for the tests that hold the hand decoder to it). */
export const fromIsolateSchema: z.ZodType<FromIsolate> = z.discriminatedUnion("type", [
  z.object({ type: z.literal("call"), id: z.number().int().positive(), call: hostCall }),
  z.object({ type: z.literal("outcome"), callId: z.number().int().positive(), outcome }),
  z.object({ type: z.literal("log"), level: z.enum(["log", "info", "warn", "error"]), message: z.string() }),
  z.object({ type: z.literal("over"), chars: z.number().int().min(0).max(MAX_MESSAGE_CHARS) }),
]);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const RESULT_KEYS = ["statusCode", "headers", "message", "data"] as const;

/**
 * The message every webhook call ends with, `{ type: "outcome", callId, outcome: { status: "done", result } }`,
 * decoded by hand. It gives exactly what `fromIsolateSchema` gives (unknown keys dropped, the four result keys kept
 * when present), and undefined for anything else, which then goes through the schema.
 *
 * What it buys: zod's parsing of nested objects, once per call. A trivial webhook takes about a tenth less CPU than
 * with the schema alone (bench/README.md#devices-of-the-request-path).
 * What it costs: a second statement of one message's shape, which must not drift from the schema: a property test
 * holds the two to the same output (test/unit/runtime/host-protocol.test.ts).
 */
function doneOutcome(value: unknown): FromIsolate | undefined {
  if (!isObject(value) || value.type !== "outcome") return undefined;
  const { callId, outcome } = value;
  if (typeof callId !== "number" || !Number.isInteger(callId) || callId <= 0) return undefined;
  if (!isObject(outcome) || outcome.status !== "done" || !isObject(outcome.result)) return undefined;
  const given = outcome.result;
  const result: LogicResult = {};
  for (const key of RESULT_KEYS) if (key in given) result[key] = given[key];
  return { type: "outcome", callId, outcome: { status: "done", result } };
}

const DB_OPERATION_NAMES: ReadonlySet<unknown> = new Set<unknown>(DB_OPERATIONS);

/**
 * A `db.operation` call, `{ type: "call", id, call: { kind: "db", op, args } }`, decoded by hand as
 * {@link doneOutcome} decodes an outcome, and held to the same schema by the same kind of property test: it is the
 * message most handlers send most often, once per call (bench/README.md#document-store).
 */
function dbCall(value: unknown): FromIsolate | undefined {
  if (!isObject(value) || value.type !== "call") return undefined;
  const { id, call } = value;
  if (typeof id !== "number" || !Number.isInteger(id) || id <= 0) return undefined;
  if (!isObject(call) || call.kind !== "db" || !DB_OPERATION_NAMES.has(call.op)) return undefined;
  if (!Array.isArray(call.args) || call.args.length > 8) return undefined;
  return { type: "call", id, call: { kind: "db", op: call.op as DbOperation, args: [...call.args] } };
}

/** A message from the isolate, or the reason it was refused. */
export type Decoded = { ok: true; message: FromIsolate } | { ok: false; reason: string; callId?: number; id?: number };

/**
 * Parses one message of the isolate; `byHand` false leaves the hand decoder out, for the benchmark (runtime/devices.ts).
 */
export function decodeFromIsolate(text: unknown, byHand = true): Decoded {
  if (typeof text !== "string") return { ok: false, reason: "message is not text" };
  if (text.length > MAX_MESSAGE_CHARS + 1024) return { ok: false, reason: "message is larger than 5 MiB" };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: "message is not JSON" };
  }
  const fast = byHand ? (doneOutcome(value) ?? dbCall(value)) : undefined;
  if (fast !== undefined) return { ok: true, message: fast };
  const parsed = fromIsolateSchema.safeParse(value);
  if (parsed.success) return { ok: true, message: parsed.data };
  // Say which call the refusal is about when we can, so it fails instead of waiting for its deadline.
  const v = value as { id?: unknown; type?: unknown; call?: { kind?: unknown } };
  const id = typeof v?.id === "number" && v.type === "call" ? v.id : undefined;
  const issue = parsed.error.issues[0];
  const where = issue ? `${issue.path.join(".")}: ${issue.message}` : "invalid";
  return id === undefined ? { ok: false, reason: where } : { ok: false, reason: where, id };
}
