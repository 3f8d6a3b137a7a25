/**
 * The firing loop of one gateway replica (docs/bot-runtime.md#how-runs-fire): it claims due runs from Postgres
 * (`FOR UPDATE SKIP LOCKED`, ScheduleRepository.claim), runs each as `scheduled[name]` through the bot runtime, and
 * records how it ended behind the claim's fence. Every replica runs one; they share the due rows without ever taking
 * the same one at once. Nothing lives in Redis, so a Redis flush loses no run and nothing needs rebuilding.
 *
 * At least once: a replica that dies mid-run leaves its row claimed until the lease ends; then any replica takes it as
 * the next attempt (`run.attempt > 1`). A handler that throws or times out is retried after `retryMs`, doubling,
 * until `maxAttempts`; then the run is recorded failed (a cron schedule goes on with its next occurrence).
 */
import { AppError } from "@botyard/common/errors";
import type { Logger } from "@botyard/common/logging";
import type { ClaimedRun, RunRecord, ScheduleChange, ScheduleRepository } from "@botyard/db";
import type { CallOutcome, ScheduledRun } from "../isolate/protocol.js";
import { nextOccurrence } from "./cron.js";
import type { ScheduleObserver } from "./schedule-metrics.js";

/** Settings of the loop (SCHEDULE_* variables). */
export interface FirerOptions {
  /** Time between looks for due runs when the last look found none to spare. @defaultValue 200 */
  pollMs: number;
  /** Runs one replica runs at once. @defaultValue 32 */
  maxInFlight: number;
  /**
   * How long a claim holds: a run whose replica died is taken again after this. It must exceed the longest a run can
   * take (the handler time limit, plus loading the bot's isolate). @defaultValue twice the handler time limit + 30 s
   */
  leaseMs: number;
  /** Attempts of one occurrence before it is recorded failed. @defaultValue 3 */
  maxAttempts: number;
  /** Wait before the first retry; each next one waits twice as long. @defaultValue 1000 */
  retryMs: number;
  /** Time between trims of the run history. @defaultValue 600 000 */
  pruneMs?: number;
}

/** What the loop runs runs on. */
export interface FirerDeps {
  repository: ScheduleRepository;
  runtime: { runScheduled(botId: string, name: string, payload: unknown, run: ScheduledRun): Promise<CallOutcome> };
  /** Writes a line to the bot's log. */
  log(botId: string, level: "warn" | "error", message: string): void;
  logger: Logger;
  /** Where lateness and endings are counted. @defaultValue not counted */
  observer?: ScheduleObserver;
  now?: () => Date;
}

/** Longest error text kept in the history. */
const ERROR_CHARS = 500;

/** How one attempt ended. */
type Ending =
  | { status: "ok" }
  | { status: "skipped"; error: string }
  | { status: "deferred"; error: string }
  | { status: "error"; error: string; final?: boolean };

/** Refusals of the runtime that mean "not now" (the bot's rate, concurrency, CPU or memory): the run waits. */
const NOT_NOW = new Set(["BOT_BUSY", "RATE_LIMITED", "UNAVAILABLE", "QUOTA_EXCEEDED"]);

/** The firing loop. */
export class ScheduleFirer {
  readonly #inFlight = new Set<Promise<void>>();
  #running = false;
  #wake: (() => void) | undefined;
  #loop: Promise<void> | undefined;
  #pruner: NodeJS.Timeout | undefined;
  readonly #now: () => Date;

  constructor(
    private readonly deps: FirerDeps,
    readonly options: FirerOptions,
  ) {
    this.#now = deps.now ?? (() => new Date());
  }

