/**
 * What one bot's code can ask of the host: its document store, its Telegram bot, egress HTTP and timers. Each kind
 * of call has its own concurrency limit and bounded queue per bot (one bot's flood waits in its own queue and an
 * overflow is refused at once, so neighbours keep their share of the database pool, the Bot API connections and the
 * event loop), and every failure reaches bot code as a short, safe error: never SQL, never a token.
 *
 * @see docs/bot-runtime.md#limits
 */
import { scrubSecrets, type Logger } from "@botyard/common/logging";
import { TelegramApiError, TelegramNetworkError, type TelegramClient } from "@botyard/telegram";
import {
  type CallError,
  type HostCall,
  type LogLevel,
  PAGED_DB_OPERATIONS,
  type ScheduleOp,
} from "../isolate/protocol.js";
import { DocumentStoreError } from "@botyard/docstore";
import { callTrace } from "./call-trace.js";
import { EgressError, type Egress } from "./egress.js";
import { ConcurrencyLimiter, LimitExceededError } from "./limiter.js";
import type { HostMemoryLedger } from "./memory-budget.js";
import { JsonText, type SandboxHost } from "./sandbox.js";

/** The document operations of one bot. */
export interface BotStore {
  /** The operation's result as JSON text (documents pass through from Postgres unparsed). */
  runJson(op: string, args: unknown[]): Promise<string>;
}

/** Per-bot concurrency and queue sizes of host calls. */
export interface HostCallLimits {
  /** @defaultValue 4 running, 60 waiting: a bot holds at most 4 of the gateway's database connections. */
  db: { concurrency: number; queue: number };
  /**
   * Of those, findAll (and find) calls: each may return a page of up to 512 KiB (maxFindBytes) that Postgres reads and
   * the gateway forwards, so a bot reading many at once takes CPU from its neighbours out of proportion to its
   * connections. A findAll waits here before it takes a db slot, so the bot's other calls are not held up behind it.
   * @defaultValue 2 running, 62 waiting
   */
  pages: { concurrency: number; queue: number };
  /** @defaultValue 8 running, 248 waiting: Telegram allows about 30 messages a second per bot anyway. */
  tg: { concurrency: number; queue: number };
  /** @defaultValue 8 running, 56 waiting. */
  http: { concurrency: number; queue: number };
}

/** Defaults of {@link HostCallLimits}; the queues fit the isolate's pending limits (isolate/protocol.ts). */
export const DEFAULT_HOST_CALL_LIMITS: HostCallLimits = {
  db: { concurrency: 4, queue: 60 },
  pages: { concurrency: 2, queue: 62 },
  tg: { concurrency: 8, queue: 248 },
  http: { concurrency: 8, queue: 56 },
};

/** Longest a host call waits for its bot to be within its CPU budget again before it fails (see #budgeted). */
export const MAX_BUDGET_WAIT_MS = 1000;

/**
 * Header names a host remembers having reported as dropped from the bot's axios requests. The gateway's own are about
 * ten; past this many (only `Proxy-*` names can be that many) each is reported every time, in the bot's own log.
 */
const MAX_REPORTED_HEADERS = 32;

/** What a host counts into the bot's usage (docs/operations.md#usage-metering). */
export interface HostUsage {
  /** A host call of `kind` was asked for. */
  hostCall(kind: HostCall["kind"]): void;
  /** A Bot API call got an answer from Telegram (a result or an error of the Bot API). */
  botApiCall(): void;
  /** Bytes of an axios request body sent and its response body received. */
  egressBytes(bytes: number): void;
}

/** What a bot's host is built from. */
export interface BotHostDeps {
  botId: string;
  /** The bot's Telegram token, decrypted; undefined when it has none. */
  token: string | undefined;
  store: BotStore;
  telegram: TelegramClient;
  egress: Egress;
  limits: HostCallLimits;
  /** Longest wait of a timer. */
  maxSleepMs: number;
  /** The bot's host memory (runtime/memory-budget.ts): an `axios` response is held in it as it downloads. */
  memory?: HostMemoryLedger;
  /** Milliseconds until the bot is within its CPU budget again (0 while it is): its calls wait that long first. */
  overBudgetMs(): number;
  log(level: LogLevel, message: string): void;
  /** Telegram rejected the token: halt the bot (the call's error reaches bot code once the halt is recorded). */
  onTokenRejected(): Promise<void>;
  logger: Logger;
  /**
   * The bot's `scheduler` calls (schedules/schedule-service.ts). @defaultValue none: they fail with
   * ERR_SCHEDULER_OFF
   */
  schedules?: (op: ScheduleOp, args: Record<string, unknown>) => Promise<unknown>;
  /** Where the host counts its calls. @defaultValue not counted */
  usage?: HostUsage;
}

