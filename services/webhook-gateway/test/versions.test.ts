/**
 * The gateway's side of versions (docs/versions.md): automatic rollbacks decided once across replicas, and previews
 * of saved versions through the internal route, apart from the running bot.
 *
 * @see docs/versions.md#automatic-rollback
 * @see docs/versions.md#previews
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import request from "supertest";
import { waitFor } from "@botyard/testing";
import { internalToken } from "@botyard/common/crypto";
import { sql } from "drizzle-orm";
import type { Gateway } from "../src/app.js";
import { RollbackRepository } from "../src/bots/rollback-repository.js";
import { PREVIEW_PATH, PREVIEW_REFUSAL_HEADER } from "../src/routes/preview.js";
import { SECRET_KEY, startGatewayHarness, type GatewayHarness } from "./harness.js";

let h: GatewayHarness;
let second: Gateway;
beforeAll(async () => {
  h = await startGatewayHarness({ timeoutMs: 300 });
  second = await h.replica();
});
afterAll(async () => {
  await h.close();
});

interface Versions {
  savedVersion: number;
  runningVersion: number | null;
  versions: Array<{ version: number; source: string; message: string | null; restoredFrom: number | null }>;
}
const versionsOf = async (botId: string) => (await h.op("listVersions", { botId, limit: 100 })) as unknown as Versions;

/** A bot running `good` (version 1), then `bad` saved as version 2 and restarted with autoRollback. */
async function deployBad(bad: string): Promise<string> {
  const { botId } = await h.bot("logic.v = async () => 'good';");
  await h.edit(botId, bad);
  await h.op("restartBot", { botId, autoRollback: true });
  return botId;
}

const rolledBack = (botId: string) =>
  waitFor(async () => (await versionsOf(botId)).runningVersion === 3, { what: "the automatic rollback" });

describe("automatic rollback across two replicas", () => {
  it("a version that fails to load is rolled back once, with no call, and both replicas run the one before", async () => {
    const botId = await deployBad("throw new Error('top-level failure');");
    await rolledBack(botId);
    const { versions } = await versionsOf(botId);
    expect(versions.filter((v) => v.source === "automatic-rollback")).toHaveLength(1);
    expect(versions[0]).toMatchObject({ version: 3, source: "automatic-rollback", restoredFrom: 1 });
    expect(versions[0]?.message).toMatch(/^The new code failed to load: .*top-level failure/);
    for (const app of [h.app, second.app]) {
      const res = await request(app).get(`/custom/${botId}/v`);
      expect(res.status).toBe(200);
      expect(res.body.data).toBe("good");
    }
    await h.waitForLog(botId, /^Automatic rollback: The new code failed to load/);
  });

  it("errors on most of 20 calls spread over both replicas: one rollback", async () => {
    const botId = await deployBad("logic.v = async () => { throw new Error('nope'); };");
    const apps = [h.app, second.app];
    for (let n = 0; n < 20; n += 1) await request(apps[n % 2]!).get(`/custom/${botId}/v`);
    await rolledBack(botId);
    const { versions } = await versionsOf(botId);
    expect(versions.filter((v) => v.source === "automatic-rollback")).toHaveLength(1);
    expect(versions[0]?.message).toMatch(/failed \d+ of its first \d+ calls/);
  });

  it("19 failures are not enough, nor are 20 calls with half of them failing", async () => {
    const botId = await deployBad("logic.v = async (q) => { if (q.fail) throw new Error('nope'); return 'ok'; };");
    for (let n = 0; n < 19; n += 1) await request(h.app).get(`/custom/${botId}/v?fail=1`);
    const half = await deployBad("logic.v = async (q) => { if (q.fail) throw new Error('nope'); return 'ok'; };");
    for (let n = 0; n < 20; n += 1) await request(h.app).get(`/custom/${half}/v${n % 2 === 0 ? "?fail=1" : ""}`);
    expect((await versionsOf(botId)).runningVersion).toBe(2);
    expect((await versionsOf(half)).runningVersion).toBe(2);
  });

  it("a halt for the time limit rolls back and clears the halt", async () => {
    const botId = await deployBad("logic.v = async () => { for (;;) {} };");
    for (let n = 0; n < 3; n += 1) expect((await request(h.app).get(`/custom/${botId}/v`)).status).toBe(500);
    await rolledBack(botId);
    expect((await versionsOf(botId)).versions[0]?.message).toMatch(/was halted: Hit its time limit/);
    const bot = (await h.op("getBot", { botId })) as { bot: { status: string } };
    expect(bot.bot.status).toBe("running");
    expect((await request(second.app).get(`/custom/${botId}/v`)).body.data).toBe("good");
  });
});

