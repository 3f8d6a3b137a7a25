/**
 * Runs bots on this gateway replica: finds the bot's row (cached for a second, and dropped at once on a bot event),
 * keeps one sandbox per bot built from its running code, bounds concurrent calls per bot, counts limit hits toward a
 * halt, and evicts idle sandboxes.
 */
import { HttpError, scrubSecrets, type BotEvent, type Logger, type SecretBox } from "@botyard/common";
import type { Database } from "@botyard/db";
import { TelegramApiError, type TelegramClient } from "@botyard/telegram";
import type { BotLogWriter } from "../bots/bot-log.js";
import type { GatewayBot, GatewayRepository } from "../bots/gateway-repository.js";
import type { HaltTracker } from "../bots/halt-tracker.js";
import { DocumentStore } from "./document-store.js";
import type { Egress } from "./egress.js";
import { Sandbox, SandboxError, type LogicResult, type SandboxLimits } from "./sandbox.js";

/** Settings of the runtime. */
export interface RuntimeOptions {
  limits: SandboxLimits;
  /** Loaded sandboxes kept at most; the least recently used go first. */
  maxLoaded: number;
  /** A sandbox unused this long is freed. */
  idleMs: number;
  /** Calls one bot may have running at once; more answer 429. */
  maxConcurrentPerBot: number;
  /** How long a bot row is trusted without an event. */
  rowTtlMs: number;
}

/** Dependencies of the runtime. */
export interface RuntimeDeps {
  db: Database;
  repository: GatewayRepository;
  logs: BotLogWriter;
  halts: HaltTracker;
  box: SecretBox;
  telegram: TelegramClient;
  egress: Egress;
  logger: Logger;
}

interface Entry {
  row: GatewayBot;
  rowAt: number;
  sandbox?: Sandbox;
  sandboxVersion?: number;
  loading?: Promise<Sandbox>;
  compileError?: { version: number; error: SandboxError };
  inFlight: number;
  lastUsed: number;
}

/** The bot runtime of one gateway process. */
export class BotRuntime {
  readonly #entries = new Map<string, Entry>();
  /** Row reads under way, so concurrent first calls to a bot share one read and one entry. */
  readonly #rowReads = new Map<string, Promise<GatewayBot | undefined>>();
  readonly #sweeper: NodeJS.Timeout;

  constructor(private readonly deps: RuntimeDeps, private readonly options: RuntimeOptions) {
    this.#sweeper = setInterval(() => this.#evictIdle(), Math.min(60_000, options.idleMs));
    this.#sweeper.unref();
  }

  /** Runs `logic[path]`; throws HttpError for every refusal of CONTRACT section 4. */
  async runWebhook(botId: string, path: string, argsJson: string): Promise<LogicResult> {
    return this.#withBot(botId, (sandbox) => sandbox.runLogic(path, argsJson));
  }

  /** Runs the bot's update handlers on a Telegram update. */
  async runUpdate(botId: string, updateJson: string): Promise<void> {
    await this.#withBot(botId, (sandbox) => sandbox.dispatchUpdate(updateJson));
  }

