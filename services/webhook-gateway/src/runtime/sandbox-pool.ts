/**
 * The sandboxes of this replica, one current sandbox per bot, and the graceful swap: when a bot's fingerprint
 * changes (restart, env, token), new calls go to a new sandbox while calls already running finish on the old one,
 * which is freed when its last call ends. Idle bots are freed after `idleMs`; past `maxLoaded`, the least recently
 * used idle bots go first. A sandbox that failed to build is not rebuilt until its fingerprint changes.
 *
 * With a memory budget, each loaded isolate is counted at its measured size, and the pool keeps the gateway within
 * it: idle isolates go first, least recently used first, when a bot must be loaded or when measured growth passed the
 * budget; when nothing idle is left, loading a bot fails with {@link NoRoomError}.
 *
 * @see docs/bot-runtime.md#restarts
 * @see docs/bot-runtime.md#memory
 */
import { type MemoryBudget, NoRoomError } from "./memory-budget.js";
import { type Sandbox, SandboxError } from "./sandbox.js";

/**
 * What a bot's isolate is counted at before it is first measured: a fresh isolate with our bootstrap commits about
 * 2 MiB of heap. Its size measured once its code has loaded replaces it.
 */
export const NEW_ISOLATE_BYTES = 4 * 1024 * 1024;
/**
 * Native memory of an isolate outside its heap (its thread's structures, the mailbox), added to each measured size:
 * 1,000 idle bots took 1.1 MiB of RSS each (docs/operations.md#per-process-figures).
 */
export const ISOLATE_OVERHEAD_BYTES = 1024 * 1024;
/** How often the isolates used since their last measurement are measured again. */
export const MEASURE_MS = 2000;
/**
 * An isolate is also measured when a call on it ends, at most this often: a bot that fills its heap in one call is
 * counted as that call ends, not up to MEASURE_MS later.
 */
export const MEASURE_AFTER_CALL_MS = 250;

/** Builds a sandbox for a bot; reports the fingerprint of what it was built from. */
export type SandboxBuilder = (botId: string) => Promise<{ sandbox: Sandbox; fingerprint: string }>;

/** Settings of the pool. */
export interface PoolOptions {
  /** Sandboxes kept loaded at most; the least recently used idle ones are freed first. */
  maxLoaded: number;
  /** A bot unused this long is freed. */
  idleMs: number;
  /** The gateway's memory budget: isolates are counted in it, and evicted to keep within it. @defaultValue none */
  memory?: MemoryBudget;
  clock?: () => number;
}

/** A sandbox lent to one call; `release` must be called once the call has ended (a second call does nothing). */
export class Lease {
  #released = false;

  constructor(
    readonly sandbox: Sandbox,
    private readonly slot: Slot,
    private readonly clock: () => number,
    private readonly ended?: () => void,
  ) {}

  release(): void {
    if (this.#released) return;
    this.#released = true;
    leaveSlot(this.slot, this.clock());
    this.sandbox.unlease();
    this.ended?.();
  }
}

interface Slot {
  fingerprint: string | undefined;
  current: Sandbox | undefined;
  building: Promise<Sandbox> | undefined;
  failed: { fingerprint: string; error: SandboxError } | undefined;
  inFlight: number;
  lastUsed: number;
  /** Bytes the slot's isolate is counted at in the memory budget. */
  bytes: number;
  /** Used since it was last measured. */
  dirty: boolean;
  /** When it was last measured after a call (clock time). */
  measuredAt: number;
  /** Told when a call on it ends (with a memory budget): one closure per slot, not one per call. */
  ended: (() => void) | undefined;
}

/** A call counted in `slot` by `acquire` has ended (released, or its build failed): the idle sweep may count from now. */
function leaveSlot(slot: Slot, now: number): void {
  slot.inFlight -= 1;
  slot.lastUsed = now;
}

/** One current sandbox per bot, swapped gracefully. */
export class SandboxPool {
  readonly #slots = new Map<string, Slot>();
  readonly #clock: () => number;
  readonly #sweeper: NodeJS.Timeout;
  readonly #measurer: NodeJS.Timeout | undefined;
  /** Idle isolates freed to make room in the memory budget. */
  evictions = 0;

  constructor(
    private readonly build: SandboxBuilder,
    private readonly options: PoolOptions,
  ) {
    this.#clock = options.clock ?? (() => performance.now());
    this.#sweeper = setInterval(() => this.sweep(), Math.min(60_000, options.idleMs));
    this.#sweeper.unref();
    const memory = options.memory;
    if (memory !== undefined) {
      memory.evictIdle = (bytes) => this.#evictIdle(bytes);
      this.#measurer = setInterval(() => void this.measure(), MEASURE_MS);
      this.#measurer.unref();
    }
  }

