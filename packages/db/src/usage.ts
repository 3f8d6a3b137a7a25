/**
 * Usage metering per bot, in memory (docs/operations.md#usage-metering). Services count on their hot path into a
 * {@link UsageCell} per bot and minute (plain number fields: a request costs a Map lookup and a few additions) and a
 * {@link UsageFlusher} writes what was counted every few seconds in one multi-row upsert (usage-repository.ts) that
 * adds to the rows of every other replica and service. What was counted since the last flush is lost if the process
 * dies: at most one flush interval.
 */

/**
 * Upper bounds (ms) of the wall-time histogram's buckets; one more bucket holds the rest. Fixed, so histograms of
 * every replica and period add up element by element and a percentile of all of them together can be read back
 * ({@link percentileOf}), at the cost of its precision: the value is interpolated within its bucket.
 */
export const USAGE_WALL_BUCKETS_MS: readonly number[] = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000];

/** The counters of a usage row, as its columns (schema.ts) and the usage replies name them. */
export const USAGE_COUNTERS = [
  "requests",
  "errorsHandler",
  "errorsTimeout",
  "errorsMemory",
  "errorsRefused",
  "cpuMs",
  "hostDb",
  "hostTelegram",
  "hostHttp",
  "hostSleep",
  "botApiCalls",
  "egressBytes",
  "broadcastSent",
  "broadcastFailed",
] as const;

/** A counter of a usage row. */
export type UsageCounter = (typeof USAGE_COUNTERS)[number];

/** What one bot did in one minute on this process, not yet flushed. */
export class UsageCell {
  requests = 0;
  errorsHandler = 0;
  errorsTimeout = 0;
  errorsMemory = 0;
  errorsRefused = 0;
  cpuMs = 0;
  hostDb = 0;
  hostTelegram = 0;
  hostHttp = 0;
  hostSleep = 0;
  botApiCalls = 0;
  egressBytes = 0;
  broadcastSent = 0;
  broadcastFailed = 0;
  /** Calls per bucket of {@link USAGE_WALL_BUCKETS_MS} (the last: longer ones). */
  readonly wall: number[] = new Array<number>(USAGE_WALL_BUCKETS_MS.length + 1).fill(0);

  /** Counts one handler call that took `ms` of wall time. */
  observeWall(ms: number): void {
    let i = 0;
    while (i < USAGE_WALL_BUCKETS_MS.length && ms > (USAGE_WALL_BUCKETS_MS[i] as number)) i += 1;
    this.wall[i] = (this.wall[i] as number) + 1;
  }

  /** Adds another cell's counts to this one. */
  merge(other: UsageCell): void {
    for (const name of USAGE_COUNTERS) this[name] += other[name];
    for (let i = 0; i < this.wall.length; i += 1) this.wall[i] = (this.wall[i] as number) + (other.wall[i] as number);
  }
}

/** A bot's counts of one period, as the repository writes them. */
export interface UsageDelta {
  botId: string;
  /** Start of the minute, in ms since the epoch. */
  minute: number;
  cell: UsageCell;
}

const MINUTE_MS = 60_000;

/**
 * Where a service counts. One per process. The minute a count goes into is switched by a timer at each minute's start,
 * not read per count: on virtual machines a clock read costs 100 to 200 ns, more than the rest of a count (a Map
 * lookup and an addition). `clock` (ms since the epoch) is for tests: with it, the clock is read at every count.
 */
export class UsageMeter {
  #minute: number;
  #cells = new Map<string, UsageCell>();
  /** Cells of minutes that ended, not yet taken by a flush. */
  #ended: UsageDelta[] = [];
  /** Counted into when metering is off: never flushed. */
  readonly #scratch = new UsageCell();
  readonly #clock: (() => number) | undefined;
  #timer: NodeJS.Timeout | undefined;
  #lastBotId = "";
  #lastCell: UsageCell | undefined;

  constructor(
    readonly enabled = true,
    clock?: () => number,
  ) {
    this.#clock = clock;
    this.#minute = Math.floor((clock ?? Date.now)() / MINUTE_MS);
    if (enabled && !clock) this.#arm();
  }

