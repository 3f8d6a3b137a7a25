/**
 * One bot file run as the platform runs it, on this machine: the gateway's own runtime (its isolate, limits, host
 * calls, webhook and Telegram intake routes, scheduled runs), the document store on an embedded Postgres, and the fake
 * Bot API in place of Telegram. Both `botyard-dev run` and `@botyard/dev/testing` are built on it.
 *
 * What differs from the gateway is only the wiring: one bot, with id `local` (so its webhooks answer on
 * `/custom/local/<path>`), its row written here instead of by management, strikes counted in this process instead
 * of Redis, and no usage metering.
 *
 * @see docs/bot-runtime.md
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import vm from "node:vm";
import { SecretBox, sha256 } from "@botyard/common/crypto";
import { createLogger, type Logger } from "@botyard/common/logging";
import { createMetricsRegistry } from "@botyard/common/metrics";
import { createDb, type DbHandle, ScheduleRepository, UsageMeter } from "@botyard/db";
import { DocumentStore, markSingleSession, poolOf, StatisticsKeeper } from "@botyard/docstore";
import { FakeTelegram } from "@botyard/fake-telegram";
import { TelegramClient } from "@botyard/telegram";
import {
  BotLogWriter,
  BotRuntime,
  customWebhookRoute,
  defaultFirerOptions,
  Egress,
  GatewayRepository,
  gatewayDispatcher,
  gatewayErrorBody,
  gatewaySettings,
  HALT_AFTER_HITS,
  HALT_WINDOW_MS,
  ScheduleFirer,
  ScheduleService,
  telegramIntakeRoute,
} from "@botyard/webhook-gateway/embed";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "./postgres.js";
import { callbackUpdate, chatIdOf, findButton, messageUpdate, type Reply, replyOf, type TestUser } from "./updates.js";

/** The id of the kit's bot: its webhooks answer on `/custom/local/<path>`. */
export const LOCAL_BOT_ID = "local";
/** The token the kit's bot has at the fake Bot API (never a real one: nothing leaves this machine). */
export const LOCAL_BOT_TOKEN = "1000000001:LOCAL-botyard-dev-kit";

/** A line of the bot's log. */
export interface LogLine {
  level: "log" | "info" | "warn" | "error";
  message: string;
  at: Date;
}

/** A Bot API call of the bot, with what the fake Bot API answered (undefined for an error answer). */
export interface BotApiCall {
  method: string;
  params: Record<string, unknown>;
  result: unknown;
}

/** A custom webhook's answer. */
export interface WebhookAnswer {
  status: number;
  headers: Record<string, string>;
  /** The JSON body (`{ ok, message?, data? }`), or its text when it is not JSON, or null when there is none. */
  body: unknown;
}

/** A custom webhook call's parts. */
export interface WebhookRequest {
  query?: Record<string, string | number | boolean | ReadonlyArray<string | number | boolean>>;
  /** Sent as JSON, or as it is when a string. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** Options of {@link LocalBot.start}. */
export interface LocalBotOptions {
  /** The bot's file. */
  file: string;
  /** The bot's environment variables (its `process.env`). @defaultValue none */
  env?: Record<string, string>;
  /** Where the embedded Postgres keeps its data between runs. @defaultValue in memory, gone at close */
  dataDir?: string;
  /** The port of the custom webhooks, on 127.0.0.1. @defaultValue 0: a free one */
  port?: number;
  /**
   * The gateway's variables (HANDLER_TIMEOUT_MS, BOT_MEMORY_MB, ALLOW_PRIVATE_EGRESS, …) where they should differ from
   * the gateway's defaults. @defaultValue none: the platform's defaults
   */
  gatewayEnv?: Record<string, string | undefined>;
  /** Where the runtime's own faults are logged (never the bot's lines). @defaultValue errors only, to stderr */
  logger?: Logger;
}

type Level = LogLine["level"];
const levelOf = (level: string): Level => (level === "info" || level === "warn" || level === "error" ? level : "log");

/** The bot's log lines are also told to the kit as they are written (the gateway's writer buffers them for Postgres). */
class ObservedLogWriter extends BotLogWriter {
  constructor(
    repository: GatewayRepository,
    logger: Logger,
    private readonly onLine: (line: LogLine) => void,
  ) {
    super(repository, logger);
  }