  /**
   * The bot's sandbox for `fingerprint`, built (or rebuilt after an incident) when needed, held until the lease's
   * `release`. At once (no promise) when the current sandbox will do, as it does for every call but a bot's first.
   */
  acquire(botId: string, fingerprint: string): Lease | Promise<Lease> {
    const slot = this.#slot(botId);
    slot.inFlight += 1;
    slot.lastUsed = this.#clock();
    slot.dirty = true;
    const ready = this.#ready(slot, fingerprint);
    if (ready !== undefined) return new Lease(ready, slot, this.#clock, slot.ended);
    return this.#sandbox(botId, slot, fingerprint).then(
      (sandbox) => new Lease(sandbox, slot, this.#clock, slot.ended),
      (err: unknown) => {
        leaveSlot(slot, this.#clock());
        throw err;
      },
    );
  }

  /**
   * The slot's current sandbox, leased, when it was built from `fingerprint` and is open; else undefined. A failed
   * build needs no check here: `#rebuild` empties `current` before it builds and records a failure only then.
   */
  #ready(slot: Slot, fingerprint: string): Sandbox | undefined {
    const current = slot.current;
    if (current === undefined || current.closed || slot.fingerprint !== fingerprint) return undefined;
    // Held from the moment it is chosen, so a restart that retires it meanwhile waits for this caller.
    current.lease();
    return current;
  }

  /** Retires the bot's sandbox (stop, delete, halt): calls in flight finish, new calls need a new build. */
  retire(botId: string): void {
    const slot = this.#slots.get(botId);
    if (!slot) return;
    slot.current?.retire();
    this.#count(slot, 0);
    this.#slots.delete(botId);
  }

  /** Sandboxes loaded now. */
  get loadedCount(): number {
    let n = 0;
    for (const slot of this.#slots.values()) if (slot.current && !slot.current.closed) n += 1;
    return n;
  }

  /** Frees idle bots (called on a timer; public for tests). */
  sweep(): void {
    const cutoff = this.#clock() - this.options.idleMs;
    for (const [botId, slot] of this.#slots) {
      if (slot.inFlight === 0 && slot.lastUsed < cutoff) this.retire(botId);
    }
  }

  /**
   * Measures the isolates used since their last measurement (called on a timer; public for tests), then frees idle
   * ones while the measured total is over the budget.
   */
  async measure(): Promise<void> {
    const memory = this.options.memory;
    if (memory === undefined) return;
    const measured: Promise<void>[] = [];
    for (const [botId, slot] of this.#slots) {
      if (!slot.dirty || slot.current === undefined) continue;
      slot.dirty = false;
      measured.push(this.#measure(botId, slot, slot.current));
    }
    await Promise.all(measured);
    const over = memory.usedBytes - memory.options.gatewayBytes;
    if (over > 0) this.#evictIdle(over);
  }

  /** Frees every sandbox now (shutdown). */
  close(): void {
    clearInterval(this.#sweeper);
    clearInterval(this.#measurer);
    for (const slot of this.#slots.values()) {
      slot.current?.close();
      this.#count(slot, 0);
    }
    this.#slots.clear();
  }

  /** Counts `slot` at `bytes` in the memory budget. */
  #count(slot: Slot, bytes: number): void {
    this.options.memory?.addIsolateBytes(bytes - slot.bytes);
    slot.bytes = bytes;
  }

  /** A call on the slot's isolate ended: measure it (at most every MEASURE_AFTER_CALL_MS), and keep within budget. */
  #afterCall(botId: string, slot: Slot): void {
    const now = this.#clock();
    const sandbox = slot.current;
    if (sandbox === undefined || now - slot.measuredAt < MEASURE_AFTER_CALL_MS) return;
    slot.measuredAt = now;
    void this.#measure(botId, slot, sandbox).then(() => {
      const memory = this.options.memory;
      const over = memory === undefined ? 0 : memory.usedBytes - memory.options.gatewayBytes;
      if (over > 0) this.#evictIdle(over);
    });
  }

  /** Counts the slot's isolate at its size now (nothing once it is disposed). */
  async #measure(botId: string, slot: Slot, sandbox: Sandbox): Promise<void> {
    const bytes = sandbox.closed ? 0 : await sandbox.memoryBytes().catch(() => 0);
    // Retired or replaced meanwhile: what it is counted at now is someone else's to set.
    if (slot.current !== sandbox || this.#slots.get(botId) !== slot) return;
    this.#count(slot, bytes > 0 ? bytes + ISOLATE_OVERHEAD_BYTES : 0);
  }

  /** Frees idle isolates, least recently used first, until `bytes` are freed or none is left. */
  #evictIdle(bytes: number): void {
    const idle = [...this.#slots.entries()]
      .filter(([, s]) => s.inFlight === 0 && s.current !== undefined && s.building === undefined)
      .sort(([, a], [, b]) => a.lastUsed - b.lastUsed);
    let freed = 0;
    for (const [botId, slot] of idle) {
      if (freed >= bytes) break;
      freed += slot.bytes;
      this.retire(botId);
      this.evictions += 1;
    }
  }

  #slot(botId: string): Slot {
    let slot = this.#slots.get(botId);
    if (!slot) {
      slot = {
        fingerprint: undefined,
        current: undefined,
        building: undefined,
        failed: undefined,
        inFlight: 0,
        lastUsed: this.#clock(),
        bytes: 0,
        dirty: false,
        measuredAt: Number.NEGATIVE_INFINITY,
        ended: undefined,
      };
      const created = slot;
      if (this.options.memory !== undefined) created.ended = () => this.#afterCall(botId, created);
      this.#slots.set(botId, slot);
    }
    return slot;
  }

