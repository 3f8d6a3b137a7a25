/**
 * Limits that keep one bot's data from hurting the others: documents per collection, bytes per bot, a statement
 * timeout on every query, and the usage counters behind them (kept by triggers, so every writer is counted).
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { DocumentStore, DocumentStoreError } from "../src/index.js";
import { harness, type Harness, refusal, testPool } from "./support.js";

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h?.close());

describe("documents per collection", () => {
  it("refuses the insert past the limit, whole, and counts deletes", async () => {
    const botId = await h.bot();
    const s = h.store(botId, { maxDocsPerCollection: 3 });
    await s.run("insertMany", ["c", [{ n: 1 }, { n: 2 }]]);
    const many = await refusal(s.run("insertMany", ["c", [{ n: 3 }, { n: 4 }]]));
    expect(many).toBeInstanceOf(DocumentStoreError);
    expect(many?.kind).toBe("limit");
    expect(many?.message).toBe("collection is full: it may hold at most 3 documents");
    expect(await s.run("countDocuments", ["c", {}])).toBe(2);
    await s.run("insertOne", ["c", { n: 3 }]);
    expect((await refusal(s.run("setProp", ["c", { n: 9 }, { x: 1 }])))?.kind).toBe("limit");
    await s.run("insertOne", ["other", { n: 1 }]);
    await s.run("deleteOne", ["c", { n: 1 }]);
    await s.run("insertOne", ["c", { n: 4 }]);
    expect(await s.run("countDocuments", ["c", {}])).toBe(3);
  });

  it("one bot's full collection does not limit another bot", async () => {
    const full = h.store(await h.bot(), { maxDocsPerCollection: 1 });
    await full.run("insertOne", ["c", { n: 1 }]);
    const other = h.store(await h.bot(), { maxDocsPerCollection: 1 });
    await other.run("insertOne", ["c", { n: 1 }]);
    expect((await refusal(full.run("insertOne", ["c", { n: 2 }])))?.kind).toBe("limit");
  });
});

describe("bytes per bot", () => {
  it("refuses inserts and growing updates past the limit across collections", async () => {
    const s = h.store(await h.bot(), { maxBytesPerBot: 3000 });
    await s.run("insertOne", ["a", { _id: "1", text: "x".repeat(1200) }]);
    await s.run("insertOne", ["b", { _id: "2", text: "y".repeat(1200) }]);
    const err = await refusal(s.run("insertOne", ["c", { text: "z".repeat(1200) }]));
    expect(err?.kind).toBe("limit");
    expect(err?.message).toMatch(/^this bot's data is at its limit of \d+ MiB; delete documents first$/);
    const grow = await refusal(s.run("setProp", ["a", { _id: "1" }, { more: "w".repeat(1200) }]));
    expect(grow?.kind).toBe("limit");
    const growUpdate = await refusal(s.run("updateOne", ["a", { _id: "1" }, { $set: { more: "w".repeat(1200) } }]));
    expect(growUpdate?.kind).toBe("limit");
    // Shrinking is always allowed.
    expect(await s.run("updateOne", ["a", { _id: "1" }, { $set: { text: "short" } }])).toEqual({
      matchedCount: 1,
      modifiedCount: 1,
    });
    await s.run("insertOne", ["c", { text: "z".repeat(1000) }]);
  });
});

describe("usage counters", () => {
  it("match the documents after inserts, updates and deletes by the store and by plain SQL", async () => {
    const botId = await h.bot();
    const s = h.store(botId);
    await s.run("insertMany", ["u", Array.from({ length: 50 }, (_, i) => ({ i, pad: "p".repeat(i) }))]);
    await s.run("updateOne", ["u", { i: 3 }, { $set: { pad: "q".repeat(500) } }]);
    await s.run("setProp", ["u", { i: 4 }, { extra: true }]);
    await s.run("deleteMany", ["u", { i: { $gte: 40 } }]);
    await h.pool.query("insert into documents (bot_id, collection, doc_id, data) values ($1, 'u', 'sql', '{}')", [
      botId,
    ]);
    const { rows } = await h.pool.query(
      "select (select docs from document_usage where bot_id = $1 and collection = 'u')::int as docs," +
        " (select bytes from document_usage where bot_id = $1 and collection = 'u')::int as bytes," +
        " (select count(*) from documents where bot_id = $1 and collection = 'u')::int as real_docs," +
        " (select sum(pg_column_size(data)) from documents where bot_id = $1 and collection = 'u')::int as real_bytes",
      [botId],
    );
    expect(rows[0].docs).toBe(41);
    expect(rows[0].docs).toBe(rows[0].real_docs);
    expect(rows[0].bytes).toBe(rows[0].real_bytes);
  });
});

describe("statement timeout", () => {
  it("stops a slow query and says so", async () => {
    const botId = await h.bot();
    // The store sets the timeout on the connections it uses (docs/bot-runtime.md#limits), so it gets a pool of its own.
    const pool = testPool(h.db.url, 2);
    const s = new DocumentStore(pool, botId, { statementTimeoutMs: 5 });
    // 40,000 documents scanned with a regex take well over 5 ms on any machine (about 40 ms here).
    // Seeded on a connection no store has configured (h.pool's carry the other tests' stores' settings).
    await pool.query(
      "insert into documents (bot_id, collection, doc_id, data) select $1, 'big', i::text," +
        " jsonb_build_object('_id', i::text, 'name', repeat('ab', 40) || i) from generate_series(1, 40000) i",
      [botId],
    );
    const err = await refusal(s.run("countDocuments", ["big", { name: { $regex: "(a|b)*c" } }]));
    expect(err?.kind).toBe("timeout");
    expect(err?.message).toBe(
      "query took longer than 5 ms and was stopped; narrow the filter or add an index with createIndex",
    );
    // The same connections serve the next call normally.
    try {
      expect(await s.run("findOne", ["big", { _id: "7" }])).toMatchObject({ _id: "7" });
    } finally {
      await pool.end();
    }
  });
});

describe("bytes per findAll page", () => {
  const doc = (n: number) => ({ _id: String(n).padStart(3, "0"), n, text: "x".repeat(1000) });
  const sizeOf = (n: number) => JSON.stringify(doc(n)).length;

  it("ends the page at the first document that reaches the budget, in the requested order", async () => {
    // Budget: three whole documents and a bit (Postgres writes JSON with a few more spaces), so the fourth passes it.
    const s = h.store(await h.bot(), { maxFindBytes: 3 * sizeOf(0) + 100 });
    await s.run("insertMany", ["c", Array.from({ length: 20 }, (_, i) => doc(i))]);
    const page = (await s.run("findAll", ["c", {}])) as Array<{ n: number }>;
    expect(page.map((d) => d.n)).toEqual([0, 1, 2, 3]);
    const sorted = (await s.run("findAll", ["c", {}, { sort: { n: -1 } }])) as Array<{ n: number }>;
    expect(sorted.map((d) => d.n)).toEqual([19, 18, 17, 16]);
    // Paging with skip by the page's length reaches every document.
    const seen: number[] = [];
    for (;;) {
      const next = (await s.run("findAll", ["c", {}, { skip: seen.length, limit: 10 }])) as Array<{ n: number }>;
      if (next.length === 0) break;
      seen.push(...next.map((d) => d.n));
    }
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i));
    // A limit under the budget is kept as before; a projection does not change what counts (the stored documents).
    expect(((await s.run("findAll", ["c", {}, { limit: 2 }])) as unknown[]).length).toBe(2);
    expect(((await s.run("findAll", ["c", {}, { projection: { n: 1 } }])) as unknown[]).length).toBe(4);
  });

  it("always returns the first document, however big", async () => {
    const s = h.store(await h.bot(), { maxFindBytes: 100 });
    await s.run("insertMany", ["c", [doc(1), doc(2)]]);
    const page = (await s.run("findAll", ["c", {}])) as Array<{ n: number }>;
    expect(page.map((d) => d.n)).toEqual([1]);
    expect(await s.run("findOne", ["c", { n: 2 }])).toMatchObject({ n: 2 });
  });

  it("by default a page of 256 KiB documents stops near 512 KiB, not at 1,000 documents", async () => {
    const botId = await h.bot();
    // Seeded in SQL: 40 documents of 256 KiB that compress to a few KiB, so counting the stored size
    // (pg_column_size) would let the whole 10 MiB through; the JSON text is what the gateway parses. Two of them
    // reach 512 KiB (each is 256 KiB of text and a few characters of JSON around it).
    await h.pool.query(
      "insert into documents (bot_id, collection, doc_id, data) select $1, 'big', i::text," +
        " jsonb_build_object('_id', i::text, 'text', repeat(md5(i::text), 8192)) from generate_series(1, 40) i",
      [botId],
    );
    const page = (await h.store(botId).run("findAll", ["big", {}])) as unknown[];
    const bytes = JSON.stringify(page).length;
    expect(page.length).toBe(2);
    expect(bytes).toBeGreaterThan(512 * 1024);
    expect(bytes).toBeLessThan(512 * 1024 + 300 * 1024);
  });

  it("the gateway receives no document past the budget, even when small documents come first", async () => {
    const botId = await h.bot();
    // One connection, so the bytes the store's reads bring in can be counted on its socket.
    const pool = testPool(h.db.url, 1);
    try {
      // 200 documents of about 100 bytes, then 40 of 256 KiB: the first batch's average says "about 10,000 more
      // fit", so the second batch asks Postgres for all the rest (10 MiB of text).
      await pool.query(
        "insert into documents (bot_id, collection, doc_id, data) select $1, 'mixed', i::text," +
          " jsonb_build_object('_id', i::text, 'n', i," +
          " 'text', repeat('y', case when i <= 200 then 60 else 262144 end))" +
          " from generate_series(1, 240) i",
        [botId],
      );
      const received = async () => {
        const client = await pool.connect();
        try {
          return (client as unknown as { connection: { stream: { bytesRead: number } } }).connection.stream.bytesRead;
        } finally {
          client.release();
        }
      };
      const before = await received();
      const page = (await new DocumentStore(pool, botId).run("findAll", ["mixed", {}, { sort: { n: 1 } }])) as Array<{
        n: number;
      }>;
      const bytes = (await received()) - before;
      // All small documents, then the large ones up to the first that reaches 512 KiB: 2 of them.
      expect(page.map((d) => d.n)).toEqual(Array.from({ length: 202 }, (_, i) => i + 1));
      // The page itself is about 512 KiB + 60 KiB; the 38 large documents past it (9.5 MiB) never leave Postgres.
      expect(bytes).toBeGreaterThan(512 * 1024);
      expect(bytes).toBeLessThan(1024 * 1024);
    } finally {
      await pool.end();
    }
  });

  it("Postgres reads about one document past the budget, not the whole page", async () => {
    const botId = await h.bot();
    // One connection, so the statistics of the store's reads can be flushed from it and read back on it; seeded on
    // it before any store sets its statement timeout there.
    const pool = testPool(h.db.url, 1);
    try {
      // 40 documents of 256 KiB that do not compress, each about 33 blocks of the documents' TOAST table.
      await pool.query(
        "insert into documents (bot_id, collection, doc_id, data) select $1, 'big', i::text, jsonb_build_object(" +
          "'_id', i::text, 'text', (select string_agg(md5(i::text || '.' || j), '') from generate_series(1, 8192) j))" +
          " from generate_series(1, 40) i",
        [botId],
      );
      const toastBlocks = async () => {
        await pool.query("select pg_stat_force_next_flush()");
        const { rows } = await pool.query<{ n: string }>(
          "select coalesce(toast_blks_hit, 0) + coalesce(toast_blks_read, 0) as n from pg_statio_user_tables" +
            " where relname = 'documents'",
        );
        return Number(rows[0]?.n ?? 0);
      };
      const before = await toastBlocks();
      const page = (await new DocumentStore(pool, botId).run("findAll", ["big", {}])) as unknown[];
      const read = (await toastBlocks()) - before;
      expect(page.length).toBe(2);
      // The two documents of the page and a few more (the first batch); all 40 would be over 1,300 blocks.
      expect(read).toBeGreaterThan(2 * 30);
      expect(read).toBeLessThan(12 * 34);
    } finally {
      await pool.end();
    }
  });
});

describe("database time", () => {
  it("reports how long each operation held a connection, not its wait for one, and nothing for createIndex", async () => {
    const botId = await h.bot();
    // One connection, held by the test at first, so the store's first operation has to wait for it.
    const pool = testPool(h.db.url, 1);
    const held: number[] = [];
    const s = new DocumentStore(pool, botId, {}, { connectionHeld: (ms) => held.push(ms) });
    try {
      const blocker = await pool.connect();
      const insert = s.run("insertMany", ["c", [{ n: 1 }, { n: 2 }]]);
      // The insert cannot hold the connection before the blocker gives it back, however long it waited.
      await new Promise((r) => setImmediate(r));
      const released = performance.now();
      blocker.release();
      await insert;
      const done = performance.now();
      expect(held).toHaveLength(1);
      expect(held[0]).toBeGreaterThan(0);
      expect(held[0]).toBeLessThanOrEqual(done - released);

      await s.run("findAll", ["c", {}]);
      await s.runJson("findAll", ["c", {}]);
      await s.run("countDocuments", ["c", { n: { $gt: 1 } }]);
      expect(held).toHaveLength(4);
      // An operation Postgres refused is reported too: its time was spent.
      await s.run("insertOne", ["c", { _id: "dup" }]);
      await expect(s.run("insertOne", ["c", { _id: "dup" }])).rejects.toBeInstanceOf(DocumentStoreError);
      expect(held).toHaveLength(6);
      expect(held.every((ms) => ms > 0)).toBe(true);
      await s.run("createIndex", ["c", { n: 1 }]);
      expect(held).toHaveLength(6);
    } finally {
      await pool.end();
    }
  });
});
