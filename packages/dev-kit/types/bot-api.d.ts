/**
 * Botyard bot code: the globals a bot's code file can use, as the platform's isolate defines them
 * (docs/bot-runtime.md). The one source of these names: the dashboard's editor completes from this file, the kit
 * ships it (`botyard-dev init` writes a jsconfig.json that loads it, so an editor completes `bot.`, `ctx.`,
 * `db.operation.`, `axios.`, `scheduler.`), and a gateway test fails when the isolate and this file drift apart.
 * Elsewhere: `/// <reference path="bot-api.d.ts" />` at the top of a bot file.
 *
 * Bot code is JavaScript: what comes from outside (a Bot API reply, an update, a stored document, a webhook's body)
 * is typed `any` where `unknown` would make every field access an error under checkJs; names and signatures are
 * exact. (biome.json lets this one file use `any`.)
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
  body: any,
  db: Db,
  response: WebhookResponse,
  params: WebhookParams,
) => unknown;

/** A stored document: a JSON object with a string _id. */
type BotDocument = { _id: string } & Record<string, any>;

/** The bot's document store, MongoDB style. */
interface DbOperation {
  /** The first match, or null. */
  findOne(
    collection: string,
    filter?: object,
    options?: { sort?: object; skip?: number; projection?: object },
  ): Promise<BotDocument | null>;
  /** The matches (at most limit, ≤ 1000). */
  findAll(
    collection: string,
    filter?: object,
    options?: { limit?: number; skip?: number; sort?: object; projection?: object },
  ): Promise<BotDocument[]>;
  /** Alias of findAll. */
  find(
    collection: string,
    filter?: object,
    options?: { limit?: number; skip?: number; sort?: object; projection?: object },
  ): Promise<BotDocument[]>;
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

/** A chat id, or a channel's @username. */
type ChatId = number | string;

/** Bot API calls with Telegraf 4's positional signatures; callApi for any other method. */
interface Telegram {
  /** Any Bot API method, with its parameters by name. */
  callApi(method: string, params?: object): Promise<any>;
  /** The bot's own user. */
  getMe(): Promise<any>;
  /** A chat's details. */
  getChat(chatId: ChatId): Promise<any>;
  /** A member of a chat. */
  getChatMember(chatId: ChatId, userId: number): Promise<any>;
  /** How many members a chat has. */
  getChatMemberCount(chatId: ChatId): Promise<any>;
  /** Telegraf 4's name of getChatMemberCount. */
  getChatMembersCount(chatId: ChatId): Promise<any>;
  /** A file's path for download. */
  getFile(fileId: string): Promise<any>;
  /** Sends a text message. */
  sendMessage(chatId: ChatId, text: string, extra?: object): Promise<any>;
  /** Sends a photo (file_id or URL). */
  sendPhoto(chatId: ChatId, photo: string, extra?: object): Promise<any>;
  /** Sends a video (file_id or URL). */
  sendVideo(chatId: ChatId, video: string, extra?: object): Promise<any>;
  /** Sends an audio file (file_id or URL). */
  sendAudio(chatId: ChatId, audio: string, extra?: object): Promise<any>;
  /** Sends a document (file_id or URL). */
  sendDocument(chatId: ChatId, document: string, extra?: object): Promise<any>;
  /** Sends an animation (file_id or URL). */
  sendAnimation(chatId: ChatId, animation: string, extra?: object): Promise<any>;
  /** Sends a voice note (file_id or URL). */
  sendVoice(chatId: ChatId, voice: string, extra?: object): Promise<any>;
  /** Sends a round video (file_id or URL). */
  sendVideoNote(chatId: ChatId, videoNote: string, extra?: object): Promise<any>;
  /** Sends a sticker (file_id or URL). */
  sendSticker(chatId: ChatId, sticker: string, extra?: object): Promise<any>;
  /** Sends an album. */
  sendMediaGroup(chatId: ChatId, media: object[], extra?: object): Promise<any>;
  /** Sends a point on the map. */
  sendLocation(chatId: ChatId, latitude: number, longitude: number, extra?: object): Promise<any>;
  /** Sends a venue. */
  sendVenue(
    chatId: ChatId,
    latitude: number,
    longitude: number,
    title: string,
    address: string,
    extra?: object,
  ): Promise<any>;
  /** Sends a phone contact. */
  sendContact(chatId: ChatId, phoneNumber: string, firstName: string, extra?: object): Promise<any>;
  /** Sends a poll. */
  sendPoll(chatId: ChatId, question: string, options: unknown[], extra?: object): Promise<any>;
  /** Sends a die. */
  sendDice(chatId: ChatId, extra?: object): Promise<any>;
  /** Shows "typing…" and kin. */
  sendChatAction(chatId: ChatId, action: string, extra?: object): Promise<any>;
  /** Forwards a message. */
  forwardMessage(chatId: ChatId, fromChatId: ChatId, messageId: number, extra?: object): Promise<any>;
  /** Copies a message. */
  copyMessage(chatId: ChatId, fromChatId: ChatId, messageId: number, extra?: object): Promise<any>;
  /** Edits a message's text. */
  editMessageText(
    chatId: ChatId | undefined,
    messageId: number | undefined,
    inlineMessageId: string | undefined,
    text: string,
    extra?: object,
  ): Promise<any>;
  /** Edits a message's caption. */
  editMessageCaption(
    chatId: ChatId | undefined,
    messageId: number | undefined,
    inlineMessageId: string | undefined,
    caption: string,
    extra?: object,
  ): Promise<any>;
  /** Edits a message's buttons. */
  editMessageReplyMarkup(
    chatId: ChatId | undefined,
    messageId: number | undefined,
    inlineMessageId: string | undefined,
    markup: object | undefined,
  ): Promise<any>;
  /** Deletes a message. */
  deleteMessage(chatId: ChatId, messageId: number): Promise<any>;
  /** Pins a message. */
  pinChatMessage(chatId: ChatId, messageId: number, extra?: object): Promise<any>;
  /** Unpins a message (the newest pinned one without messageId). */
  unpinChatMessage(chatId: ChatId, messageId?: number): Promise<any>;
  /** Bans a member. */
  banChatMember(chatId: ChatId, userId: number, untilDate?: number, extra?: object): Promise<any>;
  /** Lifts a ban. */
  unbanChatMember(chatId: ChatId, userId: number, extra?: object): Promise<any>;
  /** Leaves a group or channel. */
  leaveChat(chatId: ChatId): Promise<any>;
  /** Answers a callback query (show_alert, url and cache_time in extra). */
  answerCbQuery(callbackQueryId: string, text?: string, extra?: object): Promise<any>;
  /** Answers an inline query. */
  answerInlineQuery(inlineQueryId: string, results: object[], extra?: object): Promise<any>;
  /** Sets the bot's command menu. */
  setMyCommands(commands: Array<{ command: string; description: string }>, extra?: object): Promise<any>;
}

/** A Telegram user. */
type TelegramUser = { id: number; is_bot?: boolean; first_name: string; username?: string; language_code?: string };

/** A Telegram chat. */
type TelegramChat = { id: number; type: string; title?: string; username?: string; first_name?: string };

/** The context of a Telegram update. */
interface Context {
  /** The raw update. */
  update: Record<string, any>;
  /** message, callback_query, … */
  updateType: string;
  /** The message (or edited message, or channel post), when the update has one. */
  message?: Record<string, any>;
  /** The edited message, when the update is one. */
  editedMessage?: Record<string, any>;
  /** The callback query, when the update is one. */
  callbackQuery?: Record<string, any>;
  /** The inline query, when the update is one. */
  inlineQuery?: Record<string, any>;
  /** The sender. */
  from?: TelegramUser;
  /** The chat. */
  chat?: TelegramChat;
  /** The message text (or caption). */
  text?: string;
  /** What the trigger captured: a RegExp match, or [text, payload] for commands. */
  match: RegExpExecArray | string[] | null;
  /** The text after a command. */
  payload: string;
  /** Shared between the handlers of one update. */
  state: Record<string, unknown>;
  /** Replies in the same chat. */
  reply(text: string, extra?: object): Promise<any>;
  /** Replies with parse_mode HTML. */
  replyWithHTML(text: string, extra?: object): Promise<any>;
  /** Replies with parse_mode MarkdownV2. */
  replyWithMarkdownV2(text: string, extra?: object): Promise<any>;
  /** Replies with a photo. */
  replyWithPhoto(photo: string, extra?: object): Promise<any>;
  /** Replies with a document. */
  replyWithDocument(document: string, extra?: object): Promise<any>;
  /** Replies with a sticker. */
  replyWithSticker(sticker: string, extra?: object): Promise<any>;
  /** Shows "typing…" and kin in the chat. */
  sendChatAction(action: string): Promise<any>;
  /** Answers the callback query (clears the button's spinner). */
  answerCbQuery(text?: string, extra?: object): Promise<any>;
  /** Edits the message of the pressed button (or the update's message). */
  editMessageText(text: string, extra?: object): Promise<any>;
  /** Deletes the update's message, or messageId in the same chat. */
  deleteMessage(messageId?: number): Promise<any>;
  /** The Bot API client. */
  telegram: Telegram;
}

/** An update handler; call next() to let later handlers see the update too. */
type Handler = (ctx: Context, next: () => Promise<void>) => unknown;

/** The bot: Telegraf-style handlers, run in the order registered; the first that matches runs. */
interface Bot {
  /** /start. */
  start(...fns: Handler[]): Bot;
  /** /help. */
  help(...fns: Handler[]): Bot;
  /** A command or several. */
  command(name: string | string[], ...fns: Handler[]): Bot;
  /** Text equal to a string or matching a RegExp. */
  hears(trigger: string | RegExp | Array<string | RegExp>, ...fns: Handler[]): Bot;
  /** Callback data equal to a string or matching a RegExp. */
  action(trigger: string | RegExp | Array<string | RegExp>, ...fns: Handler[]): Bot;
  /** An update type or message field (text, photo, …), or kind:field. */
  on(filter: string | string[], ...fns: Handler[]): Bot;
  /** Runs for every update. */
  use(...fns: Handler[]): Bot;
  /** The Bot API client. */
  telegram: Telegram;
}

/** An HTTP reply of axios. */
interface AxiosReply {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  data: any;
}

/** A request: url, method, headers, params, data, baseURL, timeout. */
type AxiosConfig = {
  url?: string;
  method?: string;
  baseURL?: string;
  headers?: Record<string, string | number>;
  params?: object;
  data?: unknown;
  timeout?: number;
};

/** HTTP client (public addresses only; 10 s timeout; 5 MiB reply). */
interface Axios {
  (config: AxiosConfig): Promise<AxiosReply>;
  (url: string, config?: AxiosConfig): Promise<AxiosReply>;
  /** A request from a config. */
  request(config: AxiosConfig): Promise<AxiosReply>;
  /** GET. */
  get(url: string, config?: AxiosConfig): Promise<AxiosReply>;
  /** POST. */
  post(url: string, data?: unknown, config?: AxiosConfig): Promise<AxiosReply>;
  /** PUT. */
  put(url: string, data?: unknown, config?: AxiosConfig): Promise<AxiosReply>;
  /** PATCH. */
  patch(url: string, data?: unknown, config?: AxiosConfig): Promise<AxiosReply>;
  /** DELETE. */
  delete(url: string, config?: AxiosConfig): Promise<AxiosReply>;
  /** HEAD. */
  head(url: string, config?: AxiosConfig): Promise<AxiosReply>;
  /** OPTIONS. */
  options(url: string, config?: AxiosConfig): Promise<AxiosReply>;
  /** A client with defaults (baseURL, headers, …). */
  create(defaults?: AxiosConfig): Axios;
  /** True for an error axios rejected with. */
  isAxiosError(value: unknown): boolean;
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
type ScheduledHandler = (payload: any, db: Db, run: ScheduledRun) => unknown;

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
  /** Debug line (logged as log). */
  debug(...args: unknown[]): void;
}

/** The process global of bot code: only its env. */
interface BotProcess {
  /** The bot's environment variables (setBotEnv; read-only). */
  env: Record<string, string | undefined>;
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
/** The bot's environment variables (read-only), as process.env. */
declare const process: BotProcess;
/** The bot's log. */
declare const console: BotConsole;
/** Waits are capped at the handler time limit. */
declare function setTimeout(fn: (...args: any[]) => void, ms?: number, ...args: unknown[]): number;
/** Cancels a setTimeout. */
declare function clearTimeout(id: number | undefined): void;
