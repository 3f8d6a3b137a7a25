/**
 * Speed comes from indexes: EXPLAIN of the statements the store really runs shows equality served by the scoped GIN
 * index, and range, sort and equality on a createIndex field served by that bot's partial index. The collection holds
 * 20,000 documents (and another bot 20,000 more), enough that the planner prefers an index over reading the bot's
 * rows on its own; no planner setting is changed. createIndex's own rules are tested here too.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type pg from "pg";
import { DocumentStore, type DocumentStoreError, dropBotIndexes, sweepOrphanIndexes } from "../src/index.js";
import { harness, type Harness } from "./support.js";

let h: Harness;
let botId: string;
let store: DocumentStore;
const statements: Array<{ text: string; values: unknown[] }> = [];

/** A pool whose clients record every statement, so the test can EXPLAIN exactly what the store ran. */
function recordingPool(pool: pg.Pool): pg.Pool {
  return {
    connect: async () => {
      const client = await pool.connect();
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      // Pool.query calls client.query with a callback: every argument passes through.
      (client as { query: unknown }).query = (...args: unknown[]) => {
        if (typeof args[0] === "string") statements.push({ text: args[0], values: (args[1] as unknown[]) ?? [] });
        return query(...args);
      };
      return client;
    },
  } as unknown as pg.Pool;
}

async function seed(bot: string): Promise<void> {
  await h.pool.query(
    "insert into documents (bot_id, collection, doc_id, data) select $1, 'users', i::text, jsonb_build_object(" +
      "'_id', i::text, 'uid', 1000000 + i, 'lang', (array['en','ru','de','es','fr'])[1 + i % 5], 'score', (i * 7919) % 20000," +
      " 'tags', case when i % 3 = 0 then '[\"vip\"]'::jsonb else '[]'::jsonb end) from generate_series(1, 20000) i",
    [bot],
  );
}

/** The plan of the last statement the store ran for `call`. */
async function planOf(call: () => Promise<unknown>): Promise<string> {
  statements.length = 0;
  await call();
  const last = statements.filter((s) => /^(select|with|delete)/i.test(s.text) && s.text.includes("documents")).at(-1);
  if (!last) throw new Error("no statement recorded");
  const { rows } = await h.pool.query(`explain ${last.text}`, last.values);
  return rows.map((r: { "QUERY PLAN": string }) => r["QUERY PLAN"]).join("\n");
}

beforeAll(async () => {
  h = await harness();
  botId = await h.bot();
  await seed(botId);
  await seed(await h.bot());
  await h.pool.query("analyze documents");
  store = new DocumentStore(recordingPool(h.pool), botId);
}, 60_000);
afterAll(async () => h?.close());

