/**
 * Fresh data is served by the index from the first query: after a bot imports its documents with insertMany, the
 * store's StatisticsKeeper has ANALYZE run, so the plan of the first findOne by equality is the scoped GIN index, not
 * a walk of the bot's collection in id order; and the GIN index holds the new entries themselves, not a pending list
 * that every lookup would read through. Shown by EXPLAIN of the statement the store runs and by the pending list's
 * size (no timing), beside a control import without the keeper whose plan is the walk.
 * (docs/bot-runtime.md#fresh-data)
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { waitFor } from "@botyard/testing";
import type pg from "pg";
import { DocumentStore, StatisticsKeeper } from "../src/index.js";
import { harness, type Harness, testPool } from "./support.js";

let h: Harness;
const statements: Array<{ text: string; values: unknown[] }> = [];

/** A pool whose clients record every statement, so the test can EXPLAIN exactly what the store ran. */
function recordingPool(pool: pg.Pool): pg.Pool {
  return {
    connect: async () => {
      const client = await pool.connect();
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        if (typeof args[0] === "string") statements.push({ text: args[0], values: (args[1] as unknown[]) ?? [] });
        return query(...args);
      };
      return client;
    },
  } as unknown as pg.Pool;
}

/** The plan of the last statement on `documents` the store ran for `call`. */
async function planOf(call: () => Promise<unknown>): Promise<string> {
  statements.length = 0;
  await call();
  const last = statements.filter((s) => /^select/i.test(s.text) && s.text.includes("from documents")).at(-1);
  if (!last) throw new Error("no statement recorded");
  const { rows } = await h.pool.query(`explain ${last.text}`, last.values);
  return rows.map((r: { "QUERY PLAN": string }) => r["QUERY PLAN"]).join("\n");
}

/** The import of an author: 20,000 users in 20 insertMany calls of 1,000. */
async function importUsers(store: DocumentStore): Promise<void> {
  for (let call = 0; call < 20; call += 1) {
    const docs = Array.from({ length: 1000 }, (_, k) => {
      const i = call * 1000 + k;
      return { _id: `u${i}`, uid: 1_000_000 + i, lang: ["en", "ru", "de"][i % 3] };
    });
    await store.run("insertMany", ["users", docs]);
  }
}

beforeAll(async () => {
  h = await harness();
  // Other bots the statistics know: 20 of 2,000 documents each.
  for (let n = 0; n < 20; n += 1) {
    await h.pool.query(
      "insert into documents (bot_id, collection, doc_id, data) select $1, 'users', i::text," +
        " jsonb_build_object('_id', i::text, 'uid', 1000000 + i) from generate_series(1, 2000) i",
      [await h.bot()],
    );
  }
  await h.pool.query("analyze documents");
}, 120_000);
afterAll(async () => h?.close());

describe("after a bulk import", () => {
  it("without the keeper the planner does not know the bot and walks its collection (the control)", async () => {
    const keeper = new StatisticsKeeper(h.pool, { rowsPerCollection: Number.POSITIVE_INFINITY });
    const store = new DocumentStore(recordingPool(h.pool), await h.bot(), {}, undefined, keeper);
    await importUsers(store);
    const plan = await planOf(() => store.run("findOne", ["users", { uid: 1_012_345 }]));
    expect(plan).toContain("documents_bot_collection_id_idx");
    expect(plan).not.toContain("documents_scoped_gin_idx");
    expect(keeper.analyzed).toBe(0);
  }, 60_000);

  it("the first findOne by equality uses the scoped GIN index, which queued none of the import", async () => {
    const keeper = new StatisticsKeeper(recordingPool(h.pool), { rowsPerCollection: 5000, minIntervalMs: 0 });
    const store = new DocumentStore(recordingPool(h.pool), await h.bot(), {}, undefined, keeper);
    await importUsers(store);
    await keeper.idle();
    expect(keeper.analyzed).toBeGreaterThan(0);
    expect(statements.map((st) => st.text)).toContain("analyze documents");
    // The pages it moves from the pending list into the index: with fastupdate on, the import left hundreds.
    const { rows } = await h.pool.query<{ pages: number }>(
      "select gin_clean_pending_list('documents_scoped_gin_idx'::regclass)::int as pages",
    );
    expect(rows).toEqual([{ pages: 0 }]);
    const plan = await planOf(() => store.run("findOne", ["users", { uid: 1_012_345 }]));
    expect(plan).toContain("documents_scoped_gin_idx");
    expect(plan).not.toMatch(/Seq Scan/);
    expect(await store.run("findOne", ["users", { uid: 1_012_345 }])).toEqual({
      _id: "u12345",
      uid: 1_012_345,
      lang: "en",
    });
  }, 60_000);
});

