/**
 * RingCallTable (runtime/call-table.ts): the Map-like table of a sandbox's pending calls, as the sandbox uses it. Ids that
 * share their low bits grow the ring; a stale id never finds a newer call; the ring goes back to its first size once
 * empty, and shrinks under a steady load once the call it grew for has settled; ids past 2^32 work as small ones do.
 */
import { describe, expect, it } from "@jest/globals";
import { RingCallTable } from "../../../src/runtime/call-table.js";

describe("RingCallTable", () => {
  it("sets, gets, takes and counts calls by id", () => {
    const table = new RingCallTable<string>();
    table.set(1, "a");
    table.set(2, "b");
    expect(table.size).toBe(2);
    expect(table.get(1)).toBe("a");
    expect(table.has(2)).toBe(true);
    expect(table.take(1)).toBe("a");
    expect(table.take(1)).toBeUndefined();
    expect(table.get(1)).toBeUndefined();
    expect(table.has(1)).toBe(false);
    expect(table.size).toBe(1);
    expect(table.ids()).toEqual([2]);
  });

  it("keeps a slow call while thousands of newer ones come and go, and finds each by its own id only", () => {
    const table = new RingCallTable<number>();
    table.set(1, 1);
    for (let id = 2; id < 5_000; id += 1) {
      table.set(id, id);
      // The id 16 (and then 32, ...) later lands on the slow call's slot: the ring grows instead of overwriting it.
      expect(table.get(1)).toBe(1);
      expect(table.take(id)).toBe(id);
      // A stale id, from the slot's previous call, finds nothing.
      expect(table.get(id)).toBeUndefined();
    }
    expect(table.size).toBe(1);
    expect(table.take(1)).toBe(1);
    expect(table.size).toBe(0);
  });

  it("shrinks back once the slow call that made it grow settles, under a load that never lets it empty", () => {
    const table = new RingCallTable<number>();
    table.set(1, 1);
    let id = 2;
    // Always one call pending besides the slow one, as under a steady load.
    table.set(id, id);
    for (; id < 5_000; id += 1) {
      table.set(id + 1, id + 1);
      expect(table.take(id)).toBe(id);
    }
    const grown = table.slots;
    expect(grown).toBeGreaterThanOrEqual(4096);
    expect(table.take(1)).toBe(1);
    // Calls go on coming and going, one always pending: within as many calls as it has slots, the ring is small again.
    for (let n = 0; n < grown; n += 1, id += 1) {
      table.set(id + 1, id + 1);
      expect(table.take(id)).toBe(id);
    }
    expect(table.size).toBe(1);
    expect(table.slots).toBeLessThanOrEqual(32);
    expect(table.get(id)).toBe(id);
    // A slow call still pending holds the ring at the size its span takes: it never shrinks under one.
    const slow = id;
    for (let n = 0; n < 3 * 4096; n += 1, id += 1) {
      table.set(id + 1, id + 1);
      if (id !== slow) expect(table.take(id)).toBe(id);
    }
    expect(table.slots).toBeGreaterThanOrEqual(4096);
    expect(table.get(slow)).toBe(slow);
    expect(table.size).toBe(2);
  });

  it("holds many calls at once, whatever their ids, and lists them all", () => {
    const table = new RingCallTable<string>();
    const ids = [0, 16, 32, 48, 1024, 7, 2 ** 20, 2 ** 20 + 16, 3];
    for (const id of ids) table.set(id, `v${id}`);
    expect(table.size).toBe(ids.length);
    for (const id of ids) expect(table.get(id)).toBe(`v${id}`);
    expect([...table.ids()].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    for (const id of ids) expect(table.take(id)).toBe(`v${id}`);
    expect(table.size).toBe(0);
    // Back to its first size: new calls still land and are found.
    table.set(5, "again");
    expect(table.get(5)).toBe("again");
  });

  it("works with ids past 2^31 and 2^32 as with small ones (a sandbox that served billions of calls)", () => {
    for (const base of [2 ** 31, 2 ** 32, 2 ** 40]) {
      const table = new RingCallTable<number>();
      const ids = [base - 2, base - 1, base, base + 1, base + 15, base + 16];
      for (const id of ids) table.set(id, id);
      for (const id of ids) expect(table.get(id)).toBe(id);
      expect(table.take(base)).toBe(base);
      expect(table.get(base)).toBeUndefined();
      expect(table.get(base + 16)).toBe(base + 16);
      expect(table.get(base - 1)).toBe(base - 1);
    }
  });

  it("refuses a call whose id is as far from a pending one as the ring may span, and stays as it was", () => {
    const table = new RingCallTable<string>();
    table.set(5, "old");
    table.set(6, "next");
    expect(() => table.set(2 ** 40 + 5, "far")).toThrow(RangeError);
    expect(table.size).toBe(2);
    expect(table.get(5)).toBe("old");
    expect(table.get(6)).toBe("next");
    table.set(7, "later");
    expect(table.ids()).toEqual([5, 6, 7]);
  });

  it("finds nothing under a negative id, the free slots' mark included, and counts nothing taken", () => {
    const table = new RingCallTable<string>();
    expect(table.has(-1)).toBe(false);
    expect(table.get(-1)).toBeUndefined();
    expect(table.take(-1)).toBeUndefined();
    expect(table.size).toBe(0);
    table.set(3, "c");
    expect(table.take(-1)).toBeUndefined();
    expect(table.size).toBe(1);
    expect(table.ids()).toEqual([3]);
  });

  it("refuses an id that is not a non-negative safe integer, or one already in the table", () => {
    const table = new RingCallTable<string>();
    table.set(1, "a");
    expect(() => table.set(1, "b")).toThrow(RangeError);
    expect(() => table.set(-1, "b")).toThrow(RangeError);
    expect(() => table.set(1.5, "b")).toThrow(RangeError);
    expect(() => table.set(2 ** 53, "b")).toThrow(RangeError);
    expect(table.get(1)).toBe("a");
    expect(table.size).toBe(1);
  });
});