  /** Starts claiming runs. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#run();
    this.#pruner = setInterval(() => {
      this.deps.repository
        .pruneRuns()
        .catch((err: unknown) => this.deps.logger.warn({ err }, "schedule history trim failed"));
    }, this.options.pruneMs ?? 600_000);
    this.#pruner.unref();
  }

  /** Stops claiming and waits for the runs under way (each ends within the handler time limit). */
  async close(): Promise<void> {
    this.#running = false;
    clearInterval(this.#pruner);
    this.#wake?.();
    await this.#loop;
    await Promise.allSettled([...this.#inFlight]);
  }

  async #run(): Promise<void> {
    while (this.#running) {
      const room = this.options.maxInFlight - this.#inFlight.size;
      let claimed: ClaimedRun[] = [];
      if (room > 0) {
        try {
          claimed = await this.deps.repository.claim(room, this.options.leaseMs);
        } catch (err) {
          this.deps.logger.warn({ err }, "claiming scheduled runs failed; trying again");
          await this.#sleep(this.options.pollMs * 5);
          continue;
        }
      }
      for (const run of claimed) {
        const done: Promise<void> = this.#fire(run).finally(() => {
          this.#inFlight.delete(done);
          this.#wake?.();
        });
        this.#inFlight.add(done);
      }
      // A full batch means more may be due: look again at once (when there is room).
      if (claimed.length === 0 || claimed.length < room) await this.#sleep(this.options.pollMs);
      else if (this.#inFlight.size >= this.options.maxInFlight) await this.#sleep(this.options.pollMs);
    }
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    });
  }

  async #fire(run: ClaimedRun): Promise<void> {
    const startedAt = this.#now();
    if (run.attempt === 1) this.deps.observer?.started((startedAt.getTime() - run.dueAt.getTime()) / 1000);
    const ending = run.attempt > this.options.maxAttempts ? interrupted(run) : await this.#attempt(run);
    const finishedAt = this.#now();
    const { change, record } = this.#outcome(run, ending, startedAt, finishedAt);
    if (record) this.deps.observer?.finished(record.status);
    try {
      const held = await this.deps.repository.finish(run, change, record);
      if (!held) this.deps.logger.info({ botId: run.botId, key: run.key }, "scheduled run's claim was gone at its end");
    } catch (err) {
      // The lease runs out and another replica takes the run again: at least once.
      this.deps.logger.warn({ err, botId: run.botId, key: run.key }, "recording a scheduled run failed");
    }
  }

  async #attempt(run: ClaimedRun): Promise<Ending> {
    let outcome: CallOutcome;
    try {
      const payload = run.payload === null ? undefined : (JSON.parse(run.payload) as unknown);
      const info: ScheduledRun = { key: run.key, scheduledAt: run.dueAt.toISOString(), attempt: run.attempt };
      outcome = await this.deps.runtime.runScheduled(run.botId, run.name, payload, info);
    } catch (err) {
      if (err instanceof AppError) {
        if (err.code === "BOT_HALTED" || err.code === "BOT_NOT_RUNNING" || err.code === "BOT_NOT_FOUND") {
          return { status: "skipped", error: err.message };
        }
        if (NOT_NOW.has(err.code)) return { status: "deferred", error: err.message };
        return { status: "error", error: err.message };
      }
      this.deps.logger.error({ err, botId: run.botId, key: run.key }, "a scheduled run failed on our side");
      return { status: "error", error: "The run failed because of a problem on our side" };
    }
    if (outcome.status === "no-handler") {
      const error = `No handler scheduled['${run.name}'] in the running code`;
      this.deps.log(run.botId, "error", `scheduled/${run.name}: ${error}; the run of '${run.key}' failed`);
      return { status: "error", error, final: true };
    }
    if (outcome.status === "error") return { status: "error", error: outcome.error };
    return { status: "ok" };
  }

  /** What to write once an attempt ended. */
  #outcome(
    run: ClaimedRun,
    ending: Ending,
    startedAt: Date,
    finishedAt: Date,
  ): { change: ScheduleChange; record: RunRecord | undefined } {
    if (ending.status === "deferred") {
      // Not an attempt: the bot was at its limits. It is taken again after the first retry's wait, as the same attempt.
      return {
        change: { type: "defer", at: new Date(finishedAt.getTime() + this.options.retryMs) },
        record: undefined,
      };
    }
    const error = ending.status === "ok" ? null : ending.error.slice(0, ERROR_CHARS);
    const retry = ending.status === "error" && !ending.final && run.attempt < this.options.maxAttempts;
    if (retry) {
      const at = new Date(finishedAt.getTime() + this.options.retryMs * 2 ** (run.attempt - 1));
      const change: ScheduleChange = { type: "retry", at };
      const record: RunRecord = { startedAt, finishedAt, status: "retrying", error };
      return { change, record };
    }
    const status = ending.status === "ok" ? "ok" : ending.status === "skipped" ? "skipped" : "failed";
    if (status === "failed") {
      this.deps.log(
        run.botId,
        "warn",
        `scheduled/${run.name}: the run of '${run.key}' failed after ${run.attempt} attempts`,
      );
    }
    const record: RunRecord = { startedAt, finishedAt, status, error };
    if (run.kind === "once" || run.expression === null) return { change: { type: "delete" } as ScheduleChange, record };
    // Runs missed while no replica ran (or while the bot was stopped) are not piled up: next is after now.
    const after = new Date(Math.max(finishedAt.getTime(), run.dueAt.getTime()));
    let next: Date | undefined;
    try {
      next = nextOccurrence({ expression: run.expression, timezone: run.timezone ?? "UTC" }, after);
    } catch {
      // Checked when written, so only a change of the library could bring us here.
      next = undefined;
    }
    // A pattern with no next time (a date that has passed for good) is done.
    if (next === undefined) return { change: { type: "delete" } as ScheduleChange, record };
    return { change: { type: "advance", next, status } as ScheduleChange, record };
  }
}

/** A run whose every attempt was cut short (its replica died): recorded failed without another try. */
function interrupted(run: ClaimedRun): Ending {
  return {
    status: "error",
    error: `Interrupted ${run.attempt - 1} times (the gateway running it stopped)`,
    final: true,
  };
}
