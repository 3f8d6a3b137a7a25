/**
 * `db.operation` for one bot: its collections in the shared `documents` table. Every statement carries the bot's id
 * in its WHERE clause; the bot id comes from the host, never from bot code.
 */
import { and, eq, sql } from "drizzle-orm";
import { collectionNameProblem, prepareDocument } from "@botyard/common";
import { documents, type Database } from "@botyard/db";
import { equalityFields, FilterError, filterToSql, getPath, setPath, sortToSql, unsetPath } from "./filter-sql.js";

const MAX_LIMIT = 1000;
const MAX_INSERT_MANY = 1000;

type Doc = Record<string, unknown>;

function collectionOf(name: unknown): string {
  const problem = collectionNameProblem(name);
  if (problem) throw new FilterError(problem);
  return name as string;
}

function options(raw: unknown): { limit: number; skip: number; sort: unknown } {
  if (raw === undefined || raw === null) return { limit: MAX_LIMIT, skip: 0, sort: undefined };
  if (typeof raw !== "object" || Array.isArray(raw)) throw new FilterError("options must be an object { limit, skip, sort }");
  const o = raw as Record<string, unknown>;
  const int = (v: unknown, name: string, max: number, fallback: number) => {
    if (v === undefined) return fallback;
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > max) throw new FilterError(`${name} must be an integer from 0 to ${max}`);
    return v;
  };
  return { limit: int(o.limit, "limit", MAX_LIMIT, MAX_LIMIT), skip: int(o.skip, "skip", 1_000_000, 0), sort: o.sort };
}

/** The document operations of one bot. */
export class DocumentStore {
  constructor(private readonly db: Database, private readonly botId: string) {}

  /** Runs `op` with the arguments bot code passed. */
  async run(op: string, args: unknown[]): Promise<unknown> {
    switch (op) {
      case "findOne": return this.findOne(collectionOf(args[0]), args[1]);
      case "findAll": return this.findAll(collectionOf(args[0]), args[1], args[2]);
      case "countDocuments": return this.count(collectionOf(args[0]), args[1]);
      case "insertOne": return this.insertOne(collectionOf(args[0]), args[1]);
      case "insertMany": return this.insertMany(collectionOf(args[0]), args[1]);
      case "updateOne": return this.updateOne(collectionOf(args[0]), args[1], args[2]);
      case "setProp": return this.setProp(collectionOf(args[0]), args[1], args[2]);
      case "deleteOne": return this.delete(collectionOf(args[0]), args[1], true);
      case "deleteMany": return this.delete(collectionOf(args[0]), args[1], false);
      default: throw new FilterError(`unknown db operation '${op}'`);
    }
  }

