/**
 * Where the gateway learns what a bot is now: its row, cached while this replica's event subscription is trusted
 * (see BotEventBus in @botyard/common), dropped at once by a bot event, and read from Postgres for every call while
 * the subscription is not trusted (Redis away). Ids that cannot be ours answer 404 without a read.
 *
 * Unknown ids cost no read while the subscription is trusted: the directory keeps the set of ids that exist (one
 * `SELECT id FROM bots` when it first needs it, again after the subscription was lost or trust lapsed, and after
 * `maxAgeMs`), and every event adds its bot's id (management publishes `create` after createBot and transferBot
 * commit). A bot committed after the set's snapshot was taken is announced after the load began, so an event that
 * arrives while the load is under way is merged into the result. The set may hold ids that no longer exist (a
 * delete event adds its id too); those cost one read each, as before. While the subscription is not trusted, or
 * the set could not be loaded, an unknown id costs one read (concurrent calls share it) and is remembered like a
 * row. A flood of distinct random ids thus takes none of the gateway's few database connections
 * (bench/README.md#abuse).
 *
 * A read that overlapped an event for its bot is not used: it may predate the change the event announced, and once
 * management's restartBot has answered, no call may start on the old state.
 *
 * @see docs/operations.md#bot-events
 */
import { AppError } from "@botyard/common/errors";
import { ID_PATTERN } from "@botyard/common/crypto";
import type { GatewayBot } from "../bots/gateway-repository.js";

/** The lookups the directory needs. */
export interface BotRows {
  findBot(botId: string): Promise<GatewayBot | undefined>;
  /** Every bot id, at most `limit` of them; without it unknown ids always cost a read. */
  botIds?(limit: number): Promise<string[]>;
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
  /**
   * @defaultValue 1,000,000 ids in the set of existing bots at most (about 100 bytes each); with more bots than that
   * the set is not used and unknown ids cost a read each.
   */
  maxKnownIds?: number;
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

/** A load of the set of existing ids. */
interface KnownLoad {
  /** The set's epoch when the load began: a lost subscription (clear) makes the result unusable. */
  epoch: number;
  /** Ids of events that arrived while the load was under way (they may be missing from its snapshot). */
  additions: Set<string>;
  ids: Promise<Set<string> | undefined>;
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
  /** Ids of every bot (and maybe some deleted ones) while the subscription stayed trusted since the load began. */
  #known: { ids: Set<string>; at: number } | undefined;
  #knownLoad: KnownLoad | undefined;
  /** Bumped whenever the set may have missed an event. */
  #knownEpoch = 0;
  /** The subscription was seen untrusted since the set was loaded. */
  #lapsed = false;
  readonly #maxKnownIds: number;
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
    this.#maxKnownIds = options.maxKnownIds ?? 1_000_000;
    this.#clock = options.clock ?? (() => performance.now());
  }

  /**
   * The bot's row when this replica holds a fresh copy it can trust, without waiting; otherwise undefined, and `get`
   * finds it. The request path asks this first: a call to a bot in use costs no promise here.
   */
  cached(botId: string): GatewayBot | undefined {
    if (!this.options.trusted()) return undefined;
    const cached = this.#cache.get(botId);
    return cached !== undefined && this.#clock() - cached.at < this.#maxAgeMs ? cached.row : undefined;
  }

  /** The bot's row now; throws BOT_NOT_FOUND for an unknown bot. */
  async get(botId: string): Promise<GatewayBot> {
    if (!ID_PATTERN.test(botId)) throw new AppError("BOT_NOT_FOUND");
    const arrivedAt = this.#clock();
    if (this.options.trusted()) {
      const cached = this.#cache.get(botId);
      if (cached && arrivedAt - cached.at < this.#maxAgeMs) return found(cached.row);
      // Awaited only while a load runs, so that a read begins in the same tick as the call otherwise.
      const pending = this.#knownIds();
      const known = pending instanceof Promise ? await pending : pending;
      // Trust is checked again: the load may have taken a while.
      if (known && !known.has(botId) && this.options.trusted()) throw new AppError("BOT_NOT_FOUND");
    } else {
      this.#lapsed = true;
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

  /** Forgets what is known of `botId`: an event said it changed (or that it exists now). */
  invalidate(botId: string): void {
    this.#known?.ids.add(botId);
    this.#knownLoad?.additions.add(botId);
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
    this.#dropKnown();
  }

  #dropKnown(): void {
    this.#knownEpoch += 1;
    this.#known = undefined;
    this.#knownLoad = undefined;
  }

  /**
   * The set of existing ids to answer an uncached id from, loading it when there is none (or it is old, or trust
   * lapsed since it was loaded); undefined when it cannot be had, and the caller reads the row. Called only while
   * trusted, so a load begins on a subscription whose loss would bump the epoch.
   */
  #knownIds(): Set<string> | undefined | Promise<Set<string> | undefined> {
    if (!this.rows.botIds) return undefined;
    if (this.#lapsed) {
      this.#lapsed = false;
      this.#dropKnown();
    }
    const known = this.#known;
    if (known && this.#clock() - known.at < this.#maxAgeMs) return known.ids;
    const load = this.#knownLoad ?? this.#loadKnown(this.rows.botIds.bind(this.rows));
    return load.ids;
  }

  #loadKnown(botIds: (limit: number) => Promise<string[]>): KnownLoad {
    const startedAt = this.#clock();
    const load: KnownLoad = { epoch: this.#knownEpoch, additions: new Set(), ids: Promise.resolve(undefined) };
    load.ids = botIds(this.#maxKnownIds + 1).then(
      (rows) => {
        if (this.#knownLoad === load) this.#knownLoad = undefined;
        if (load.epoch !== this.#knownEpoch || rows.length > this.#maxKnownIds) return undefined;
        const ids = new Set(rows);
        for (const id of load.additions) ids.add(id);
        this.#known = { ids, at: startedAt };
        return ids;
      },
      () => {
        // Postgres away: calls read their rows (and fail) as before; the next call tries again.
        if (this.#knownLoad === load) this.#knownLoad = undefined;
        return undefined;
      },
    );
    this.#knownLoad = load;
    return load;
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
