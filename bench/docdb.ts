/**
 * `pnpm bench:docdb`: the bot document store on a big bot among many, each operation three ways, interleaved:
 * - **in the isolate**: timed with `Date.now()` inside a bot's handler around its `db.operation` calls, on a gateway
 *   built as deployed (`createGateway`, in this process) with the bot's CPU budget in force;
 * - **the store alone**: `DocumentStore.run` called directly;
 * - **the floor**: the same query written by hand in SQL with the best index for it.
 *
 * Data: `BENCH_DOCDB_OTHERS` (90) bots with `BENCH_DOCDB_PER_OTHER` (10,000) user documents each, loaded by SQL in a
 * database of its own (BENCH_DOCDB_URL, default botyard_bench_docdb on the local server) and kept while its marker
 * names the data set; then a new bot, each run, whose handler imports `BENCH_DOCDB_BIG` (100,000) users with
 * insertMany in calls of 1,000, as an author importing their users would. Its rows are measured right after that
 * load ("fresh") and again after `VACUUM ANALYZE` ("settled").
 *
 * @see bench/README.md#document-store
 */
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { createLogger } from "@botyard/common/logging";
import { createMetricsRegistry } from "@botyard/common/metrics";
import { createRedis, RedisNames } from "@botyard/common/redis";
import { SecretBox, sha256 } from "@botyard/common/crypto";
import { accounts, bots, createDb, prepareDatabase } from "@botyard/db";
import { DocumentStore, dropBotIndexes, FilterCompiler, statisticsKeeperOf } from "@botyard/docstore";
import { member } from "../packages/docstore/src/jsonpath.js";
import { equalityHint } from "../packages/docstore/src/sql.js";
import { TelegramClient } from "@botyard/telegram";
import { createGateway } from "../services/webhook-gateway/src/app.js";
import { BotHost, DEFAULT_HOST_CALL_LIMITS } from "../services/webhook-gateway/src/runtime/bot-host.js";
import { callTrace, type TraceStep } from "../services/webhook-gateway/src/runtime/call-trace.js";
import { isolateScript } from "../services/webhook-gateway/src/runtime/isolate-script.js";
import { Sandbox } from "../services/webhook-gateway/src/runtime/sandbox.js";
import { dropRedisPrefix, percentile, serve } from "./support.js";

type Pool = ReturnType<typeof createDb>["pool"];
/** A statement and its parameters. */
type Statement = { text: string; values: unknown[] };

const URL = process.env.BENCH_DOCDB_URL ?? "postgres://postgres@127.0.0.1:5432/botyard_bench_docdb";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const OTHERS = Number(process.env.BENCH_DOCDB_OTHERS ?? 90);
const PER_OTHER = Number(process.env.BENCH_DOCDB_PER_OTHER ?? 10_000);
const BIG_DOCS = Number(process.env.BENCH_DOCDB_BIG ?? 100_000);
const DATASET = `docdb-v2: ${OTHERS} x ${PER_OTHER}`;
const LANGS = ["en", "ru", "de", "es", "fr"];
const READS = Number(process.env.BENCH_READS ?? 2000);
const WRITES = Number(process.env.BENCH_WRITES ?? 1000);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 30);
/** Calls per handler request in the isolate rows (one request's `Date.now()` total / this = its per-call time). */
const PER_REQUEST = Number(process.env.BENCH_PER_REQUEST ?? 10);
/** The bot's CPU budget (the gateway's defaults, BOT_CPU_MS_PER_SECOND and BOT_CPU_BURST_MS). */
const CPU = { msPerSecond: 250, burstMs: 2000 };
/**
 * After each handler request the bench waits this many times its duration (the store alone and the floor run in the
 * wait): the bot then spends at most a fifth of the wall clock in its calls, 200 of its 250 ms a second.
 */
const PACE = 4;
/** BENCH_DOCDB_TRACE_ONLY=1: after the import and its settling, only the trace rows and the statements' part. */
const TRACE_ONLY = process.env.BENCH_DOCDB_TRACE_ONLY === "1";
/** BENCH_DOCDB_KEEPER=off: without the store's ANALYZE and GIN clean-up after large writes (to see what they buy). */
const KEEPER_OFF = process.env.BENCH_DOCDB_KEEPER === "off";
/**
 * BENCH_DOCDB_GIN_FASTUPDATE=on: the scoped GIN index with its pending list, as before migration 0014, for this run
 * (turned off again at its end), to show what every bot's lookups pay for it while one bot writes.
 */
const GIN_FASTUPDATE = process.env.BENCH_DOCDB_GIN_FASTUPDATE === "on";

/** One user document as SQL builds it: uid, name, lang, score, plan, tags. */
const DOC_SQL = `jsonb_build_object('_id', b || '-' || i, 'uid', 100000000 + i, 'name', 'User ' || i,
  'lang', (array['en','ru','de','es','fr'])[1 + i % 5], 'score', (i * 7919) % 100000,
  'plan', (array['free','pro'])[1 + (i % 7 = 0)::int], 'tags', case when i % 3 = 0 then '["vip"]'::jsonb else '[]'::jsonb end)`;

