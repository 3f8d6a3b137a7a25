/**
 * The isolate's end of the host protocol: numbered host calls with their pending promises, the per-kind pending
 * limits, and the console budget. Everything is kept in closures and prototype-less dictionaries, so bot code can
 * neither reach nor redirect it.
 *
 * @see ./protocol.ts for the messages, docs/bot-runtime.md#limits for the numbers.
 */
import { dictionary, jsonParse, jsonStringify, NativeError, NativePromise, now, rejectSoon } from "./intrinsics.js";
import {
  type CallError,
  type HostCall,
  type HostCallKind,
  LOG_LINE_MAX,
  LOG_LINES_PER_MINUTE,
  type LogLevel,
  MAX_MESSAGE_CHARS,
  PENDING_LIMITS,
} from "./protocol.js";

/** The isolate's end of the protocol. */
export interface Bridge {
  /** Sends a host call; resolves with its value, rejects with an Error shaped like the library it imitates. */
  call(call: HostCall): Promise<unknown>;
  /** Writes a console line, within the per-minute budget. */
  log(level: LogLevel, message: string): void;
  /** Settles a pending call with the host's reply. */
  settle(id: number, ok: boolean, valueOrError: unknown): void;
  /** Host calls waiting for a reply now, by kind. */
  pending(kind: HostCallKind): number;
}

const KIND_NAMES: Readonly<Record<HostCallKind, string>> = {
  db: "db.operation calls",
  tg: "bot.telegram calls",
  http: "axios requests",
  sleep: "timers",
  schedule: "scheduler calls",
};

/** An Error as bot code sees a failed host call: `message`, and `code`/`response`/`description` when known. */
export function callError(error: CallError): Error {
  const err = new NativeError(String(error.message)) as Error & Partial<CallError>;
  if (error.code !== undefined) err.code = error.code;
  if (error.response !== undefined) err.response = error.response;
  if (error.description !== undefined) err.description = error.description;
  return err;
}

const MiB = 1024 * 1024;
/** Bytes as MiB with one decimal, as the host writes them (no Number.prototype method: bot code may replace them). */
function mib(bytes: number): string {
  const tenths = ((bytes * 10) / MiB + 0.5) | 0;
  return `${(tenths / 10) | 0}.${tenths % 10}`;
}

/**
 * Builds the bridge over `send` (the host's Callback). `hostBudget`: the bot's host memory budget in bytes, against
 * which the isolate counts its own pending calls (a call whose message would take them past it is refused here, before
 * it crosses, and the host told in a short `over` message); the host counts again, everything it holds. `clock` is
 * for tests.
 */
export function createBridge(
  send: (text: string) => void,
  clock: () => number = now,
  hostBudget = Number.POSITIVE_INFINITY,
): Bridge {
  const waiting = dictionary<{
    kind: HostCallKind;
    chars: number;
    resolve(v: unknown): void;
    reject(e: unknown): void;
  }>();
  let pendingChars = 0;
  const counts = dictionary<number>();
  for (const kind of ["db", "tg", "http", "sleep", "schedule"] as const) counts[kind] = 0;
  let nextId = 1;
  let windowStart = clock();
  let used = 0;
  let dropped = 0;

  const emit = (level: LogLevel, message: string) => {
    send(jsonStringify({ type: "log", level, message }));
  };

  return {
    call(call) {
      const kind = call.kind;
      const limit = PENDING_LIMITS[kind];
      if ((counts[kind] ?? 0) >= limit) {
        const message = `Too many pending ${KIND_NAMES[kind]} (at most ${limit} at once); await some before starting more`;
        return rejectSoon(callError({ message, code: "ERR_TOO_MANY_PENDING" }));
      }
      const id = nextId++;
      let text: string;
      try {
        text = jsonStringify({ type: "call", id, call });
      } catch (err) {
        const reason = err instanceof NativeError ? err.message : "not serialisable";
        return rejectSoon(callError({ message: `Arguments must be JSON-serialisable: ${reason}` }));
      }
      if (text.length > MAX_MESSAGE_CHARS) {
        return rejectSoon(callError({ message: "Arguments are larger than 5 MiB", code: "ERR_TOO_LARGE" }));
      }
      const chars = text.length;
      if (pendingChars + chars > hostBudget) {
        send(jsonStringify({ type: "over", chars }));
        const message =
          `host memory budget exceeded: ${mib(pendingChars)} MiB held for this bot, ${mib(chars)} MiB more asked ` +
          `(limit ${mib(hostBudget)} MiB); await some calls before starting more`;
        return rejectSoon(callError({ message, code: "ERR_HOST_MEMORY" }));
      }
      return new NativePromise((resolve, reject) => {
        waiting[id] = { kind, chars, resolve, reject };
        counts[kind] = (counts[kind] ?? 0) + 1;
        pendingChars += chars;
        send(text);
      });
    },

    settle(id, ok, valueOrError) {
      const entry = waiting[id];
      if (entry === undefined) return;
      delete waiting[id];
      counts[entry.kind] = (counts[entry.kind] ?? 1) - 1;
      pendingChars -= entry.chars;
      if (ok) entry.resolve(valueOrError);
      else entry.reject(callError(valueOrError as CallError));
    },

    log(level, message) {
      const at = clock();
      if (at - windowStart >= 60_000) {
        if (dropped > 0) emit("warn", `${dropped} log lines dropped (limit ${LOG_LINES_PER_MINUTE} per minute)`);
        windowStart = at;
        used = 0;
        dropped = 0;
      }
      if (used >= LOG_LINES_PER_MINUTE) {
        dropped += 1;
        return;
      }
      used += 1;
      emit(level, message.length > LOG_LINE_MAX ? `${message.slice(0, LOG_LINE_MAX)}…` : message);
    },

    pending(kind) {
      return counts[kind] ?? 0;
    },
  };
}

/** Parses a host message; the host is trusted, so this is only JSON. */
export function parseHostMessage(text: string): unknown {
  return jsonParse(text);
}
