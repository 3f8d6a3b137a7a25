/**
 * `pnpm bench:docdb`: the bot document store on a big bot among many, each operation beside the same query written
 * by hand in SQL with the best index for it (the floor), measured in the same run, interleaved call by call.
 *
 * Data: one bot with 100,000 user documents in `users`, and 100 other bots with 10,000 each, in a database of its own
 * (BENCH_DOCDB_URL, default botyard_bench_docdb on the local server). Loading takes a minute or two, so the database
 * is kept and reused while its marker says it holds this data set; drop it to load again.
 */
import { performance } from "node:perf_hooks";
import { DocumentStore } from "@botyard/docstore";
import { createDb, prepareDatabase } from "@botyard/db";
import { percentile } from "./support.js";

type Pool = ReturnType<typeof createDb>["pool"];

const URL = process.env.BENCH_DOCDB_URL ?? "postgres://postgres@127.0.0.1:5432/botyard_bench_docdb";
const DATASET = "docdb-v1: 1 x 100000 + 100 x 10000";
const BIG = "bench-big";
const LANGS = ["en", "ru", "de", "es", "fr"];
const READS = Number(process.env.BENCH_READS ?? 2000);
const WRITES = Number(process.env.BENCH_WRITES ?? 1000);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 30);

/** One user document as SQL builds it: uid, name, lang, score, plan, tags. */
const DOC_SQL = `jsonb_build_object('_id', b || '-' || i, 'uid', 100000000 + i, 'name', 'User ' || i,
  'lang', (array['en','ru','de','es','fr'])[1 + i % 5], 'score', (i * 7919) % 100000,
  'plan', (array['free','pro'])[1 + (i % 7 = 0)::int], 'tags', case when i % 3 = 0 then '["vip"]'::jsonb else '[]'::jsonb end)`;