/** The big bot's code: `run` makes `n` calls of one operation and times them; `load` inserts users in 1,000s. */
const BOT_CODE = `
const LANGS = ${JSON.stringify(LANGS)};
const BIG = ${BIG_DOCS};
const user = (i) => ({ _id: 'u-' + i, uid: 100000000 + i, name: 'User ' + i, lang: LANGS[i % 5],
  score: (i * 7919) % 100000, plan: i % 7 === 0 ? 'pro' : 'free', tags: i % 3 === 0 ? ['vip'] : [] });
const uidOf = (i) => 100000000 + 1 + ((i * 7919) % BIG);
const ops = {
  none: async () => null,
  findOne: (op, i) => op.findOne('users', { uid: uidOf(i) }),
  findOneId: (op, i) => op.findOne('users', { _id: 'u-' + (1 + ((i * 7919) % BIG)) }),
  count: (op, i) => op.countDocuments('users', { lang: LANGS[i % 5] }),
  countVip: (op) => op.countDocuments('users', { tags: 'vip' }),
  findOneSmall: (op, i) => op.findOne('users', { uid: 100000001 + ((i * 7919) % 10000) }),
  range: (op, i) => op.findAll('users', { score: { $gte: (i * 37) % 90000, $lt: ((i * 37) % 90000) + 10000 } },
    { sort: { score: 1 }, limit: 50 }),
  countPlan: (op) => op.countDocuments('users', { plan: 'pro' }),
  rangeUid: (op, i) => op.findAll('users', { uid: { $gte: uidOf(i), $lt: uidOf(i) + 10000 } },
    { sort: { uid: 1 }, limit: 50 }),
  setProp: (op, i) => op.setProp('users', { uid: uidOf(i) }, { seen: i }),
  insertMany: (op, i) => op.insertMany('events', Array.from({ length: 1000 },
    (_, k) => ({ _id: 'i' + i + '-' + k, uid: k, kind: 'click', at: i * 1000 + k }))),
  load: (op, i) => op.insertMany('users', Array.from({ length: 1000 }, (_, k) => user(i * 1000 + k + 1))),
  setup: async (op) => {
    await op.createIndex('users', { score: 1 });
    await op.createIndex('users', { lang: 1 });
  },
};
logic['run'] = async (q, body, db) => {
  const run = ops[body.op];
  const started = Date.now();
  let max = 0;
  for (let k = 0; k < body.n; k += 1) {
    const t = Date.now();
    await run(db.operation, body.from + k);
    max = Math.max(max, Date.now() - t);
  }
  return { ms: Date.now() - started, max };
};
`;

