/**
 * Watches a deploy made with `restartBot {autoRollback: true}` for its window and rolls it back when it fails: its
 * code fails to load, it is halted for its limits, or it fails more than half of at least
 * {@link AUTO_ROLLBACK_MIN_CALLS} calls. Calls are counted in Redis, so every replica's calls count toward one figure;
 * the rollback itself is decided by one conditional UPDATE (bots/rollback-repository.ts), so it happens once however
 * many replicas see the failure.
 *
 * @see docs/versions.md#automatic-rollback
 */
import type { Logger } from "@botyard/common/logging";
import type { RedisConnection, RedisNames } from "@botyard/common/redis";
import type { AutoRollback, RollbackRepository } from "./rollback-repository.js";

/** Calls a watched deploy must have had before its error rate can roll it back. */
export const AUTO_ROLLBACK_MIN_CALLS = 20;

/** The longest reason kept (a version's `message` holds at most 1,000 characters). */
const MAX_REASON = 1000;

/** What the watcher needs to know of a bot: its deploy and until when it is watched. */
export interface WatchedBot {
  codeVersion: number;
  /** Epoch ms; null when not watched. */
  watchUntil: number | null;
}

/** What the watcher is built from. */
export interface RollbackWatcherDeps {
  redis: RedisConnection;
  names: RedisNames;
  repository: Pick<RollbackRepository, "rollBack">;
  /** Writes a line to the bot's log (the dashboard shows it). */
  log(botId: string, level: "error" | "warn", message: string): void;
  /** After a rollback: every replica must drop the failed deploy (the runtime publishes the `restart` event). */
  rolledBack(botId: string, rollback: AutoRollback): Promise<void>;
  logger: Logger;
  /** @defaultValue Date.now */
  clock?: () => number;
}

/** The automatic rollback of watched deploys, on this replica. */
export class RollbackWatcher {
  /** Decisions under way on this replica, by bot and deploy: later failures of the same deploy join them. */
  readonly #deciding = new Map<string, Promise<boolean>>();
  readonly #clock: () => number;

  constructor(private readonly deps: RollbackWatcherDeps) {
    this.#clock = deps.clock ?? Date.now;
  }

  /** Is the bot's running deploy watched now? */
  watching(bot: WatchedBot): boolean {
    return bot.watchUntil !== null && this.#clock() < bot.watchUntil;
  }

  /** One call of the bot ended; `failed` when its code failed it (threw, timed out, ran out of memory). */
  observe(bot: WatchedBot & { id: string }, failed: boolean): void {
    if (!this.watching(bot)) return;
    this.#count(bot, failed).catch((err: unknown) =>
      this.deps.logger.warn({ err, botId: bot.id }, "counting a watched deploy's call failed"),
    );
  }

  async #count(bot: WatchedBot & { id: string }, failed: boolean): Promise<void> {
    const key = this.deps.names.key("rollback-watch", bot.id, String(bot.codeVersion));
    const ttl = Math.max(1000, (bot.watchUntil ?? 0) - this.#clock()) + 60_000;
    const replies = await this.deps.redis
      .multi()
      .hincrby(key, "calls", 1)
      .hincrby(key, "errors", failed ? 1 : 0)
      .pexpire(key, ttl)
      .exec();
    const calls = Number(replies?.[0]?.[1] ?? 0);
    const errors = Number(replies?.[1]?.[1] ?? 0);
    if (calls >= AUTO_ROLLBACK_MIN_CALLS && errors * 2 > calls) {
      await this.trigger(bot.id, bot.codeVersion, `failed ${errors} of its first ${calls} calls`);
    }
  }

  /**
   * Rolls the bot's deploy `codeVersion` back because it `reason` (a phrase: "failed to load: …"); resolves true when
   * this call did it, false when it was done already, by anyone, or the watch is over.
   */
  trigger(botId: string, codeVersion: number, reason: string): Promise<boolean> {
    const id = `${botId}:${codeVersion}`;
    const under = this.#deciding.get(id);
    if (under) return under;
    const decision = this.#rollBack(botId, codeVersion, reason).catch((err: unknown) => {
      this.deps.logger.error({ err, botId }, "automatic rollback failed");
      return false;
    });
    this.#deciding.set(id, decision);
    void decision.finally(() => {
      // Kept a little: failures still arriving for this deploy then cost no query.
      setTimeout(() => this.#deciding.delete(id), 5000).unref();
    });
    return decision;
  }

  async #rollBack(botId: string, codeVersion: number, reason: string): Promise<boolean> {
    const why = `The new code ${reason}`.slice(0, MAX_REASON);
    const rollback = await this.deps.repository.rollBack(botId, codeVersion, why);
    if (!rollback) return false;
    await this.deps.redis.del(this.deps.names.limitHits(botId));
    this.deps.log(
      botId,
      "error",
      `Automatic rollback: ${why}. Version ${rollback.restoredFrom} runs again, saved as version ${rollback.version}.`,
    );
    this.deps.logger.warn({ botId, restoredFrom: rollback.restoredFrom, reason }, "bot rolled back automatically");
    await this.deps.rolledBack(botId, rollback);
    return true;
  }
}
