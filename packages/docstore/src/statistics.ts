/**
 * Keeps the shared `documents` table quick to query after large writes of one bot's collection: it brings the
 * planner's statistics up to date.
 *
 * Why: the planner estimates a bot's rows from `pg_statistic`, which only ANALYZE updates. A bot that imports 100,000
 * documents is unknown to it until then (autovacuum's ANALYZE comes after a tenth of the table has changed, and up to
 * a minute later), so it takes the bot's collection for a row or two and answers a findOne by walking the collection's
 * `(bot_id, collection, id)` index and testing every document, instead of the scoped GIN index: 47–113 ms per call on
 * 100,000 documents instead of under one. What it buys: the statistics soon after a collection grew or shrank by
 * {@link StatisticsOptions.rowsPerCollection} rows, off the request path. What it costs: one ANALYZE of the table (a
 * sample of 30,000 rows whatever the table's size) at most every {@link StatisticsOptions.minIntervalMs}, on one
 * connection of the store's pool, and only while bots write that much.
 *
 * The GIN index's pending list, the other thing that made fresh data slow, no longer exists: migration
 * 0014_gin_without_pending_list turned the index's fastupdate off.
 *
 * @see docs/bot-runtime.md#fresh-data
 */
import type pg from "pg";

/** When the keeper runs ANALYZE. */
export interface StatisticsOptions {
  /**
   * Rows inserted into or deleted from one bot's collection, since the last ANALYZE began, that call for the next.
   * @defaultValue 5,000 (below it, a mistaken plan walks at most a few thousand documents: a few milliseconds)
   */
  rowsPerCollection: number;
  /**
   * Least time from the start of one ANALYZE to the start of the next; writes in between are counted and call for a
   * trailing ANALYZE once the interval is over.
   * @defaultValue 2,000 ms (an ANALYZE of a 1.1-million-row table took 0.3–0.9 s on the shared benchmark machine)
   */
  minIntervalMs: number;
  /** Longest an ANALYZE may run. @defaultValue 60,000 ms */
  timeoutMs: number;
  /** Told of each ANALYZE that failed (permissions, a timeout); the next is tried after the interval all the same. */
  onError?: (err: unknown) => void;
}

export const DEFAULT_STATISTICS: Readonly<StatisticsOptions> = Object.freeze({
  rowsPerCollection: 5000,
  minIntervalMs: 2000,
  timeoutMs: 60_000,
});

/** Counts the rows each collection gained or lost and runs ANALYZE, debounced, once one crosses the threshold. */
export class StatisticsKeeper {
  readonly #pool: pg.Pool;
  readonly #options: StatisticsOptions;
  /** Rows written per `bot/collection` since the last ANALYZE began. */
  readonly #written = new Map<string, number>();
  #running: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #lastStart = Number.NEGATIVE_INFINITY;
  #analyzed = 0;
  #closed = false;

  constructor(pool: pg.Pool, options: Partial<StatisticsOptions> = {}) {
    this.#pool = pool;
    this.#options = { ...DEFAULT_STATISTICS, ...options };
  }

  /** ANALYZEs done (finished, failed or not) so far. */
  get analyzed(): number {
    return this.#analyzed;
  }

  /** `rows` rows of `collection` of `botId` were inserted or deleted. */
  wrote(botId: string, collection: string, rows: number): void {
    if (rows <= 0 || this.#closed) return;
    const key = `${botId}/${collection}`;
    const total = (this.#written.get(key) ?? 0) + rows;
    this.#written.set(key, total);
    if (total >= this.#options.rowsPerCollection) this.#schedule();
  }

  /** Resolves once no ANALYZE is running or waiting. */
  async idle(): Promise<void> {
    while (this.#running || this.#timer) {
      if (this.#running) await this.#running;
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** No more ANALYZE; one running ends by itself. */
  close(): void {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #due(): boolean {
    for (const rows of this.#written.values()) if (rows >= this.#options.rowsPerCollection) return true;
    return false;
  }

  #schedule(): void {
    if (this.#running || this.#timer || this.#closed) return;
    const wait = this.#lastStart + this.#options.minIntervalMs - Date.now();
    if (wait <= 0) {
      this.#start();
      return;
    }
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.#due()) this.#start();
    }, wait);
    this.#timer.unref();
  }

  #start(): void {
    this.#lastStart = Date.now();
    this.#written.clear();
    this.#running = this.#analyze()
      .catch((err: unknown) => this.#options.onError?.(err))
      .finally(() => {
        this.#analyzed += 1;
        this.#running = undefined;
        if (this.#due()) this.#schedule();
      });
  }

  /**
   * ANALYZE by a role that does not own the table does not fail: Postgres skips the table with a WARNING, which is
   * turned into the failure it is here, for {@link StatisticsOptions.onError}; the writes that called for it have long
   * been answered.
   */
  async #analyze(): Promise<void> {
    const client = await this.#pool.connect();
    const problems: string[] = [];
    const onNotice = (notice: { severity?: string; message?: string }) => {
      if (notice.severity === "WARNING") problems.push(`ANALYZE documents: ${notice.message ?? "skipped"}`);
    };
    client.on("notice", onNotice);
    let broken = false;
    try {
      // In a transaction, so that the timeout is these statements' alone (the store's connections carry their own).
      await client.query("begin");
      await client.query("select set_config('statement_timeout', $1, true)", [String(this.#options.timeoutMs)]);
      await client.query("analyze documents");
      await client.query("commit");
    } catch (err) {
      await client.query("rollback").catch(() => {
        broken = true;
      });
      throw err;
    } finally {
      client.off("notice", onNotice);
      client.release(broken ? true : undefined);
    }
    if (problems.length > 0) throw new Error(problems.join("; "));
  }
}

/** The keeper each pool's stores share when none is given (so a gateway's bots are counted together). */
const shared = new WeakMap<pg.Pool, StatisticsKeeper>();

/** The shared keeper of `pool`, made with the defaults on first use. */
export function statisticsKeeperOf(pool: pg.Pool): StatisticsKeeper {
  let keeper = shared.get(pool);
  if (!keeper) {
    keeper = new StatisticsKeeper(pool);
    shared.set(pool, keeper);
  }
  return keeper;
}
