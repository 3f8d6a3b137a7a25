/**
 * `db.operation.createIndex(collection, { field: 1 })`: a partial expression index on the shared `documents` table,
 * for one bot, one collection and one field, built with CREATE INDEX CONCURRENTLY so that writes go on meanwhile.
 * Its columns are the field's sort key (type rank, number, string by code point), so it serves equality, ranges and
 * sorts on the field. While it exists the field may hold no array (a trigger refuses such writes), which keeps
 * answers from the index exact without MongoDB's multikey indexes.
 *
 * @see docs/bot-runtime.md#indexes
 */
import { createHash } from "node:crypto";
import type { Database } from "@botyard/db";
import type pg from "pg";
import { DocumentStoreError, excerpt, invalid } from "./errors.js";
import type { DocumentStoreLimits } from "./limits.js";
import { parsePath, textArrayLiteral } from "./paths.js";
import { poolOf } from "./pool.js";

/** Parts of an indexable field: plain names, so the path can be written into the index's DDL. */
const INDEXABLE_PART = /^[A-Za-z0-9_-]{1,64}$/;

/** The createIndex fields of a collection whose index is ready (dotted field → parts). */
export async function loadIndexedFields(
  client: pg.PoolClient,
  botId: string,
  collection: string,
): Promise<ReadonlyMap<string, readonly string[]>> {
  const { rows } = await client.query<{ field: string; path: string[] }>(
    "select field, path from document_indexes where bot_id = $1 and collection = $2 and status = 'ready'",
    [botId, collection],
  );
  return new Map(rows.map((r) => [r.field, r.path]));
}

/** The index's name: derived from bot, collection and field, so every replica agrees on it. */
export function indexName(botId: string, collection: string, field: string): string {
  return `docidx_${createHash("sha256").update(`${botId}\u0000${collection}\u0000${field}`).digest("hex").slice(0, 24)}`;
}

/** The DDL of the index (identifiers and literals escaped by the driver; the path is plain names only). */
export function indexDdl(
  client: pg.PoolClient,
  name: string,
  botId: string,
  collection: string,
  parts: string[],
): string {
  const v = `(data #> ${client.escapeLiteral(textArrayLiteral(parts))}::text[])`;
  return (
    `create index concurrently if not exists ${client.escapeIdentifier(name)} on documents ` +
    `(docstore_rank(${v}), docstore_num(${v}), (docstore_str(${v}) collate "C")) ` +
    `where bot_id = ${client.escapeLiteral(botId)} and collection = ${client.escapeLiteral(collection)}`
  );
}

interface EnsureIndexInput {
  botId: string;
  collection: string;
  field: string;
  limits: DocumentStoreLimits;
  /** Called when the connection's statement timeout was changed, so the store sets it again. */
  settingsKeyReset: () => void;
}

/** Creates the index once; answers at once when it exists. */
export async function ensureIndex(
  client: pg.PoolClient,
  input: EnsureIndexInput,
): Promise<{ name: string; created: boolean }> {
  const { botId, collection, field, limits } = input;
  const parts = parsePath(field);
  if (parts.length > 4 || !parts.every((p) => INDEXABLE_PART.test(p)))
    throw invalid(
      `createIndex takes a field of up to 4 parts of letters, digits, '_' and '-' ('${excerpt(field)}' is not)`,
    );
  const name = indexName(botId, collection, field);
  const existing = await client.query<{ status: string }>(
    "select status from document_indexes where bot_id = $1 and collection = $2 and field = $3",
    [botId, collection, field],
  );
  if (existing.rows[0]?.status === "ready") return { name, created: false };
  if (existing.rows[0])
    throw new DocumentStoreError(`an index on '${excerpt(field)}' is being built; try again shortly`, "limit");
  const claimed = await client.query(
    "insert into document_indexes (bot_id, collection, field, path, index_name) select $1, $2, $3, $4::text[], $5" +
      " where (select count(*) from document_indexes where bot_id = $1) < $6 on conflict do nothing",
    [botId, collection, field, textArrayLiteral(parts), name, limits.maxIndexesPerBot],
  );
  if (claimed.rowCount !== 1) {
    throw new DocumentStoreError(
      `this bot already has ${limits.maxIndexesPerBot} indexes, the most it may have`,
      "limit",
    );
  }
  try {
    // From here the trigger refuses new arrays on the field; documents already holding one make the index unusable.
    const arrays = await client.query(
      "select 1 from documents where bot_id = $1 and collection = $2 and docstore_path_has_array(data, $3::text[]) limit 1",
      [botId, collection, textArrayLiteral(parts)],
    );
    if (arrays.rowCount) {
      throw invalid(
        `field '${excerpt(field)}' holds an array in some documents; indexes are for fields with one value`,
      );
    }
    input.settingsKeyReset();
    await client.query("select set_config('statement_timeout', $1, false)", [String(limits.indexBuildTimeoutMs)]);
    await client.query(indexDdl(client, name, botId, collection, parts));
    await client.query(
      "update document_indexes set status = 'ready' where bot_id = $1 and collection = $2 and field = $3",
      [botId, collection, field],
    );
    return { name, created: true };
  } catch (err) {
    await client.query(`drop index concurrently if exists ${client.escapeIdentifier(name)}`).catch(() => {});
    await client
      .query("delete from document_indexes where bot_id = $1 and collection = $2 and field = $3", [
        botId,
        collection,
        field,
      ])
      .catch(() => {});
    throw err;
  }
}

/**
 * Drops the createIndex indexes of a bot: call before deleting the bot (its rows in document_indexes go with it, the
 * indexes themselves would stay). Safe to call for a bot without any.
 */
export async function dropBotIndexes(db: Database | pg.Pool, botId: string): Promise<number> {
  const pool = poolOf(db);
  const { rows } = await pool.query<{ index_name: string }>(
    "select index_name from document_indexes where bot_id = $1",
    [botId],
  );
  for (const r of rows) await pool.query(`drop index concurrently if exists "${r.index_name.replace(/"/g, '""')}"`);
  await pool.query("delete from document_indexes where bot_id = $1", [botId]);
  return rows.length;
}

/** Drops `docidx_` indexes that no document_indexes row names (their bot was deleted); returns how many. */
export async function sweepOrphanIndexes(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ name: string }>(
    "select indexname as name from pg_indexes where tablename = 'documents' and indexname like 'docidx\\_%'" +
      " and indexname not in (select index_name from document_indexes)",
  );
  for (const r of rows) await pool.query(`drop index concurrently if exists "${r.name.replace(/"/g, '""')}"`);
  return rows.length;
}
