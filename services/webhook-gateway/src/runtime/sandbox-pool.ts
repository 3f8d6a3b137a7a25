/**
 * The sandboxes of this replica, one current sandbox per bot, and the graceful swap: when a bot's fingerprint
 * changes (restart, env, token), new calls go to a new sandbox while calls already running finish on the old one,
 * which is freed when its last call ends. Idle bots are freed after `idleMs`; past `maxLoaded`, the least recently
 * used idle bots go first. A sandbox that failed to build is not rebuilt until its fingerprint changes.
 *
 * @see docs/bot-runtime.md#restarts
 */
import { type Sandbox, SandboxError } from "./sandbox.js";

/** Builds a sandbox for a bot; reports the fingerprint of what it was built from. */
export type SandboxBuilder = (botId: string) => Promise<{ sandbox: Sandbox; fingerprint: string }>;

/** Settings of the pool. */
export interface PoolOptions {
  /** Sandboxes kept loaded at most; the least recently used idle ones are freed first. */
  maxLoaded: number;
  /** A bot unused this long is freed. */
  idleMs: number;
  clock?: () => number;
}

/** A sandbox lent to one call; `release` must be called once the call has ended (a second call does nothing). */
export class Lease {
  #released = false;

  constructor(
    readonly sandbox: Sandbox,
    private readonly slot: Slot,
    private readonly clock: () => number,
  ) {}

  release(): void {
    if (this.#released) return;
    this.#released = true;
    leaveSlot(this.slot, this.clock());
    this.sandbox.unlease();
  }
}

interface Slot {
  fingerprint: string | undefined;
  current: Sandbox | undefined;
  building: Promise<Sandbox> | undefined;
  failed: { fingerprint: string; error: SandboxError } | undefined;
  inFlight: number;
  lastUsed: number;
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

  constructor(
    private readonly build: SandboxBuilder,
    private readonly options: PoolOptions,
  ) {
    this.#clock = options.clock ?? (() => performance.now());
    this.#sweeper = setInterval(() => this.sweep(), Math.min(60_000, options.idleMs));
    this.#sweeper.unref();
  }

  /**
   * The bot's sandbox for `fingerprint`, built (or rebuilt after an incident) when needed, held until the lease's
   * `release`. At once (no promise) when the current sandbox will do, as it does for every call but a bot's first.
   */
  acquire(botId: string, fingerprint: string): Lease | Promise<Lease> {
    const slot = this.#slot(botId);
    slot.inFlight += 1;
    slot.lastUsed = this.#clock();
    const ready = this.#ready(slot, fingerprint);
    if (ready !== undefined) return new Lease(ready, slot, this.#clock);
    return this.#sandbox(botId, slot, fingerprint).then(
      (sandbox) => new Lease(sandbox, slot, this.#clock),
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

  /** Frees every sandbox now (shutdown). */
  close(): void {
    clearInterval(this.#sweeper);
    for (const slot of this.#slots.values()) slot.current?.close();
    this.#slots.clear();
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
      };
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
      return sandbox;
    } catch (err) {
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
