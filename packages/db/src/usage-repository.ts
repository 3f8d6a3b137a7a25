/**
 * SQL of usage metering (docs/operations.md#usage-metering): the flush that adds counted deltas to the per-minute and
 * per-hour rows, the pruning of old rows, and the reads of the usage replies.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "./client.js";
import { USAGE_COUNTERS, type UsageCounter, type UsageDelta, UsageCell } from "./usage.js";

/** How long rows are kept: per-minute rows 48 hours, per-hour rows 90 days. */
export const USAGE_RETENTION = { minuteMs: 48 * 3600_000, hourMs: 90 * 24 * 3600_000 } as const;

/** Periods of usage rows. */
export type UsageGranularity = "minute" | "hour";

/** A usage row as read back. */
export interface UsageRow extends Record<UsageCounter, number> {
  at: Date;
  wallBuckets: number[];
  storedDocuments: number | null;
  storedBytes: number | null;
}

const COLUMN: Record<UsageCounter, string> = {
  requests: "requests",
  errorsHandler: "errors_handler",
  errorsTimeout: "errors_timeout",
  errorsMemory: "errors_memory",
  errorsRefused: "errors_refused",
  cpuMs: "cpu_ms",
  hostDb: "host_db",
  hostTelegram: "host_telegram",
  hostHttp: "host_http",
  hostSleep: "host_sleep",
  botApiCalls: "bot_api_calls",
  egressBytes: "egress_bytes",
  broadcastSent: "broadcast_sent",
  broadcastFailed: "broadcast_failed",
};

const HOUR_MS = 3600_000;

/** Deltas summed per bot and period start (`periodMs`: a minute's deltas go into their hour too). */
function byPeriod(deltas: UsageDelta[], periodMs: number): Array<Record<string, unknown>> {
  const merged = new Map<string, { botId: string; at: number; cell: UsageCell }>();
  for (const d of deltas) {
    const at = Math.floor(d.minute / periodMs) * periodMs;
    const key = `${d.botId}\u0000${at}`;
    let entry = merged.get(key);
    if (!entry) {
      entry = { botId: d.botId, at, cell: new UsageCell() };
      merged.set(key, entry);
    }
    entry.cell.merge(d.cell);
  }
  return [...merged.values()].map(({ botId, at, cell }) => {
    const row: Record<string, unknown> = { bot_id: botId, at: new Date(at).toISOString(), wall_buckets: cell.wall };
    for (const name of USAGE_COUNTERS) row[COLUMN[name]] = name === "cpuMs" ? cell[name] : Math.round(cell[name]);
    return row;
  });
}

const recordColumns = [
  "bot_id text",
  "at timestamptz",
  "wall_buckets bigint[]",
  ...USAGE_COUNTERS.map((name) => `${COLUMN[name]} ${name === "cpuMs" ? "double precision" : "bigint"}`),
].join(", ");
const counterColumns = USAGE_COUNTERS.map((name) => COLUMN[name]);
const insertColumns = ["bot_id", "at", "wall_buckets", ...counterColumns, "stored_documents", "stored_bytes"].join(
  ", ",
);

/**
 * One upsert into `table` of the rows in `$param` (jsonb), adding to what is there. Rows of bots deleted meanwhile are
 * left out (their rows went with them). Stored documents and bytes are sampled from document_usage now.
 */
function upsertSql(table: string, rows: string): SQL {
  const adds = counterColumns.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(", ");
  const head =
    `insert into ${table} (${insertColumns}) ` +
    `select v.bot_id, v.at, v.wall_buckets, ${counterColumns.map((c) => `v.${c}`).join(", ")}, d.docs, d.bytes ` +
    "from jsonb_to_recordset(";
  const tail =
    `::jsonb) as v(${recordColumns}) ` +
    "left join lateral (select coalesce(sum(u.docs), 0)::bigint as docs, coalesce(sum(u.bytes), 0)::bigint as bytes " +
    "from document_usage u " +
    "where u.bot_id = v.bot_id) d on true " +
    "where exists (select 1 from bots b where b.id = v.bot_id) " +
    `on conflict (bot_id, at) do update set ${adds}, ` +
    `wall_buckets = usage_add_buckets(${table}.wall_buckets, excluded.wall_buckets), ` +
    `stored_documents = coalesce(excluded.stored_documents, ${table}.stored_documents), ` +
    `stored_bytes = coalesce(excluded.stored_bytes, ${table}.stored_bytes)`;
  return sql`${sql.raw(head)}${rows}${sql.raw(tail)}`;
}

/** Reads and writes usage rows. */
export class UsageRepository {
  constructor(private readonly db: Database) {}

  /**
   * Adds deltas to the per-minute and per-hour rows: one statement for both tables, whatever the number of bots.
   * Sorted by bot and time, so two replicas' flushes lock rows in the same order and cannot deadlock.
   */
  async addUsage(deltas: UsageDelta[]): Promise<void> {
    if (deltas.length === 0) return;
    const order = (a: Record<string, unknown>, b: Record<string, unknown>) =>
      String(a.bot_id).localeCompare(String(b.bot_id)) || String(a.at).localeCompare(String(b.at));
    const minutes = byPeriod(deltas, 60_000).sort(order);
    const hours = byPeriod(deltas, HOUR_MS).sort(order);
    const minuteRows = upsertSql("bot_usage_minute", JSON.stringify(minutes));
    const hourRows = upsertSql("bot_usage_hour", JSON.stringify(hours));
    await this.db.execute(sql`with m as (${minuteRows}) ${hourRows}`);
  }

  /** Deletes rows past their retention (USAGE_RETENTION); returns how many of each went. */
  async prune(now = new Date()): Promise<{ minute: number; hour: number }> {
    const minute = await this.db.execute(
      sql`delete from bot_usage_minute where at < ${new Date(now.getTime() - USAGE_RETENTION.minuteMs)}`,
    );
    const hour = await this.db.execute(
      sql`delete from bot_usage_hour where at < ${new Date(now.getTime() - USAGE_RETENTION.hourMs)}`,
    );
    return { minute: minute.rowCount ?? 0, hour: hour.rowCount ?? 0 };
  }

  /** The bot's rows of `granularity` with `from <= at < to`, oldest first, at most `limit`. */
  async botUsage(
    botId: string,
    granularity: UsageGranularity,
    from: Date,
    to: Date,
    limit: number,
  ): Promise<UsageRow[]> {
    const table = granularity === "minute" ? sql.raw("bot_usage_minute") : sql.raw("bot_usage_hour");
    const result = await this.db.execute(
      sql`select * from ${table} where bot_id = ${botId} and at >= ${from} and at < ${to} order by at limit ${limit}`,
    );
    return result.rows.map((r) => {
      const row = r as Record<string, unknown>;
      const out = {
        at: new Date(row.at as string | Date),
        wallBuckets: ((row.wall_buckets as unknown[] | null) ?? []).map(Number),
        storedDocuments: row.stored_documents === null ? null : Number(row.stored_documents),
        storedBytes: row.stored_bytes === null ? null : Number(row.stored_bytes),
      } as UsageRow;
      for (const name of USAGE_COUNTERS) out[name] = Number(row[COLUMN[name]]);
      return out;
    });
  }
}
