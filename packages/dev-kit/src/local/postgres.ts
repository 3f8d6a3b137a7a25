/**
 * The kit's Postgres: PGlite (Postgres compiled to WebAssembly, in this process) behind a Postgres socket on
 * 127.0.0.1, so the gateway's repositories and the document store connect to it with `pg` exactly as they connect to a
 * server (the same arrangement as `pnpm start` without a local Postgres, scripts/start.ts). Migrated with the
 * platform's own migrations (packages/db/drizzle) before it is used.
 */
import { mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { runMigrations } from "@botyard/db";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

/** A running embedded Postgres. */
export interface EmbeddedPostgres {
  /** A connection string for `pg`. */
  url: string;
  close(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (PGLiteSocketServer needs a number before it listens). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts PGlite with its data in `dataDir` (kept between runs), or in memory when `dataDir` is undefined, and
 * migrates it.
 */
export async function startEmbeddedPostgres(dataDir: string | undefined): Promise<EmbeddedPostgres> {
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const db = dataDir === undefined ? await PGlite.create() : await PGlite.create(dataDir);
  let server: PGLiteSocketServer | undefined;
  try {
    // The pools of the kit hold a few connections each; PGlite runs their statements one at a time.
    const port = await freePort();
    server = new PGLiteSocketServer({ db, port, host: "127.0.0.1", maxConnections: 32 });
    await server.start();
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    await runMigrations(url);
    const running = server;
    return {
      url,
      async close() {
        await running.stop();
        await db.close();
      },
    };
  } catch (err) {
    await server?.stop().catch(() => {});
    await db.close().catch(() => {});
    throw err;
  }
}