async function loadOthers(pool: Pool): Promise<void> {
  const marker = await pool
    .query<{ dataset: string }>("select dataset from bench_docdb_marker")
    .catch(() => ({ rows: [] as Array<{ dataset: string }> }));
  await pool.query("insert into accounts (id, email) values ('bench', 'bench@example.com') on conflict do nothing");
  if (marker.rows[0]?.dataset === DATASET) {
    console.log(`reusing the loaded data set ${DATASET} (drop the database to load again)`);
    return;
  }
  console.log(`loading ${(OTHERS * PER_OTHER).toLocaleString("en")} documents (once; later runs reuse them)…`);
  const started = performance.now();
  await pool.query("delete from bots where account_id = 'bench'");
  for (let n = 0; n < OTHERS; n += 1) {
    const b = `bench-${String(n).padStart(3, "0")}`;
    await pool.query("insert into bots (id, account_id) values ($1, 'bench')", [b]);
    await pool.query(
      `insert into documents (bot_id, collection, doc_id, data) select $1, 'users', $1 || '-' || i, d from
       (select ${DOC_SQL} as d, i from (select $1::text as b) x, generate_series(1, $2::int) i) y`,
      [b, PER_OTHER],
    );
  }
  await pool.query("vacuum analyze documents");
  await pool.query("create table if not exists bench_docdb_marker (dataset text not null)");
  await pool.query("delete from bench_docdb_marker");
  await pool.query("insert into bench_docdb_marker values ($1)", [DATASET]);
  console.log(`loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** The big bot of this run: a new id, so that nothing Postgres learnt of an earlier run's bot helps this one. */
/** A running bot with BOT_CODE, of an account of its own. */
async function insertBot(db: ReturnType<typeof createDb>["db"], box: SecretBox, id: string): Promise<void> {
  await db.insert(accounts).values({ id: `acct-${id}`, email: `${id}@example.com` });
  await db.insert(bots).values({
    id,
    accountId: `acct-${id}`,
    code: BOT_CODE,
    runningCode: BOT_CODE,
    codeVersion: 1,
    status: "running",
    tokenHash: sha256(id),
    tokenEnc: box.encrypt(`1:${id}`),
    webhookSecretHash: sha256(`secret-${id}`),
  });
}

/**
 * The big bot of this run, and its neighbour (10,000 users loaded by SQL, for the neighbours row): new ids, so that
 * nothing Postgres learnt of an earlier run's bot helps this one.
 */
async function createBigBot(
  pool: Pool,
  db: ReturnType<typeof createDb>["db"],
  box: SecretBox,
): Promise<{ id: string; neighbour: string }> {
  const { rows } = await pool.query<{ id: string }>(
    "select id from bots where id like 'benchbig%' or id like 'benchnbr%'",
  );
  for (const r of rows) {
    await dropBotIndexes(pool, r.id);
    await pool.query("delete from bots where id = $1", [r.id]);
    await pool.query("delete from accounts where id = $1", [`acct-${r.id}`]);
  }
  for (const name of ["floor_uid", "floor_lang", "floor_score", "floor_nbr_uid"])
    await pool.query(`drop index if exists ${name}`);
  const id = `benchbig${Date.now().toString(36)}`;
  const neighbour = `benchnbr${Date.now().toString(36)}`;
  await insertBot(db, box, id);
  await insertBot(db, box, neighbour);
  await pool.query(
    `insert into documents (bot_id, collection, doc_id, data) select $1, 'users', $1 || '-' || i, d from
     (select ${DOC_SQL} as d, i from (select $1::text as b) x, generate_series(1, 10000) i) y`,
    [neighbour],
  );
  // The floor: for each query, the index a person would write for it by hand (partial to the big bot's users).
  const scope = `where bot_id = '${id}' and collection = 'users'`;
  await pool.query(`create index floor_uid on documents ((data -> 'uid')) ${scope}`);
  await pool.query(`create index floor_lang on documents ((data ->> 'lang')) ${scope}`);
  await pool.query(`create index floor_score on documents (((data ->> 'score')::numeric)) ${scope}`);
  await pool.query(
    `create index floor_nbr_uid on documents ((data -> 'uid')) where bot_id = '${neighbour}' and collection = 'users'`,
  );
  return { id, neighbour };
}

/** What a handler request answered: its calls' total and slowest time inside the isolate, or a refusal. */
type Answer = { ms: number; max: number } | { refused: string; retryAfterS: number };

/** Runs `n` calls of `op` in the big bot's handler, from index `from`. */
type Handler = (op: string, from: number, n: number) => Promise<Answer>;

function handlerOf(url: string, botId: string): Handler {
  return async (op, from, n) => {
    const res = await fetch(`${url}/custom/${botId}/run`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ op, from, n }),
    });
    const body = (await res.json()) as { ok: boolean; data?: { ms: number; max: number }; error?: unknown };
    if (res.ok && body.ok && body.data) return body.data;
    return {
      refused: `${res.status} ${JSON.stringify(body).slice(0, 160)}`,
      retryAfterS: Number(res.headers.get("retry-after") ?? 1),
    };
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Row {
  name: string;
  /** The operation in the bot's code (BOT_CODE). */
  op: string;
  runs: number;
  /** Calls per handler request. @defaultValue PER_REQUEST */
  perRequest?: number;
  store?: (i: number) => Promise<unknown>;
  floor?: (i: number) => Promise<unknown>;
}

interface RowResult {
  /** Per call, ms: a request's `Date.now()` total over its calls. */
  isolate: number[];
  store: number[];
  floor: number[];
  /** Requests refused (CPU budget): each waits its Retry-After and is sent again. */
  refused: number;
}

/**
 * One row: handler requests paced to the bot's CPU budget (see PACE); in the wait after each, as many calls of the
 * store alone and of the floor, interleaved call by call, so all three see the same noise of a shared machine.
 */
async function measure(handler: Handler, row: Row): Promise<RowResult> {
  const out: RowResult = { isolate: [], store: [], floor: [], refused: 0 };
  const per = row.perRequest ?? PER_REQUEST;
  for (let i = 0; i < row.runs; ) {
    const n = Math.min(per, row.runs - i);
    const started = performance.now();
    const answer = await handler(row.op, i, n);
    const wall = performance.now() - started;
    if ("refused" in answer) {
      out.refused += 1;
      await sleep(answer.retryAfterS * 1000);
      continue;
    }
    out.isolate.push(answer.ms / n);
    const until = performance.now() + wall * PACE;
    for (let k = 0; k < n; k += 1) {
      if (row.store) {
        const t = performance.now();
        await row.store(i + k);
        out.store.push(performance.now() - t);
      }
      if (row.floor) {
        const t = performance.now();
        await row.floor(i + k);
        out.floor.push(performance.now() - t);
      }
    }
    const left = until - performance.now();
    if (left > 0) await sleep(left);
    i += n;
  }
  return out;
}

const fixed = (values: number[]) =>
  values.length === 0 ? "—" : `${percentile(values, 50).toFixed(2)} / ${percentile(values, 99).toFixed(2)}`;

function printRow(name: string, r: RowResult): void {
  const ratio = (a: number[], b: number[]) =>
    a.length && b.length ? (percentile(a, 50) / percentile(b, 50)).toFixed(2) : "—";
  console.log(
    `| ${name.padEnd(44)} | ${fixed(r.isolate).padEnd(13)} | ${fixed(r.store).padEnd(13)} | ${fixed(r.floor).padEnd(13)} |` +
      ` ${ratio(r.isolate, r.store)} | ${ratio(r.store, r.floor)} | ${r.refused} |`,
  );
}

const uidOf = (i: number) => 100000000 + 1 + ((i * 7919) % BIG_DOCS);

function rows(pool: Pool, store: DocumentStore, botId: string): Row[] {
  const batch = (i: number) =>
    Array.from({ length: 1000 }, (_, k) => ({ _id: `s${i}-${k}`, uid: k, kind: "click", at: i * 1000 + k }));
  return [
    { name: "handler without a call (the bridge's floor)", op: "none", runs: Math.ceil(READS / 4) },
    {
      name: "findOne by equality (uid), no createIndex",
      op: "findOne",
      runs: READS,
      store: (i) => store.run("findOne", ["users", { uid: uidOf(i + 7) }]),
      floor: (i) =>
        pool.query(
          "select data from documents where bot_id = $1 and collection = 'users' and data -> 'uid' = $2::jsonb limit 1",
          [botId, String(uidOf(i + 7))],
        ),
    },
    {
      name: "findOne by _id",
      op: "findOneId",
      runs: READS,
      store: (i) => store.run("findOne", ["users", { _id: `u-${1 + (((i + 7) * 7919) % BIG_DOCS)}` }]),
      floor: (i) =>
        pool.query("select data from documents where bot_id = $1 and collection = 'users' and doc_id = $2", [
          botId,
          `u-${1 + (((i + 7) * 7919) % BIG_DOCS)}`,
        ]),
    },
    {
      name: "countDocuments by lang (createIndex lang)",
      op: "count",
      runs: Math.ceil(READS / 10),
      perRequest: 2,
      store: (i) => store.run("countDocuments", ["users", { lang: LANGS[i % 5] }]),
      floor: (i) =>
        pool.query(
          "select count(*) from documents where bot_id = $1 and collection = 'users' and data ->> 'lang' = $2",
          [botId, LANGS[i % 5]],
        ),
    },
    {
      name: "range + sort + limit 50 (createIndex score)",
      op: "range",
      runs: READS,
      store: (i) =>
        store.run("findAll", [
          "users",
          { score: { $gte: ((i + 7) * 37) % 90000, $lt: (((i + 7) * 37) % 90000) + 10000 } },
          { sort: { score: 1 }, limit: 50 },
        ]),
      floor: (i) =>
        pool.query(
          "select data from documents where bot_id = $1 and collection = 'users' and (data ->> 'score')::numeric >= $2" +
            " and (data ->> 'score')::numeric < $3 order by (data ->> 'score')::numeric limit 50",
          [botId, ((i + 7) * 37) % 90000, (((i + 7) * 37) % 90000) + 10000],
        ),
    },
    {
      name: "countDocuments by plan (no createIndex)",
      op: "countPlan",
      runs: Math.ceil(READS / 10),
      perRequest: 2,
      store: () => store.run("countDocuments", ["users", { plan: "pro" }]),
      floor: () =>
        pool.query(
          "select count(*) from documents where bot_id = $1 and collection = 'users' and data ->> 'plan' = 'pro'",
          [botId],
        ),
    },
    {
      name: "range + sort + limit 50 on uid (no createIndex)",
      op: "rangeUid",
      runs: Math.ceil(READS / 10),
      perRequest: 2,
      store: (i) =>
        store.run("findAll", [
          "users",
          { uid: { $gte: uidOf(i + 7), $lt: uidOf(i + 7) + 10000 } },
          { sort: { uid: 1 }, limit: 50 },
        ]),
      floor: (i) =>
        pool.query(
          "select data from documents where bot_id = $1 and collection = 'users' and data -> 'uid' >= $2::jsonb" +
            " and data -> 'uid' < $3::jsonb order by data -> 'uid' limit 50",
          [botId, String(uidOf(i + 7)), String(uidOf(i + 7) + 10000)],
        ),
    },
    {
      name: "setProp by uid",
      op: "setProp",
      runs: WRITES,
      store: (i) => store.run("setProp", ["users", { uid: uidOf(i + 30000) }, { seen: i }]),
      floor: (i) =>
        pool.query(
          "update documents set data = data || $3::jsonb, updated_at = now() where id = (select id from documents" +
            " where bot_id = $1 and collection = 'users' and data -> 'uid' = $2::jsonb limit 1)",
          [botId, String(uidOf(i + 60000)), JSON.stringify({ seen: i })],
        ),
    },
    {
      name: "insertMany 1,000",
      op: "insertMany",
      runs: BATCHES,
      perRequest: 1,
      store: (i) => store.run("insertMany", ["events", batch(i)]),
      floor: (i) =>
        pool.query(
          "insert into documents (bot_id, collection, doc_id, data) select $1, 'events', d ->> '_id', d" +
            " from jsonb_array_elements($2::jsonb) d",
          [botId, JSON.stringify(batch(i + 100000))],
        ),
    },
  ];
}

/** Sends a request until it is answered, waiting out the CPU budget's refusals; returns how many were refused. */
async function untilAnswered(handler: Handler, op: string, from: number, n: number): Promise<number> {
  for (let refused = 0; ; refused += 1) {
    const answer = await handler(op, from, n);
    if (!("refused" in answer)) return refused;
    if (refused === 0 && !answer.refused.startsWith("429")) console.log(`  (refused: ${answer.refused})`);
    await sleep(answer.retryAfterS * 1000);
  }
}

async function phase(title: string, handler: Handler, pool: Pool, store: DocumentStore, botId: string): Promise<void> {
  console.log(`\n${title}: per call p50 / p99 ms (in the isolate: per-request means of ${PER_REQUEST} calls)`);
  console.log(
    "| operation                                    | isolate       | store alone   | floor         | isolate/store | store/floor | refused |",
  );
  for (const row of rows(pool, store, botId)) {
    const r = await measure(handler, row);
    printRow(`${row.name} (${row.runs})`, r);
    if (row.op === "insertMany") {
      await pool.query("delete from documents where bot_id = $1 and collection = 'events'", [botId]);
    }
  }
}

/**
 * The bridge alone: a handler's findOne answered by the gateway's BotHost over a store that answers at once with one
 * document, in a sandbox of its own (no Postgres, no HTTP): the isolate hand-off, the message's decoding, the host
 * call's limiter and budget check, and the reply's copy back. Per call, from `Date.now()` over 5,000 calls in one
 * handler, five rounds.
 */
async function bridgeAlone(): Promise<string> {
  const doc = JSON.stringify({ _id: "u-1", uid: 100000001, name: "User 1", lang: "en", score: 7919, plan: "free" });
  const host = new BotHost({
    botId: "bridge",
    token: undefined,
    store: { runJson: async () => doc },
    telegram: undefined as never,
    egress: undefined as never,
    limits: DEFAULT_HOST_CALL_LIMITS,
    maxSleepMs: 1000,
    overBudgetMs: () => 0,
    log: () => {},
    onTokenRejected: async () => {},
    logger: createLogger("bench-docdb", "silent"),
  });
  const code =
    "logic['run'] = async (q, body, db) => { const t = Date.now();" +
    " for (let k = 0; k < body.n; k++) await db.operation.findOne('users', { uid: 100000000 + k });" +
    " return Date.now() - t; };";
  const sandbox = await Sandbox.create(await isolateScript(), code, {}, host, { memoryMb: 64, timeoutMs: 10_000 });
  const args = (n: number) => ({
    query: {},
    body: { n },
    params: { method: "POST", path: "/custom/bridge/run", headers: {}, rawBody: "", ip: "127.0.0.1", botId: "bridge" },
  });
  try {
    await sandbox.runLogic("run", args(2000));
    const rounds: number[] = [];
    for (let r = 0; r < 5; r += 1) {
      const outcome = await sandbox.runLogic("run", args(5000));
      rounds.push(outcome.status === "done" ? (outcome.result.data as number) / 5000 : Number.NaN);
    }
    return rounds.map((ms) => ms.toFixed(3)).join(", ");
  } finally {
    sandbox.close();
  }
}

/**
 * What a heavy bot costs its neighbour, as a row set: the neighbour's findOne by uid (10,000 users; 10 calls a
 * request, paced as the rows are; the store alone and the floor in the pauses) alone, then while the big bot counts
 * its `vip` users (a third of its collection) in a loop, 4 requests at once, and then while it inserts 1,000 events a
 * request in a loop, each as fast as its CPU budget lets it. The heavy bot's answered and refused requests show the
 * budget (which counts its database time) at work.
 */
async function neighbours(big: Handler, neighbour: Handler, pool: Pool, neighbourId: string): Promise<void> {
  const store = new DocumentStore(pool, neighbourId);
  const uidOfSmall = (i: number) => 100000001 + ((i * 7919) % 10000);
  const row: Row = {
    name: "neighbour findOne by uid",
    op: "findOneSmall",
    runs: Math.max(100, READS / 2),
    store: (i) => store.run("findOne", ["users", { uid: uidOfSmall(i) }]),
    floor: (i) =>
      pool.query(
        "select data from documents where bot_id = $1 and collection = 'users' and data -> 'uid' = $2::jsonb limit 1",
        [neighbourId, String(uidOfSmall(i))],
      ),
  };
  const alone = await measure(neighbour, row);
  /** The neighbour's row while the big bot runs `op` in `width` loops; with the big bot's answered and refused. */
  const beside = async (op: string, width: number, from: number) => {
    let stop = false;
    let answered = 0;
    let refused = 0;
    const loop = async (_: unknown, k: number) => {
      for (let i = from + k * 1_000_000; !stop; i += 1) {
        const answer = await big(op, i, 1);
        if ("refused" in answer) {
          refused += 1;
          await sleep(Math.min(answer.retryAfterS * 1000, 200));
        } else {
          answered += 1;
        }
      }
    };
    const loops = Array.from({ length: width }, loop);
    await sleep(1000);
    const result = await measure(neighbour, row);
    stop = true;
    await Promise.all(loops);
    return { result, answered, refused };
  };
  const counting = await beside("countVip", 4, 0);
  const inserting = await beside("insertMany", 1, 10_000);
  const p50 = (r: RowResult) => percentile(r.isolate, 50);
  const counted = `${Math.floor(BIG_DOCS / 3).toLocaleString("en")} of ${BIG_DOCS.toLocaleString("en")}`;
  console.log(`
neighbours: per call p50 / p99 ms (in the isolate: per-request means of ${PER_REQUEST} calls)`);
  console.log(
    "| operation                                    | isolate       | store alone   | floor         | isolate/store | store/floor | refused |",
  );
  printRow(`${row.name}, alone (${row.runs})`, alone);
  printRow(`${row.name}, beside a bot counting ${counted} (${row.runs})`, counting.result);
  printRow(`${row.name}, beside a bot inserting 1,000 a call (${row.runs})`, inserting.result);
  const ratio = (r: RowResult) => (p50(r) / p50(alone)).toFixed(2);
  console.log(
    `neighbour's p50 in the isolate beside / alone: ${ratio(counting.result)}x beside the counting bot` +
      ` (${counting.answered} counts answered, ${counting.refused} requests refused), ${ratio(inserting.result)}x` +
      ` beside the inserting bot (${inserting.answered} insertMany answered, ${inserting.refused} refused);` +
      ` target ≤ 2x. GIN fastupdate ${GIN_FASTUPDATE ? "on (BENCH_DOCDB_GIN_FASTUPDATE=on)" : "off"}`,
  );
}