  override write(botId: string, level: string, message: string, fromBot = false): boolean {
    const kept = super.write(botId, level, message, fromBot);
    if (kept) this.onLine({ level: levelOf(level), message: message.slice(0, 4096), at: new Date() });
    return kept;
  }
}

/** The gateway's runtime, remembering when each update's handlers are done, so a chat can wait for them. */
class ObservedRuntime extends BotRuntime {
  readonly handled = new Map<number, Promise<boolean>>();

  override async startUpdate(botId: string, update: Record<string, unknown>): Promise<{ handled: Promise<boolean> }> {
    const started = await super.startUpdate(botId, update);
    const id = update.update_id;
    if (typeof id === "number")
      this.handled.set(
        id,
        started.handled.catch(() => false),
      );
    return started;
  }
}

/** Strikes (time and memory incidents) counted in this process, with the gateway's threshold and window. */
class LocalStrikes {
  readonly #hits = new Map<string, number[]>();

  async hit(botId: string): Promise<boolean> {
    const now = Date.now();
    const hits = (this.#hits.get(botId) ?? []).filter((at) => at > now - HALT_WINDOW_MS);
    hits.push(now);
    this.#hits.set(botId, hits);
    return hits.length >= HALT_AFTER_HITS;
  }

  clear(botId: string): void {
    this.#hits.delete(botId);
  }
}

/** True when this process can run isolates (isolated-vm crashes Node 20 and later without `--no-node-snapshot`). */
export function canRunIsolates(): boolean {
  const flag = "--no-node-snapshot";
  return process.execArgv.includes(flag) || (process.env.NODE_OPTIONS ?? "").split(/\s+/).includes(flag);
}

/**
 * A syntax error of `code` as V8 reports it (with the file, line and column, and the line marked), or undefined:
 * shown at once when the file is saved, before the bot's next call would report it.
 */
export function syntaxErrorOf(code: string, filename: string): string | undefined {
  try {
    new vm.Script(code, { filename });
    return undefined;
  } catch (err) {
    if (!(err instanceof SyntaxError)) return undefined;
    return (err.stack ?? String(err)).split("\n    at ")[0];
  }
}

/** The bot, running. Start with {@link LocalBot.start}. */
export class LocalBot {
  readonly botId = LOCAL_BOT_ID;
  /** Every Bot API call of the bot, in order. */
  readonly calls: BotApiCall[] = [];
  /** The bot's log, in order. */
  readonly logs: LogLine[] = [];
  /** The bot's document store (what `db.operation` reads and writes). */
  readonly db: DocumentStore;
  readonly #callListeners = new Set<(call: BotApiCall) => void>();
  readonly #logListeners = new Set<(line: LogLine) => void>();
  #codeVersion = 0;
  /** The next update's number: its update_id, and the id of its message or its callback query (`q<n>`). */
  #next = 1;
  /** Callback query ids of each chat, so its `answerCallbackQuery` calls count among its replies. */
  readonly #queries = new Map<string, number | string>();
  #closed = false;

  private constructor(
    readonly file: string,
    private readonly parts: {
      postgres: EmbeddedPostgres;
      handle: DbHandle;
      fake: FakeTelegram;
      telegram: TelegramClient;
      runtime: ObservedRuntime;
      logs: ObservedLogWriter;
      strikes: LocalStrikes;
      firer: ScheduleFirer;
      statistics: StatisticsKeeper;
      server: Server;
      secret: string;
      box: SecretBox;
      env: Record<string, string>;
    },
    db: DocumentStore,
  ) {
    this.db = db;
  }