  /** The bot's cell of this minute, to count into now (do not keep it past the call that counts). */
  cell(botId: string): UsageCell {
    if (!this.enabled) return this.#scratch;
    if (this.#clock) {
      const minute = Math.floor(this.#clock() / MINUTE_MS);
      if (minute !== this.#minute) this.#roll(minute);
    }
    // One call counts into its bot's cell three or four times in a row: the last one found is kept at hand.
    if (botId === this.#lastBotId && this.#lastCell !== undefined) return this.#lastCell;
    let cell = this.#cells.get(botId);
    if (cell === undefined) {
      cell = new UsageCell();
      this.#cells.set(botId, cell);
    }
    this.#lastBotId = botId;
    this.#lastCell = cell;
    return cell;
  }

  /** Stops the minute timer (what was counted stays to be taken). */
  close(): void {
    clearTimeout(this.#timer);
  }

  /** Rolls to the next minute at its start (a few ms after, so the clock reads the new minute). */
  #arm(): void {
    const now = Date.now();
    this.#timer = setTimeout(
      () => {
        this.#roll(Math.floor(Date.now() / MINUTE_MS));
        this.#arm();
      },
      MINUTE_MS - (now % MINUTE_MS) + 5,
    );
    this.#timer.unref();
  }

  /** Everything counted so far, emptied: what a flush writes. */
  take(): UsageDelta[] {
    this.#roll(this.#minute);
    const taken = this.#ended;
    this.#ended = [];
    return taken;
  }

  /** Puts back deltas a flush could not write, to go with the next one. */
  putBack(deltas: UsageDelta[]): void {
    this.#ended = deltas.concat(this.#ended);
  }

  /** Deltas waiting (for tests). */
  get pending(): number {
    return this.#ended.length + this.#cells.size;
  }

  /** Drops the oldest ended deltas beyond `max`; returns how many were dropped. */
  trim(max: number): number {
    const dropped = Math.max(0, this.#ended.length - max);
    if (dropped > 0) this.#ended = this.#ended.slice(dropped);
    return dropped;
  }

  #roll(minute: number): void {
    const at = this.#minute * MINUTE_MS;
    for (const [botId, cell] of this.#cells) this.#ended.push({ botId, minute: at, cell });
    this.#cells = new Map();
    this.#lastCell = undefined;
    this.#minute = minute;
  }
}

/** What a flusher writes with: the repository's `addUsage`. */
export type UsageSink = (deltas: UsageDelta[]) => Promise<void>;

/** Settings of a {@link UsageFlusher}. */
export interface UsageFlusherOptions {
  /**
   * Time between flushes: at most this much counting is lost when the process dies.
   * @defaultValue 10 000 ms (one upsert per replica every 10 s: 6 statements a minute whatever the traffic)
   */
  intervalMs?: number;
  /**
   * Deltas kept for the next flush when one fails (Postgres away); beyond it the oldest are dropped and logged.
   * @defaultValue 100 000 (about 30 MB: a bot-minute each)
   */
  maxPending?: number;
  /** Told of a failed flush and of dropped deltas. */
  onError?(err: unknown, dropped: number): void;
}

/** Flushes a meter on a timer, and once more on close. */
export class UsageFlusher {
  readonly #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly meter: UsageMeter,
    private readonly sink: UsageSink,
    private readonly options: UsageFlusherOptions = {},
  ) {
    if (meter.enabled) {
      this.#timer = setInterval(() => void this.flush(), options.intervalMs ?? 10_000);
      this.#timer.unref();
    }
  }

  /** Writes what was counted (after any flush under way); a failure keeps the deltas for the next one. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#flushOnce());
    return this.#flushing;
  }

  async #flushOnce(): Promise<void> {
    const deltas = this.meter.take();
    if (deltas.length === 0) return;
    try {
      await this.sink(deltas);
    } catch (err) {
      this.meter.putBack(deltas);
      this.options.onError?.(err, this.meter.trim(this.options.maxPending ?? 100_000));
    }
  }

  /** Stops the timers and flushes once more. */
  async close(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.meter.close();
    await this.flush();
  }
}

/**
 * The `q` quantile (0 to 1) of a histogram in {@link USAGE_WALL_BUCKETS_MS} buckets, in ms, interpolated linearly
 * within its bucket (the last bucket's values are reported as its lower bound); null for an empty histogram.
 */
export function percentileOf(buckets: readonly number[], q: number): number | null {
  const total = buckets.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < buckets.length; i += 1) {
    const n = buckets[i] as number;
    if (n > 0 && seen + n >= rank) {
      const low = i === 0 ? 0 : (USAGE_WALL_BUCKETS_MS[i - 1] as number);
      const high = USAGE_WALL_BUCKETS_MS[i];
      if (high === undefined) return low;
      return Math.round((low + ((rank - seen) / n) * (high - low)) * 100) / 100;
    }
    seen += n;
  }
  return USAGE_WALL_BUCKETS_MS[USAGE_WALL_BUCKETS_MS.length - 1] as number;
}
