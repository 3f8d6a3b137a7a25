/**
 * `db.operation` for one bot: its collections in the shared `documents` table. Every statement is scoped by the bot's
 * id, which comes from the host, never from bot code. The gateway calls {@link DocumentStore.run} with what bot code
 * passed and hands the JSON-able result, or the {@link DocumentStoreError} message, back to bot code.
 *
 * @see docs/bot-runtime.md#db
 */
import { collectionNameProblem, prepareDocument } from "@botyard/common/documents";
import type { Database } from "@botyard/db";
import type pg from "pg";
import { DocumentStoreError, excerpt, invalid } from "./errors.js";
import { ensureIndex, loadIndexedFields, sweepOrphanIndexes } from "./indexes.js";
import { isOperatorObject, isPlainObject, isScalar } from "./jsonpath.js";
import { resolveLimits, settingOf, type DocumentStoreLimits } from "./limits.js";
import { parsePath } from "./paths.js";
import { poolOf } from "./pool.js";
import { parseProjection } from "./projection.js";
import { type CollectionInfo, idOnlyFilter, orderBySql, Params, whereSql } from "./sql.js";
import { type StatisticsKeeper, statisticsKeeperOf } from "./statistics.js";
import { toStoreError } from "./translate.js";
import { applyUpdate, parseUpdate } from "./update.js";
import { cloneJson } from "./values.js";

type Doc = Record<string, unknown>;

/** Most documents one findAll returns, and one insertMany takes. */
export const MAX_PAGE = 1000;
/** Largest skip. */
export const MAX_SKIP = 1_000_000;
/** How long the list of a collection's createIndex fields is trusted. */
const INDEX_INFO_TTL_MS = 5000;
/** Rows of a findAll's first batch; later batches are sized by the documents read (see #page). */
const FIRST_BATCH = 8;
/** Attempts of an updateOne whose document another call changed between read and write. */
const UPDATE_ATTEMPTS = 5;

/**
 * findOne by `_id` alone, the most common lookup: a probe of the unique (bot, collection, doc_id) index, and the type
 * of `_id` (the column holds `5` and `"5"` alike). Named, so that each connection parses it once and Postgres plans
 * it once (its generic plan is that probe for every bot and value): a statement of fixed text, one per connection.
 * It has no `offset` parameter: Postgres prices an unknown offset into the generic plan, which then never beats the
 * custom plans and is never used (every call planned again: bench/README.md#where-a-findones-time-goes). A skip past
 * the one document it can find is answered by the general statement.
 *
 * Other findOne statements are planned at each call, on purpose: their generic plan, shared by every bot, does not
 * know the bot's size, and for equality on a field without createIndex it ANDs the GIN index with the bot's whole
 * (bot, collection, id) index (73 ms on a bot of 100,000 documents, against 0.3 for the GIN index alone). Postgres
 * switches to the generic plan once it costs less than the custom plans' average, which lookups of a common value
 * would bring about (docs/bot-runtime.md#indexes).
 */
const FIND_BY_ID = {
  name: "docstore_find_by_id",
  text:
    "select data::text as t from documents where bot_id = $1 and collection = $2 and doc_id = $3" +
    " and jsonb_typeof(data -> '_id') = $4 limit 1",
} as const;

/** Pools whose connections all share one session (see {@link markSingleSession}). */
const singleSession = new WeakSet<pg.Pool>();

/**
 * Marks `pool` as one whose connections share one session: PGlite behind a socket (the author's kit, and `pnpm start`
 * in its embedded mode with `DATABASE_SINGLE_SESSION=1`: docs/operations.md#embedded-mode). `pg` remembers per
 * connection which names it has prepared, as Postgres keeps them per session; in one shared session a second
 * connection would prepare {@link FIND_BY_ID} again and be refused (42P05). The store prepares nothing by name on
 * such a pool.
 */
export function markSingleSession(pool: pg.Pool): void {
  singleSession.add(pool);
}

