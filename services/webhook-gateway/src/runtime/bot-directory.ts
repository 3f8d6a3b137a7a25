/**
 * Where the gateway learns what a bot is now: its row, cached while this replica's event subscription is trusted
 * (see BotEventBus in @botyard/common), dropped at once by a bot event, and read from Postgres for every call while
 * the subscription is not trusted (Redis away). Unknown ids are remembered too (a flood of calls for a bot that does
 * not exist costs one database read, concurrent calls sharing it), until an event for that id: a new bot is only
 * reachable once management's restartBot has published one. Ids that cannot be ours answer 404 without a read.
 *
 * A read that overlapped an event for its bot is not used: it may predate the change the event announced, and once
 * management's restartBot has answered, no call may start on the old state.
 *
 * @see docs/operations.md#bot-events
 */
import { AppError, ID_PATTERN } from "@botyard/common";
import type { GatewayBot } from "../bots/gateway-repository.js";

/** The lookups the directory needs. */
export interface BotRows {
  findBot(botId: string): Promise<GatewayBot | undefined>;
}

/** Settings of the directory. */
export interface DirectoryOptions {
  /** Is this replica's event subscription trusted now? */
  trusted(): boolean;
  /** @defaultValue 60 s: a cached row is re-read after this even without an event (belt and braces). */
  maxAgeMs?: number;
  /** @defaultValue 100,000 unknown ids remembered at most. */
  maxUnknown?: number;
  /** @defaultValue 200,000 rows cached at most (about 200 bytes each); the oldest go first. */
  maxRows?: number;
  clock?: () => number;
}

interface Read {
  startedAt: number;
  /** Whether the subscription was trusted when the read began. */
  trusted: boolean;
  /** An event for the bot (or a resubscription) arrived while the read was under way. */
  overlapped: boolean;
  row: Promise<GatewayBot | undefined>;
}

interface Cached {
  row: GatewayBot | undefined;
  at: number;
}

/** The bot rows this replica works from. */
export class BotDirectory {
  readonly #cache = new Map<string, Cached>();
  /** The newest read under way by bot: later calls share it. */
  readonly #latest = new Map<string, Read>();
  /** Every read under way by bot (an untrusted replica may have several): an event marks them all. */
  readonly #reads = new Map<string, Set<Read>>();
  #unknown = 0;
  readonly #maxAgeMs: number;
  readonly #maxUnknown: number;
  readonly #maxRows: number;
  readonly #clock: () => number;

  constructor(
    private readonly rows: BotRows,
    private readonly options: DirectoryOptions,
  ) {
    this.#maxAgeMs = options.maxAgeMs ?? 60_000;
    this.#maxUnknown = options.maxUnknown ?? 100_000;
    this.#maxRows = options.maxRows ?? 200_000;
    this.#clock = options.clock ?? (() => performance.now());
  }

  /** The bot's row now; throws BOT_NOT_FOUND for an unknown bot. */
  async get(botId: string): Promise<GatewayBot> {
    if (!ID_PATTERN.test(botId)) throw new AppError("BOT_NOT_FOUND");
    const arrivedAt = this.#clock();
    if (this.options.trusted()) {
      const cached = this.#cache.get(botId);
      if (cached && arrivedAt - cached.at < this.#maxAgeMs) return found(cached.row);
    }
    for (let attempt = 0; ; attempt += 1) {
      const read = this.#read(botId, arrivedAt);
      const row = await read.row;
      const overlapped = read.overlapped;
      if (!overlapped || attempt >= 3) {
        // Only a read that began and ended while events were arriving can be trusted to stay true.
        if (!overlapped && read.trusted && this.options.trusted()) this.#remember(botId, row);
        return found(row);
      }
    }
  }

  /** Forgets what is known of `botId`: an event said it changed. */
  invalidate(botId: string): void {
    const cached = this.#cache.get(botId);
    if (cached && cached.row === undefined) this.#unknown -= 1;
    this.#cache.delete(botId);
    this.#overlap(botId);
  }

  /** Forgets everything (the subscription was lost and found again). */
  clear(): void {
    for (const botId of [...this.#reads.keys()]) this.#overlap(botId);
    this.#cache.clear();
    this.#unknown = 0;
  }

  /** Reads of `botId` under way may predate an event: their callers read again, and later calls do not join them. */
  #overlap(botId: string): void {
    for (const read of this.#reads.get(botId) ?? []) read.overlapped = true;
    this.#latest.delete(botId);
  }

  /** Rows cached now (known and unknown bots). */
  get size(): number {
    return this.#cache.size;
  }

  /**
   * The read a call arriving at `arrivedAt` may use. While the subscription is trusted, any read under way is shared
   * (an event during it marks it overlapped, and its callers read again), so a flood for one id costs one query;
   * otherwise only a read started no earlier than the call, so a call never uses state older than itself.
   */
  #read(botId: string, arrivedAt: number): Read {
    const current = this.#latest.get(botId);
    const shareable = current?.trusted === true && this.options.trusted();
    if (current && !current.overlapped && (shareable || current.startedAt >= arrivedAt)) return current;
    const read: Read = {
      startedAt: this.#clock(),
      trusted: this.options.trusted(),
      overlapped: false,
      row: this.rows.findBot(botId),
    };
    this.#latest.set(botId, read);
    const all = this.#reads.get(botId) ?? new Set<Read>();
    all.add(read);
    this.#reads.set(botId, all);
    const settle = () => {
      if (this.#latest.get(botId) === read) this.#latest.delete(botId);
      all.delete(read);
      if (all.size === 0 && this.#reads.get(botId) === all) this.#reads.delete(botId);
    };
    read.row.then(settle, settle);
    return read;
  }

  #remember(botId: string, row: GatewayBot | undefined): void {
    const previous = this.#cache.get(botId);
    if (previous) {
      this.#cache.delete(botId);
      if (previous.row === undefined) this.#unknown -= 1;
    }
    if (row === undefined) {
      if (this.#unknown >= this.#maxUnknown) return;
      this.#unknown += 1;
    }
    if (this.#cache.size >= this.#maxRows) {
      const oldest = this.#cache.keys().next();
      if (!oldest.done) this.invalidate(oldest.value);
    }
    this.#cache.set(botId, { row, at: this.#clock() });
  }
}

function found(row: GatewayBot | undefined): GatewayBot {
  if (row === undefined) throw new AppError("BOT_NOT_FOUND");
  return row;
}
