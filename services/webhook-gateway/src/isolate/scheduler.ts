/**
 * `scheduler` and `scheduled` for bot code: each `scheduler` method is a `schedule` host call, which the host
 * validates and stores in Postgres; a due run comes back as a `scheduled` message that calls `scheduled[name]`.
 * The checks here only turn a wrong type into a clear error before it crosses; the host checks everything again.
 *
 * @see docs/bot-runtime.md#scheduled-runs
 */
import type { Bridge } from "./bridge.js";
import { callError } from "./bridge.js";
import type { BotDb } from "./db.js";
import { freeze, hasOwn, NativeError, rejectSoon } from "./intrinsics.js";
import type { CallOutcome, ScheduledRun, ScheduleOp } from "./protocol.js";

/** Options of `runAfter` and `runAt`. */
export interface OnceOptions {
  key?: string;
}

/** Options of `cron`. */
export interface CronOptions {
  key?: string;
  timezone?: string;
  payload?: unknown;
}

/** The `scheduler` global. */
export interface BotScheduler {
  runAfter(seconds: number, name: string, payload?: unknown, options?: OnceOptions): Promise<unknown>;
  runAt(date: unknown, name: string, payload?: unknown, options?: OnceOptions): Promise<unknown>;
  cron(expression: string, name: string, options?: CronOptions): Promise<unknown>;
  cancel(key: string): Promise<unknown>;
  list(): Promise<unknown>;
}

/** A `scheduled[name]` handler. */
export type ScheduledHandler = (payload: unknown, db: BotDb, run: ScheduledRun) => unknown;

const NativeDate = Date;
const dateGetTime = Function.prototype.call.bind(Date.prototype.getTime) as (date: Date) => number;
const dateParse = Date.parse;
const numberIsNaN = Number.isNaN;

function refuse(message: string): Promise<never> {
  return rejectSoon(callError({ message, code: "ERR_SCHEDULE_INVALID" }));
}

/** `options` as a plain object, or a message saying what is wrong with it. */
function optionsOf(method: string, options: unknown): Record<string, unknown> | string {
  if (options === undefined || options === null) return {};
  if (typeof options !== "object") return `scheduler.${method}: options must be an object`;
  return options as Record<string, unknown>;
}

/** A date as epoch milliseconds: a Date, a number of milliseconds, or an ISO 8601 string. */
function epochMs(date: unknown): number | undefined {
  if (date instanceof NativeDate) return dateGetTime(date);
  if (typeof date === "number") return date;
  if (typeof date === "string") return dateParse(date);
  return undefined;
}

/** Builds `scheduler` over the bridge. */
export function createScheduler(bridge: Bridge): BotScheduler {
  const call = (op: ScheduleOp, args: Record<string, unknown>) => {
    try {
      return bridge.call({ kind: "schedule", op, args });
    } catch (err) {
      // A getter of the bot's threw while the bridge serialised the arguments.
      const reason = err instanceof NativeError ? err.message : "not serialisable";
      return rejectSoon(callError({ message: `Arguments must be JSON-serialisable: ${reason}` }));
    }
  };
  const once = (op: "runAfter" | "runAt", name: unknown, payload: unknown, options: unknown, when: object) => {
    const o = optionsOf(op, options);
    if (typeof o === "string") return refuse(o);
    return call(op, { ...when, name, payload, key: o.key });
  };
  return freeze({
    runAfter(seconds: number, name: string, payload?: unknown, options?: OnceOptions) {
      if (typeof seconds !== "number") return refuse("scheduler.runAfter: seconds must be a number");
      return once("runAfter", name, payload, options, { seconds });
    },
    runAt(date: unknown, name: string, payload?: unknown, options?: OnceOptions) {
      const at = epochMs(date);
      if (at === undefined || numberIsNaN(at)) {
        return refuse("scheduler.runAt: date must be a Date, epoch milliseconds or an ISO 8601 string");
      }
      return once("runAt", name, payload, options, { at });
    },
    cron(expression: string, name: string, options?: CronOptions) {
      const o = optionsOf("cron", options);
      if (typeof o === "string") return refuse(o);
      return call("cron", { expression, name, key: o.key, timezone: o.timezone, payload: o.payload });
    },
    cancel(key: string) {
      return call("cancel", { key });
    },
    list() {
      return call("list", {});
    },
  });
}

/** Runs `scheduled[name]`; a handler that throws ends in the `error` outcome with the stack for the bot's log. */
export async function runScheduled(
  scheduled: Record<string, unknown>,
  name: string,
  payload: unknown,
  run: ScheduledRun,
  db: BotDb,
): Promise<CallOutcome> {
  const handler = hasOwn(scheduled, name) ? scheduled[name] : undefined;
  if (typeof handler !== "function") return { status: "no-handler" };
  await (handler as ScheduledHandler)(payload, db, freeze({ ...run }));
  return { status: "handled", handled: true };
}