/** The price of a statement timeout set per query (SET LOCAL in a transaction) instead of once per connection. */
async function setLocalPrice(pool: Pool, botId: string): Promise<void> {
  const client = await pool.connect();
  try {
    const q =
      "select data from documents where bot_id = $1 and collection = 'users' and data -> 'uid' = $2::jsonb limit 1";
    const plain: number[] = [];
    const local: number[] = [];
    for (let i = 0; i < READS; i += 1) {
      let t = performance.now();
      await client.query(q, [botId, String(uidOf(i))]);
      plain.push(performance.now() - t);
      t = performance.now();
      await client.query("begin");
      await client.query("set local statement_timeout = 2000");
      await client.query(q, [botId, String(uidOf(i))]);
      await client.query("commit");
      local.push(performance.now() - t);
    }
    console.log(
      `\nfloor findOne with SET LOCAL statement_timeout in a transaction / without: ${fixed(local)} / ${fixed(plain)} ms`,
    );
  } finally {
    client.release();
  }
}

/**
 * With the trace on (BOTYARD_TRACE_HOST_CALLS=1), the gateway's store pool marks its steps too: a connection acquired,
 * each statement sent and answered. Installed before the pool opens any connection.
 */
function tracePool(pool: Pool): void {
  if (callTrace === undefined) return;
  const trace = callTrace;
  pool.on("acquire", () => trace.mark("pg:acquire"));
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      trace.mark("pg:sent");
      const result = query(...args);
      if (result instanceof Promise) {
        result.then(
          () => trace.mark("pg:answered"),
          () => trace.mark("pg:answered"),
        );
      }
      return result;
    };
  });
}

