// The kit's embedded Postgres (src/local/postgres.ts) is one PGlite session behind a socket: every connection shares
// its prepared statements. On a pool marked single-session the document store prepares none by name, so its findOne
// answers on many connections at once (docs/operations.md#embedded-mode). Under node's test runner, as PGlite does not
// load inside jest's VM modules.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createDb } from "@botyard/db";
import { DocumentStore, markSingleSession } from "@botyard/docstore";
import { startEmbeddedPostgres } from "../../src/local/postgres.ts";

let postgres;
let handle;

before(async () => {
  postgres = await startEmbeddedPostgres(undefined);
  handle = createDb(postgres.url, { max: 6, applicationName: "embedded-test" });
  markSingleSession(handle.pool);
});

after(async () => {
  await handle?.pool.end();
  await postgres?.close();
});

test("findOne answers on many connections of one session at once, and nothing is prepared by name", async () => {
  const account = "00000000-0000-4000-8000-0000000000a1";
  const botId = "00000000-0000-4000-8000-0000000000e1";
  await handle.pool.query("insert into accounts (id, email) values ($1, 'embedded@example.com')", [account]);
  await handle.pool.query("insert into bots (id, account_id) values ($1, $2)", [botId, account]);
  const store = new DocumentStore(handle.pool, botId, {});
  await store.run("insertMany", ["users", Array.from({ length: 12 }, (_, i) => ({ _id: `u${i}`, n: i }))]);
  // Twelve at once make the pool open its six connections.
  const ids = Array.from({ length: 12 }, (_, i) => i);
  const found = await Promise.all(ids.map((i) => store.findOne("users", { _id: `u${i}` })));
  assert.deepEqual(
    found.map((doc) => doc?.n),
    ids,
  );
  assert.ok(handle.pool.totalCount > 1, `the pool opened ${handle.pool.totalCount} connections`);
  const again = await Promise.all(ids.map((i) => store.findOne("users", { _id: `u${11 - i}` })));
  assert.deepEqual(
    again.map((doc) => doc?.n),
    ids.map((i) => 11 - i),
  );
  const byUid = await Promise.all(ids.map((i) => store.findOne("users", { n: i })));
  assert.deepEqual(
    byUid.map((doc) => doc?._id),
    ids.map((i) => `u${i}`),
  );
  const { rows } = await handle.pool.query("select name from pg_prepared_statements where name like 'docstore%'");
  assert.deepEqual(rows, []);
});
