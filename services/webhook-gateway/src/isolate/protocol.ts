/**
 * The messages between the gateway (host) and the code in a bot's isolate. Both sides import this file: the host
 * decodes every message from the isolate with the schemas in runtime/host-protocol.ts, because bot code runs in the
 * same isolate as our bootstrap and may have forged any of them.
 *
 * The two sides only ever exchange JSON text, through two functions: the isolate's `send(text)` (an isolated-vm
 * Callback, fire-and-forget) and the host's `receive(text)` (a Reference to an isolate function, always applied with
 * option objects created on the host). No option object, handle or class of isolated-vm is ever created or seen by
 * code inside the isolate.
 *
 * @see docs/bot-runtime.md#how-bot-code-runs
 */

/** Database operations bot code may call on `db.operation` (`find` is an alias of `findAll`, as in the store). */
export const DB_OPERATIONS = [
  "findOne",
  "findAll",
  "find",
  "countDocuments",
  "insertOne",
  "insertMany",
  "updateOne",
  "setProp",
  "deleteOne",
  "deleteMany",
  "createIndex",
] as const;

/** A `db.operation` method name. */
export type DbOperation = (typeof DB_OPERATIONS)[number];

/** The operations that read a page of documents: fewer of them run at once (docs/bot-runtime.md#limits). */
export const PAGED_DB_OPERATIONS: ReadonlySet<DbOperation> = new Set<DbOperation>(["findAll", "find"]);

/** What bot code asks of the host: one variant per kind of work. */
export type HostCall =
  | { kind: "db"; op: DbOperation; args: unknown[] }
  | { kind: "tg"; method: string; params: Record<string, unknown> }
  | { kind: "http"; config: Record<string, unknown> }
  | { kind: "sleep"; ms: number }
  | { kind: "schedule"; op: ScheduleOp; args: Record<string, unknown> };

/** What `scheduler` can ask of the host (docs/bot-runtime.md#scheduled-runs); the host validates every argument. */
export const SCHEDULE_OPS = ["runAfter", "runAt", "cron", "cancel", "list"] as const;

/** A `scheduler` method name. */
export type ScheduleOp = (typeof SCHEDULE_OPS)[number];

/** The third argument of a `scheduled[name]` handler: which run this is. */
export interface ScheduledRun {
  /** The schedule's key. */
  key: string;
  /** The time this run was due, ISO 8601. */
  scheduledAt: string;
  /** 1 for the first attempt; more when an earlier one failed or was cut short. */
  attempt: number;
}

/** The kinds of host call. */
export type HostCallKind = HostCall["kind"];

/**
 * How many calls of each kind one isolate may have waiting on the host at once. The host enforces the same numbers
 * (runtime/sandbox.ts; the concurrency and queues behind them in runtime/bot-host.ts); the isolate checks them too so a flood is refused before it crosses the boundary.
 */
export const PENDING_LIMITS: Readonly<Record<HostCallKind, number>> = {
  db: 64,
  tg: 256,
  http: 64,
  sleep: 1000,
  schedule: 64,
};

/** Console output bot code may write per minute; the rest is dropped and counted once. */
export const LOG_LINES_PER_MINUTE = 300;
/** Longest console line, in characters; longer ones are cut. */
export const LOG_LINE_MAX = 4096;
/** Largest handler reply or host message, in characters of JSON. */
export const MAX_MESSAGE_CHARS = 5 * 1024 * 1024;

/**
 * The error a host call ended with, as bot code sees it: shaped like axios's errors (`code`, `response`) for
 * `axios`, like Telegraf's TelegramError (`code` = error_code, `description`, `response`) for `bot.telegram`.
 */
export interface CallError {
  message: string;
  code?: string | number;
  response?: unknown;
  description?: string;
}

/** A custom webhook call: the handler's arguments except `db` and `response`, which the isolate builds. */
export interface LogicArgs {
  query: Record<string, unknown>;
  body: unknown;
  params: {
    method: string;
    path: string;
    headers: Record<string, string>;
    rawBody: string;
    ip: string;
    botId: string;
  };
}

/** What a custom webhook handler left in `response` (or returned). Unchecked: the host shapes the reply. */
export interface LogicResult {
  statusCode?: unknown;
  headers?: unknown;
  message?: unknown;
  data?: unknown;
}

/** Host → isolate. */
export type ToIsolate =
  | { type: "logic"; callId: number; path: string; args: LogicArgs }
  | { type: "update"; callId: number; update: Record<string, unknown> }
  | { type: "scheduled"; callId: number; name: string; payload: unknown; run: ScheduledRun }
  | { type: "reply"; id: number; ok: true; value: unknown }
  | { type: "reply"; id: number; ok: false; error: CallError };

/** How a handler call ended, as the isolate reports it. */
export type CallOutcome =
  | { status: "done"; result: LogicResult }
  | { status: "no-handler" }
  | { status: "handled"; handled: boolean }
  | { status: "error"; error: string };

/** Isolate → host. */
export type FromIsolate =
  | { type: "call"; id: number; call: HostCall }
  | { type: "outcome"; callId: number; outcome: CallOutcome }
  | { type: "log"; level: LogLevel; message: string }
  /**
   * The isolate refused a call of `chars` characters itself, its calls pending on the host being that close to the
   * bot's host memory budget: the host counts it as it counts a call it refuses (docs/bot-runtime.md#memory).
   */
  | { type: "over"; chars: number };

/** Levels of a bot's log. */
export type LogLevel = "log" | "info" | "warn" | "error";
