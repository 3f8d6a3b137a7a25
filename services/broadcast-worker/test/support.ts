/** Test support of the worker's own test files. */
import { runMigrations } from "@botyard/db";
import { testServerUrl, type TestDatabase } from "@botyard/db/testing";
import pg from "pg";

/**
 * One migrated database that is never dropped, for the mutation run (BROADCAST_TEST_REUSE_DB, set by
 * stryker.state.config.mjs): creating and migrating one per run of the tests would dominate a run per mutant. Tests
 * that use it make bots of their own and delete their account after.
 */
export async function reusableTestDatabase(): Promise<TestDatabase> {
  const name = "botyard_broadcast_mutation";
  const admin = new pg.Client({ connectionString: testServerUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`).catch((err: { code?: string }) => {
      if (err.code !== "42P04") throw err;
    });
  } finally {
    await admin.end();
  }
  const url = new URL(testServerUrl);
  url.pathname = `/${name}`;
  await runMigrations(url.toString());
  return { url: url.toString(), name, drop: async () => {} };
}
