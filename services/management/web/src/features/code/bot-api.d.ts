/**
 * Botyard bot code: the globals a bot's code file can use (docs/bot-runtime.md). Load it in your editor with
 * `/// <reference path="bot-api.d.ts" />` for completion; the dashboard's editor reads its names from this file.
 */

/** The fifth argument of a custom webhook handler. */
interface WebhookParams {
  /** HTTP method of the call. */
  method: string;
  /** The path after /custom/<botId>/. */
  path: string;
  /** Request headers, lower-case names. */
  headers: Record<string, string>;
  /** The request body as text. */
  rawBody: string;
  /** The caller's address. */
  ip: string;
  /** This bot's id. */
  botId: string;
}

/** The reply of a custom webhook; the handler sets its fields. */
interface WebhookResponse {
  /** HTTP status, 200–599 (default 200). The body's ok is statusCode < 400. */
  statusCode: number;
  /** Extra response headers. */
  headers: Record<string, string>;
  /** A short message, in the body as message. */
  message?: string;
  /** In the body as data; a returned value is used when unset. */
  data?: unknown;
}

/** A custom webhook handler: logic["path"] = async (query, body, db, response, params) => … */
type WebhookHandler = (
  query: Record<string, string>,
  body: unknown,
  db: Db,
  response: WebhookResponse,
  params: WebhookParams,
) => unknown;

/** The bot's document store, MongoDB style. */
interface DbOperation {
  /** The first match, or null. */
  findOne(
    collection: string,
    filter?: object,
    options?: { sort?: object; skip?: number; projection?: object },
  ): Promise<Record<string, unknown> | null>;
  /** The matches (at most limit, ≤ 1000). */
  findAll(
    collection: string,
    filter?: object,
    options?: { limit?: number; skip?: number; sort?: object; projection?: object },
  ): Promise<Array<Record<string, unknown>>>;
  /** Alias of findAll. */
  find(
    collection: string,
    filter?: object,
    options?: { limit?: number; skip?: number; sort?: object; projection?: object },
  ): Promise<Array<Record<string, unknown>>>;
  /** The number of matches. */
  countDocuments(collection: string, filter?: object): Promise<number>;
  /** Inserts one document. */
  insertOne(collection: string, doc: object): Promise<{ insertedId: string }>;
  /** Inserts up to 1000 documents, all or none. */
  insertMany(collection: string, docs: object[]): Promise<{ insertedCount: number; insertedIds: string[] }>;
  /** Updates the first match ($set, $inc, $push, …). */
  updateOne(
    collection: string,
    filter: object,
    update: object,
  ): Promise<{ matchedCount: number; modifiedCount: number }>;
  /** Merges props into the first match, or inserts one. */
  setProp(collection: string, filter: object, props: object): Promise<{ matched: boolean; upsertedId?: string }>;
  /** Deletes the first match. */
  deleteOne(collection: string, filter: object): Promise<{ deletedCount: number }>;
  /** Deletes every match. */
  deleteMany(collection: string, filter: object): Promise<{ deletedCount: number }>;
  /** An index for ranges and sorts on a field. */
  createIndex(collection: string, spec: Record<string, 1 | -1>): Promise<{ name: string; created: boolean }>;
}

interface Db {
  /** Reads and writes the bot's collections. */
  operation: DbOperation;
}

/** Bot API calls with Telegraf's positional signatures. */
interface Telegram {
  /** Sends a text message. */
  sendMessage(chatId: number | string, text: string, extra?: object): Promise<unknown>;
  /** Sends a photo (file_id or URL). */
  sendPhoto(chatId: number | string, photo: string, extra?: object): Promise<unknown>;
  /** Sends a document (file_id or URL). */
  sendDocument(chatId: number | string, document: string, extra?: object): Promise<unknown>;
  /** Answers a callback query. */
  answerCbQuery(callbackQueryId: string, text?: string, extra?: object): Promise<unknown>;
  /** Any Bot API method. */
  callApi(method: string, params?: object): Promise<unknown>;
}

/** The context of a Telegram update. */
interface Context {
  /** The raw update. */
  update: Record<string, unknown>;
  /** message, callback_query, … */
  updateType: string;
  /** The message, when the update has one. */
  message?: Record<string, unknown>;
  /** The callback query, when the update is one. */
  callbackQuery?: Record<string, unknown>;
  /** The sender. */
  from?: { id: number; first_name: string; username?: string; language_code?: string };
  /** The chat. */
  chat?: { id: number; type: string };
  /** The message text. */
  text?: string;
  /** The match of hears or action. */
  match?: RegExpExecArray | null;
  /** The text after a command. */
  payload?: string;
  /** Replies in the same chat. */
  reply(text: string, extra?: object): Promise<unknown>;
  /** Replies with a photo. */
  replyWithPhoto(photo: string, extra?: object): Promise<unknown>;
  /** Replies with a document. */
  replyWithDocument(document: string, extra?: object): Promise<unknown>;
  /** Answers the callback query. */
  answerCbQuery(text?: string, extra?: object): Promise<unknown>;
  /** The Bot API client. */
  telegram: Telegram;
}

type Handler = (ctx: Context) => unknown;

