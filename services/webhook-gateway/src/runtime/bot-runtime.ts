/**
 * Runs bots on this gateway replica. It decides whether a call may run (the bot exists, runs, is within its request
 * rate and concurrency), lends it the bot's sandbox, turns failures into the contract's replies and the bot's log
 * lines, and turns incidents into strikes and halts. The parts it composes each hold one job: BotDirectory (what a
 * bot is now), SandboxPool (one sandbox per bot, swapped gracefully), BotHost (what bot code can ask of the host),
 * HaltTracker (strikes across replicas).
 *
 * @see docs/bot-runtime.md
 */
import { AppError, quotaExceeded } from "@botyard/common/errors";
import type { BotEvent } from "@botyard/common/bot-events";
import type { Logger } from "@botyard/common/logging";
import { type Plans, planOf } from "@botyard/common/plans";
import type { SecretBox } from "@botyard/common/crypto";
import type { UsageMeter } from "@botyard/db";
import type { TelegramClient } from "@botyard/telegram";
import type { BotLogWriter } from "../bots/bot-log.js";
import type { GatewayBot, GatewayRepository, LoadedBot } from "../bots/gateway-repository.js";
import type { HaltTracker } from "../bots/halt-tracker.js";
import type { RollbackWatcher } from "../bots/rollback-watcher.js";
import type { DocumentStoreObserver } from "@botyard/docstore";
import type { CallOutcome, LogicArgs, LogicResult, ScheduledRun } from "../isolate/protocol.js";
import type { ScheduleService } from "../schedules/schedule-service.js";
import { BotDirectory } from "./bot-directory.js";
import { CpuBudget, type CpuBudgetOptions, DEFAULT_CPU_BUDGET } from "./cpu-budget.js";
import { BotHost, type BotStore, DEFAULT_HOST_CALL_LIMITS, type HostCallLimits } from "./bot-host.js";
import type { Egress } from "./egress.js";
import { isolateScript } from "./isolate-script.js";
import { TokenBucket } from "./limiter.js";
import { MemoryBudget, type MemoryReport, NoRoomError } from "./memory-budget.js";
import { type Incident, Sandbox, SandboxError, type SandboxLimits, type SandboxOutcome } from "./sandbox.js";
import { Lease, SandboxPool } from "./sandbox-pool.js";
import { ALL_DEVICES, type Devices } from "./devices.js";

/** Settings of the runtime. */
export interface RuntimeOptions {
  limits: SandboxLimits;
  /** Sandboxes kept loaded at most; the least recently used idle ones go first. */
  maxLoaded: number;
  /** A bot unused this long is freed. */
  idleMs: number;
  /** Calls one bot may have running at once on this replica; more answer 429. */
  maxConcurrentPerBot: number;
  /** Requests per second per bot on this replica (custom webhooks and updates), and the burst allowed above it. */
  rate: { perSecond: number; burst: number };
  /** Per-bot concurrency of host calls. @defaultValue DEFAULT_HOST_CALL_LIMITS */
  hostCalls?: HostCallLimits;
  /** Per-bot CPU budget; over it, new requests answer 429. @defaultValue DEFAULT_CPU_BUDGET */
  cpu?: CpuBudgetOptions;
  /**
   * The account plans: requests a second across an account's bots (a token bucket per account on this replica) and
   * the store quotas of its bots. @defaultValue no account quotas
   */
  plans?: Plans;
  /** The memory budgets (docs/bot-runtime.md#memory). @defaultValue {@link DEFAULT_MEMORY} */
  memory?: { gatewayMb?: number; botHostMb?: number };
  /** The performance devices on (runtime/devices.ts). @defaultValue {@link ALL_DEVICES} */
  devices?: Devices;
  /**
   * The name of bot code in its stack traces and syntax errors: the author's kit gives the file's path, so an error
   * points into the author's own file. @defaultValue "bot.js"
   */
  codeFilename?: string;
}

/**
 * Defaults of {@link RuntimeOptions.memory}: the gateway's figure without a cgroup limit (config.ts derives it from one
 * when there is); a bot's host budget is its isolate's heap limit.
 */
export const DEFAULT_MEMORY = { gatewayMb: 1536 } as const;

