/** The pg pool the store runs its statements on, from a drizzle handle or a pool given directly. */
import type { Database } from "@botyard/db";
import type pg from "pg";

/** The pg pool behind a drizzle handle (drizzle keeps it as `$client`), or the pool itself. */
export function poolOf(db: Database | pg.Pool): pg.Pool {
  const client = (db as { $client?: pg.Pool }).$client;
  return client ?? (db as pg.Pool);
}
