/** Connection helpers: one pg Pool per process, wrapped by drizzle. */
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema.js";

/** The typed drizzle handle every repository takes. */
export type Database = NodePgDatabase<typeof schema>;

/** A pool and its drizzle wrapper; close the pool on shutdown. */
export interface DbHandle {
  pool: pg.Pool;
  db: Database;
}

/**
 * How long a query waits for a connection (a new one to a server that does not answer, or a free one from a busy
 * pool) before it fails. A server that is down refuses at once; this bounds the other cases, so a request answers
 * 503 + Retry-After within 2 s instead of hanging.
 *
 * @see docs/operations.md#when-postgres-or-redis-is-down
 */
export const CONNECT_TIMEOUT_MS = 1000;

/** Options of {@link createDb}. */
export interface DbOptions {
  /** Connections per process. @defaultValue 10 */
  max?: number;
  /** Shown in pg_stat_activity. @defaultValue "botyard" */
  applicationName?: string;
  /** See {@link CONNECT_TIMEOUT_MS}. @defaultValue CONNECT_TIMEOUT_MS */
  connectionTimeoutMillis?: number;
}

/** Opens a pool on `url`. */
export function createDb(url: string, options: DbOptions = {}): DbHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.applicationName ?? "botyard",
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? CONNECT_TIMEOUT_MS,
    // Lets the kernel notice a server that vanished without closing the connection (a host gone, not a restart).
    keepAlive: true,
  });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  // Nor may a checked-out one between two statements (a transaction awaiting other work): pg emits 'error' on it
  // and pg-pool listens only while it is idle. Its holder's next query still fails with the error; a Postgres
  // crash during a broadcast claim killed the worker before this (packages/db/test/client.test.ts).
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  return { pool, db: drizzle(pool, { schema }) };
}

/** True when the database answers a trivial query within `timeoutMs`. */
export async function pingDb(pool: pg.Pool, timeoutMs = 1000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      pool.query("select 1"),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("timeout")), timeoutMs);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
