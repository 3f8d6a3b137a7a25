/**
 * The calls a sandbox waits on, by id. {@link CallTable} is the door the sandbox uses; {@link RingCallTable} is the
 * device behind it (runtime/devices.ts, `ring`), {@link MapCallTable} the plain version the benchmark sets against it.
 *
 * What the ring buys: no garbage-collector work per call. A Map that gains and loses an entry per call replaces its
 * backing table every few calls, and V8 links each retired table to its successor with the entries left in it; once
 * the table has reached the old generation (a Map that sat unchanged through two young-generation GCs, as after an
 * idle spell), every successor is allocated there too, so each settled call's promise, closures and request stay
 * alive until a full GC. With the ring a trivial webhook takes 41 µs of CPU against 50 with a Map, and the gateway
 * makes no full GC a second against one (bench/README.md#devices-of-the-request-path).
 *
 * What it costs: this file. Ids must be given out in increasing order (the ring spans the pending ones), and a call
 * that stays pending while many newer ones start doubles the ring until they no longer collide (up to MAX_SLOTS); it
 * shrinks back at once when it empties, and else, under a load that never lets it empty, once the calls it grew for
 * have settled (checked once per as many settled calls as it has slots, so the check costs O(1) a call).
 */

/** What the sandbox needs of its table of pending calls. */
export interface CallTable<T> {
  /** Calls in the table. */
  readonly size: number;
  /** Adds `value` under `id`, a non-negative safe integer not in the table, larger than any given before. */
  set(id: number, value: T): void;
  get(id: number): T | undefined;
  has(id: number): boolean;
  /** Removes the call and returns its value, or undefined when it is not in the table. */
  take(id: number): T | undefined;
  /** The ids in the table (a copy: the table may change while it is read). */
  ids(): number[];
}

/** The plain table: a Map (see above for what it costs the garbage collector). */
export class MapCallTable<T> implements CallTable<T> {
  readonly #map = new Map<number, T>();

  get size(): number {
    return this.#map.size;
  }

  set(id: number, value: T): void {
    this.#map.set(id, value);
  }

  get(id: number): T | undefined {
    return this.#map.get(id);
  }

  has(id: number): boolean {
    return this.#map.has(id);
  }

  take(id: number): T | undefined {
    const value = this.#map.get(id);
    this.#map.delete(id);
    return value;
  }

  ids(): number[] {
    return [...this.#map.keys()];
  }
}

/** The device: a power-of-two ring of slots indexed by the id's low bits. */
const INITIAL_SLOTS = 16;
/**
 * The ring spans the ids from the oldest pending call to the newest, and ids are given out in increasing order: 2^22
 * slots is four million calls started while one stayed pending, far past what a bot's limits allow in a deadline.
 */
const MAX_SLOTS = 2 ** 22;

export class RingCallTable<T> implements CallTable<T> {
  /** The id in each slot, -1 for a free one. */
  #ids: number[] = new Array<number>(INITIAL_SLOTS).fill(-1);
  #values: Array<T | undefined> = new Array<T | undefined>(INITIAL_SLOTS).fill(undefined);
  #mask = INITIAL_SLOTS - 1;
  #size = 0;
  /** Calls taken since the ring last changed size or tried to shrink. */
  #taken = 0;

  /** Calls in the table. */
  get size(): number {
    return this.#size;
  }

  /** Slots in the ring: its memory, two array elements each. */
  get slots(): number {
    return this.#ids.length;
  }

  /**
   * Adds `value` under `id`, a non-negative safe integer not in the table. Ids are meant to be given out in increasing
   * order: the ring must span the pending ones (see MAX_SLOTS).
   */
  set(id: number, value: T): void {
    if (!Number.isSafeInteger(id) || id < 0) throw new RangeError(`Not a call id: ${id}`);
    if (this.has(id)) throw new RangeError(`Call ${id} is in the table already`);
    // Two calls whose ids share their low bits: double the ring until they do not.
    while (this.#ids[id & this.#mask] !== -1) this.#resize(this.#ids.length * 2, id);
    this.#ids[id & this.#mask] = id;
    this.#values[id & this.#mask] = value;
    this.#size += 1;
  }

  get(id: number): T | undefined {
    if (!this.has(id)) return undefined;
    return this.#values[id & this.#mask];
  }

  /** Whether a call is in the table under `id` (never for -1, the mark of a free slot, or any negative id). */
  has(id: number): boolean {
    return id >= 0 && this.#ids[id & this.#mask] === id;
  }

  /** Removes the call and returns its value, or undefined when it is not in the table. */
  take(id: number): T | undefined {
    if (!this.has(id)) return undefined;
    const slot = id & this.#mask;
    const value = this.#values[slot];
    this.#ids[slot] = -1;
    this.#values[slot] = undefined;
    this.#size -= 1;
    if (this.#ids.length > INITIAL_SLOTS) {
      this.#taken += 1;
      // A ring that grew for a slow call goes back to its first size once nothing is pending, or to the smallest that
      // spans the pending calls once they fit in a quarter of it (the calls it grew for have settled).
      if (this.#size === 0) this.#resize(INITIAL_SLOTS);
      else if (this.#taken >= this.#ids.length && this.#size * 4 <= this.#ids.length) this.#shrink();
    }
    return value;
  }

  /** The ids in the table, in slot order (a copy: the table may change while it is read). */
  ids(): number[] {
    return this.#ids.filter((id) => id !== -1);
  }

  /** Moves the calls to the smallest ring of half the size or less that holds them, each in a slot of its own. */
  #shrink(): void {
    this.#taken = 0;
    this.#place(INITIAL_SLOTS, this.#ids.length / 2);
  }

  /**
   * Moves the calls to a ring of `slots` or more, the smallest where they and `adding` (when given) each have a slot
   * of their own. Throws, leaving the table as it was, when that takes more than MAX_SLOTS.
   */
  #resize(slots: number, adding?: number): void {
    if (!this.#place(slots, MAX_SLOTS, adding))
      throw new RangeError(`Call ${adding} and the calls pending with it span more than ${MAX_SLOTS} ids`);
  }

  /**
   * Moves the calls to the smallest ring of `slots` to `most` slots where they and `adding` (when given) each have a
   * slot of their own; answers false, leaving the table as it was, when none of those sizes will do.
   */
  #place(slots: number, most: number, adding?: number): boolean {
    for (; slots <= most; slots *= 2) {
      const mask = slots - 1;
      const ids = new Array<number>(slots).fill(-1);
      const values = new Array<T | undefined>(slots).fill(undefined);
      let placed = true;
      for (let i = 0; i < this.#ids.length && placed; i += 1) {
        const id = this.#ids[i] as number;
        if (id === -1) continue;
        if (ids[id & mask] !== -1) placed = false;
        ids[id & mask] = id;
        values[id & mask] = this.#values[i];
      }
      if (!placed || (adding !== undefined && ids[adding & mask] !== -1)) continue;
      this.#ids = ids;
      this.#values = values;
      this.#mask = mask;
      this.#taken = 0;
      return true;
    }
    return false;
  }
}