/** The bot: Telegraf-style handlers; the first that matches runs. */
interface Bot {
  /** /start. */
  start(fn: Handler): void;
  /** A command or several. */
  command(name: string | string[], fn: Handler): void;
  /** Text equal to a string or matching a RegExp. */
  hears(trigger: string | RegExp, fn: Handler): void;
  /** Callback data equal to a string or matching a RegExp. */
  action(trigger: string | RegExp, fn: Handler): void;
  /** An update type or message field (text, photo, …). */
  on(filter: string | string[], fn: Handler): void;
  /** Runs for every update. */
  use(fn: Handler): void;
  /** The Bot API client. */
  telegram: Telegram;
}

/** An HTTP reply of axios. */
interface AxiosReply {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  data: unknown;
}

/** HTTP client (public addresses only; 10 s timeout; 5 MiB reply). */
interface Axios {
  (config: { url: string; method?: string; headers?: object; params?: object; data?: unknown }): Promise<AxiosReply>;
  /** GET. */
  get(url: string, config?: object): Promise<AxiosReply>;
  /** POST. */
  post(url: string, data?: unknown, config?: object): Promise<AxiosReply>;
  /** PUT. */
  put(url: string, data?: unknown, config?: object): Promise<AxiosReply>;
  /** PATCH. */
  patch(url: string, data?: unknown, config?: object): Promise<AxiosReply>;
  /** DELETE. */
  delete(url: string, config?: object): Promise<AxiosReply>;
  /** HEAD. */
  head(url: string, config?: object): Promise<AxiosReply>;
  /** OPTIONS. */
  options(url: string, config?: object): Promise<AxiosReply>;
}

/** Which run a scheduled handler is in: the third argument of scheduled[name]. */
interface ScheduledRun {
  /** The schedule's key. */
  key: string;
  /** When this run was due, ISO 8601. */
  scheduledAt: string;
  /** 1 for the first attempt; more after a failure, a timeout or a crash. */
  attempt: number;
}

/** A scheduled handler: scheduled["name"] = async (payload, db, run) => … */
type ScheduledHandler = (payload: unknown, db: Db, run: ScheduledRun) => unknown;

/** One schedule, as scheduler.list() answers it. */
interface ScheduleInfo {
  /** Its key: the same key again replaces it. */
  key: string;
  /** The handler it runs: scheduled[name]. */
  name: string;
  /** "once" (runAfter, runAt) or "cron". */
  kind: "once" | "cron";
  /** The next run, ISO 8601. */
  next: string;
  /** The cron expression (cron only). */
  expression?: string;
  /** The IANA time zone (cron only). */
  timezone?: string;
}

/** Options of scheduler.runAfter and scheduler.runAt. */
interface ScheduleOnceOptions {
  /** Names the schedule; the same key again replaces it (default: a new key). */
  key?: string;
}

/** Options of scheduler.cron. */
interface ScheduleCronOptions {
  /** Names the schedule; the same key again replaces it (default: a new key). */
  key?: string;
  /** IANA time zone of the expression, e.g. "Europe/Berlin" (default "UTC"). */
  timezone?: string;
  /** The handler's first argument, JSON up to 64 KiB. */
  payload?: unknown;
}

/** Runs that survive restarts: each calls scheduled[name](payload, db, run). */
interface Scheduler {
  /** Runs scheduled[name] once, seconds from now (0 to 366 days); payload is JSON up to 64 KiB. */
  runAfter(
    seconds: number,
    name: string,
    payload?: unknown,
    options?: ScheduleOnceOptions,
  ): Promise<{ key: string; at: string }>;
  /** Runs scheduled[name] once at date (a Date, epoch ms or ISO string; a past date runs now). */
  runAt(
    date: Date | number | string,
    name: string,
    payload?: unknown,
    options?: ScheduleOnceOptions,
  ): Promise<{ key: string; at: string }>;
  /** Runs scheduled[name] each time a 5-field (or 6, seconds first) cron expression matches. */
  cron(expression: string, name: string, options?: ScheduleCronOptions): Promise<{ key: string; next: string }>;
  /** Cancels the schedule of key: true when there was one. */
  cancel(key: string): Promise<boolean>;
  /** The bot's schedules, soonest first. */
  list(): Promise<ScheduleInfo[]>;
}

/** Writes to the bot's log (300 lines a minute at most). */
interface BotConsole {
  /** Info line. */
  log(...args: unknown[]): void;
  /** Info line. */
  info(...args: unknown[]): void;
  /** Warning line. */
  warn(...args: unknown[]): void;
  /** Error line. */
  error(...args: unknown[]): void;
  /** Debug line. */
  debug(...args: unknown[]): void;
}

/** Custom webhook handlers by path: logic["hello"] answers ANY /custom/<botId>/hello. */
declare const logic: Record<string, WebhookHandler>;
/** Scheduled handlers by name: scheduled["remind"] runs when a schedule naming "remind" is due. */
declare const scheduled: Record<string, ScheduledHandler>;
/** Schedules runs of scheduled[name]: once, or by cron, kept across restarts. */
declare const scheduler: Scheduler;
/** The Telegram bot. */
declare const bot: Bot;
/** The bot's document store (also the third argument of a webhook handler). */
declare const db: Db;
/** HTTP client. */
declare const axios: Axios;
/** The bot's environment variables (read-only). */
declare const process: { env: Record<string, string | undefined> };
/** The bot's log. */
declare const console: BotConsole;
/** Waits are capped at the handler time limit. */
declare function setTimeout(fn: () => void, ms?: number): number;
/** Cancels a setTimeout. */
declare function clearTimeout(id: number): void;
