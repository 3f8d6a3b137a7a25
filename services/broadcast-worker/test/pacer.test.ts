/** The pacer's guarantees (never more than `rate` starts in any second, 429 pauses) and the recipient feed's order. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { newId } from "@botyard/common";
import { accounts, bots, createDb, recipients, type DbHandle } from "@botyard/db";
import { createTestDatabase, type TestDatabase } from "@botyard/db/testing";
import { WorkerRepository } from "../src/broadcast-repository.js";
import { Pacer, type Clock } from "../src/pacer.js";
import { RecipientFeed } from "../src/recipient-feed.js";

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
  async sleep(ms: number): Promise<void> {
    const step = Math.max(1, ms) + this.lateness();
    const during = this.duringNextSleep;
    this.duringNextSleep = null;
    if (during) {
      this.time += step / 2;
      during();
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

  it("gives up a wait at once when its signal aborts, counting no start", async () => {
    const pacer = new Pacer(1000);
    await pacer.slot();
    pacer.pause(60_000);
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 20);
    expect(await pacer.slot(stop.signal)).toBeUndefined();
    expect(await pacer.slot(stop.signal)).toBeUndefined();
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

describe("RecipientFeed", () => {
  let database: TestDatabase;
  let handle: DbHandle;
  let botId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = createDb(database.url, { max: 4 });
    const accountId = newId();
    botId = newId();
    await handle.db.insert(accounts).values({ id: accountId, email: `${accountId}@example.com` });
    await handle.db.insert(bots).values({ id: botId, accountId });
    // 1,234 recipients with gaps in their ids; every 7th speaks "de", every 10th blocked the bot.
    const rows = Array.from({ length: 1234 }, (_, i) => ({
      botId,
      chatId: (i + 1) * 3,
      languageCode: i % 7 === 0 ? "DE" : "en",
      blocked: i % 10 === 0,
    }));
    await handle.db.insert(recipients).values(rows);
  });
  afterAll(async () => {
    await handle.pool.end();
    await database.drop();
  });

  async function drain(feed: RecipientFeed): Promise<number[]> {
    const out: number[] = [];
    for (let id = await feed.next(); id !== undefined; id = await feed.next()) out.push(id);
    return out;
  }

  it("hands out every unblocked recipient once, in chat id order, across pages read ahead", async () => {
    const ids = await drain(new RecipientFeed(new WorkerRepository(handle.db), botId, null, undefined, 100));
    const expected = Array.from({ length: 1234 }, (_, i) => i)
      .filter((i) => i % 10 !== 0)
      .map((i) => (i + 1) * 3);
    expect(ids).toEqual(expected);
  });

  it("resumes after a cursor and filters by language without regard to case", async () => {
    const ids = await drain(new RecipientFeed(new WorkerRepository(handle.db), botId, 1500, "de", 50));
    const expected = Array.from({ length: 1234 }, (_, i) => i)
      .filter((i) => i % 10 !== 0 && i % 7 === 0 && (i + 1) * 3 > 1500)
      .map((i) => (i + 1) * 3);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual(expected);
  });

  it("surfaces a failed read to the caller and can be asked again", async () => {
    let fail = true;
    const real = new WorkerRepository(handle.db);
    const flaky = Object.assign(Object.create(real) as WorkerRepository, {
      recipientsAfter: (...args: Parameters<WorkerRepository["recipientsAfter"]>) =>
        fail ? Promise.reject(new Error("connection lost")) : real.recipientsAfter(...args),
    });
    const feed = new RecipientFeed(flaky, botId, null, undefined, 100);
    await expect(feed.next()).rejects.toThrow("connection lost");
    fail = false;
    expect(await feed.next()).toBe(6);
  });
});
