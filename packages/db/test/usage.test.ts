/**
 * Usage metering's storage: flushes add up (two replicas' deltas into the same rows), minutes go into their hour,
 * histograms merge element by element, stored documents are sampled, old rows are pruned, percentiles read back.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { sql } from "drizzle-orm";
import {
  accounts,
  bots,
  createDb,
  type DbHandle,
  percentileOf,
  UsageFlusher,
  UsageMeter,
  UsageRepository,
  USAGE_WALL_BUCKETS_MS,
} from "../src/index.js";
import { createTestDatabase, type TestDatabase } from "../src/testing.js";

let database: TestDatabase;
let handle: DbHandle;
let repo: UsageRepository;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = createDb(database.url, { max: 2 });
  repo = new UsageRepository(handle.db);
  await handle.db.insert(accounts).values({ id: "acc1", email: "a@example.com" });
  await handle.db.insert(bots).values([
    { id: "bot1", accountId: "acc1" },
    { id: "bot2", accountId: "acc1" },
  ]);
});
afterAll(async () => {
  await handle.pool.end();
  await database.drop();
});

const T0 = Date.UTC(2026, 10, 28, 10, 59, 30);

describe("usage flush", () => {
  it("adds the deltas of two replicas into one row per bot and minute, and into the hour", async () => {
    let now = T0;
    const a = new UsageMeter(true, () => now);
    const b = new UsageMeter(true, () => now);
    a.cell("bot1").requests += 3;
    a.cell("bot1").observeWall(0.5);
    a.cell("bot1").observeWall(30);
    b.cell("bot1").requests += 2;
    b.cell("bot1").observeWall(30);
    b.cell("bot1").cpuMs += 1.5;
    now += 60_000; // the next minute: 11:00, another hour
    a.cell("bot1").requests += 1;
    a.cell("bot2").botApiCalls += 4;
    await repo.addUsage(a.take());
    await repo.addUsage(b.take());
    expect(a.pending).toBe(0);

    const from = new Date(T0 - 3600_000);
    const to = new Date(T0 + 3600_000);
    const minutes = await repo.botUsage("bot1", "minute", from, to, 100);
    expect(minutes.map((r) => [r.at.toISOString(), r.requests])).toEqual([
      ["2026-11-28T10:59:00.000Z", 5],
      ["2026-11-28T11:00:00.000Z", 1],
    ]);
    expect(minutes[0]?.cpuMs).toBe(1.5);
    expect(minutes[0]?.wallBuckets.slice(0, 6)).toEqual([1, 0, 0, 0, 0, 2]);
    const hours = await repo.botUsage("bot1", "hour", from, to, 100);
    expect(hours.map((r) => [r.at.toISOString(), r.requests])).toEqual([
      ["2026-11-28T10:00:00.000Z", 5],
      ["2026-11-28T11:00:00.000Z", 1],
    ]);
    expect((await repo.botUsage("bot2", "hour", from, to, 100))[0]?.botApiCalls).toBe(4);
  });

  it("samples stored documents and bytes, and skips bots deleted meanwhile", async () => {
    await handle.db.execute(
      sql`insert into documents (bot_id, collection, doc_id, data) values ('bot2', 'c', 'x', '{"a":1}'), ('bot2', 'c', 'y', '{"a":2}')`,
    );
    const meter = new UsageMeter(true, () => T0 + 7200_000);
    meter.cell("bot2").requests += 1;
    meter.cell("gone").requests += 1;
    await repo.addUsage(meter.take());
    const [row] = await repo.botUsage("bot2", "minute", new Date(T0 + 7000_000), new Date(T0 + 7300_000), 10);
    expect(row?.storedDocuments).toBe(2);
    expect(row?.storedBytes).toBeGreaterThan(0);
  });

  it("keeps the deltas of a failed flush for the next one", async () => {
    const meter = new UsageMeter(true, () => T0 + 3 * 3600_000);
    meter.cell("bot1").requests += 7;
    let fail = true;
    const errors: unknown[] = [];
    const flusher = new UsageFlusher(
      meter,
      async (deltas) => {
        if (fail) throw new Error("down");
        await repo.addUsage(deltas);
      },
      { intervalMs: 3600_000, onError: (err) => errors.push(err) },
    );
    await flusher.flush();
    expect(errors).toHaveLength(1);
    fail = false;
    await flusher.close();
    const at = T0 + 3 * 3600_000;
    const [row] = await repo.botUsage("bot1", "minute", new Date(at - 60_000), new Date(at + 60_000), 10);
    expect(row?.requests).toBe(7);
  });

  it("prunes minutes after 48 hours and hours after 90 days", async () => {
    const now = new Date(T0 + 52 * 3600_000);
    const pruned = await repo.prune(now);
    expect(pruned.minute).toBeGreaterThan(0);
    expect(pruned.hour).toBe(0);
    expect(await repo.botUsage("bot1", "minute", new Date(0), now, 100)).toHaveLength(0);
    expect((await repo.prune(new Date(T0 + 91 * 24 * 3600_000))).hour).toBeGreaterThan(0);
  });
});

describe("UsageMeter", () => {
  it("counts each bot into its own cell of its minute, whatever the order of the counts", () => {
    let now = T0;
    const meter = new UsageMeter(true, () => now);
    for (const botId of ["a", "b", "a", "a", "b"]) meter.cell(botId).requests += 1;
    now += 60_000;
    meter.cell("a").requests += 10;
    const taken = meter.take().map((d) => [d.botId, d.minute, d.cell.requests]);
    const minute = Math.floor(T0 / 60_000) * 60_000;
    expect(taken).toEqual([
      ["a", minute, 3],
      ["b", minute, 2],
      ["a", minute + 60_000, 10],
    ]);
    meter.cell("a").requests += 1;
    expect(meter.take().map((d) => d.cell.requests)).toEqual([1]);
  });

  it("counts nothing when off", () => {
    const meter = new UsageMeter(false);
    meter.cell("a").requests += 1;
    expect(meter.take()).toEqual([]);
  });
});

describe("percentileOf", () => {
  it("interpolates within the bucket, and is null without calls", () => {
    const buckets = new Array<number>(USAGE_WALL_BUCKETS_MS.length + 1).fill(0);
    expect(percentileOf(buckets, 0.5)).toBeNull();
    buckets[0] = 50; // <= 1 ms
    buckets[5] = 50; // 25..50 ms
    expect(percentileOf(buckets, 0.5)).toBe(1);
    expect(percentileOf(buckets, 0.99)).toBe(49.5);
    buckets[buckets.length - 1] = 1000;
    expect(percentileOf(buckets, 0.99)).toBe(10_000);
  });
});