/** What a load refused for want of memory answers: busy isolates finish within a handler's time limit. */
const NO_ROOM_RETRY_AFTER_S = 5;

/**
 * What a webhook handler left, with the bytes of the bot's host memory held for it (its reply's message): the route
 * calls `release` once the reply has been sent, or will not be (docs/bot-runtime.md#memory). Calls after the first do
 * nothing.
 */
export interface WebhookReply {
  result: LogicResult;
  release(): void;
}

/** The event channel as the runtime uses it. */
export interface RuntimeEvents {
  trusted(): boolean;
  publish(event: BotEvent): Promise<void>;
}

/** Dependencies of the runtime. */
export interface RuntimeDeps {
  repository: GatewayRepository;
  logs: BotLogWriter;
  /** Strikes across replicas (bots/halt-tracker.ts); a single process may count them itself. */
  halts: Pick<HaltTracker, "hit">;
  box: SecretBox;
  telegram: TelegramClient;
  egress: Egress;
  events: RuntimeEvents;
  /** The bot's document store; it reports each operation's database time to `observer`. */
  storeFor(
    botId: string,
    observer: DocumentStoreObserver,
    quota?: { maxAccountDocs: number; maxAccountBytes: number },
  ): BotStore;
  logger: Logger;
  /** Where calls are counted (docs/operations.md#usage-metering). */
  usage: UsageMeter;
  /** The `scheduler` of bot code. @defaultValue none: its calls fail with ERR_SCHEDULER_OFF */
  schedules?: ScheduleService;
  /** Watches restarts made with autoRollback (docs/versions.md#automatic-rollback). @defaultValue none watched */
  watcher?: RollbackWatcher;
}

/**
 * The pool key of a preview of `version` of a bot (docs/versions.md#previews): bot ids are letters and digits, so it
 * never names a bot, and the bot's own slot is never touched.
 */
export function previewKey(botId: string, version: number): string {
  return `${botId}@${version}`;
}

/** The bot and version of a pool key: `version` undefined for the bot's own (running) sandbox. */
function parseKey(key: string): { botId: string; version: number | undefined } {
  const at = key.indexOf("@");
  return at === -1
    ? { botId: key, version: undefined }
    : { botId: key.slice(0, at), version: Number(key.slice(at + 1)) };
}

/** The bot runtime of one gateway process. */
export class BotRuntime {
  readonly #directory: BotDirectory;
  readonly #pool: SandboxPool;
  readonly #buckets = new Map<string, TokenBucket>();
  /** Requests a second per account (its plan's requestsPerSecond), on this replica. */
  readonly #accountBuckets = new Map<string, { rate: number; bucket: TokenBucket }>();
  readonly #cpu: CpuBudget;
  readonly #cpuOptions: CpuBudgetOptions;
  /** Calls in flight per bot, for the bots that have any. */
  readonly #running = new Map<string, number>();
  /** Strikes being recorded, by bot: a call ended by an incident answers only once its strike (and halt) is in. */
  readonly #strikes = new Map<string, Promise<void>>();
  readonly #bucketSweeper: NodeJS.Timeout;
  /** What the previews being built are built from, by pool key (runPreview read it to answer 404 first). */
  readonly #previews = new Map<string, LoadedBot>();
  /** The memory budgets of this replica: isolates and the host memory of every bot. */
  readonly memory: MemoryBudget;