/** The phases of one host call, from the end of the slice that sent it to the end of the slice its reply resumed. */
const PHASES = [
  ["decode", "the call's message read from the mailbox and decoded"],
  ["queue", "the bot's db limiter and CPU budget check"],
  ["acquire", "the store's argument checks and the pool's connection"],
  ["store", "the store's SQL building, and its reading of the rows"],
  ["postgres", "statements on the connection: the wire, Postgres, its wake-ups"],
  ["reply", "the answer serialised and queued for the isolate (the outbox's setImmediate)"],
  ["isolate", "the apply: the hop to the isolate's thread, the bot's code to its next call, the hop back"],
] as const;
type Phase = (typeof PHASES)[number][0];

/** One call's phases (µs) and its statements, from the trace's steps. */
interface TracedCall {
  us: Record<Phase, number>;
  statements: number;
}

/** Splits the steps into calls: each from a `sliceEnded` to the next, with one `call` between. */
function tracedCalls(steps: Array<{ step: TraceStep; at: bigint }>): TracedCall[] {
  const calls: TracedCall[] = [];
  const us = (a: bigint, b: bigint) => Number(b - a) / 1000;
  let start = steps.findIndex((s) => s.step === "sliceEnded");
  while (start >= 0) {
    const end = steps.findIndex((s, i) => i > start && s.step === "sliceEnded");
    if (end < 0) break;
    const span = steps.slice(start, end + 1);
    const at = (step: TraceStep, from = 0) => span.findIndex((s, i) => i >= from && s.step === step);
    const call = at("call");
    const admitted = at("admitted", call);
    const acquire = at("pg:acquire", admitted);
    const answered = at("answered", acquire);
    const handed = at("handed", answered);
    if ([call, admitted, acquire, answered, handed].every((i) => i >= 0)) {
      let postgres = 0;
      let statements = 0;
      for (let i = acquire; i < answered; i += 1) {
        if (span[i]!.step !== "pg:sent") continue;
        const done = at("pg:answered", i);
        if (done < 0 || done > answered) break;
        postgres += us(span[i]!.at, span[done]!.at);
        statements += 1;
      }
      const between = us(span[acquire]!.at, span[answered]!.at);
      calls.push({
        statements,
        us: {
          decode: us(span[0]!.at, span[call]!.at),
          queue: us(span[call]!.at, span[admitted]!.at),
          acquire: us(span[admitted]!.at, span[acquire]!.at),
          store: between - postgres,
          postgres,
          reply: us(span[answered]!.at, span[handed]!.at),
          isolate: us(span[handed]!.at, span[end - start]!.at),
        },
      });
    }
    start = end;
  }
  return calls;
}