  /** Starts the bot: Postgres (migrated), the fake Bot API, the runtime and the webhooks' HTTP server. */
  static async start(options: LocalBotOptions): Promise<LocalBot> {
    const file = path.resolve(options.file);
    const code = await readFile(file, "utf8");
    const settings = gatewaySettings(options.gatewayEnv);
    const logger = options.logger ?? createLogger("botyard-dev", "error", process.stderr);
    const postgres = await startEmbeddedPostgres(options.dataDir);
    const cleanups: Array<() => Promise<unknown> | unknown> = [() => postgres.close()];
    try {
      const handle = createDb(postgres.url, { max: 8, applicationName: "botyard-dev" });
      // PGlite serves every connection from one session (docs/operations.md#embedded-mode).
      markSingleSession(handle.pool);
      cleanups.unshift(() => handle.pool.end());
      const fake = await FakeTelegram.start({ keepRecords: false });
      cleanups.unshift(() => fake.close());
      const telegram = new TelegramClient({ apiRoot: fake.apiRoot, timeoutMs: 10_000 });
      cleanups.unshift(() => telegram.close());
      const repository = new GatewayRepository(handle.db);
      // The bot is made below; no line can come before it (bot code loads on its first call).
      let onLine: (line: LogLine) => void = () => {};
      const logs = new ObservedLogWriter(repository, logger, (line) => onLine(line));
      cleanups.unshift(() => logs.close());
      const statistics = new StatisticsKeeper(poolOf(handle.pool), {
        onError: (err) => logger.warn({ err }, "docstore ANALYZE after large writes failed"),
      });
      cleanups.unshift(() => statistics.close());
      const strikes = new LocalStrikes();
      // A key of this run's own: the token and env are written anew at each start.
      const box = new SecretBox(randomBytes(32).toString("hex"));
      const scheduleRepository = new ScheduleRepository(handle.db);
      const runtime = new ObservedRuntime(
        {
          repository,
          logs,
          halts: strikes,
          box,
          telegram,
          egress: new Egress({ allowPrivate: settings.allowPrivateEgress }),
          // One process, no other replica: its cache is always current, since every change is made here.
          events: { trusted: () => true, publish: async () => {} },
          storeFor: (botId, observer, quota) =>
            new DocumentStore(handle.pool, botId, { ...settings.storeLimits, ...quota }, observer, statistics),
          logger,
          usage: new UsageMeter(false),
          schedules: new ScheduleService(scheduleRepository, settings.schedules.limits),
        },
        { ...settings.runtime, codeFilename: file },
      );
      cleanups.unshift(() => runtime.close());
      const firer = new ScheduleFirer(
        {
          repository: scheduleRepository,
          runtime,
          log: (botId, level, message) => logs.write(botId, level, message),
          logger,
        },
        { ...defaultFirerOptions(settings.runtime.limits.timeoutMs), ...settings.schedules.firing },
      );
      cleanups.unshift(() => firer.close());
      const bodyLimit = "1 MiB";
      const listener = gatewayDispatcher({
        custom: customWebhookRoute(runtime, logs),
        telegram: telegramIntakeRoute(runtime, repository, logger),
        fallback: (_req: IncomingMessage, res: ServerResponse) => {
          res.writeHead(404, { "Content-Type": "application/json; charset=utf-8" });
          res.end(JSON.stringify({ ok: false, message: "Not found" }));
        },
        fallbackPaths: [],
        registry: createMetricsRegistry("botyard-dev"),
        logger,
        envelope: gatewayErrorBody,
        bodyLimit,
        context: "botyard-dev request",
      });
      const server = createServer(listener);
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(options.port ?? 0, "127.0.0.1", () => {
          server.off("error", reject);
          resolve();
        });
      });
      cleanups.unshift(
        () =>
          new Promise<void>((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
          }),
      );
      const bot = new LocalBot(
        file,
        {
          postgres,
          handle,
          fake,
          telegram,
          runtime,
          logs,
          strikes,
          firer,
          statistics,
          server,
          secret: randomBytes(24).toString("base64url"),
          box,
          env: options.env ?? {},
        },
        new DocumentStore(handle.pool, LOCAL_BOT_ID, settings.storeLimits, undefined, statistics),
      );
      onLine = (line) => {
        bot.logs.push(line);
        for (const l of bot.#logListeners) l(line);
      };
      fake.onCall((call, result) => {
        if (call.token !== LOCAL_BOT_TOKEN) return;
        const recorded: BotApiCall = { method: call.method, params: call.params, result };
        bot.calls.push(recorded);
        for (const l of bot.#callListeners) l(recorded);
      });
      await bot.#deploy(code);
      firer.start();
      return bot;
    } catch (err) {
      for (const cleanup of cleanups) await Promise.resolve(cleanup()).catch(() => {});
      throw err;
    }
  }