/**
 * The settings each pooled connection carries, by connection: the statement timeout every statement needs, and the
 * write limits the triggers read (set once, again only when a call needs them changed).
 */
const sessionSettings = new WeakMap<pg.PoolClient, { timeout: string; limits: string }>();

/**
 * What a call does on its connection: `read` needs only the statement timeout (no trigger runs, so the write limits
 * of another bot's plan left on the connection do not matter, and a connection that changes hands between bots of
 * different plans costs reads no round trip); `write` needs the write limits too; `index` is a write whose
 * connection time is not charged (see {@link DocumentStore.createIndex}).
 */
type ClientUse = "read" | "write" | "index";

interface FindOptions {
  limit: number;
  skip: number;
  sort: unknown;
  projection: unknown;
}

function findOptions(raw: unknown, maxLimit: number): FindOptions {
  if (raw === undefined || raw === null) return { limit: maxLimit, skip: 0, sort: undefined, projection: undefined };
  if (!isPlainObject(raw)) throw invalid("options must be an object { limit, skip, sort, projection }");
  for (const key of Object.keys(raw)) {
    if (!["limit", "skip", "sort", "projection"].includes(key))
      throw invalid(`unknown option '${excerpt(key, 20)}' (use limit, skip, sort, projection)`);
  }
  const int = (v: unknown, name: string, max: number, fallback: number) => {
    if (v === undefined || v === null) return fallback;
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > max)
      throw invalid(`${name} must be a whole number from 0 to ${max}`);
    return v;
  };
  const limit = int(raw.limit, "limit", maxLimit, maxLimit);
  return {
    limit: limit === 0 ? maxLimit : limit,
    skip: int(raw.skip, "skip", MAX_SKIP, 0),
    sort: raw.sort,
    projection: raw.projection,
  };
}

/** True when find options name a projection (which the store applies to parsed documents). */
function hasProjection(options: unknown): boolean {
  return isPlainObject(options) && options.projection !== undefined && options.projection !== null;
}

/**
 * `[a,b,…]` of JSON texts, by concatenation rather than `join`: V8 keeps a concatenation as a rope and copies it flat
 * once, when it is finally written out (the gateway copies it into the bot's isolate), where `join` makes one more
 * flat copy of a page (up to maxFindBytes) on the event loop's heap first.
 */
function jsonArrayText(texts: readonly string[]): string {
  let out = "[";
  for (let i = 0; i < texts.length; i += 1) out += i === 0 ? texts[i] : `,${texts[i]}`;
  return `${out}]`;
}

/**
 * Checks updateOne's options: there are none, so every option is refused, not ignored (an ignored `upsert: true`
 * would silently insert nothing). setProp is the call that inserts when nothing matches.
 */
function updateOptions(raw: unknown): void {
  if (raw === undefined || raw === null) return;
  if (!isPlainObject(raw)) throw invalid("updateOne takes no options");
  for (const key of Object.keys(raw)) {
    if (key === "upsert")
      throw invalid("updateOne does not support the option 'upsert'; setProp inserts a document when none matches");
    throw invalid(`unknown option '${excerpt(key, 20)}' (updateOne takes no options)`);
  }
}

function collectionOf(name: unknown): string {
  const problem = collectionNameProblem(name);
  if (problem) throw invalid(problem);
  return name as string;
}

/** What the store reports of its work, for the caller's accounting. */
export interface DocumentStoreObserver {
  /**
   * Called once per operation (or per connection an operation used) with the milliseconds it held a pooled
   * connection: Postgres's work on it and the decoding of its rows, not the wait for a free connection. The gateway
   * charges it to the bot's CPU budget (docs/bot-runtime.md#limits).
   */
  connectionHeld(ms: number): void;
}