/**
 * The trace row (BOTYARD_TRACE_HOST_CALLS=1): `op` in the big bot's handler, one call at a time, its steps split
 * into phases. Prints each phase's p50 and mean (µs), the statements per call, and the handler's own per-call time.
 */
async function traceRow(
  handler: Handler,
  op: string,
  runs: number,
  direct: (i: number) => Promise<unknown>,
): Promise<void> {
  if (callTrace === undefined) return;
  const trace = callTrace;
  const calls: TracedCall[] = [];
  const inHandler: number[] = [];
  const directCall: number[] = [];
  const directStatement: number[] = [];
  for (let i = 0; i < runs; ) {
    trace.start();
    const started = performance.now();
    const answer = await handler(op, i, PER_REQUEST);
    const wall = performance.now() - started;
    const steps = trace.stop();
    if ("refused" in answer) {
      await sleep(answer.retryAfterS * 1000);
      continue;
    }
    inHandler.push(answer.ms / PER_REQUEST);
    calls.push(...tracedCalls(steps));
    // The same calls on the gateway's store pool, from the benchmark's own loop: the store alone, beside the trace.
    for (let k = 0; k < PER_REQUEST; k += 1) {
      trace.start();
      const t = performance.now();
      await direct(i + k);
      directCall.push(performance.now() - t);
      const marks = trace.stop();
      const sent = marks.findLast((m) => m.step === "pg:sent");
      const answered = marks.findLast((m) => m.step === "pg:answered");
      if (sent && answered) directStatement.push(Number(answered.at - sent.at) / 1e6);
    }
    await sleep(wall * PACE);
    i += PER_REQUEST;
  }
  const counts = new Map<number, number>();
  for (const c of calls) counts.set(c.statements, (counts.get(c.statements) ?? 0) + 1);
  const total = calls.map((c) => PHASES.reduce((sum, [p]) => sum + c.us[p], 0));
  console.log(
    `\ntrace of ${op} in the handler (${calls.length} calls; statements per call: ` +
      `${[...counts].map(([n, k]) => `${n} in ${k}`).join(", ")}); per call ${fixed(inHandler)} ms in the handler`,
  );
  console.log("| phase    | p50 µs | mean µs | what |");
  for (const [phase, what] of PHASES) {
    const values = calls.map((c) => c.us[phase]);
    const mean = values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
    console.log(
      `| ${phase.padEnd(8)} | ${percentile(values, 50).toFixed(0).padStart(6)} | ${mean.toFixed(0).padStart(7)} | ${what} |`,
    );
  }
  const mean = total.reduce((a, b) => a + b, 0) / Math.max(1, total.length);
  console.log(`| total    | ${percentile(total, 50).toFixed(0).padStart(6)} | ${mean.toFixed(0).padStart(7)} | |`);
  console.log(
    `the same calls on the gateway's store pool from the benchmark's loop, between the requests: ${fixed(directCall)}` +
      ` ms per call, of which its last statement ${fixed(directStatement)} ms`,
  );
}

