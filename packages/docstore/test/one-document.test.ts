/**
 * The statements of a findOne: one round trip to Postgres once the connection is set up, a plain statement for one
 * document, and for equality on `_id` a probe of the unique (bot, collection, doc_id) index that still tells `5` from
 * `"5"` as MongoDB does. Shown by the statements the store sends and by EXPLAIN (no timing).
 *
 * @see docs/bot-runtime.md#indexes
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type pg from "pg";
import { DocumentStore } from "../src/index.js";
import { harness, type Harness, testPool } from "./support.js";

let h: Harness;
let store: DocumentStore;
const statements: Array<{ text: string; values: unknown[] }> = [];

const recording = new WeakSet<pg.PoolClient>();

/** A pool whose clients record every statement. */
function recordingPool(pool: pg.Pool): pg.Pool {
  return {
    connect: async () => {
      const client = await pool.connect();
      if (recording.has(client)) return client;
      recording.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        const [first, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
        if (typeof first === "string") statements.push({ text: first, values: values ?? [] });
        else statements.push({ text: first.text, values: first.values ?? [] });
        return query(...args);
      };
      return client;
    },
  } as unknown as pg.Pool;
}

/** The statements `call` sends. */
async function sent(call: () => Promise<unknown>): Promise<Array<{ text: string; values: unknown[] }>> {
  statements.length = 0;
  await call();
  return [...statements];
}

beforeAll(async () => {
  h = await harness();
  const botId = await h.bot();
  store = new DocumentStore(recordingPool(h.pool), botId);
  // A collection large enough that walking it is not the planner's best plan for one document, known to ANALYZE.
  await h.pool.query(
    "insert into documents (bot_id, collection, doc_id, data) select $1, 'big', 'd' || i," +
      " jsonb_build_object('_id', 'd' || i, 'n', i % 10) from generate_series(1, 5000) i",
    [botId],
  );
  await h.pool.query("analyze documents");
  await store.run("insertMany", [
    "c",
    [{ _id: 5, n: "number" }, { _id: "x", n: "string" }, { _id: 1.5 }, { n: "generated" }, { _id: "y", n: 2 }],
  ]);
});
afterAll(async () => h?.close());

