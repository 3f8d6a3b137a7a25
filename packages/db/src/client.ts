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

/** Opens a pool on `url`. `max` bounds connections per process. */
export function createDb(url: string, options: { max?: number; applicationName?: string } = {}): DbHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.applicationName ?? "botyard",
  });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  return { pool, db: drizzle(pool, { schema }) };
}

/** True when the database answers a trivial query within `timeoutMs`. */
export async function pingDb(pool: pg.Pool, timeoutMs = 1000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      pool.query("select 1"),
      new Promise((_, reject) => { timer = setTimeout(() => reject(new Error("timeout")), timeoutMs); }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