/** The statement a pooled store ran last, and its parameters (read from a pool that records them). */
async function statementOf(pool: Pool, botId: string, op: string, args: unknown[]): Promise<Statement> {
  let last: Statement | undefined;
  const restore: Array<() => void> = [];
  const recording = {
    connect: async () => {
      const client = await pool.connect();
      const original = client.query;
      const query = original.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...a: unknown[]) => {
        const [first, values] = a as [string | Statement, unknown[] | undefined];
        last = typeof first === "string" ? { text: first, values: values ?? [] } : { ...first };
        return query(...a);
      };
      restore.push(() => {
        client.query = original;
      });
      return client;
    },
  } as unknown as Pool;
  try {
    await new DocumentStore(recording, botId).run(op, args);
  } finally {
    for (const undo of restore) undo();
  }
  if (!last) throw new Error(`no statement for ${op}`);
  return last;
}

/**
 * The statement the store ran for `findOne(collection, { [field]: value })` before it had a plain statement for one
 * document and, for `_id`, the `doc_id` column (commit 7283442): a page query with its budget window, and the scoped
 * GIN index for every equality.
 */
function findOneBefore(botId: string, collection: string, field: string, value: string | number): Statement {
  const predicate = new FilterCompiler().field(field, value, 0);
  const hint = equalityHint(field, value);
  return {
    text:
      "select case when coalesce(sum(octet_length(t)) over before, 0) < $7::bigint then t end as data," +
      " octet_length(t)::int as size from (select data::text as t from documents where bot_id = $1 and collection" +
      " = $2 and data @? $3::jsonpath and docstore_scoped(bot_id, collection, data) @? $4::jsonpath order by id asc" +
      " limit $5::int offset $6::bigint) page window before as (rows between unbounded preceding and 1 preceding)",
    values: [
      botId,
      collection,
      `lax $ ? (${predicate})`,
      `lax $${member(`${botId}/${collection}`)} ? (${hint})`,
      1,
      0,
      512 * 1024,
    ],
  };
}

/**
 * Postgres's part of a findOne, before and after, interleaved on one connection: the statement's round trip, and
 * EXPLAIN ANALYZE's planning and execution time (the server's own work), beside `select 1` (the wire and the
 * wake-ups alone).
 */
async function statementsBeforeAfter(pool: Pool, botId: string): Promise<void> {
  const shapes: Array<[string, string, (i: number) => string | number]> = [
    ["findOne by _id", "_id", (i) => `u-${1 + ((i * 7919) % BIG_DOCS)}`],
    ["findOne by uid", "uid", (i) => uidOf(i)],
  ];
  const client = await pool.connect();
  try {
    console.log("\nPostgres's part, p50 ms (interleaved; planning and execution from EXPLAIN ANALYZE):");
    console.log("| statement | round trip | planning | execution | round trip after / before |");
    const ping: number[] = [];
    for (const [name, field, valueAt] of shapes) {
      const before = { rt: [] as number[], plan: [] as number[], exec: [] as number[] };
      const after = { rt: [] as number[], plan: [] as number[], exec: [] as number[] };
      for (let i = 0; i < Math.min(READS, 500); i += 1) {
        const value = valueAt(i);
        const now = await statementOf(pool, botId, "findOne", ["users", { [field]: value }]);
        const then = findOneBefore(botId, "users", field, value);
        for (const [q, into] of [
          [now, after],
          [then, before],
        ] as const) {
          let t = performance.now();
          await client.query(q);
          into.rt.push(performance.now() - t);
          const { rows: plan } = await client.query<{ "QUERY PLAN": Array<Record<string, number>> }>({
            text: `explain (analyze, format json) ${q.text}`,
            values: q.values,
          });
          into.plan.push(plan[0]!["QUERY PLAN"][0]!["Planning Time"]!);
          into.exec.push(plan[0]!["QUERY PLAN"][0]!["Execution Time"]!);
          t = performance.now();
          await client.query("select 1");
          ping.push(performance.now() - t);
        }
      }
      const p = (v: number[]) => percentile(v, 50).toFixed(3);
      const ratio = (percentile(after.rt, 50) / percentile(before.rt, 50)).toFixed(2);
      console.log(`| ${name}, before | ${p(before.rt)} | ${p(before.plan)} | ${p(before.exec)} | |`);
      const named = field === "_id" ? " (round trip: the named statement)" : "";
      console.log(`| ${name}, now${named} | ${p(after.rt)} | ${p(after.plan)} | ${p(after.exec)} | ${ratio} |`);
    }
    console.log(`| select 1 | ${percentile(ping, 50).toFixed(3)} | | | |`);
  } finally {
    client.release();
  }
}