describe("findOne", () => {
  it("takes one statement once the connection carries its settings and the collection's indexes are known", async () => {
    await store.run("findOne", ["c", { n: "string" }]);
    for (const filter of [{ _id: "x" }, { n: "number" }, {}]) {
      const texts = (await sent(() => store.runJson("findOne", ["c", filter]))).map((s) => s.text);
      expect(texts).toHaveLength(1);
      expect(texts[0]).toMatch(/^select data::text as t from documents where .* limit 1( offset \$\d+::bigint)?$/);
      expect(texts[0]).not.toMatch(/\b(begin|set|over)\b/i);
    }
  });

  it("by _id probes the doc_id column, exactly: a number is not the string of its digits", async () => {
    expect(await store.run("findOne", ["c", { _id: 5 }])).toEqual({ _id: 5, n: "number" });
    expect(await store.run("findOne", ["c", { _id: "5" }])).toBeNull();
    expect(await store.run("findOne", ["c", { _id: { $eq: 1.5 } }])).toEqual({ _id: 1.5 });
    expect(await store.run("findOne", ["c", { _id: "x", n: "string" }])).toEqual({ _id: "x", n: "string" });
    expect(await store.run("findOne", ["c", { _id: "x", n: "number" }])).toBeNull();
    expect(await store.run("findAll", ["c", { _id: { $in: [5, "y"] } }])).toEqual([
      { _id: 5, n: "number" },
      { _id: "y", n: 2 },
    ]);
    expect(await store.run("findOne", ["big", { _id: "d4321" }])).toEqual({ _id: "d4321", n: 1 });
    // `_id` alone: the named statement; with other conditions: the filter's statement with the column's condition.
    for (const filter of [{ _id: "d4321" }, { _id: { $eq: "d4321" } }, { _id: "d4321", n: 1 }]) {
      const statement = (await sent(() => store.run("findOne", ["big", filter]))).at(-1);
      expect(statement?.text).toMatch(/ and doc_id = \$\d+(::text)? and /);
      // No GIN hint for `_id` (the column serves it); `n` has its own.
      const hints = statement!.values.filter((v) => typeof v === "string" && v.startsWith(`lax $."`));
      expect(hints.join(" ")).not.toContain('"_id"');
      const { rows } = await h.pool.query(`explain ${statement!.text}`, statement!.values);
      expect(rows.map((r: { "QUERY PLAN": string }) => r["QUERY PLAN"]).join("\n")).toContain(
        "documents_bot_collection_doc_idx",
      );
    }
    expect(await store.run("findOne", ["big", { _id: "d4321" }, { skip: 1 }])).toBeNull();
    expect(await store.run("findOne", ["big", { _id: "d4321" }, { projection: { n: 0 } }])).toEqual({ _id: "d4321" });
    expect(await store.run("findOne", ["big", { _id: 4321 }])).toBeNull();
  });

  it("prepares only the _id probe, shared by every bot; equality on other fields is planned at each call", async () => {
    const pool = testPool(h.db.url, 1);
    try {
      const bots = [await h.bot(), await h.bot()];
      const stores = bots.map((id) => new DocumentStore(pool, id));
      for (const [i, s] of stores.entries()) {
        await s.run("insertMany", [
          "u",
          [
            { _id: "a", uid: "same", bot: i },
            { _id: "b", uid: "other", bot: i },
          ],
        ]);
      }
      // Past Postgres's five custom plans of the named statement, each bot still gets its own document.
      for (let round = 0; round < 8; round += 1) {
        for (const [i, s] of stores.entries()) {
          expect(await s.run("findOne", ["u", { _id: "a" }])).toEqual({ _id: "a", uid: "same", bot: i });
          expect(await s.run("findOne", ["u", { uid: "same" }])).toEqual({ _id: "a", uid: "same", bot: i });
        }
      }
      // Planned five times, as Postgres does before it weighs the generic plan, then on that plan: the probe.
      const { rows } = await pool.query<{ name: string; custom: number; generic: number }>(
        "select name, custom_plans::int as custom, generic_plans::int as generic from pg_prepared_statements",
      );
      expect(rows).toEqual([{ name: "docstore_find_by_id", custom: 5, generic: 11 }]);
    } finally {
      await pool.end();
    }
  });

  it("skips and sorts as findAll does", async () => {
    const all = (await store.run("findAll", ["c", {}, { sort: { n: 1 } }])) as unknown[];
    for (let skip = 0; skip < all.length + 1; skip += 1) {
      expect(await store.run("findOne", ["c", {}, { sort: { n: 1 }, skip }])).toEqual(all[skip] ?? null);
    }
  });

  it("costs no statement when its connection last served a bot of another plan; a write sets its limits", async () => {
    const pool = testPool(h.db.url, 1);
    try {
      const a = new DocumentStore(recordingPool(pool), await h.bot(), { maxAccountDocs: 100_000 });
      const b = new DocumentStore(recordingPool(pool), await h.bot(), { maxAccountDocs: 200_000 });
      await a.run("findOne", ["c", {}]);
      // b's write leaves its limits on the connection.
      await b.run("insertOne", ["c", { k: 0 }]);
      await b.run("countDocuments", ["c", {}]);
      for (let i = 0; i < 3; i += 1) {
        expect(await sent(() => a.run("findOne", ["c", {}]))).toHaveLength(1);
        expect(await sent(() => b.run("countDocuments", ["c", {}]))).toHaveLength(1);
      }
      const write = (await sent(() => a.run("insertOne", ["c", { k: 1 }]))).map((st) => st.text);
      expect(write).toHaveLength(2);
      expect(write[0]).toMatch(/set_config\('botyard.account_max_docs'/);
      expect(await sent(() => a.run("insertOne", ["c", { k: 2 }]))).toHaveLength(1);
    } finally {
      await pool.end();
    }
  });
});