describe("StatisticsKeeper", () => {
  it("runs one ANALYZE per interval, and a trailing one for writes made meanwhile", async () => {
    const keeper = new StatisticsKeeper(h.pool, { rowsPerCollection: 100, minIntervalMs: 300 });
    keeper.wrote("b1", "c", 99);
    expect(keeper.analyzed).toBe(0);
    keeper.wrote("b2", "c", 99);
    await keeper.idle();
    expect(keeper.analyzed).toBe(0); // each collection counts alone
    keeper.wrote("b1", "c", 1);
    keeper.wrote("b3", "c", 500); // during the first: waits for the interval
    await waitFor(() => keeper.analyzed === 1, { what: "the first ANALYZE" });
    await waitFor(() => keeper.analyzed === 2, { what: "the trailing ANALYZE" });
    await keeper.idle();
    expect(keeper.analyzed).toBe(2);
    keeper.close();
    keeper.wrote("b1", "c", 1000);
    await keeper.idle();
    expect(keeper.analyzed).toBe(2);
  });

  it("deletes count as writes; a failed ANALYZE is reported and the keeper carries on", async () => {
    const errors: unknown[] = [];
    const broken = { connect: async () => Promise.reject(new Error("no connection")) } as unknown as pg.Pool;
    const keeper = new StatisticsKeeper(broken, {
      rowsPerCollection: 10,
      minIntervalMs: 0,
      onError: (e) => errors.push(e),
    });
    keeper.wrote("b", "c", 10);
    await keeper.idle();
    expect(errors).toHaveLength(1);
    keeper.wrote("b", "c", 10);
    await keeper.idle();
    expect(errors).toHaveLength(2);

    const counted = new StatisticsKeeper(h.pool, { rowsPerCollection: 3, minIntervalMs: 0 });
    const botId = await h.bot();
    const store = new DocumentStore(h.pool, botId, {}, undefined, counted);
    await store.run("insertMany", ["c", [{ _id: 1 }, { _id: 2 }]]);
    await counted.idle();
    expect(counted.analyzed).toBe(0);
    await store.run("deleteMany", ["c", {}]);
    await counted.idle();
    expect(counted.analyzed).toBe(1);
  });

  it("under a role that does not own the table: the skipped ANALYZE reported, the bot's writes answered", async () => {
    // Postgres skips the table on ANALYZE with a WARNING rather than an error: the keeper reports it, once, and the
    // bot never sees it.
    const role = `botyard_not_owner_${randomBytes(4).toString("hex")}`;
    await h.pool.query(`create role ${role} login`);
    const url = new URL(h.db.url);
    url.username = role;
    const notOwner = testPool(url.toString(), 1);
    try {
      const errors: unknown[] = [];
      const keeper = new StatisticsKeeper(notOwner, {
        rowsPerCollection: 10,
        minIntervalMs: 0,
        onError: (e) => errors.push(e),
      });
      const store = new DocumentStore(h.pool, await h.bot(), {}, undefined, keeper);
      const docs = Array.from({ length: 10 }, (_, i) => ({ _id: `d${i}` }));
      await expect(store.run("insertMany", ["c", docs])).resolves.toMatchObject({ insertedCount: 10 });
      await keeper.idle();
      expect(keeper.analyzed).toBe(1);
      expect(errors).toHaveLength(1);
      const message = (errors[0] as Error).message;
      expect(message).toMatch(/^ANALYZE documents: .*skipping/);
      expect(await store.run("countDocuments", ["c", {}])).toBe(10);
    } finally {
      await notOwner.end();
      await h.pool.query(`drop role ${role}`);
    }
  });
});
