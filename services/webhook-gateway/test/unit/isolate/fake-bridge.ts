/** A Bridge for unit tests of the isolate modules: records host calls and settles them by hand. */
import type { Bridge } from "../../../src/isolate/bridge.js";
import type { HostCall, HostCallKind, LogLevel } from "../../../src/isolate/protocol.js";

export interface FakeBridge extends Bridge {
  calls: HostCall[];
  lines: Array<{ level: LogLevel; message: string }>;
  /** Resolves every call made so far with `value` (or what `answer` returns for it). */
  answer(value?: unknown | ((call: HostCall) => unknown)): void;
  fail(error: unknown): void;
}

export function fakeBridge(): FakeBridge {
  const waiting: Array<{ resolve(v: unknown): void; reject(e: unknown): void; call: HostCall }> = [];
  const calls: HostCall[] = [];
  const lines: Array<{ level: LogLevel; message: string }> = [];
  return {
    calls,
    lines,
    call(call) {
      calls.push(call);
      return new Promise((resolve, reject) => waiting.push({ resolve, reject, call }));
    },
    log(level, message) {
      lines.push({ level, message });
    },
    settle() {},
    pending(kind: HostCallKind) {
      return waiting.filter((w) => w.call.kind === kind).length;
    },
    answer(value) {
      for (const w of waiting.splice(0))
        w.resolve(typeof value === "function" ? (value as (c: HostCall) => unknown)(w.call) : value);
    },
    fail(error) {
      for (const w of waiting.splice(0)) w.reject(error);
    },
  };
}

/** Lets pending promise continuations run. */
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