describe("the rollback decision", () => {
  it("is taken once of two at once, never after the window, never for a later restart", async () => {
    const repository = new RollbackRepository(h.handle.db, 100);
    const { botId } = await h.bot("logic.v = async () => 1;");
    await h.edit(botId, "logic.v = async () => 2;");
    // A window long enough that this case decides it itself (the code loads fine: nothing else will).
    await h.handle.db.execute(
      sql`update bots set code_version = code_version + 1, running_version = 2, running_code = code,
          rollback_to_version = 1, rollback_watch_until = now() + interval '1 hour' where id = ${botId}`,
    );
    const row = await h.handle.db.execute<{ code_version: number }>(
      sql`select code_version from bots where id = ${botId}`,
    );
    const codeVersion = Number(row.rows[0]?.code_version);
    expect(await repository.rollBack(botId, codeVersion - 1, "stale deploy")).toBeUndefined();
    const [a, b] = await Promise.all([
      repository.rollBack(botId, codeVersion, "first"),
      repository.rollBack(botId, codeVersion, "second"),
    ]);
    const done = [a, b].filter((r) => r !== undefined);
    expect(done).toEqual([{ version: 3, restoredFrom: 1, codeVersion: codeVersion + 1 }]);
    expect(await repository.rollBack(botId, codeVersion + 1, "again")).toBeUndefined();

    await h.handle.db.execute(
      sql`update bots set rollback_to_version = 1, rollback_watch_until = now() - interval '1 second' where id = ${botId}`,
    );
    expect(await repository.rollBack(botId, codeVersion + 1, "too late")).toBeUndefined();
  });
});

describe("previews", () => {
  const token = internalToken(SECRET_KEY);
  const preview = (app: Gateway["app"], body: Record<string, unknown>, bearer = token) =>
    request(app).post(PREVIEW_PATH).set("authorization", `Bearer ${bearer}`).send(body);

  it("runs a saved version in its own isolate, freed after the call; the running isolate keeps its globals", async () => {
    const { botId } = await h.bot("let n = 0; logic.n = async () => ++n;");
    await h.edit(
      botId,
      "let n = 50; logic.n = async (q, b, db, r, p) => ({ n: ++n, header: p.headers['x-botyard-preview'] });",
    );
    expect((await request(h.app).get(`/custom/${botId}/n`)).body.data).toBe(1);
    const loaded = h.gateway.runtime.loadedCount;
    const res = await preview(h.app, { botId, version: 2, method: "GET", path: "n" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, data: { n: 51, header: "2" } });
    await waitFor(() => h.gateway.runtime.loadedCount === loaded, { what: "the preview's isolate freed" });
    expect((await preview(h.app, { botId, version: 2, method: "GET", path: "n" })).body.data.n).toBe(51);
    expect((await request(h.app).get(`/custom/${botId}/n`)).body.data).toBe(2);
  });

  it("runs whatever the bot's status, and a preview's incidents never halt the bot", async () => {
    const { botId } = await h.bot("logic.ok = async () => 'running';");
    await h.edit(botId, "logic.spin = async () => { for (;;) {} };");
    for (let n = 0; n < 4; n += 1) {
      const res = await preview(h.app, { botId, version: 2, method: "GET", path: "spin" });
      expect(res.status).toBe(500);
      expect(res.headers[PREVIEW_REFUSAL_HEADER]).toBeUndefined();
    }
    expect((await request(h.app).get(`/custom/${botId}/ok`)).status).toBe(200);
    await h.op("stopBot", { botId });
    await h.edit(botId, "logic.ok = async () => 'preview';");
    const res = await preview(second.app, { botId, version: 3, method: "POST", path: "ok", body: {} });
    expect(res.body.data).toBe("preview");
    await h.waitForLog(botId, /^preview of version 2: /);
  });

  it("refuses without the token, and names its own refusals", async () => {
    const { botId } = await h.bot("logic.ok = async () => 1;");
    const forged = await preview(h.app, { botId, version: 1, method: "GET", path: "ok" }, "forged");
    expect(forged.status).toBe(401);
    expect(forged.headers[PREVIEW_REFUSAL_HEADER]).toBe("INVALID_INTERNAL_TOKEN");
    const missing = await preview(h.app, { botId, version: 7, method: "GET", path: "ok" });
    expect(missing.status).toBe(404);
    expect(missing.headers[PREVIEW_REFUSAL_HEADER]).toBe("VERSION_NOT_FOUND");
    const unknown = await preview(h.app, { botId: "nobot", version: 1, method: "GET", path: "ok" });
    expect(unknown.headers[PREVIEW_REFUSAL_HEADER]).toBe("BOT_NOT_FOUND");
    const badPath = await preview(h.app, { botId, version: 1, method: "GET", path: "../x" });
    expect(badPath.status).toBe(400);
    const badVersion = await preview(h.app, { botId, version: "1", method: "GET", path: "ok" });
    expect(badVersion.status).toBe(400);
    const noHandler = await preview(h.app, { botId, version: 1, method: "GET", path: "nope" });
    expect(noHandler.status).toBe(400);
    expect(noHandler.headers[PREVIEW_REFUSAL_HEADER]).toBeUndefined();
  });
});
