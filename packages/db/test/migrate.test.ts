import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createDb, runMigrations } from "../src/index.js";
import { createTestDatabase, type TestDatabase } from "../src/testing.js";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe("migrations", () => {
  it("create every table and are safe to run again, even concurrently", async () => {
    await Promise.all([runMigrations(database.url), runMigrations(database.url), runMigrations(database.url)]);
    const { pool } = createDb(database.url);
    const { rows } = await pool.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
    );
    expect(rows.map((r) => r.table_name)).toEqual([
      "accounts",
      "api_keys",
      "bot_logs",
      "bots",
      "broadcasts",
      "document_indexes",
      "document_usage",
      "documents",
      "password_invites",
      "recipients",
      "sessions",
    ]);
    await pool.end();
  });
});