async function load(pool: Pool): Promise<void> {
  const marker = await pool
    .query<{ dataset: string }>("select dataset from bench_docdb_marker")
    .catch(() => ({ rows: [] as Array<{ dataset: string }> }));
  if (marker.rows[0]?.dataset === DATASET) {
    console.log("reusing the loaded data set (drop the database to load again)");
    return;
  }
  console.log("loading 1,100,000 documents (once; later runs reuse them)…");
  const started = performance.now();
  await pool.query("insert into accounts (id, email) values ('bench', 'bench@example.com') on conflict do nothing");
  await pool.query(
    "insert into bots (id, account_id) select b, 'bench' from (select 'bench-' || lpad(n::text, 3, '0') b from" +
      " generate_series(0, 99) n union all select $1) x on conflict do nothing",
    [BIG],
  );
  await pool.query("delete from documents");
  for (let n = 0; n < 100; n += 1) {
    const b = `bench-${String(n).padStart(3, "0")}`;
    await pool.query(
      `insert into documents (bot_id, collection, doc_id, data) select $1, 'users', $1 || '-' || i, d from
       (select ${DOC_SQL} as d, i from (select $1::text as b) x, generate_series(1, 10000) i) y`,
      [b],
    );
    if (n === 49) {
      await pool.query(
        `insert into documents (bot_id, collection, doc_id, data) select $1, 'users', $1 || '-' || i, d from
         (select ${DOC_SQL} as d, i from (select $1::text as b) x, generate_series(1, 100000) i) y`,
        [BIG],
      );
    }
  }
  // The floor: for each query, the index a person would write for it by hand (partial to the big bot's users).
  const scope = `where bot_id = '${BIG}' and collection = 'users'`;
  await pool.query(`create index if not exists floor_uid on documents ((data -> 'uid')) ${scope}`);
  await pool.query(`create index if not exists floor_lang on documents ((data ->> 'lang')) ${scope}`);
  await pool.query(`create index if not exists floor_score on documents (((data ->> 'score')::numeric)) ${scope}`);
  await pool.query("vacuum analyze documents");
  await pool.query("create table if not exists bench_docdb_marker (dataset text not null)");
  await pool.query("delete from bench_docdb_marker");
  await pool.query("insert into bench_docdb_marker values ($1)", [DATASET]);
  console.log(`loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

interface Pair {
  name: string;
  store: (i: number) => Promise<unknown>;
  floor: (i: number) => Promise<unknown>;
  runs: number;
}

async function measure(pair: Pair): Promise<{ store: number[]; floor: number[] }> {
  const out = { store: [] as number[], floor: [] as number[] };
  const warm = Math.min(100, Math.ceil(pair.runs / 10));
  for (let i = 0; i < warm; i += 1) {
    await pair.store(i);
    await pair.floor(i);
  }
  for (let i = 0; i < pair.runs; i += 1) {
    // Interleaved, so both see the same noise of a shared machine.
    let t = performance.now();
    await pair.store(i + warm);
    out.store.push(performance.now() - t);
    t = performance.now();
    await pair.floor(i + warm);
    out.floor.push(performance.now() - t);
  }
  return out;
}

const uidOf = (i: number) => 100000000 + 1 + ((i * 7919) % 100000);

async function main(): Promise<void> {
  await prepareDatabase(URL);
  const { pool } = createDb(URL, { max: 4, applicationName: "bench-docdb" });
  try {
    await load(pool);
    const store = new DocumentStore(pool, BIG);
    await store.run("createIndex", ["users", { score: 1 }]);
    await store.run("createIndex", ["users", { lang: 1 }]);
    await pool.query("delete from documents where bot_id = $1 and collection = 'events'", [BIG]);
    const batch = (i: number) =>
      Array.from({ length: 1000 }, (_, k) => ({ _id: `e${i}-${k}`, uid: k, kind: "click", at: i * 1000 + k }));
    const pairs: Pair[] = [
      {
        name: "findOne by equality (uid)",
        runs: READS,
        store: (i) => store.run("findOne", ["users", { uid: uidOf(i) }]),
        floor: (i) =>
          pool.query(
            "select data from documents where bot_id = $1 and collection = 'users' and data -> 'uid' = $2::jsonb limit 1",
            [BIG, String(uidOf(i))],
          ),
      },
      {
        name: "countDocuments by lang (createIndex lang)",
        runs: Math.ceil(READS / 10),
        store: (i) => store.run("countDocuments", ["users", { lang: LANGS[i % 5] }]),
        floor: (i) =>
          pool.query(
            "select count(*) from documents where bot_id = $1 and collection = 'users' and data ->> 'lang' = $2",
            [BIG, LANGS[i % 5]],
          ),
      },
      {
        name: "range + sort + limit 50 (createIndex score)",
        runs: READS,
        store: (i) =>
          store.run("findAll", [
            "users",
            { score: { $gte: (i * 37) % 90000, $lt: ((i * 37) % 90000) + 10000 } },
            { sort: { score: 1 }, limit: 50 },
          ]),
        floor: (i) =>
          pool.query(
            "select data from documents where bot_id = $1 and collection = 'users' and (data ->> 'score')::numeric >= $2" +
              " and (data ->> 'score')::numeric < $3 order by (data ->> 'score')::numeric limit 50",
            [BIG, (i * 37) % 90000, ((i * 37) % 90000) + 10000],
          ),
      },
      {
        name: "setProp by uid",
        runs: WRITES,
        store: (i) => store.run("setProp", ["users", { uid: uidOf(i) }, { seen: i }]),
        floor: (i) =>
          pool.query(
            "update documents set data = data || $3::jsonb, updated_at = now() where id = (select id from documents" +
              " where bot_id = $1 and collection = 'users' and data -> 'uid' = $2::jsonb limit 1)",
            [BIG, String(uidOf(i + 50000)), JSON.stringify({ seen: i })],
          ),
      },
      {
        name: "insertMany 1,000",
        runs: BATCHES,
        store: (i) => store.run("insertMany", ["events", batch(i)]),
        floor: (i) => {
          const docs = batch(i + 100000);
          return pool.query(
            "insert into documents (bot_id, collection, doc_id, data) select $1, 'events', d ->> '_id', d" +
              " from jsonb_array_elements($2::jsonb) d",
            [BIG, JSON.stringify(docs)],
          );
        },
      },
      {
        name: "countDocuments by plan (no createIndex: scoped GIN)",
        runs: Math.ceil(READS / 20),
        store: () => store.run("countDocuments", ["users", { plan: "pro" }]),
        floor: () =>
          pool.query(
            "select count(*) from documents where bot_id = $1 and collection = 'users' and data ->> 'plan' = 'pro'",
            [BIG],
          ),
      },
    ];
    console.log(
      `\ndocdb (${new Date().toISOString().slice(0, 10)}), p50 / p99 ms, store beside the hand-written floor`,
    );
    for (const pair of pairs) {
      const r = await measure(pair);
      const s50 = percentile(r.store, 50);
      const f50 = percentile(r.floor, 50);
      console.log(
        `| ${pair.name.padEnd(52)} | ${s50.toFixed(2)} / ${percentile(r.store, 99).toFixed(2)} | ` +
          `${f50.toFixed(2)} / ${percentile(r.floor, 99).toFixed(2)} | ${(s50 / f50).toFixed(2)} |`,
      );
    }
    // The price of a statement timeout set per query (SET LOCAL in a transaction) instead of once per connection.
    const client = await pool.connect();
    try {
      const q =
        "select data from documents where bot_id = $1 and collection = 'users' and data -> 'uid' = $2::jsonb limit 1";
      const plain: number[] = [];
      const local: number[] = [];
      for (let i = 0; i < READS; i += 1) {
        let t = performance.now();
        await client.query(q, [BIG, String(uidOf(i))]);
        plain.push(performance.now() - t);
        t = performance.now();
        await client.query("begin");
        await client.query("set local statement_timeout = 2000");
        await client.query(q, [BIG, String(uidOf(i))]);
        await client.query("commit");
        local.push(performance.now() - t);
      }
      console.log(
        `| floor findOne with SET LOCAL statement_timeout in a transaction | ${percentile(local, 50).toFixed(2)} / ` +
          `${percentile(local, 99).toFixed(2)} | ${percentile(plain, 50).toFixed(2)} / ${percentile(plain, 99).toFixed(2)} | ` +
          `${(percentile(local, 50) / percentile(plain, 50)).toFixed(2)} |`,
      );
    } finally {
      client.release();
    }
    await pool.query("delete from documents where bot_id = $1 and collection = 'events'", [BIG]);
  } finally {
    await pool.end();
  }
}

await main();
