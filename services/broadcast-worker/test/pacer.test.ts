/**
 * The pacer (src/pacer.ts) on a virtual clock: never more than the ceiling in any closed second, the schedule and its
 * catch-up, 429 pauses, the history carried across runs, aborts; and `sleep` on fake timers.
 */
import { afterEach, describe, expect, it, jest } from "@jest/globals";
import fc from "fast-check";
import { CATCH_UP_MS, Pacer, sleep, type Clock } from "../src/pacer.js";

/** The most starts that fall in any window [t, t + 1000 ms). */
function busiestSecond(starts: number[]): number {
  let most = 0;
  for (let i = 0, j = 0; i < starts.length; i++) {
    while (starts[i]! - starts[j]! >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

/** The most starts that fall in any closed window [t, t + 1000 ms]: the strict reading of "in any one second". */
function busiestClosedSecond(starts: number[]): number {
  let most = 0;
  for (let i = 0, j = 0; i < starts.length; i++) {
    while (starts[i]! - starts[j]! > 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

/**
 * A virtual clock: sleeping advances time as Node's timers do (at least 1 ms) plus `lateness`, and `stall` moves time
 * on as a blocked event loop would. The pacer's rules are checked on it exactly, without wall-clock flakiness.
 */
class VirtualClock implements Clock {
  time = 1_000_000;
  /** Runs once, in the middle of the next sleep (a 429 reply landing while the pacer waits). */
  duringNextSleep: (() => void) | null = null;
  constructor(private readonly lateness: () => number) {}
  now(): number {
    return this.time;
  }
  /** Every sleep asked for, in ms. */
  readonly sleeps: number[] = [];
  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    if (signal?.aborted) return; // as sleep() does: no wait at all
    const step = Math.max(1, ms) + this.lateness();
    const during = this.duringNextSleep;
    this.duringNextSleep = null;
    if (during) {
      this.time += step / 2;
      during();
      if (signal?.aborted) return; // an abort ends the sleep at once
      this.time += step / 2;
      return;
    }
    this.time += step;
  }
  stall(ms: number): void {
    this.time += ms;
  }
}

/** Runs `count` slots on `pacer`, stalling as `stallAfter` says; returns the start times. */
async function startTimes(
  pacer: Pacer,
  clock: VirtualClock,
  count: number,
  stallAfter: (i: number) => number = () => 0,
): Promise<number[]> {
  const starts: number[] = [];
  for (let i = 0; i < count; i++) {
    starts.push((await pacer.slot())!);
    clock.stall(stallAfter(i));
  }
  return starts;
}

describe("Pacer", () => {
  it("holds the rate on average although every timer fires late and every send costs CPU", async () => {
    const clock = new VirtualClock(() => 0.2);
    const starts = await startTimes(new Pacer(1000, { clock }), clock, 5000, () => 0.05);
    const perSecond = (starts.length - 1) / ((starts.at(-1)! - starts[0]!) / 1000);
    expect(perSecond).toBeGreaterThan(995);
    expect(busiestSecond(starts)).toBeLessThanOrEqual(1000);
  });

  it("catches up a short stall but never starts more than `rate` sends in any second", async () => {
    const clock = new VirtualClock(() => 0);
    // Every 150th send the event loop stalls for 90 ms: short enough to be caught up, 9 sends at once.
    const starts = await startTimes(new Pacer(100, { clock }), clock, 1000, (i) => (i % 150 === 149 ? 90 : 0));
    expect(busiestSecond(starts)).toBe(100);
    expect(starts.filter((t, i) => i > 0 && t === starts[i - 1]).length).toBeGreaterThan(0);
  });

  it("holds the rate exactly under a higher ceiling, which bounds the catch-up instead", async () => {
    const clock = new VirtualClock(() => 1.3);
    // Timers 1.3 ms late, plus a 90 ms stall now and then that is caught up.
    const starts = await startTimes(new Pacer(30, { ceiling: 40, clock }), clock, 600, (i) =>
      i % 100 === 99 ? 90 : 0,
    );
    const perSecond = (starts.length - 1) / ((starts.at(-1)! - starts[0]!) / 1000);
    expect(perSecond).toBeCloseTo(30, 1);
    expect(busiestSecond(starts)).toBeLessThanOrEqual(40);
    expect(busiestSecond(starts)).toBeGreaterThan(30);
  });

  it("drops a long stall from the schedule instead of bursting after it", async () => {
    const clock = new VirtualClock(() => 0);
    const starts = await startTimes(new Pacer(30, { clock }), clock, 40, (i) => (i === 9 ? 2000 : 0));
    const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
    expect(Math.min(...gaps.slice(10))).toBeCloseTo(1000 / 30, 6);
  });

  it("holds every start for the pause a 429 asks for", async () => {
    const clock = new VirtualClock(() => 0);
    const pacer = new Pacer(1000, { clock });
    await pacer.slot();
    pacer.pause(3000);
    const paused = clock.now();
    await pacer.slot();
    expect(clock.now() - paused).toBe(3000);
  });

  it("holds a start whose wait was already under way when a 429 paused it, and does not burst after", async () => {
    const clock = new VirtualClock(() => 0);
    const pacer = new Pacer(100, { clock });
    await pacer.slot();
    const pausedFrom = clock.now();
    clock.duringNextSleep = () => pacer.pause(500);
    const held = (await pacer.slot())!;
    expect(held - pausedFrom).toBeGreaterThanOrEqual(500);
    const next = (await pacer.slot())!;
    expect(next - held).toBeCloseTo(10, 6);
  });

  it("gives up a 429 pause at once when its signal aborts, counting no start", async () => {
    const clock = new VirtualClock(() => 0);
    const pacer = new Pacer(1000, { clock });
    const first = (await pacer.slot())!;
    pacer.pause(600);
    const stop = new AbortController();
    clock.duringNextSleep = () => stop.abort();
    expect(await pacer.slot(stop.signal)).toBeUndefined();
    expect(clock.now() - first).toBeLessThan(600);
    // With the signal already aborted no time passes.
    const before = clock.now();
    expect(await pacer.slot(stop.signal)).toBeUndefined();
    expect(clock.now()).toBe(before);
    expect(pacer.recentStarts).toEqual([first]);
  });

  it("gives up a wait for its scheduled slot when its signal aborts", async () => {
    const clock = new VirtualClock(() => 0);
    const pacer = new Pacer(1, { clock });
    const first = (await pacer.slot())!;
    const stop = new AbortController();
    clock.duringNextSleep = () => stop.abort();
    expect(await pacer.slot(stop.signal)).toBeUndefined();
    expect(pacer.recentStarts).toEqual([first]);
  });

  it("starts the first send at once, without a timer", async () => {
    const clock = new VirtualClock(() => 0);
    const pacer = new Pacer(30, { clock });
    expect(await pacer.slot()).toBe(clock.now());
    expect(clock.sleeps).toEqual([]);
  });

  it("catches up a stall of exactly CATCH_UP_MS and restarts the schedule after a longer one", async () => {
    const run = async (stall: number) => {
      const clock = new VirtualClock(() => 0);
      const pacer = new Pacer(10, { ceiling: 40, clock });
      const t0 = (await pacer.slot())!;
      clock.stall(100 + stall); // the second slot was due at t0 + 100
      const second = (await pacer.slot())!;
      const third = (await pacer.slot())!;
      return [second - t0, third - t0];
    };
    expect(await run(CATCH_UP_MS)).toEqual([200, 200]); // caught up: the third is due at t0 + 200 already
    expect(await run(CATCH_UP_MS + 1)).toEqual([201, 301]); // dropped: the schedule restarts at the late start
  });

  it("keeps the rate when asked for a ceiling below it", async () => {
    const clock = new VirtualClock(() => 0);
    const starts = await startTimes(new Pacer(40, { ceiling: 10, clock }), clock, 100);
    expect(busiestClosedSecond(starts)).toBe(40);
  });

  it("paces a rate below one a second, one start per window", async () => {
    const clock = new VirtualClock(() => 0);
    const starts = await startTimes(new Pacer(0.5, { clock }), clock, 4);
    expect(starts.slice(1).map((t, i) => t - starts[i]!)).toEqual([2000, 2000, 2000]);
  });

  it("waits for a 429 pause in one sleep and starts exactly when it ends", async () => {
    const clock = new VirtualClock(() => 0);
    const pacer = new Pacer(1000, { clock });
    await pacer.slot();
    pacer.pause(3000);
    expect(pacer.pausedUntil).toBe(clock.now() + 3000);
    clock.sleeps.length = 0;
    const start = (await pacer.slot())!;
    expect(start).toBe(pacer.pausedUntil);
    expect(clock.sleeps).toEqual([3000]);
    expect((await pacer.slot())! - start).toBe(1);
  });

  it("never shortens a pause with a shorter one", async () => {
    const clock = new VirtualClock(() => 0);
    const pacer = new Pacer(1000, { clock });
    pacer.pause(3000);
    const until = pacer.pausedUntil;
    clock.stall(10);
    pacer.pause(500);
    expect(pacer.pausedUntil).toBe(until);
    expect(await pacer.slot()).toBe(until);
  });

  it("with a fractional rate, keeps to the whole number below it", async () => {
    const clock = new VirtualClock(() => 0);
    const starts = await startTimes(new Pacer(30.5, { clock }), clock, 200);
    expect(busiestSecond(starts)).toBe(30);
  });

  it("keeps the paid ceiling in every closed second, even with timers that fire exactly on time", async () => {
    // Exact timers put a start exactly 1,000 ms after the one `ceiling` starts before it unless the window is strict.
    const clock = new VirtualClock(() => 0);
    const starts = await startTimes(new Pacer(1000, { clock }), clock, 5000, (i) => (i % 700 === 699 ? 60 : 0));
    expect(busiestClosedSecond(starts)).toBeLessThanOrEqual(1000);
    const perSecond = (starts.length - 1) / ((starts.at(-1)! - starts[0]!) / 1000);
    expect(perSecond).toBeGreaterThan(900);
  });

  it("never starts more than the ceiling in any closed second, whatever the timers, stalls and 429s (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          rate: fc.integer({ min: 1, max: 1000 }),
          extra: fc.integer({ min: 0, max: 40 }),
          lateness: fc.array(fc.oneof(fc.constant(0), fc.double({ min: 0, max: 5, noNaN: true })), {
            minLength: 1,
            maxLength: 20,
          }),
          stalls: fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 150 })), { minLength: 1, maxLength: 20 }),
          pauses: fc.array(fc.integer({ min: 0, max: 1500 }), { maxLength: 3 }),
        }),
        async ({ rate, extra, lateness, stalls, pauses }) => {
          let n = 0;
          const clock = new VirtualClock(() => lateness[n++ % lateness.length]!);
          const ceiling = Math.min(1000, rate + extra);
          const pacer = new Pacer(rate, { ceiling, clock });
          const count = Math.min(3 * ceiling + 50, 1500);
          const starts: number[] = [];
          for (let i = 0; i < count; i++) {
            const pause = pauses[i % 97];
            if (i % 97 === 50 && pause) pacer.pause(pause);
            starts.push((await pacer.slot())!);
            clock.stall(stalls[i % stalls.length]!);
          }
          expect(busiestClosedSecond(starts)).toBeLessThanOrEqual(Math.floor(ceiling));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("counts the previous run's starts, so back-to-back broadcasts of a bot share the ceiling", async () => {
    const clock = new VirtualClock(() => 0);
    const before = new Pacer(40, { clock });
    const first = await startTimes(before, clock, 100);
    const after = new Pacer(40, { clock, history: before.recentStarts });
    const second = await startTimes(after, clock, 100);
    expect(busiestClosedSecond([...first, ...second])).toBeLessThanOrEqual(40);
    // Without the history the second run would open with a burst on top of the first run's last second.
    const fresh = await startTimes(new Pacer(40, { clock }), clock, 100);
    const unshared = await startTimes(new Pacer(40, { clock }), clock, 100);
    expect(busiestClosedSecond([...fresh, ...unshared])).toBeGreaterThan(40);
  });

  it("keeps the newest history in order and starts at once while the ceiling has room", async () => {
    const clock = new VirtualClock(() => 0);
    const now = clock.now();
    // Longer than the ring: only the newest `ceiling` count.
    const long = Array.from({ length: 8 }, (_, i) => now - 800 + i * 100);
    expect(new Pacer(5, { clock, history: long }).recentStarts).toEqual(long.slice(-5));
    // Shorter than the ring: the free places come first, so the first start need not wait.
    const short = [now - 500, now - 400];
    const pacer = new Pacer(5, { clock, history: short });
    expect(pacer.recentStarts).toEqual(short);
    expect(await pacer.slot()).toBe(now);
    expect(pacer.recentStarts).toEqual([...short, now]);
  });

  it("reports the starts of the last second, oldest first, a start exactly a second old included", async () => {
    const clock = new VirtualClock(() => 0);
    const pacer = new Pacer(3, { clock });
    const starts = await startTimes(pacer, clock, 5); // the ring wraps
    expect(pacer.recentStarts).toEqual(starts.slice(-3));
    clock.time = starts.at(-3)! + 1000;
    expect(pacer.recentStarts).toEqual(starts.slice(-3));
    clock.time += 0.5;
    expect(pacer.recentStarts).toEqual(starts.slice(-2));
  });

  it("moves only the newest start to the moment the send really started", async () => {
    const clock = new VirtualClock(() => 0);
    const pacer = new Pacer(5, { clock });
    const first = (await pacer.slot())!;
    pacer.started();
    expect(pacer.recentStarts).toEqual([first]);
    await pacer.slot();
    clock.stall(3);
    pacer.started();
    expect(pacer.recentStarts).toEqual([first, clock.now()]);
  });

  it("waits out a 429 that arrives during a wait in one more sleep, not by polling", async () => {
    const clock = new VirtualClock(() => 0);
    const pacer = new Pacer(100, { clock });
    await pacer.slot();
    clock.duringNextSleep = () => pacer.pause(500);
    await pacer.slot();
    expect(clock.sleeps).toHaveLength(2);
  });

  it("counts a start at the moment the caller says it really started, never earlier", async () => {
    const clock = new VirtualClock(() => 0);
    const pacer = new Pacer(40, { clock });
    const starts: number[] = [];
    for (let i = 0; i < 120; i++) {
      await pacer.slot();
      clock.stall(i % 7 === 0 ? 3 : 0); // the caller resumes late now and then
      pacer.started();
      starts.push(clock.now());
    }
    expect(busiestClosedSecond(starts)).toBeLessThanOrEqual(40);
  });

  it("runs on real timers too", async () => {
    const pacer = new Pacer(200);
    const starts: number[] = [];
    for (let i = 0; i < 250; i++) starts.push((await pacer.slot())!);
    expect(busiestSecond(starts)).toBeLessThanOrEqual(200);
  });
});

describe("sleep", () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  /** Whether `promise` has settled once pending microtasks have run. */
  async function settled(promise: Promise<unknown>): Promise<boolean> {
    let done = false;
    void promise.then(() => {
      done = true;
    });
    for (let i = 0; i < 5; i++) await Promise.resolve();
    return done;
  }

  it("waits the time asked, with or without a signal", async () => {
    jest.useFakeTimers();
    for (const signal of [undefined, new AbortController().signal]) {
      const waiting = sleep(1000, signal);
      jest.advanceTimersByTime(999);
      expect(await settled(waiting)).toBe(false);
      jest.advanceTimersByTime(1);
      expect(await settled(waiting)).toBe(true);
    }
  });

  it("ends at once when the signal aborts, leaving no timer behind", async () => {
    jest.useFakeTimers();
    const stop = new AbortController();
    const waiting = sleep(60_000, stop.signal);
    expect(await settled(waiting)).toBe(false);
    stop.abort();
    expect(await settled(waiting)).toBe(true);
    expect(jest.getTimerCount()).toBe(0);
    expect(await settled(sleep(60_000, stop.signal))).toBe(true); // already aborted: no wait at all
    expect(jest.getTimerCount()).toBe(0);
  });

  it("removes its abort listener when the time is up", async () => {
    jest.useFakeTimers();
    const listeners = new Set<unknown>();
    const signal = {
      aborted: false,
      addEventListener: (_type: string, listener: unknown) => listeners.add(listener),
      removeEventListener: (type: string, listener: unknown) => type === "abort" && listeners.delete(listener),
    } as unknown as AbortSignal;
    const waiting = sleep(10, signal);
    expect(listeners.size).toBe(1);
    jest.advanceTimersByTime(10);
    expect(await settled(waiting)).toBe(true);
    expect(listeners.size).toBe(0);
  });
});