  #scope(collection: string, filter: unknown) {
    return and(eq(documents.botId, this.botId), eq(documents.collection, collection), filterToSql(filter));
  }

  async findOne(collection: string, filter: unknown): Promise<Doc | null> {
    const rows = await this.db.select({ data: documents.data }).from(documents).where(this.#scope(collection, filter)).orderBy(documents.id).limit(1);
    return rows[0]?.data ?? null;
  }

  async findAll(collection: string, filter: unknown, rawOptions: unknown): Promise<Doc[]> {
    const o = options(rawOptions);
    const rows = await this.db
      .select({ data: documents.data })
      .from(documents)
      .where(this.#scope(collection, filter))
      .orderBy(sortToSql(o.sort))
      .limit(o.limit)
      .offset(o.skip);
    return rows.map((r) => r.data);
  }

  async count(collection: string, filter: unknown): Promise<number> {
    const rows = await this.db.select({ n: sql<number>`count(*)::int` }).from(documents).where(this.#scope(collection, filter));
    return rows[0]?.n ?? 0;
  }

  async insertOne(collection: string, raw: unknown): Promise<{ insertedId: string }> {
    const [id] = await this.#insert(collection, [raw]);
    return { insertedId: id! };
  }

  async insertMany(collection: string, raw: unknown): Promise<{ insertedCount: number; insertedIds: string[] }> {
    if (!Array.isArray(raw)) throw new FilterError("insertMany takes an array of documents");
    if (raw.length > MAX_INSERT_MANY) throw new FilterError(`insertMany takes at most ${MAX_INSERT_MANY} documents`);
    const ids = await this.#insert(collection, raw);
    return { insertedCount: ids.length, insertedIds: ids };
  }

  async #insert(collection: string, raw: unknown[]): Promise<string[]> {
    const prepared = raw.map((doc, i) => {
      const p = prepareDocument(doc);
      if (typeof p === "string") throw new FilterError(raw.length > 1 ? `document ${i}: ${p}` : p);
      return p;
    });
    if (prepared.length === 0) return [];
    try {
      await this.db.insert(documents).values(prepared.map((p) => ({ botId: this.botId, collection, docId: p.docId, data: p.data })));
    } catch (err) {
      if ((err as { code?: string }).code === "23505" || (err as { cause?: { code?: string } }).cause?.code === "23505") {
        throw new FilterError("duplicate _id in collection");
      }
      throw err;
    }
    return prepared.map((p) => p.docId);
  }

  /** Applies $set, $inc and $unset to the first match, atomically (row locked for the read-modify-write). */
  async updateOne(collection: string, filter: unknown, update: unknown): Promise<{ matchedCount: number; modifiedCount: number }> {
    if (typeof update !== "object" || update === null || Array.isArray(update)) throw new FilterError("update must be an object with $set, $inc or $unset");
    const u = update as Record<string, unknown>;
    for (const key of Object.keys(u)) if (!["$set", "$inc", "$unset"].includes(key)) throw new FilterError(`unknown update operator '${key}'`);
    return this.db.transaction(async (tx) => {
      const rows = await tx.select({ id: documents.id, data: documents.data }).from(documents).where(this.#scope(collection, filter)).orderBy(documents.id).limit(1).for("update");
      const row = rows[0];
      if (!row) return { matchedCount: 0, modifiedCount: 0 };
      const data = structuredClone(row.data);
      applyUpdate(data, u);
      const checked = prepareDocument(data);
      if (typeof checked === "string") throw new FilterError(checked);
      if (checked.docId !== String(row.data._id)) throw new FilterError("_id cannot be changed");
      await tx.update(documents).set({ data, updatedAt: sql`now()` }).where(eq(documents.id, row.id));
      return { matchedCount: 1, modifiedCount: JSON.stringify(data) === JSON.stringify(row.data) ? 0 : 1 };
    });
  }

  /** Merges `props` into the first match, or inserts the filter's equality fields plus `props` when none matches. */
  async setProp(collection: string, filter: unknown, props: unknown): Promise<{ matched: boolean; upsertedId?: string }> {
    if (typeof props !== "object" || props === null || Array.isArray(props)) throw new FilterError("props must be an object");
    const set: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(props as Record<string, unknown>)) if (k !== "_id") set[k] = v;
    const updated = await this.updateOne(collection, filter, { $set: set });
    if (updated.matchedCount === 1) return { matched: true };
    const doc = { ...equalityFields(filter), ...(props as Record<string, unknown>) };
    const { insertedId } = await this.insertOne(collection, doc);
    return { matched: false, upsertedId: insertedId };
  }

  async delete(collection: string, filter: unknown, one: boolean): Promise<{ deletedCount: number }> {
    const scope = this.#scope(collection, filter);
    const target = one
      ? sql`${documents.id} = (select ${documents.id} from ${documents} where ${scope} order by ${documents.id} limit 1)`
      : scope;
    const rows = await this.db.delete(documents).where(and(eq(documents.botId, this.botId), target)).returning({ id: documents.id });
    return { deletedCount: rows.length };
  }
}

function applyUpdate(data: Doc, update: Record<string, unknown>): void {
  const section = (name: string) => {
    const s = update[name];
    if (s === undefined) return {};
    if (typeof s !== "object" || s === null || Array.isArray(s)) throw new FilterError(`${name} must be an object`);
    return s as Record<string, unknown>;
  };
  for (const [field, v] of Object.entries(section("$set"))) setPath(data, field, v);
  for (const [field, v] of Object.entries(section("$inc"))) {
    if (typeof v !== "number" || !Number.isFinite(v)) throw new FilterError(`$inc of '${field}' must be a number`);
    const current = getPath(data, field);
    if (current !== undefined && typeof current !== "number") throw new FilterError(`cannot $inc non-number field '${field}'`);
    setPath(data, field, (current ?? 0) + v);
  }
  for (const field of Object.keys(section("$unset"))) unsetPath(data, field);
}