describe("EXPLAIN", () => {
  it("findOne by equality uses the scoped GIN index", async () => {
    const plan = await planOf(() => store.run("findOne", ["users", { uid: 1012345 }]));
    expect(plan).toContain("documents_scoped_gin_idx");
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it("equality on an array element ({ tags: 'vip' }) and $in use the scoped GIN index", async () => {
    expect(await planOf(() => store.run("findAll", ["users", { tags: "vip", uid: 1000003 }]))).toContain(
      "documents_scoped_gin_idx",
    );
    expect(await planOf(() => store.run("countDocuments", ["users", { uid: { $in: [1000001, 1000002] } }]))).toContain(
      "documents_scoped_gin_idx",
    );
  });

  it("setProp and deleteOne find their document through the scoped GIN index", async () => {
    expect(await planOf(() => store.run("setProp", ["users", { uid: 1000042 }, { seen: true }]))).toContain(
      "documents_scoped_gin_idx",
    );
    expect(await planOf(() => store.run("deleteOne", ["users", { uid: 1000043 }]))).toContain(
      "documents_scoped_gin_idx",
    );
  });

  it("range + sort + limit and counts on a createIndex field use the bot's partial index", async () => {
    const { name } = (await store.run("createIndex", ["users", { score: 1 }])) as { name: string };
    const { name: langIndex } = (await store.run("createIndex", ["users", { lang: 1 }])) as { name: string };
    await h.pool.query("analyze documents");
    const range = await planOf(() =>
      store.run("findAll", ["users", { score: { $gte: 100, $lt: 5000 } }, { sort: { score: 1 }, limit: 50 }]),
    );
    expect(range).toContain(name);
    expect(range).not.toMatch(/Seq Scan/);
    expect(await planOf(() => store.run("findAll", ["users", {}, { sort: { score: -1 }, limit: 10 }]))).toContain(name);
    expect(await planOf(() => store.run("countDocuments", ["users", { lang: "de" }]))).toContain(langIndex);
  });

  it("findAll without a filter walks the collection in insertion order by an index, not by sorting it", async () => {
    // With two bots the planner may walk the primary key and skip the other bot's rows; with many bots it takes
    // documents_bot_collection_id_idx. Either way: an index in id order, no scan and sort of the whole table.
    const plan = await planOf(() => store.run("findAll", ["users", {}, { limit: 20 }]));
    expect(plan).toMatch(/Index Scan using (documents_bot_collection_id_idx|documents_pkey)/);
    expect(plan).not.toMatch(/Seq Scan|Sort/);
  });
});

describe("createIndex", () => {
  it("is idempotent and answers the same after creation", async () => {
    const s = h.store(await h.bot());
    await s.run("insertMany", ["c", [{ n: 2 }, { n: 1 }, { n: "x" }, {}]]);
    expect(await s.run("createIndex", ["c", { n: 1 }])).toMatchObject({ created: true });
    expect(await s.run("createIndex", ["c", { n: -1 }])).toMatchObject({ created: false });
    const found = (await s.run("findAll", ["c", { n: { $gte: 1 } }, { sort: { n: -1 } }])) as Array<{ n: number }>;
    expect(found.map((d) => d.n)).toEqual([2, 1]);
  });

  it("refuses an array on an indexed field, before and after the index exists", async () => {
    const s = h.store(await h.bot());
    await s.run("insertOne", ["c", { _id: 1, tags: ["a"], n: 1 }]);
    const before = await s.run("createIndex", ["c", { tags: 1 }]).catch((e: unknown) => e as DocumentStoreError);
    expect((before as DocumentStoreError).message).toBe(
      "field 'tags' holds an array in some documents; indexes are for fields with one value",
    );
    await s.run("createIndex", ["c", { "p.q": 1 }]);
    for (const doc of [{ p: { q: [1] } }, { p: [{ q: 1 }] }]) {
      const err = await s.run("insertOne", ["c", doc]).catch((e: unknown) => e as DocumentStoreError);
      expect((err as DocumentStoreError).message).toBe(
        "field 'p.q' has an index (createIndex), so it cannot hold an array",
      );
    }
    const upd = await s
      .run("updateOne", ["c", { _id: 1 }, { $set: { "p.q": [2] } }])
      .catch((e: unknown) => e as DocumentStoreError);
    expect((upd as DocumentStoreError).message).toMatch(/cannot hold an array/);
    // Another collection of the same bot is not concerned.
    await s.run("insertOne", ["d", { p: { q: [1] } }]);
  });

  it("limits the indexes of a bot, refuses odd field names and drops them with the bot", async () => {
    const bot = await h.bot();
    const s = h.store(bot, { maxIndexesPerBot: 2 });
    await s.run("createIndex", ["c", { a: 1 }]);
    await s.run("createIndex", ["d", { a: 1 }]);
    const third = await s.run("createIndex", ["c", { b: 1 }]).catch((e: unknown) => e as DocumentStoreError);
    expect((third as DocumentStoreError).kind).toBe("limit");
    expect((third as DocumentStoreError).message).toBe("this bot already has 2 indexes, the most it may have");
    const odd = await s.run("createIndex", ["c", { "a b": 1 }]).catch((e: unknown) => e as DocumentStoreError);
    expect((odd as DocumentStoreError).message).toMatch(/^createIndex takes a field of up to 4 parts/);
    const count = async () =>
      (await h.pool.query("select count(*)::int as n from pg_indexes where indexname like 'docidx%'")).rows[0]
        .n as number;
    const before = await count();
    expect(await dropBotIndexes(h.pool, bot)).toBe(2);
    expect(await count()).toBe(before - 2);
  });

  it("sweeps indexes whose bot was deleted", async () => {
    const bot = await h.bot();
    await h.store(bot).run("createIndex", ["c", { a: 1 }]);
    await h.pool.query("delete from bots where id = $1", [bot]);
    expect(await sweepOrphanIndexes(h.pool)).toBe(1);
  });
});
