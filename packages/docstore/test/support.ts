/** Test support: a migrated database of this file's own, an account and bots, and stores on them. */
import { randomBytes } from "node:crypto";
import { createDb } from "@botyard/db";
import { createTestDatabase, reusableTestDatabase, type TestDatabase } from "@botyard/db/testing";
import type pg from "pg";
import { DocumentStore, type DocumentStoreError, type DocumentStoreLimits, dropBotIndexes } from "../src/index.js";

export interface Harness {
  db: TestDatabase;
  pool: pg.Pool;
  /** A new bot row; returns its id. */
  bot(): Promise<string>;
  store(botId: string, limits?: Partial<DocumentStoreLimits>): DocumentStore;
  close(): Promise<void>;
}

/**
 * With DOCSTORE_TEST_REUSE_DB set (the mutation run sets it), every test file shares one migrated database that is
 * never dropped: creating and migrating one per test run would dominate a run per mutant. Bots are random, so
 * files never see each other's documents.
 */

/**
 * A pool on the test database, made as the services make theirs (`createDb`): it survives its idle connections being
 * ended by the server (a restart, or an operator's pg_terminate_backend on a shared CI machine), which without a
 * listener is an uncaught error in whichever test is running; a query in flight still fails. No connect timeout: a
 * loaded CI machine must not fail a test for a slow connect.
 */
export function testPool(url: string, max: number): pg.Pool {
  return createDb(url, { max, connectionTimeoutMillis: 0 }).pool;
}

export async function harness(): Promise<Harness> {
  const db = process.env.DOCSTORE_TEST_REUSE_DB
    ? await reusableTestDatabase("botyard_docstore_mutation")
    : await createTestDatabase();
  const pool = testPool(db.url, 4);
  const account = `acc_${randomBytes(4).toString("hex")}`;
  await pool.query("insert into accounts (id, email) values ($1, $2)", [account, `${account}@example.com`]);
  const bots: string[] = [];
  return {
    db,
    pool,
    async bot() {
      const id = `bot_${randomBytes(6).toString("hex")}`;
      await pool.query("insert into bots (id, account_id) values ($1, $2)", [id, account]);
      bots.push(id);
      return id;
    },
    store: (botId, limits) => new DocumentStore(pool, botId, limits),
    async close() {
      if (process.env.DOCSTORE_TEST_REUSE_DB) {
        // The shared database outlives this file: take its bots, their documents and their indexes away.
        for (const id of bots) await dropBotIndexes(pool, id);
        await pool.query("delete from accounts where id = $1", [account]);
      }
      await pool.end();
      await db.drop();
    },
  };
}

/** The error `p` rejects with, or null when it resolves. */
export const refusal = (p: Promise<unknown>): Promise<DocumentStoreError | null> =>
  p.then(
    () => null,
    (e: unknown) => e as DocumentStoreError,
  );