/** The host of one bot, shared by its sandboxes (the current one and any still finishing calls after a restart). */
export class BotHost implements SandboxHost {
  readonly #db: ConcurrencyLimiter;
  readonly #pages: ConcurrencyLimiter;
  readonly #tg: ConcurrencyLimiter;
  readonly #http: ConcurrencyLimiter;
  /** Lower-case names of headers already reported as dropped (see #reportDroppedHeaders). */
  readonly #reportedHeaders = new Set<string>();

  readonly memory: HostMemoryLedger | undefined;

  constructor(private readonly deps: BotHostDeps) {
    this.memory = deps.memory;
    const { db, pages, tg, http } = deps.limits;
    this.#db = new ConcurrencyLimiter(db.concurrency, db.queue, "db.operation calls");
    this.#pages = new ConcurrencyLimiter(pages.concurrency, pages.queue, "db.operation.findAll calls");
    this.#tg = new ConcurrencyLimiter(tg.concurrency, tg.queue, "bot.telegram calls");
    this.#http = new ConcurrencyLimiter(http.concurrency, http.queue, "axios requests");
  }

  log(level: LogLevel, message: string): void {
    this.deps.log(level, message);
  }

  call(call: HostCall): Promise<unknown> {
    this.deps.usage?.hostCall(call.kind);
    switch (call.kind) {
      case "db": {
        const run = () =>
          this.#budgeted(this.#db, async () => {
            callTrace?.mark("admitted");
            return new JsonText(await this.deps.store.runJson(call.op, call.args));
          });
        return PAGED_DB_OPERATIONS.has(call.op) ? this.#pages.run(run) : run();
      }
      case "tg":
        return this.#budgeted(this.#tg, () => this.#telegram(call.method, call.params));
      case "http":
        return this.#budgeted(this.#http, () => this.#request(call.config));
      case "sleep":
        return new Promise<void>((resolve) => setTimeout(resolve, Math.min(call.ms, this.deps.maxSleepMs)));
      case "schedule": {
        const schedules = this.deps.schedules;
        if (schedules === undefined) {
          return Promise.reject(new BotHostError("Scheduled runs are off on this gateway", "ERR_SCHEDULER_OFF"));
        }
        return this.#budgeted(this.#db, () => schedules(call.op, call.args));
      }
    }
  }

  describe(err: unknown, call: HostCall): CallError {
    if (err instanceof LimitExceededError) return { message: err.message, code: "ERR_TOO_MANY_PENDING" };
    if (err instanceof DocumentStoreError) {
      if (err.kind === "unavailable") {
        return { message: "The database did not answer; try again", code: "ERR_DB_UNAVAILABLE" };
      }
      if (err.kind !== "internal")
        return {
          message: err.message,
          code:
            err.kind === "invalid"
              ? "ERR_DB"
              : err.kind === "quota"
                ? "QUOTA_EXCEEDED"
                : `ERR_DB_${err.kind.toUpperCase()}`,
        };
    }
    if (err instanceof EgressError) {
      const error: CallError = { message: err.message, code: err.code };
      if (err.response !== undefined) error.response = err.response;
      return error;
    }
    if (err instanceof TelegramApiError) {
      return {
        message: `${err.errorCode}: ${err.description}`,
        code: err.errorCode,
        description: err.description,
        response: { ok: false, error_code: err.errorCode, description: err.description },
      };
    }
    if (err instanceof TelegramNetworkError) {
      return { message: `Telegram did not answer ${err.method}: ${scrubSecrets(err.reason)}`, code: "ETELEGRAM" };
    }
    if (err instanceof BotHostError) return { message: err.message, code: err.code };
    // Anything else is ours (a database that went away, a bug): say so plainly, and keep the details in our log.
    this.deps.logger.error({ err, botId: this.deps.botId, kind: call.kind }, "host call failed");
    const what =
      call.kind === "db"
        ? "db.operation"
        : call.kind === "tg"
          ? "bot.telegram"
          : call.kind === "schedule"
            ? `scheduler.${call.op}`
            : call.kind;
    return { message: `${what} failed because of a problem on our side; try again`, code: "ERR_INTERNAL" };
  }

  /**
   * Runs `work` in a slot of `limiter`, first waiting (in the slot) while the bot is over its CPU budget: a bot that
   * used more than its share (its isolate, its messages, its database time) runs its next calls at the pace its
   * budget refills, and no faster. A debt that would take longer than {@link MAX_BUDGET_WAIT_MS} to repay fails the
   * call instead, so a handler gets an error it can act on rather than running into its time limit
   * (docs/bot-runtime.md#limits).
   */
  #budgeted<T>(limiter: ConcurrencyLimiter, work: () => Promise<T>): Promise<T> {
    return limiter.run(() => {
      const debt = this.deps.overBudgetMs();
      return debt > 0 ? this.#afterDebt(debt, work) : work();
    });
  }

  async #afterDebt<T>(debt: number, work: () => Promise<T>): Promise<T> {
    let waited = 0;
    for (let left = debt; left > 0; left = this.deps.overBudgetMs()) {
      if (waited + left > MAX_BUDGET_WAIT_MS) {
        throw new BotHostError(
          `This bot is over its CPU budget for about ${Math.ceil(left / 1000)} s more; make fewer or lighter calls`,
          "ERR_CPU_BUDGET",
        );
      }
      await new Promise((resolve) => setTimeout(resolve, left));
      waited += left;
    }
    return work();
  }

  /**
   * One line in the bot's log for the headers the gateway set instead of the bot, each name once per host (so once per
   * isolate): a bot that forwards the headers of every request it handles would otherwise fill its 300 lines a minute
   * with the same line and lose its own.
   */
  #reportDroppedHeaders(names: string[]): void {
    const fresh = names.filter((name) => {
      const key = name.toLowerCase();
      if (this.#reportedHeaders.has(key)) return false;
      if (this.#reportedHeaders.size < MAX_REPORTED_HEADERS) this.#reportedHeaders.add(key);
      return true;
    });
    if (fresh.length === 0) return;
    const shown = fresh.map((name) => `'${name.slice(0, 40)}'`).join(", ");
    const what = fresh.length === 1 ? `header ${shown} is` : `headers ${shown} are`;
    this.deps.log("warn", `axios: ${what} set by the gateway, not by bot code; dropped (said once per header name)`);
  }

  /** An `axios` request, whose response is held in the bot's host memory as it arrives, until the call settles. */
  async #request(config: Record<string, unknown>): Promise<unknown> {
    const memory = this.memory;
    let held = 0;
    try {
      return await this.deps.egress.request(config, {
        droppedHeaders: (names) => this.#reportDroppedHeaders(names),
        transferred: (bytes) => this.deps.usage?.egressBytes(bytes),
        received:
          memory &&
          ((bytes) => {
            const refusal = memory.hold(bytes - held);
            if (refusal !== undefined) return refusal.message;
            held = bytes;
            return undefined;
          }),
      });
    } finally {
      memory?.release(held);
    }
  }

  async #telegram(method: string, params: Record<string, unknown>): Promise<unknown> {
    if (this.deps.token === undefined) {
      throw new BotHostError("This bot has no Telegram token; set one with setBotToken", "ERR_NO_TOKEN");
    }
    try {
      const result = await this.deps.telegram.call(this.deps.token, method, params);
      this.deps.usage?.botApiCall();
      return result;
    } catch (err) {
      if (err instanceof TelegramApiError) this.deps.usage?.botApiCall();
      if (err instanceof TelegramApiError && err.errorCode === 401) await this.deps.onTokenRejected();
      throw err;
    }
  }
}

/** A refusal of the host that bot code should see as it is. */
export class BotHostError extends Error {
  override readonly name = "BotHostError";
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}