  /** The webhooks' base, `http://127.0.0.1:<port>`. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get port(): number {
    return (this.parts.server.address() as AddressInfo).port;
  }

  /** How many times the code was loaded into the bot's row (this run's first load included; kept across runs). */
  get codeVersion(): number {
    return this.#codeVersion;
  }

  /** Calls `listener` with each Bot API call of the bot; returns the function that stops it. */
  onCall(listener: (call: BotApiCall) => void): () => void {
    this.#callListeners.add(listener);
    return () => this.#callListeners.delete(listener);
  }

  /** Calls `listener` with each line of the bot's log; returns the function that stops it. */
  onLog(listener: (line: LogLine) => void): () => void {
    this.#logListeners.add(listener);
    return () => this.#logListeners.delete(listener);
  }

  /** A private chat of `user` with the bot. */
  chat(user: TestUser = {}): LocalChat {
    return new LocalChat(this, user);
  }

  /**
   * Reads the file again (or takes `code`) and runs it from the next call on, as a restart does on the platform:
   * a new isolate, the same data; scheduled runs stay and run the new code. Clears a halt and the strikes.
   */
  async reload(code?: string): Promise<number> {
    return this.#deploy(code ?? (await readFile(this.file, "utf8")));
  }

  /** Writes the bot's row (creating the local account and bot on the first run) and has the runtime take it. */
  async #deploy(code: string): Promise<number> {
    const { handle, box, secret, env, runtime, strikes } = this.parts;
    await handle.pool.query(
      `insert into accounts (id, email) values ($1, 'local@botyard-dev.invalid') on conflict (id) do nothing`,
      [LOCAL_BOT_ID],
    );
    const { rows } = await handle.pool.query<{ code_version: number }>(
      `insert into bots (id, account_id, name, status, code, running_code, code_version, token_enc, token_hash,
         webhook_secret_hash, env_enc, started_at, code_updated_at)
       values ($1, $1, $2, 'running', $3, $3, 1, $4, $5, $6, $7, now(), now())
       on conflict (id) do update set name = excluded.name, status = 'running', halt_reason = null,
         code = excluded.code, running_code = excluded.running_code, code_version = bots.code_version + 1,
         token_enc = excluded.token_enc, token_hash = excluded.token_hash,
         webhook_secret_hash = excluded.webhook_secret_hash, env_enc = excluded.env_enc,
         started_at = now(), code_updated_at = now()
       returning code_version`,
      [
        LOCAL_BOT_ID,
        path.basename(this.file),
        code,
        box.encrypt(LOCAL_BOT_TOKEN),
        sha256(LOCAL_BOT_TOKEN),
        sha256(secret),
        box.encrypt(JSON.stringify(env)),
      ],
    );
    const codeVersion = Number(rows[0]?.code_version ?? 0);
    this.#codeVersion = codeVersion;
    strikes.clear(LOCAL_BOT_ID);
    runtime.onEvent({ type: "restart", botId: LOCAL_BOT_ID, codeVersion });
    return codeVersion;
  }