  async #sandbox(botId: string, slot: Slot, fingerprint: string): Promise<Sandbox> {
    for (;;) {
      if (slot.failed?.fingerprint === fingerprint) throw slot.failed.error;
      const ready = this.#ready(slot, fingerprint);
      if (ready !== undefined) return ready;
      if (slot.building && slot.fingerprint === fingerprint) {
        await slot.building.catch(() => undefined);
        continue;
      }
      return this.#rebuild(botId, slot, fingerprint);
    }
  }

  async #rebuild(botId: string, slot: Slot, wanted: string): Promise<Sandbox> {
    slot.current?.retire();
    slot.current = undefined;
    this.#count(slot, 0);
    const memory = this.options.memory;
    if (memory !== undefined) {
      if (!memory.fits(NEW_ISOLATE_BYTES)) {
        memory.noteRefusal();
        throw new NoRoomError("The gateway has no memory free for this bot now; try again shortly");
      }
      this.#count(slot, NEW_ISOLATE_BYTES);
    }
    slot.fingerprint = wanted;
    const built = this.build(botId);
    const building = built.then((b) => b.sandbox);
    building.catch(() => {}); // waiters see the failure through `built`; this copy must not be an unhandled rejection
    slot.building = building;
    try {
      const { sandbox, fingerprint } = await built;
      if (this.#slots.get(botId) !== slot) {
        // The bot was stopped, deleted or halted while this was being built.
        sandbox.close();
        throw new SandboxError("closed", "The bot was stopped while its code was loading");
      }
      if (slot.building !== building) {
        // A newer build superseded this one: use that.
        sandbox.close();
        return this.#sandbox(botId, slot, slot.fingerprint ?? wanted);
      }
      // The row may be newer than what the caller saw: the slot is keyed by what the sandbox was really built from.
      slot.fingerprint = fingerprint;
      slot.current = sandbox;
      slot.failed = undefined;
      sandbox.lease();
      this.#evictOverflow();
      if (memory !== undefined) {
        // Counted at what its code took to load, before its first call runs; past the budget, idle ones make room.
        await this.#measure(botId, slot, sandbox);
        const over = memory.usedBytes - memory.options.gatewayBytes;
        if (over > 0) this.#evictIdle(over);
      }
      return sandbox;
    } catch (err) {
      if (slot.current === undefined && this.#slots.get(botId) === slot) this.#count(slot, 0);
      if (this.#slots.get(botId) === slot && slot.building === building && isBuildError(err)) {
        slot.failed = { fingerprint: wanted, error: err };
      }
      throw err;
    } finally {
      if (slot.building === building) slot.building = undefined;
    }
  }

  #evictOverflow(): void {
    let loaded = this.loadedCount;
    if (loaded <= this.options.maxLoaded) return;
    const idle = [...this.#slots.entries()]
      .filter(([, s]) => s.inFlight === 0 && s.current !== undefined)
      .sort(([, a], [, b]) => a.lastUsed - b.lastUsed);
    for (const [botId] of idle) {
      if (loaded <= this.options.maxLoaded) break;
      this.retire(botId);
      loaded -= 1;
    }
  }
}

function isBuildError(err: unknown): err is SandboxError {
  return err instanceof SandboxError && err.kind !== "closed";
}
