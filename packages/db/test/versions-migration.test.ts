/**
 * The versions migration on a database that already has bots: each bot's saved code becomes version 1, and a bot
 * whose running code differs keeps that running code as version 1 (the running one) and its saved code as version 2.
 */
import { createHash, randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "@jest/globals";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { migrationsFolder, runMigrations } from "../src/index.js";
import { testServerUrl } from "../src/testing.js";

const name = `botyard_test_${randomBytes(6).toString("hex")}`;
const url = (() => {
  const u = new URL(testServerUrl);
  u.pathname = `/${name}`;
  return u.toString();
})();
const before = mkdtempSync(join(tmpdir(), "botyard-migrations-"));

afterAll(async () => {
  rmSync(before, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: testServerUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

const sha = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

it("backfills version 1 from each bot's code, keeping a differing running code as the running version", async () => {
  // The migrations as they were before versions: the journal cut at the versions migration.
  cpSync(migrationsFolder, before, { recursive: true });
  const journalPath = join(before, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const cut = journal.entries.findIndex((e) => e.tag.endsWith("_versions"));
  expect(cut).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));

  const admin = new pg.Client({ connectionString: testServerUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migrate(drizzle(client), { migrationsFolder: before });
    await client.query("insert into accounts (id, email) values ('a1', 'a@example.com')");
    await client.query(
      `insert into bots (id, account_id, code, running_code, started_at) values
         ('never', 'a1', 'héllo', null, null),
         ('same', 'a1', 'same code', 'same code', now()),
         ('edited', 'a1', 'new code', 'old code', now()),
         ('empty', 'a1', '', null, null)`,
    );
    await runMigrations(url);
    const { rows: bots } = await client.query("select id, saved_version, running_version from bots order by id");
    expect(bots).toEqual([
      { id: "edited", saved_version: 2, running_version: 1 },
      { id: "empty", saved_version: 1, running_version: null },
      { id: "never", saved_version: 1, running_version: null },
      { id: "same", saved_version: 1, running_version: 1 },
    ]);
    const { rows: versions } = await client.query(
      "select bot_id, version, code, size, sha256, source from bot_versions order by bot_id, version",
    );
    const v = (botId: string, version: number, code: string) => ({
      bot_id: botId,
      version,
      code,
      size: Buffer.byteLength(code),
      sha256: sha(code),
      source: "migration",
    });
    expect(versions).toEqual([
      v("edited", 1, "old code"),
      v("edited", 2, "new code"),
      v("empty", 1, ""),
      v("never", 1, "héllo"),
      v("same", 1, "same code"),
    ]);
  } finally {
    await client.end();
  }
});
