/**
 * Test support: every test file gets a database of its own on the real Postgres server, migrated, and dropped after,
 * so suites of different services can run side by side against one server.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { runMigrations } from "./migrate.js";

/**
 * Server used by tests; override with TEST_DATABASE_URL. Never DATABASE_URL: that names an operator's real database,
 * and tests create and drop databases on the server they are given.
 */
export const testServerUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** A fresh migrated database and the function that drops it. */
export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Creates `botyard_test_<random>` on the test server and migrates it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `botyard_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: testServerUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(testServerUrl, name);
  await runMigrations(url);
  return {
    url,
    name,
    async drop() {
      const c = new pg.Client({ connectionString: testServerUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * A migrated database named `name` that is created when missing and never dropped: for mutation runs, where creating
 * and migrating a database per run of the tests would dominate a run per mutant. Tests that use it must make bots of
 * their own (random ids), so runs never see each other's rows.
 */
export async function reusableTestDatabase(name: string): Promise<TestDatabase> {
  const admin = new pg.Client({ connectionString: testServerUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`).catch((err: { code?: string }) => {
      // 42P04: it exists already (an earlier run made it).
      if (err.code !== "42P04") throw err;
    });
  } finally {
    await admin.end();
  }
  const url = withDatabase(testServerUrl, name);
  await runMigrations(url);
  return { url, name, drop: async () => {} };
}