/** The document operations of one bot. */
export class DocumentStore {
  readonly #pool: pg.Pool;
  readonly #observer: DocumentStoreObserver | undefined;
  readonly #limits: DocumentStoreLimits;
  /** The statement timeout, and the write limits, as the connection's settings hold them. */
  readonly #settings: { timeout: string; limits: string };
  readonly #statistics: StatisticsKeeper;
  readonly #indexInfo = new Map<string, { at: number; indexed: ReadonlyMap<string, readonly string[]> }>();

  /**
   * @param db the gateway's database (its pool runs the statements; see docs/bot-runtime.md#db for the session
   *   settings the store puts on the connections it uses)
   * @param botId the bot whose collections this store reads and writes; from the host, never from bot code
   * @param limits per-bot limits; defaults in {@link resolveLimits}
   * @param observer told how long each operation held a connection
   * @param statistics counts this store's inserts and deletes and keeps the planner's statistics current
   *   (docs/bot-runtime.md#fresh-data); @defaultValue the keeper shared by every store of the same pool
   */
  constructor(
    db: Database | pg.Pool,
    private readonly botId: string,
    limits: Partial<DocumentStoreLimits> = {},
    observer?: DocumentStoreObserver,
    statistics?: StatisticsKeeper,
  ) {
    this.#pool = poolOf(db);
    this.#statistics = statistics ?? statisticsKeeperOf(this.#pool);
    this.#observer = observer;
    this.#limits = resolveLimits(limits);
    const l = this.#limits;
    this.#settings = {
      timeout: String(l.statementTimeoutMs),
      limits: `${l.maxDocsPerCollection}/${l.maxBytesPerBot}/${l.maxAccountDocs}/${l.maxAccountBytes}`,
    };
  }

  /** Runs `op` with the arguments bot code passed; the result is plain JSON. Throws only DocumentStoreError. */
  async run(op: string, args: unknown[]): Promise<unknown> {
    try {
      return await this.#dispatch(op, Array.isArray(args) ? args : []);
    } catch (err) {
      throw toStoreError(err, this.#limits);
    }
  }

  async #dispatch(op: string, a: unknown[]): Promise<unknown> {
    switch (op) {
      case "findOne":
        return this.findOne(collectionOf(a[0]), a[1], a[2]);
      case "findAll":
      case "find":
        return this.findAll(collectionOf(a[0]), a[1], a[2]);
      case "countDocuments":
        return this.countDocuments(collectionOf(a[0]), a[1]);
      case "insertOne":
        return this.insertOne(collectionOf(a[0]), a[1]);
      case "insertMany":
        return this.insertMany(collectionOf(a[0]), a[1]);
      case "updateOne":
        return this.updateOne(collectionOf(a[0]), a[1], a[2], a[3]);
      case "setProp":
        return this.setProp(collectionOf(a[0]), a[1], a[2]);
      case "deleteOne":
        return this.delete(collectionOf(a[0]), a[1], true);
      case "deleteMany":
        return this.delete(collectionOf(a[0]), a[1], false);
      case "createIndex":
        return this.createIndex(collectionOf(a[0]), a[1]);
      default:
        throw invalid(`unknown db operation '${excerpt(String(op), 30)}'`);
    }
  }

  /**
   * Runs `work` on a pooled connection that carries the store's statement timeout, and for writes its limits (one
   * statement sets them when the connection does not carry them yet: none on a connection this store's settings
   * already set). The time it held the connection goes to the observer, except for `index` (createIndex: building an
   * index mostly waits for other transactions, for up to indexBuildTimeoutMs, and is done once per field).
   */
  async #withClient<T>(work: (client: pg.PoolClient) => Promise<T>, use: ClientUse): Promise<T> {
    const client = await this.#pool.connect();
    const held = performance.now();
    let broken = false;
    try {
      const carried = sessionSettings.get(client);
      const wanted = this.#settings;
      if (carried?.timeout !== wanted.timeout || (use !== "read" && carried.limits !== wanted.limits)) {
        const l = this.#limits;
        await client.query(
          "select set_config('statement_timeout', $1, false), set_config('botyard.docstore_max_docs', $2, false)," +
            " set_config('botyard.docstore_max_bytes', $3, false), set_config('botyard.account_max_docs', $4, false)," +
            " set_config('botyard.account_max_bytes', $5, false)",
          [
            wanted.timeout,
            String(l.maxDocsPerCollection),
            String(l.maxBytesPerBot),
            settingOf(l.maxAccountDocs),
            settingOf(l.maxAccountBytes),
          ],
        );
        sessionSettings.set(client, wanted);
      }
      return await work(client);
    } catch (err) {
      broken = (err as { code?: string }).code === undefined && !(err instanceof DocumentStoreError);
      throw err;
    } finally {
      client.release(broken ? true : undefined);
      if (use !== "index") this.#observer?.connectionHeld(performance.now() - held);
    }
  }

  async #info(client: pg.PoolClient, collection: string): Promise<CollectionInfo> {
    const scopeKey = `${this.botId}/${collection}`;
    const cached = this.#indexInfo.get(collection);
    if (cached && Date.now() - cached.at < INDEX_INFO_TTL_MS) return { scopeKey, indexed: cached.indexed };
    const indexed = await loadIndexedFields(client, this.botId, collection);
    this.#indexInfo.set(collection, { at: Date.now(), indexed });
    return { scopeKey, indexed };
  }

  /** Binds bot and collection, then the filter: `where` and its parameters. */
  async #scope(client: pg.PoolClient, collection: string, filter: unknown, params: Params): Promise<string> {
    const info = await this.#info(client, collection);
    const scope = `bot_id = ${params.add(this.botId)} and collection = ${params.add(collection)}`;
    return `${scope} and ${whereSql(filter, info, params)}`;
  }

  async findOne(collection: string, filter: unknown, rawOptions?: unknown): Promise<Doc | null> {
    const options = findOptions(rawOptions, 1);
    const docs = await this.findAll(collection, filter, { ...options, limit: 1 });
    return docs[0] ?? null;
  }

  async findAll(collection: string, filter: unknown, rawOptions?: unknown): Promise<Doc[]> {
    const o = findOptions(rawOptions, this.#limits.maxFindLimit);
    const project = parseProjection(o.projection);
    const docs = (await this.#page(collection, filter, o)).map((text) => JSON.parse(text) as Doc);
    return project ? docs.map(project) : docs;
  }

  /**
   * Like {@link run}, but the result as JSON text. findOne and findAll without a projection (with or without limit,
   * skip and sort) pass the documents' text from Postgres through as it is, so the gateway neither parses nor
   * re-serialises what it only forwards: a findAll of 50 documents sorted by a field took 1.59 ms of the gateway's CPU
   * parsed and written again, 1.42 ms passed through (process.cpuUsage over 1,500 calls, interleaved).
   */
  async runJson(op: string, args: unknown[]): Promise<string> {
    const a = Array.isArray(args) ? args : [];
    if ((op === "findAll" || op === "find" || op === "findOne") && !hasProjection(a[2])) {
      try {
        const collection = collectionOf(a[0]);
        if (op === "findOne") {
          const o = findOptions(a[2], 1);
          return (await this.#page(collection, a[1], { ...o, limit: 1 }))[0] ?? "null";
        }
        return jsonArrayText(await this.#page(collection, a[1], findOptions(a[2], this.#limits.maxFindLimit)));
      } catch (err) {
        throw toStoreError(err, this.#limits);
      }
    }
    return JSON.stringify((await this.run(op, a)) ?? null);
  }

  /**
   * One page of documents as JSON text, in order, ended once its documents reach maxFindBytes
   * (docs/bot-runtime.md#limits). Rows are read in batches, each no larger than the budget left suggests, so Postgres
   * reads about one document past the budget, not the whole page: a page of 1,000 documents of 256 KiB used to make
   * Postgres read 256 MB to return 1 MiB. Within a batch Postgres itself drops the documents past the budget (a
   * running sum of their sizes), so the gateway never receives, decodes or holds more than the page: a batch's guess
   * can be wrong (small documents first, then large ones) without costing the gateway's event loop, which every bot
   * shares.
   */
  async #page(collection: string, filter: unknown, o: FindOptions): Promise<string[]> {
    const probe = o.limit === 1 && o.skip === 0 && (o.sort === undefined || o.sort === null);
    const id = probe ? idOnlyFilter(filter) : undefined;
    if (id !== undefined) {
      return this.#withClient(async (client) => {
        const values = [this.botId, collection, id.docId, id.type];
        const named = singleSession.has(this.#pool) ? { text: FIND_BY_ID.text } : FIND_BY_ID;
        const { rows } = await client.query<{ t: string }>({ ...named, values });
        return rows.map((row) => row.t);
      }, "read");
    }
    const budget = this.#limits.maxFindBytes;
    return this.#withClient(async (client) => {
      const params = new Params();
      const where = await this.#scope(client, collection, filter, params);
      const order = orderBySql(o.sort, params);
      if (o.limit === 1) {
        // One document: a page always holds its first, so no budget to keep and no window to compute.
        const skip = params.add(o.skip, "bigint");
        const { rows } = await client.query<{ t: string }>(
          `select data::text as t from documents where ${where} order by ${order} limit 1 offset ${skip}`,
          params.values,
        );
        return rows.map((row) => row.t);
      }
      const limit = params.add(0, "int");
      const offset = params.add(0, "bigint");
      const left = params.add(0, "bigint");
      // A row is sent when the batch's rows before it are under the budget left: the page ends with the first
      // document that reaches the budget, so it always holds one. `size` is the document's UTF-8 length.
      const sql =
        "select case when coalesce(sum(octet_length(t)) over before, 0) < " +
        `${left} then t end as data, octet_length(t)::int as size from (select data::text as t from documents ` +
        `where ${where} order by ${order} limit ${limit} offset ${offset}) page ` +
        "window before as (rows between unbounded preceding and 1 preceding)";
      const n = params.values.length;
      const texts: string[] = [];
      let bytes = 0;
      let batch = Math.min(o.limit, FIRST_BATCH);
      for (;;) {
        params.values[n - 3] = batch;
        params.values[n - 2] = o.skip + texts.length;
        params.values[n - 1] = budget - bytes;
        const { rows } = await client.query<{ data: string | null; size: number }>(sql, params.values);
        for (const row of rows) {
          if (row.data === null) return texts;
          texts.push(row.data);
          bytes += row.size;
        }
        const rest = o.limit - texts.length;
        if (rows.length < batch || rest === 0 || bytes >= budget) return texts;
        // Sized by the documents so far: enough to reach the budget, plus the one that crosses it.
        const average = bytes / texts.length;
        batch = Math.min(rest, Math.max(1, Math.ceil((budget - bytes) / average) + 1));
      }
    }, "read");
  }

  async countDocuments(collection: string, filter: unknown): Promise<number> {
    return this.#withClient(async (client) => {
      const params = new Params();
      const where = await this.#scope(client, collection, filter, params);
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from documents where ${where}`,
        params.values,
      );
      return rows[0]?.n ?? 0;
    }, "read");
  }

  async insertOne(collection: string, raw: unknown): Promise<{ insertedId: string | number }> {
    const [id] = await this.#insert(collection, [raw]);
    return { insertedId: id! };
  }

  async insertMany(
    collection: string,
    raw: unknown,
  ): Promise<{ insertedCount: number; insertedIds: Array<string | number> }> {
    if (!Array.isArray(raw)) throw invalid("insertMany takes an array of documents");
    if (raw.length > MAX_PAGE) throw invalid(`insertMany takes at most ${MAX_PAGE} documents`);
    const ids = await this.#insert(collection, raw);
    return { insertedCount: ids.length, insertedIds: ids };
  }

  async #insert(collection: string, raw: unknown[]): Promise<Array<string | number>> {
    const prepared = raw.map((doc, i) => {
      const p = prepareDocument(doc);
      if (typeof p === "string") throw invalid(raw.length > 1 ? `document ${i}: ${p}` : p);
      return p;
    });
    if (prepared.length === 0) return [];
    const seen = new Set<string>();
    for (const p of prepared) {
      if (seen.has(p.docId)) throw invalid(`duplicate _id '${excerpt(p.docId)}' in insertMany`);
      seen.add(p.docId);
    }
    await this.#withClient(
      (client) =>
        client.query(
          "insert into documents (bot_id, collection, doc_id, data) select $1, $2, x.id, x.data" +
            " from unnest($3::text[], $4::jsonb[]) as x(id, data)",
          [this.botId, collection, prepared.map((p) => p.docId), prepared.map((p) => JSON.stringify(p.data))],
        ),
      "write",
    );
    this.#statistics.wrote(this.botId, collection, prepared.length);
    return prepared.map((p) => p.data._id as string | number);
  }

  /**
   * Applies an update to the first match: read, apply in memory, write back unless another call changed it. It takes
   * no options: any given is refused (see {@link updateOptions}) rather than ignored.
   */
  async updateOne(
    collection: string,
    filter: unknown,
    update: unknown,
    rawOptions?: unknown,
  ): Promise<{ matchedCount: number; modifiedCount: number }> {
    updateOptions(rawOptions);
    parseUpdate(update); // refuses a bad update before any statement runs
    return this.#withClient(async (client) => {
      for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt += 1) {
        const params = new Params();
        const where = await this.#scope(client, collection, filter, params);
        const { rows } = await client.query<{ id: string; v: string; data: Doc }>(
          `select id, xmin::text as v, data from documents where ${where} order by id limit 1`,
          params.values,
        );
        const row = rows[0];
        if (!row) return { matchedCount: 0, modifiedCount: 0 };
        const data = cloneJson(row.data);
        if (!applyUpdate(data, update)) return { matchedCount: 1, modifiedCount: 0 };
        const checked = prepareDocument(data);
        if (typeof checked === "string") throw invalid(checked);
        const written = await client.query(
          "update documents set data = $1::jsonb, updated_at = now() where id = $2 and xmin::text = $3",
          [JSON.stringify(checked.data), row.id, row.v],
        );
        if (written.rowCount === 1) return { matchedCount: 1, modifiedCount: 1 };
      }
      throw new DocumentStoreError("the document kept changing under this update; try again", "internal");
    }, "write");
  }

  /**
   * Merges `props` into the first match, or inserts the filter's equality fields plus `props` when none matches. Dotted
   * keys of `props` are paths either way: the insert applies `props` as the `$set` of an update would (MongoDB's
   * upsert), so `{ 'profile.name': 'A' }` inserts `profile: { name: 'A' }`, which a later setProp then merges into.
   */
  async setProp(
    collection: string,
    filter: unknown,
    props: unknown,
  ): Promise<{ matched: boolean; upsertedId?: string | number }> {
    if (!isPlainObject(props)) throw invalid("props must be an object");
    const set: Doc = {};
    for (const [k, v] of Object.entries(props)) if (k !== "_id") set[k] = v;
    const plain = Object.keys(set).every((k) => !k.includes(".") && !k.startsWith("$"));
    if (Object.keys(set).length === 0) {
      if ((await this.countDocuments(collection, filter)) > 0) return { matched: true };
    } else if (plain) {
      for (const k of Object.keys(set)) parsePath(k);
      const merged = await this.#mergeFirst(collection, filter, set);
      if (merged) return { matched: true };
    } else {
      const updated = await this.updateOne(collection, filter, { $set: set });
      if (updated.matchedCount === 1) return { matched: true };
    }
    const doc = equalityFields(filter);
    if (Object.hasOwn(props, "_id")) doc._id = cloneJson(props._id);
    if (Object.keys(set).length > 0) applyUpdate(doc, { $set: set });
    const { insertedId } = await this.insertOne(collection, doc);
    return { matched: false, upsertedId: insertedId };
  }

  /** `data || props` on the first match in one statement; false when nothing matches. */
  async #mergeFirst(collection: string, filter: unknown, props: Doc): Promise<boolean> {
    const text = JSON.stringify(props);
    const problem = prepareDocument({ _id: "x", ...props });
    if (typeof problem === "string") throw invalid(problem);
    return this.#withClient(async (client) => {
      const params = new Params();
      const where = await this.#scope(client, collection, filter, params);
      const p = params.add(text, "jsonb");
      const max = params.add(262_144);
      const { rows } = await client.query<{ matched: number; updated: number }>(
        `with target as (select id, data from documents where ${where} order by id limit 1 for update),` +
          ` upd as (update documents d set data = d.data || ${p}, updated_at = now() from target` +
          ` where d.id = target.id and octet_length((target.data || ${p})::text) <= ${max} returning d.id)` +
          " select (select count(*) from target)::int as matched, (select count(*) from upd)::int as updated",
        params.values,
      );
      const r = rows[0]!;
      if (r.matched === 1 && r.updated === 0) throw invalid("document is larger than 256 KiB");
      return r.matched === 1;
    }, "write");
  }

  async delete(collection: string, filter: unknown, one: boolean): Promise<{ deletedCount: number }> {
    return this.#withClient(async (client) => {
      const params = new Params();
      const where = await this.#scope(client, collection, filter, params);
      const sql = one
        ? `delete from documents where id = (select id from documents where ${where} order by id limit 1)`
        : `delete from documents where ${where}`;
      const { rowCount } = await client.query(sql, params.values);
      this.#statistics.wrote(this.botId, collection, rowCount ?? 0);
      return { deletedCount: rowCount ?? 0 };
    }, "write");
  }

  /** Creates (once) an index on one field of the collection for range queries and sorts. */
  async createIndex(collection: string, spec: unknown): Promise<{ name: string; created: boolean }> {
    if (!isPlainObject(spec) || Object.keys(spec).length !== 1)
      throw invalid("createIndex takes one field such as { score: 1 }");
    const [field, direction] = Object.entries(spec)[0]!;
    if (direction !== 1 && direction !== -1) throw invalid(`index direction of '${excerpt(field)}' must be 1 or -1`);
    const result = await this.#withClient(
      (client) =>
        ensureIndex(client, {
          botId: this.botId,
          collection,
          field,
          limits: this.#limits,
          settingsKeyReset: () => sessionSettings.delete(client),
        }),
      "index",
    );
    this.#indexInfo.delete(collection);
    // Indexes of deleted bots stay until someone drops them: each new index sweeps them, off the caller's path.
    if (result.created) void sweepOrphanIndexes(this.#pool).catch(() => {});
    return result;
  }
}

/** The equality fields of a filter, as a document (setProp's insert when nothing matches). */
export function equalityFields(filter: unknown): Doc {
  const out: Doc = {};
  if (!isPlainObject(filter)) return out;
  for (const [field, condition] of Object.entries(filter)) {
    if (field.startsWith("$")) continue;
    let value: unknown;
    if (isOperatorObject(condition, field)) {
      if (!("$eq" in condition)) continue;
      value = condition.$eq;
    } else {
      value = condition;
    }
    if (!isScalar(value) && !Array.isArray(value) && !isPlainObject(value)) continue;
    let node = out;
    const parts = parsePath(field);
    for (const [i, part] of parts.entries()) {
      if (i === parts.length - 1) {
        Object.defineProperty(node, part, {
          value: cloneJson(value),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else {
        const next = node[part];
        if (!isPlainObject(next)) {
          const created: Doc = {};
          Object.defineProperty(node, part, { value: created, enumerable: true, writable: true, configurable: true });
          node = created;
        } else {
          node = next;
        }
      }
    }
  }
  return out;
}