  /**
   * Sends an update through the gateway's Telegram intake (`POST /telegram/local`, with the webhook secret) and waits
   * until the bot's handlers are done with it. Rejects when the intake refuses it (a 429 over the bot's limits, …).
   */
  async sendUpdate(update: Record<string, unknown>): Promise<void> {
    const res = await fetch(`${this.url}/telegram/${LOCAL_BOT_ID}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": this.parts.secret },
      body: JSON.stringify(update),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`the bot's intake answered ${res.status}: ${text}`);
    const id = update.update_id as number;
    const handled = this.parts.runtime.handled.get(id);
    this.parts.runtime.handled.delete(id);
    await handled;
  }

  /** The ids of the next update of the kit's test users: its update_id, its message id, its callback query id. */
  nextIds(): { updateId: number; messageId: number; queryId: string } {
    const n = this.#next++;
    return { updateId: n, messageId: n, queryId: `q${n}` };
  }

  /** Remembers that callback query `queryId` came from `chatId`. */
  noteQuery(queryId: string, chatId: number | string): void {
    this.#queries.set(queryId, chatId);
  }

  /** The chat a call belongs to: its chat_id, or the chat of the callback query it answers. */
  chatOfCall(call: BotApiCall): number | string | undefined {
    const chatId = chatIdOf(call.params);
    if (chatId !== undefined) return chatId;
    const query = call.params.callback_query_id;
    return typeof query === "string" ? this.#queries.get(query) : undefined;
  }

  /**
   * Calls a custom webhook over HTTP, `ANY /custom/local/<path>`, and answers what the gateway would: its status, its
   * headers and its body.
   */
  async webhook(method: string, customPath: string, request: WebhookRequest = {}): Promise<WebhookAnswer> {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(request.query ?? {})) {
      for (const v of Array.isArray(value) ? value : [value]) search.append(name, String(v));
    }
    const query = search.toString() === "" ? "" : `?${search}`;
    const headers: Record<string, string> = { ...request.headers };
    let body: string | undefined;
    if (request.body !== undefined) {
      body = typeof request.body === "string" ? request.body : JSON.stringify(request.body);
      if (!Object.keys(headers).some((h) => h.toLowerCase() === "content-type"))
        headers["content-type"] = "application/json";
    }
    const res = await fetch(`${this.url}/custom/${LOCAL_BOT_ID}/${customPath}${query}`, {
      method: method.toUpperCase(),
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const text = await res.text();
    let parsed: unknown = text === "" ? null : text;
    if (text !== "" && (res.headers.get("content-type") ?? "").includes("json")) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: res.status, headers: Object.fromEntries(res.headers), body: parsed };
  }

  /** Writes the bot's buffered log lines to its log table now (they are in {@link logs} already). */
  flushLogs(): Promise<void> {
    return this.parts.logs.flush();
  }

  /** Stops everything: runs under way finish (within the handler time limit), then the isolate and Postgres go. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const p = this.parts;
    await new Promise<void>((resolve) => {
      p.server.closeAllConnections();
      p.server.close(() => resolve());
    });
    await p.firer.close();
    p.runtime.close();
    p.statistics.close();
    await p.logs.close();
    await p.telegram.close();
    await p.fake.close();
    await p.handle.pool.end();
    await p.postgres.close();
  }
}

/** A private chat of a test user with the bot. */
export class LocalChat {
  readonly #bot: LocalBot;
  readonly user: TestUser;

  constructor(bot: LocalBot, user: TestUser) {
    this.#bot = bot;
    this.user = user;
  }

  /** The chat's id (the user's id). */
  get id(): number {
    return this.user.userId ?? 1001;
  }

  /** What the bot sent to this chat (and its answers to this chat's button presses), in order. */
  get replies(): Reply[] {
    return this.#bot.calls.filter((c) => this.#bot.chatOfCall(c) === this.id).map(toReply);
  }

  /** Sends `text` as the user; resolves once the bot's handlers are done, with the replies it made meanwhile. */
  async send(text: string): Promise<Reply[]> {
    const before = this.#bot.calls.length;
    const { updateId, messageId } = this.#bot.nextIds();
    await this.#bot.sendUpdate(messageUpdate(updateId, messageId, this.user, text, Math.floor(Date.now() / 1000)));
    return this.#since(before);
  }

  /**
   * Presses the inline button labelled `text` on the newest message of this chat that has one (a callback_query with
   * its data); resolves once the bot's handlers are done, with the replies it made meanwhile.
   */
  async press(text: string): Promise<Reply[]> {
    const { data, message } = findButton(this.replies, text, this.id);
    const before = this.#bot.calls.length;
    const { updateId, queryId } = this.#bot.nextIds();
    this.#bot.noteQuery(queryId, this.id);
    await this.#bot.sendUpdate(callbackUpdate(updateId, queryId, this.user, message, data));
    return this.#since(before);
  }

  #since(before: number): Reply[] {
    return this.#bot.calls
      .slice(before)
      .filter((c) => this.#bot.chatOfCall(c) === this.id)
      .map(toReply);
  }
}

function toReply(call: BotApiCall): Reply {
  return replyOf(call.method, call.params, call.result);
}