  /** The bot row, fresh within rowTtlMs; 404 when there is no such bot. */
  async bot(botId: string): Promise<GatewayBot> {
    return (await this.#entry(botId)).row;
  }

  /** Applies a bot event from management: the next call reloads the row and, if the code changed, the sandbox. */
  onEvent(event: BotEvent): void {
    const entry = this.#entries.get(event.botId);
    if (!entry) return;
    entry.sandbox?.dispose();
    this.#entries.delete(event.botId);
    if (event.type === "restart") void this.deps.halts.clear(event.botId).catch(() => {});
  }

  /** Loaded sandboxes now. */
  get loadedCount(): number {
    let n = 0;
    for (const e of this.#entries.values()) if (e.sandbox && !e.sandbox.disposed) n += 1;
    return n;
  }

  /** Frees every sandbox. */
  close(): void {
    clearInterval(this.#sweeper);
    for (const e of this.#entries.values()) e.sandbox?.dispose();
    this.#entries.clear();
  }

  async #entry(botId: string): Promise<Entry> {
    const now = Date.now();
    const cached = this.#entries.get(botId);
    if (cached && now - cached.rowAt < this.options.rowTtlMs) return cached;
    let read = this.#rowReads.get(botId);
    if (!read) {
      read = this.deps.repository.findBot(botId).finally(() => this.#rowReads.delete(botId));
      this.#rowReads.set(botId, read);
    }
    const row = await read;
    const current = this.#entries.get(botId);
    if (row && current && current.rowAt >= now) return current;
    if (!row) {
      current?.sandbox?.dispose();
      this.#entries.delete(botId);
      throw new HttpError(404, "Bot not found");
    }
    if (current) {
      current.row = row;
      current.rowAt = now;
      return current;
    }
    const entry: Entry = { row, rowAt: now, inFlight: 0, lastUsed: now };
    this.#entries.set(botId, entry);
    return entry;
  }

  async #withBot<T>(botId: string, work: (sandbox: Sandbox) => Promise<T>): Promise<T> {
    const entry = await this.#entry(botId);
    if (entry.row.status === "halted") throw new HttpError(403, "Bot is halted");
    if (entry.row.status !== "running" || entry.row.runningCode === null) throw new HttpError(403, "Bot is not running");
    if (entry.inFlight >= this.options.maxConcurrentPerBot) throw new HttpError(429, "Too many concurrent requests for this bot");
    entry.inFlight += 1;
    entry.lastUsed = Date.now();
    try {
      const sandbox = await this.#sandbox(botId, entry);
      return await work(sandbox);
    } catch (err) {
      if (err instanceof SandboxError) {
        await this.#onFailure(botId, err);
        throw new HttpError(500, "Handler error");
      }
      throw err;
    } finally {
      entry.inFlight -= 1;
    }
  }

  async #sandbox(botId: string, entry: Entry): Promise<Sandbox> {
    const version = entry.row.codeVersion;
    if (entry.sandbox && !entry.sandbox.disposed && entry.sandboxVersion === version) return entry.sandbox;
    if (entry.compileError?.version === version) throw entry.compileError.error;
    if (entry.loading && entry.sandboxVersion === version) return entry.loading;
    entry.sandbox?.dispose();
    entry.sandbox = undefined;
    entry.sandboxVersion = version;
    const loading = this.#build(botId, entry.row);
    entry.loading = loading;
    try {
      const sandbox = await loading;
      if (entry.sandboxVersion !== version) {
        sandbox.dispose();
        throw new SandboxError("disposed", "Bot was reloaded");
      }
      entry.sandbox = sandbox;
      this.#evictOverflow();
      return sandbox;
    } catch (err) {
      if (err instanceof SandboxError && err.kind === "error") entry.compileError = { version, error: err };
      throw err;
    } finally {
      if (entry.loading === loading) entry.loading = undefined;
    }
  }

  async #build(botId: string, row: GatewayBot): Promise<Sandbox> {
    const env = row.envEnc ? (JSON.parse(this.deps.box.decrypt(row.envEnc)) as Record<string, string>) : {};
    const store = new DocumentStore(this.deps.db, botId);
    const token = row.tokenEnc ? this.deps.box.decrypt(row.tokenEnc) : undefined;
    return Sandbox.create(row.runningCode ?? "", env, {
      log: (level, message) => void this.deps.logs.write(botId, level, message),
      call: async (kind, payload) => {
        const request = JSON.parse(payload) as Record<string, unknown>;
        if (kind === "db") return store.run(String(request.op), Array.isArray(request.args) ? request.args : []);
        if (kind === "http") return this.deps.egress.request(request);
        if (kind === "tg") return this.#telegram(botId, token, String(request.method), request.params);
        if (kind === "sleep") {
          const ms = Math.min(Math.max(Number(request.ms) || 0, 0), this.options.limits.timeoutMs);
          return new Promise<void>((resolve) => setTimeout(resolve, ms));
        }
        throw new Error(`unknown host call ${kind}`);
      },
    }, this.options.limits);
  }

  async #telegram(botId: string, token: string | undefined, method: string, params: unknown): Promise<unknown> {
    if (!token) throw new Error("This bot has no Telegram token; set one with setBotToken");
    if (typeof params !== "object" || params === null || Array.isArray(params)) throw new Error("params must be an object");
    try {
      return await this.deps.telegram.call(token, method, params as Record<string, unknown>);
    } catch (err) {
      if (err instanceof TelegramApiError && err.errorCode === 401) {
        await this.#halt(botId, "Telegram rejected the bot token");
      }
      throw new Error(scrubSecrets((err as Error).message));
    }
  }

  async #onFailure(botId: string, err: SandboxError): Promise<void> {
    this.deps.logs.write(botId, "error", err.kind === "error" ? err.message : `${err.message}; the bot's isolate was restarted`);
    if (!err.limit) return;
    try {
      if (await this.deps.halts.hit(botId)) await this.#halt(botId, `Hit its ${err.kind === "timeout" ? "time" : "memory"} limit 3 times within 10 minutes`);
    } catch (e) {
      this.deps.logger.error({ err: e, botId }, "recording a limit hit failed");
    }
  }

  async #halt(botId: string, reason: string): Promise<void> {
    if (await this.deps.repository.halt(botId, reason)) {
      this.deps.logs.write(botId, "error", `Bot halted: ${reason}. Restart it to resume.`);
      this.deps.logger.warn({ botId, reason }, "bot halted");
    }
    // Later calls answer 403 at once; the call that caused the halt finishes normally, and the isolate is freed at
    // the next restart event or by idle eviction.
    const entry = this.#entries.get(botId);
    if (entry) entry.row = { ...entry.row, status: "halted" };
  }

  #evictOverflow(): void {
    const loaded = [...this.#entries.entries()].filter(([, e]) => e.sandbox && !e.sandbox.disposed);
    if (loaded.length <= this.options.maxLoaded) return;
    loaded.sort(([, a], [, b]) => a.lastUsed - b.lastUsed);
    for (const [, e] of loaded.slice(0, loaded.length - this.options.maxLoaded)) {
      if (e.inFlight === 0) e.sandbox?.dispose();
    }
  }

  #evictIdle(): void {
    const cutoff = Date.now() - this.options.idleMs;
    for (const [botId, e] of this.#entries) {
      if (e.inFlight === 0 && e.lastUsed < cutoff) {
        e.sandbox?.dispose();
        this.#entries.delete(botId);
      }
    }
  }
}
