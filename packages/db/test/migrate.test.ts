/**
 * Migrations: every service runs them at start, so three processes starting together migrate one fresh database at
 * the same time. The advisory lock serialises them; without it they race to create the same tables.
 */
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "@jest/globals";
import pg from "pg";
import { createDb, runMigrations } from "../src/index.js";
import { testServerUrl } from "../src/testing.js";

/** An empty database (createTestDatabase migrates the one it makes, which would leave nothing to race for). */
async function emptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `botyard_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: testServerUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(testServerUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
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

const dropped: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const drop of dropped) await drop();
});

const tablesOf = async (url: string) => {
  const { pool } = createDb(url);
  try {
    const { rows } = await pool.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
    );
    return rows.map((r) => r.table_name);
  } finally {
    await pool.end();
  }
};

describe("migrations", () => {
  it("three run at once on a fresh database: all succeed and create every table once", async () => {
    const database = await emptyDatabase();
    dropped.push(database.drop);
    expect(await tablesOf(database.url)).toEqual([]);
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => runMigrations(database.url)));
    expect(outcomes.filter((o) => o.status === "rejected")).toEqual([]);
    expect(await tablesOf(database.url)).toEqual([
      "accounts",
      "api_keys",
      "bot_logs",
      "bot_usage_hour",
      "bot_usage_minute",
      "bot_versions",
      "bots",
      "broadcast_audience",
      "broadcasts",
      "document_indexes",
      "document_usage",
      "documents",
      "notification_channels",
      "notification_outbox",
      "notification_rules",
      "password_invites",
      "recipients",
      "schedule_runs",
      "schedules",
      "sessions",
    ]);
    // Each migration is recorded once, not once per process.
    const { pool } = createDb(database.url);
    try {
      const { rows } = await pool.query(
        "select count(*)::int as n, count(distinct hash)::int as distinct_n from drizzle.__drizzle_migrations",
      );
      expect(rows[0].n).toBe(rows[0].distinct_n);
      expect(rows[0].n).toBeGreaterThan(0);
    } finally {
      await pool.end();
    }
  });

  it("are safe to run again on a migrated database", async () => {
    const database = await emptyDatabase();
    dropped.push(database.drop);
    await runMigrations(database.url);
    const once = await tablesOf(database.url);
    await runMigrations(database.url);
    expect(await tablesOf(database.url)).toEqual(once);
  });
});