async function main(): Promise<void> {
  await prepareDatabase(URL);
  const gin = createDb(URL, { max: 1, applicationName: "bench-docdb-gin" });
  await gin.pool.query(`alter index documents_scoped_gin_idx set (fastupdate = ${GIN_FASTUPDATE ? "on" : "off"})`);
  await gin.pool.query("select gin_clean_pending_list('documents_scoped_gin_idx'::regclass)");
  const { db, pool } = createDb(URL, { max: 4, applicationName: "bench-docdb" });
  const gatewayDb = createDb(URL, { max: 4, applicationName: "bench-docdb-gateway" });
  const storePool = createDb(URL, { max: 16, applicationName: "bench-docdb-store" });
  tracePool(storePool.pool);
  const redis = createRedis(REDIS_URL);
  const subscriber = createRedis(REDIS_URL);
  const prefix = `botyard-bench-docdb-${Date.now().toString(36)}`;
  const telegram = new TelegramClient({ apiRoot: "http://127.0.0.1:1", timeoutMs: 1000 });
  const secretKey = "bench-docdb-secret-key-0123";
  const box = new SecretBox(secretKey);
  const load = () => loadavg().map((l) => l.toFixed(1));
  console.log(`load average at start: ${load().join(" ")}`);
  console.log(`the bridge alone (a store that answers at once), ms per findOne in the handler: ${await bridgeAlone()}`);
  try {
    await loadOthers(pool);
    const { id: botId, neighbour } = await createBigBot(pool, db, box);
    const gateway = createGateway({
      db: gatewayDb.db,
      storePool: storePool.pool,
      redis,
      subscriber,
      names: new RedisNames(prefix),
      secretKey,
      telegram,
      logger: createLogger("webhook-gateway", "silent"),
      registry: createMetricsRegistry("webhook-gateway"),
      allowPrivateEgress: false,
      // The defaults of services/webhook-gateway/src/config.ts, the CPU budget among them.
      runtime: {
        limits: { memoryMb: 64, timeoutMs: 10_000 },
        maxLoaded: 5000,
        idleMs: 15 * 60_000,
        maxConcurrentPerBot: 64,
        rate: { perSecond: 500, burst: 1000 },
        cpu: CPU,
      },
      checks: {},
      usage: { enabled: false },
      ...(KEEPER_OFF ? { storeStatistics: { rowsPerCollection: Number.POSITIVE_INFINITY } } : {}),
    });
    await gateway.ready;
    if (KEEPER_OFF) {
      statisticsKeeperOf(pool).close();
      console.log("the store's StatisticsKeeper is off (BENCH_DOCDB_KEEPER=off)");
    }
    const server = await serve(gateway.app);
    try {
      const handler = handlerOf(server.url, botId);
      const store = new DocumentStore(pool, botId);
      await untilAnswered(handler, "setup", 0, 1);
      // The import, as an author would run it: insertMany of 1,000 documents, one call after another.
      const loads = Math.ceil(BIG_DOCS / 1000);
      let started = performance.now();
      let refused = 0;
      for (let i = 0; i < loads; i += 1) refused += await untilAnswered(handler, "load", i, 1);
      console.log(
        `\nimported ${BIG_DOCS.toLocaleString("en")} users in ${loads} insertMany calls: ` +
          `${((performance.now() - started) / 1000).toFixed(1)} s, ${refused} requests refused by the CPU budget`,
      );
      // The first queries after the import, one call per request, timed in the isolate (a request refused by the
      // CPU budget, which the import spent, waits and is sent again: the call itself is what is timed).
      const first: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        for (;;) {
          const answer = await handler("findOne", 1000 + i, 1);
          if (!("refused" in answer)) {
            first.push(answer.ms);
            break;
          }
          await sleep(answer.retryAfterS * 1000);
        }
      }
      console.log(`first five findOne by uid after the import, ms in the handler: ${first.join(", ")}`);
      if (!TRACE_ONLY) await phase("fresh (right after the import)", handler, pool, store, botId);
      started = performance.now();
      // On a connection of its own: the store's connections carry its 2 s statement timeout.
      const settler = await pool.connect();
      try {
        await settler.query("set statement_timeout = 0");
        await settler.query("vacuum analyze documents");
      } finally {
        settler.release(true);
      }
      console.log(`\nsettling: VACUUM ANALYZE documents, ${((performance.now() - started) / 1000).toFixed(1)} s`);
      if (!TRACE_ONLY) await phase("settled", handler, pool, store, botId);
      const gatewayStore = new DocumentStore(storePool.pool, botId);
      await traceRow(handler, "findOneId", READS / 4, (i) =>
        gatewayStore.runJson("findOne", ["users", { _id: `u-${1 + ((i * 7919) % BIG_DOCS)}` }]),
      );
      await traceRow(handler, "findOne", READS / 4, (i) =>
        gatewayStore.runJson("findOne", ["users", { uid: uidOf(i) }]),
      );
      await statementsBeforeAfter(pool, botId);
      if (!TRACE_ONLY) {
        await neighbours(handler, handlerOf(server.url, neighbour), pool, neighbour);
        await setLocalPrice(pool, botId);
      }
    } finally {
      await server.close();
      await gateway.close();
    }
  } finally {
    console.log(`load average at end: ${load().join(" ")}`);
    redis.disconnect();
    subscriber.disconnect();
    await telegram.close();
    await dropRedisPrefix(REDIS_URL, prefix).catch(() => {});
    if (GIN_FASTUPDATE) {
      await gin.pool.query("alter index documents_scoped_gin_idx set (fastupdate = off)");
      await gin.pool.query("select gin_clean_pending_list('documents_scoped_gin_idx'::regclass)");
    }
    await Promise.all([pool.end(), gatewayDb.pool.end(), storePool.pool.end(), gin.pool.end()]);
  }
}

await main();