  constructor(
    private readonly deps: RuntimeDeps,
    private readonly options: RuntimeOptions,
  ) {
    this.#directory = new BotDirectory(deps.repository, { trusted: () => deps.events.trusted() });
    const MiB = 1024 * 1024;
    this.memory = new MemoryBudget({
      gatewayBytes: (options.memory?.gatewayMb ?? DEFAULT_MEMORY.gatewayMb) * MiB,
      botHostBytes: (options.memory?.botHostMb ?? options.limits.memoryMb) * MiB,
      // Going over its host budget is a memory incident like going over its heap limit, without a restart: the
      // isolate is fine, the calls past the budget failed in bot code.
      onBotOverBudget: (botId, message) => {
        deps.logs.write(botId, "error", `${message} (calls past it fail)`);
        this.#strike(botId, { kind: "memory", message, restarted: false });
      },
    });
    deps.logs.countIn(this.memory);
    this.#pool = new SandboxPool((key) => this.#build(key), {
      maxLoaded: options.maxLoaded,
      idleMs: options.idleMs,
      memory: this.memory,
    });
    this.#cpuOptions = options.cpu ?? DEFAULT_CPU_BUDGET;
    this.#cpu = new CpuBudget(this.#cpuOptions);
    this.#bucketSweeper = setInterval(() => {
      for (const [botId, bucket] of this.#buckets) if (bucket.full) this.#buckets.delete(botId);
      for (const [accountId, { bucket }] of this.#accountBuckets)
        if (bucket.full) this.#accountBuckets.delete(accountId);
      this.#cpu.sweep();
    }, 10_000);
    this.#bucketSweeper.unref();
  }

  /** The bot's row now; BOT_NOT_FOUND when there is no such bot. */
  bot(botId: string): Promise<GatewayBot> {
    return this.#directory.get(botId);
  }

  /** The bot's row if this replica has it at hand (BotDirectory.cached), else undefined: then `bot` reads it. */
  cachedBot(botId: string): GatewayBot | undefined {
    return this.#directory.cached(botId);
  }

  /**
   * Runs `logic[path]`; throws AppError for every refusal of the contract (docs/bot-runtime.md#errors). The reply
   * stays counted in the bot's host memory until the caller releases it.
   */
  async runWebhook(botId: string, path: string, args: LogicArgs): Promise<WebhookReply> {
    const outcome: SandboxOutcome = await this.#call(botId, `custom/${path}`, (sandbox) =>
      sandbox.runLogic(path, args),
    );
    if (outcome.status === "no-handler") throw new AppError("NO_HANDLER", `No handler for path '${path}'`);
    if (outcome.status !== "done") throw new AppError("HANDLER_ERROR");
    let held = outcome.heldBytes ?? 0;
    const release = () => {
      if (held > 0) this.memory.release(botId, held);
      held = 0;
    };
    return { result: outcome.result, release };
  }

  /**
   * Runs `logic[path]` of a saved `version` of the bot in an isolate of its own, beside the running one and whatever
   * the bot's status (docs/versions.md#previews): the bot's store, env, token and limits, its request rate and CPU
   * budget, counted in the gateway's memory budget. The isolate is retired as the call ends (another preview of the
   * same version under way keeps it until it ends too). Incidents are logged, never struck: a preview cannot halt
   * the bot. Throws as {@link runWebhook} does, and VERSION_NOT_FOUND.
   */
  async runPreview(botId: string, version: number, path: string, args: LogicArgs): Promise<WebhookReply> {
    await this.#directory.get(botId);
    const loaded = await this.deps.repository.loadVersion(botId, version);
    if (!loaded) throw new AppError("VERSION_NOT_FOUND");
    this.#admit(botId);
    const key = previewKey(botId, version);
    this.#previews.set(key, loaded);
    let outcome: SandboxOutcome;
    try {
      const acquired = this.#pool.acquire(key, `preview:${loaded.fingerprint}`);
      const lease = acquired instanceof Lease ? acquired : await acquired;
      try {
        this.#admitCpu(botId, lease.sandbox);
        outcome = await lease.sandbox.runLogic(path, args);
      } finally {
        this.#chargeCpu(botId, lease.sandbox.takeCpuMs());
        lease.release();
      }
    } catch (err) {
      if (err instanceof NoRoomError) {
        throw new AppError("UNAVAILABLE", err.message, { headers: { "Retry-After": String(NO_ROOM_RETRY_AFTER_S) } });
      }
      if (!(err instanceof SandboxError)) throw err;
      this.deps.logs.write(botId, "error", `preview of version ${version}: custom/${path}: ${err.message}`);
      throw new AppError("HANDLER_ERROR");
    } finally {
      this.#previews.delete(key);
      this.#pool.retire(key);
    }
    if (outcome.status === "no-handler") throw new AppError("NO_HANDLER", `No handler for path '${path}'`);
    if (outcome.status !== "done") {
      if (outcome.status === "error") {
        this.deps.logs.write(botId, "error", `preview of version ${version}: custom/${path}: ${outcome.error}`);
      }
      throw new AppError("HANDLER_ERROR");
    }
    let held = outcome.heldBytes ?? 0;
    const release = () => {
      if (held > 0) this.memory.release(botId, held);
      held = 0;
    };
    return { result: outcome.result, release };
  }

  /**
   * The handler's reply cannot be sent as it is (routes/reply.ts: a statusCode that is no HTTP status): a handler
   * error, in the bot's log and in its usage as one. Returns the error to answer with.
   */
  replyRefused(botId: string, path: string, reason: string): AppError {
    this.deps.usage.cell(botId).errorsHandler += 1;
    this.deps.logs.write(botId, "error", `custom/${path}: ${reason}`);
    return new AppError("HANDLER_ERROR");
  }

  /**
   * Admits a Telegram update as a webhook call is admitted (status, rate, calls at once, CPU budget: the same
   * refusals, thrown) and starts the bot's update handlers on it. Resolves once the update is admitted, so the intake
   * answers Telegram's request only then; `handled` resolves when the handlers are done, true when one took it.
   */
  async startUpdate(botId: string, update: Record<string, unknown>): Promise<{ handled: Promise<boolean> }> {
    let admitted!: () => void;
    const admission = new Promise<void>((resolve) => {
      admitted = resolve;
    });
    const handled = this.#call(botId, "update", (sandbox) => sandbox.runUpdate(update), admitted).then(
      (outcome) => outcome.status === "handled" && outcome.handled,
    );
    // A refusal rejects `handled` before admission: it is thrown here.
    await Promise.race([admission, handled]);
    return { handled };
  }

  /**
   * Runs `scheduled[name](payload, db, run)`, admitted as a webhook call is (the same refusals, thrown); answers how
   * the handler ended (docs/bot-runtime.md#scheduled-runs).
   */
  runScheduled(botId: string, name: string, payload: unknown, run: ScheduledRun): Promise<CallOutcome> {
    return this.#call(botId, `scheduled/${name}`, (sandbox) => sandbox.runScheduled(name, payload, run));
  }

  /** Applies a bot event from management or another replica. */
  onEvent(event: BotEvent): void {
    this.#directory.invalidate(event.botId);
    if (event.type === "stop" || event.type === "delete" || event.type === "halt") this.#pool.retire(event.botId);
    if (event.type === "restart" && this.deps.watcher) void this.#loadWatched(event.botId);
  }

  /**
   * Loads a bot whose restart is watched at once, rather than at its first call, so a version that fails to load is
   * rolled back even when no call comes (docs/versions.md#automatic-rollback). Every replica loads it; the decision
   * is taken once.
   */
  async #loadWatched(botId: string): Promise<void> {
    try {
      const bot = await this.#directory.get(botId);
      if (bot.status !== "running" || !bot.hasRunningCode || !this.deps.watcher?.watching(bot)) return;
      const acquired = this.#pool.acquire(botId, bot.fingerprint);
      const lease = acquired instanceof Lease ? acquired : await acquired;
      lease.release();
    } catch {
      // A load failure was handed to the watcher in #build; anything else shows again at the bot's next call.
    }
  }

  /** The event subscription was lost and found again: forget every cached row. */
  onResubscribed(): void {
    this.#directory.clear();
  }

  /** Loaded sandboxes now. */
  get loadedCount(): number {
    return this.#pool.loadedCount;
  }

  /** The memory budget's use now, and how many idle isolates were evicted for room so far. */
  memoryReport(): MemoryReport & { evictions: number } {
    return { ...this.memory.report(), evictions: this.#pool.evictions };
  }

  /** Frees every sandbox. */
  close(): void {
    clearInterval(this.#bucketSweeper);
    this.#pool.close();
  }

  /** Runs `work` on the bot's sandbox once the call is admitted (`admitted` is told then); refusals are thrown. */
  async #call(
    botId: string,
    what: string,
    work: (sandbox: Sandbox) => Promise<SandboxOutcome>,
    admitted?: () => void,
  ): Promise<SandboxOutcome> {
    const bot = this.#directory.cached(botId) ?? (await this.#directory.get(botId));
    if (bot.status === "halted") throw new AppError("BOT_HALTED");
    if (bot.status !== "running" || !bot.hasRunningCode) throw new AppError("BOT_NOT_RUNNING");
    const usage = this.deps.usage;
    usage.cell(botId).requests += 1;
    const running = this.#running.get(botId) ?? 0;
    try {
      this.#admit(botId);
      this.#admitAccount(bot);
      if (running >= this.options.maxConcurrentPerBot) throw new AppError("BOT_BUSY");
    } catch (err) {
      usage.cell(botId).errorsRefused += 1;
      throw err;
    }
    this.#running.set(botId, running + 1);
    try {
      const acquired = this.#pool.acquire(botId, bot.fingerprint);
      const lease = acquired instanceof Lease ? acquired : await acquired;
      let started = 0;
      try {
        this.#admitCpu(botId, lease.sandbox);
        admitted?.();
        // The wall time is metering's alone: with it off, no clock is read (two reads cost about 250 ns).
        if (usage.enabled) started = performance.now();
        const outcome = await work(lease.sandbox);
        this.deps.watcher?.observe(bot, outcome.status === "error");
        if (outcome.status === "error") {
          usage.cell(botId).errorsHandler += 1;
          this.deps.logs.write(botId, "error", `${what}: ${outcome.error}`);
        }
        return outcome;
      } finally {
        this.#chargeCpu(botId, lease.sandbox.takeCpuMs());
        if (started > 0) usage.cell(botId).observeWall(performance.now() - started);
        lease.release();
      }
    } catch (err) {
      if (err instanceof NoRoomError) {
        throw new AppError("UNAVAILABLE", err.message, { headers: { "Retry-After": String(NO_ROOM_RETRY_AFTER_S) } });
      }
      if (!(err instanceof SandboxError)) {
        if (err instanceof AppError && err.status === 429) usage.cell(botId).errorsRefused += 1;
        throw err;
      }
      if (err.kind === "closed") {
        throw new AppError("UNAVAILABLE", "The bot was reloading; try again", { headers: { "Retry-After": "1" } });
      }
      countFailure(usage, botId, err);
      this.deps.watcher?.observe(bot, true);
      this.deps.logs.write(botId, "error", `${what}: ${err.message}`);
      await this.#strikes.get(botId);
      return { status: "error", error: err.message };
    } finally {
      const left = (this.#running.get(botId) ?? 1) - 1;
      if (left === 0) this.#running.delete(botId);
      else this.#running.set(botId, left);
    }
  }

  /** The per-bot request rate: over it, 429 with Retry-After. */
  #admit(botId: string): void {
    let bucket = this.#buckets.get(botId);
    if (!bucket) {
      bucket = new TokenBucket(this.options.rate.perSecond, this.options.rate.burst);
      this.#buckets.set(botId, bucket);
    }
    const wait = bucket.take();
    if (wait > 0) {
      const retryAfter = String(Math.max(1, Math.ceil(wait)));
      throw new AppError("RATE_LIMITED", "Too many requests for this bot; slow down", {
        headers: { "Retry-After": retryAfter },
      });
    }
  }

  /**
   * The account's requests a second (its plan's requestsPerSecond, across its bots, on this replica): over it, 429
   * QUOTA_EXCEEDED with Retry-After. A bucket holds one second of requests, so a burst above the rate is refused.
   */
  #admitAccount(bot: GatewayBot): void {
    const plans = this.options.plans;
    if (!plans) return;
    const rate = planOf(plans, bot.plan).quotas.requestsPerSecond;
    let entry = this.#accountBuckets.get(bot.accountId);
    if (!entry || entry.rate !== rate) {
      entry = { rate, bucket: new TokenBucket(rate, Math.max(1, rate)) };
      this.#accountBuckets.set(bot.accountId, entry);
    }
    const wait = rate > 0 ? entry.bucket.take() : Number.POSITIVE_INFINITY;
    if (wait > 0) {
      throw quotaExceeded("requestsPerSecond", rate, rate, {
        message:
          `Over the requestsPerSecond quota of this bot's account (${rate} a second across its bots); ` +
          "slow down or ask the operator for a larger plan",
        retryAfterS: Number.isFinite(wait) ? Math.max(1, Math.ceil(wait)) : 60,
      });
    }
  }

  /** Charges CPU to the bot's budget and counts it in its usage. */
  #chargeCpu(botId: string, ms: number): void {
    if (!(ms > 0)) return;
    this.#cpu.charge(botId, ms);
    this.deps.usage.cell(botId).cpuMs += ms;
  }

  /**
   * The per-bot CPU budget: charges what the bot's isolate used since it was last charged (timers run between calls
   * too), then refuses the call with 429 while the bot is in debt. One line in the bot's log when it goes over, and
   * one with the count of refused requests when it is admitted again.
   */
  #admitCpu(botId: string, sandbox: Sandbox): void {
    this.#chargeCpu(botId, sandbox.takeCpuMs());
    const admission = this.#cpu.admit(botId);
    if (admission.ok) {
      if (admission.refused > 0) {
        this.deps.logs.write(
          botId,
          "warn",
          `${admission.refused} requests were refused (429) while over the CPU budget`,
        );
      }
      return;
    }
    if (admission.first) {
      const { msPerSecond, burstMs } = this.#cpuOptions;
      this.deps.logs.write(
        botId,
        "warn",
        `Over its CPU budget (${msPerSecond} ms of CPU a second, bursts of ${burstMs} ms): new requests answer 429 ` +
          `for about ${admission.retryAfterS} s`,
      );
    }
    throw new AppError("RATE_LIMITED", "This bot used up its CPU budget; try again later", {
      headers: { "Retry-After": String(admission.retryAfterS) },
    });
  }

  async #build(key: string): Promise<{ sandbox: Sandbox; fingerprint: string }> {
    const { botId, version } = parseKey(key);
    const preview = version !== undefined;
    const loaded =
      this.#previews.get(key) ??
      (preview ? await this.deps.repository.loadVersion(botId, version) : await this.deps.repository.loadBot(botId));
    if (!loaded) throw new SandboxError("closed", preview ? "The version is gone" : "The bot has no running code");
    const label = preview ? `preview of version ${version}: ` : "";
    const { box, logs } = this.deps;
    const env = loaded.envEnc ? (JSON.parse(box.decrypt(loaded.envEnc)) as Record<string, string>) : {};
    let built: Sandbox | undefined;
    const usage = this.deps.usage;
    const quotas = this.options.plans && planOf(this.options.plans, loaded.plan).quotas;
    const host = new BotHost({
      botId,
      token: loaded.tokenEnc ? box.decrypt(loaded.tokenEnc) : undefined,
      // Database time is the bot's CPU too: Postgres's work and the decoding of its rows share the machine.
      store: this.deps.storeFor(
        botId,
        { connectionHeld: (ms) => this.#chargeCpu(botId, ms) },
        quotas && { maxAccountDocs: quotas.storedDocuments, maxAccountBytes: quotas.storedBytes },
      ),
      // Before each host call: the CPU its isolate used so far counts, so a handler that spins and then calls is paced.
      overBudgetMs: () => {
        if (built) this.#chargeCpu(botId, built.takeCpuMs());
        return this.#cpu.debtMs(botId);
      },
      telegram: this.deps.telegram,
      egress: this.deps.egress,
      limits: this.options.hostCalls ?? DEFAULT_HOST_CALL_LIMITS,
      memory: this.memory.ledger(botId),
      maxSleepMs: this.options.limits.timeoutMs,
      log: (level, message) => logs.write(botId, level, `${label}${message}`, true),
      onTokenRejected: () => this.#halt(botId, "Telegram rejected the bot token"),
      ...(this.deps.schedules
        ? {
            schedules: (op, args) =>
              (this.deps.schedules as ScheduleService).call(
                { botId, accountQuota: quotas?.pendingScheduledRuns },
                op,
                args,
              ),
          }
        : {}),
      logger: this.deps.logger,
      usage: {
        hostCall: (kind) => {
          const cell = usage.cell(botId);
          if (kind === "db") cell.hostDb += 1;
          else if (kind === "tg") cell.hostTelegram += 1;
          else if (kind === "http") cell.hostHttp += 1;
          else if (kind === "sleep") cell.hostSleep += 1;
        },
        botApiCall: () => {
          usage.cell(botId).botApiCalls += 1;
        },
        egressBytes: (bytes) => {
          usage.cell(botId).egressBytes += bytes;
        },
      },
    });
    try {
      const limits = { ...this.options.limits, hostBytes: this.memory.options.botHostBytes };
      const devices = this.options.devices ?? ALL_DEVICES;
      const sandbox = await Sandbox.create(
        await isolateScript(),
        loaded.runningCode,
        env,
        host,
        limits,
        devices,
        this.options.codeFilename,
      );
      built = sandbox;
      // A preview's incidents are the preview's alone, never counted toward the bot's halt: the call that met one
      // logs it (runPreview), and the isolate is dropped with the call anyway.
      if (!preview) sandbox.onIncident = (incident) => this.#strike(botId, incident);
      return { sandbox, fingerprint: preview ? `preview:${loaded.fingerprint}` : loaded.fingerprint };
    } catch (err) {
      // A preview that fails to load is logged by runPreview, and neither strikes nor rolls back anything.
      if (preview) throw err;
      if (err instanceof SandboxError && (err.kind === "timeout" || err.kind === "memory")) {
        this.#strike(botId, { kind: err.kind, message: `${err.message} while loading its code`, restarted: true });
      }
      if (err instanceof SandboxError && err.kind !== "closed" && this.deps.watcher?.watching(loaded)) {
        void this.deps.watcher.trigger(botId, loaded.codeVersion, `failed to load: ${err.message}`);
      }
      throw err;
    }
  }

  /** One incident is one strike; the third within the window halts the bot. */
  #strike(botId: string, incident: Incident): void {
    const previous = this.#strikes.get(botId) ?? Promise.resolve();
    const recorded = previous.then(() => this.#recordStrike(botId, incident));
    this.#strikes.set(botId, recorded);
    void recorded.finally(() => {
      if (this.#strikes.get(botId) === recorded) this.#strikes.delete(botId);
    });
  }

  async #recordStrike(botId: string, incident: Incident): Promise<void> {
    // A handler that never finished is logged with its call; a restart is logged once here for all it ended.
    if (incident.restarted)
      this.deps.logs.write(botId, "error", `${incident.message}; the bot's isolate was restarted`);
    try {
      if (await this.deps.halts.hit(botId)) {
        const limit = incident.kind === "timeout" ? "time" : "memory";
        await this.#halt(botId, `Hit its ${limit} limit 3 times within 10 minutes`, true);
      }
    } catch (err) {
      this.deps.logger.error({ err, botId }, "recording a limit incident failed");
    }
  }

  async #halt(botId: string, reason: string, rollBack = false): Promise<void> {
    try {
      if (await this.deps.repository.halt(botId, reason)) {
        this.deps.logs.write(botId, "error", `Bot halted: ${reason}. Restart it to resume.`);
        this.deps.logger.warn({ botId, reason }, "bot halted");
      }
      this.onEvent({ type: "halt", botId });
      await this.deps.events.publish({ type: "halt", botId });
      // A version halted for its limits within its watch goes back to the one before (a rejected token would halt
      // any version: no rollback for that).
      const watcher = this.deps.watcher;
      if (rollBack && watcher) {
        const bot = await this.#directory.get(botId);
        if (watcher.watching(bot)) await watcher.trigger(botId, bot.codeVersion, `was halted: ${reason}`);
      }
    } catch (err) {
      this.deps.logger.error({ err, botId }, "halting a bot failed");
    }
  }
}

/** Counts a call that bot code failed in, by kind: its time limit, its memory limit, or anything else it threw. */
function countFailure(usage: UsageMeter, botId: string, err: SandboxError): void {
  const cell = usage.cell(botId);
  const kind =
    err.kind === "collateral"
      ? /memory/i.test(err.message)
        ? "memory"
        : /time/i.test(err.message)
          ? "timeout"
          : "error"
      : err.kind;
  if (kind === "timeout") cell.errorsTimeout += 1;
  else if (kind === "memory") cell.errorsMemory += 1;
  else cell.errorsHandler += 1;
}
