/**
 * Versions of a bot's code through the three services as processes (docs/versions.md): a rollback under load, pruning,
 * the automatic rollback for each of its triggers, and previews that leave the running version alone.
 *
 * @see docs/testing.md#cross-service-suite
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { waitFor } from "@botyard/testing";
import { postJson, type TimedReply } from "@botyard/faults/http";
import { System, type SystemBot } from "./support/system.js";

/** Versions each bot keeps here: small, so pruning shows after a few saves. */
const KEPT = 4;

let system: System;

beforeAll(async () => {
  system = await System.start({
    env: {
      management: { BOT_VERSIONS_KEPT: String(KEPT) },
      "webhook-gateway": { BOT_VERSIONS_KEPT: String(KEPT) },
    },
  });
}, 180_000);

afterAll(async () => {
  await system?.close();
});

/** The `data` of a webhook reply (what the handler returned). */
const dataOf = (reply: TimedReply) => (reply.body as { data?: unknown }).data;

interface VersionEntry {
  version: number;
  source: string;
  message: string | null;
  restoredFrom: number | null;
  running: boolean;
}

async function versionsOf(
  bot: SystemBot,
): Promise<{ savedVersion: number; runningVersion: number | null; versions: VersionEntry[] }> {
  return (await system.ok("listVersions", { botId: bot.botId, limit: 1000 })) as never;
}

async function logsOf(bot: SystemBot): Promise<string[]> {
  const { logs } = (await system.ok("getBotLogs", { botId: bot.botId, limit: 200 })) as { logs: { message: string }[] };
  return logs.map((l) => l.message);
}

/** Saves `code` as the bot's next version (not run until a restart). */
const save = (bot: SystemBot, code: string) => system.ok("editBotCoreLogic", { botId: bot.botId, newCode: code });

/** A Try it call from the owner's dashboard session. */
const tryIt = (bot: SystemBot, call: Record<string, unknown>) =>
  system.owner.dashboard(`/api/bots/${bot.botId}/try`, { method: "POST", body: JSON.stringify(call) });

describe("rollbackBot", () => {
  it("with restart, under load: every call answers 200, and the restored code answers once it has answered", async () => {
    const bot = await system.createBot("logic.v = async () => 'one';");
    await save(bot, "logic.v = async () => 'two';");
    await system.ok("restartBot", { botId: bot.botId });
    expect(dataOf(await system.webhook(bot, "v"))).toBe("two");

    let stop = false;
    const statuses: number[] = [];
    const client = async () => {
      while (!stop) statuses.push((await system.webhook(bot, "v")).status);
    };
    const clients = [client(), client(), client(), client()];
    await waitFor(() => statuses.length >= 20, { what: "calls before the rollback" });
    const rolled = await system.ok("rollbackBot", { botId: bot.botId, version: 1, restart: true });
    expect(rolled).toMatchObject({ version: 3, restoredFrom: 1, restarted: true });
    // Read your restart: the next call runs the restored code.
    expect(dataOf(await system.webhook(bot, "v"))).toBe("one");
    const at = statuses.length;
    await waitFor(() => statuses.length >= at + 20, { what: "calls after the rollback" });
    stop = true;
    await Promise.all(clients);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });
});

describe("pruning", () => {
  it(`keeps the newest ${KEPT} versions and the running one; a pruned version answers 404`, async () => {
    const bot = await system.createBot("logic.v = async () => 1;");
    for (let n = 2; n <= 8; n += 1) await save(bot, `logic.v = async () => ${n};`);
    const { savedVersion, runningVersion, versions } = await versionsOf(bot);
    expect(savedVersion).toBe(8);
    expect(runningVersion).toBe(1);
    expect(versions.map((v) => v.version)).toEqual([8, 7, 6, 5, 1]);
    const pruned = await system.op("getVersion", { botId: bot.botId, version: 2 });
    expect(pruned.status).toBe(404);
    expect(pruned.body).toMatchObject({ ok: false, msg: "Version not found" });
    // The running one still answers its own code.
    expect(dataOf(await system.webhook(bot, "v"))).toBe(1);
  });
});

describe("automatic rollback", () => {
  /** A bot running `good` (version 1), then `bad` saved as version 2 and restarted with autoRollback. */
  async function deployBad(bad: string): Promise<SystemBot> {
    const bot = await system.createBot("logic.v = async () => 'good';");
    await save(bot, bad);
    const restarted = await system.ok("restartBot", { botId: bot.botId, autoRollback: true });
    expect(String(restarted.msg)).toContain("rolls back to version 1 by itself if it fails");
    return bot;
  }

  /** Waits for the rollback to version 1 (as version 3), and checks what it recorded and that version 1 runs. */
  async function expectRolledBack(bot: SystemBot, reason: RegExp): Promise<void> {
    await waitFor(async () => (await versionsOf(bot)).runningVersion === 3, { what: "the automatic rollback" });
    const { savedVersion, versions } = await versionsOf(bot);
    expect(savedVersion).toBe(3);
    expect(versions[0]).toMatchObject({ version: 3, source: "automatic-rollback", restoredFrom: 1, running: true });
    expect(versions[0]?.message).toMatch(reason);
    const bots = (await system.ok("getBot", { botId: bot.botId })) as { bot: { status: string } };
    expect(bots.bot.status).toBe("running");
    // The gateway writes its log lines in batches: the line follows the rollback shortly.
    await waitFor(
      async () => (await logsOf(bot)).some((line) => /^Automatic rollback: /.test(line) && reason.test(line)),
      {
        what: "the rollback's reason in the bot's log",
      },
    );
    const reply = await system.webhook(bot, "v");
    expect(reply.status).toBe(200);
    expect(dataOf(reply)).toBe("good");
    // Once: nothing rolls back twice.
    expect((await versionsOf(bot)).versions.filter((v) => v.source === "automatic-rollback")).toHaveLength(1);
  }

  it.each([
    ["a syntax error", "logic.v = async () => {"],
    ["a throw at top level", "throw new Error('broken at load');"],
  ])("when the new code fails to load (%s), even with no call", async (_what, bad) => {
    const bot = await deployBad(bad);
    await expectRolledBack(bot, /failed to load/);
  });

  it("when the new code is halted for its limits", async () => {
    const bot = await deployBad("logic.v = async () => { for (;;) {} };");
    // Three time-limit incidents halt it (each call answers 500 Handler error).
    for (let n = 0; n < 3; n += 1) expect((await system.webhook(bot, "v")).status).toBe(500);
    await expectRolledBack(bot, /was halted/);
  });

  it("when the new code fails more than half of at least 20 calls", async () => {
    const bot = await deployBad("logic.v = async () => { throw new Error('nope'); };");
    for (let n = 0; n < 20; n += 1) {
      const reply = await system.webhook(bot, "v");
      if (reply.status === 200) break; // rolled back already
      expect(reply.status).toBe(500);
    }
    await expectRolledBack(bot, /failed \d+ of its first \d+ calls/);
  });

  it("does not roll back a deploy that works, nor one restarted without it", async () => {
    const bot = await system.createBot("logic.v = async () => 'one';");
    await save(bot, "logic.v = async () => { throw new Error('nope'); };");
    await system.ok("restartBot", { botId: bot.botId });
    for (let n = 0; n < 25; n += 1) expect((await system.webhook(bot, "v")).status).toBe(500);
    await save(bot, "logic.v = async () => 'three';");
    await system.ok("restartBot", { botId: bot.botId, autoRollback: true });
    for (let n = 0; n < 25; n += 1) expect((await system.webhook(bot, "v")).status).toBe(200);
    const { runningVersion, versions } = await versionsOf(bot);
    expect(runningVersion).toBe(3);
    expect(versions.some((v) => v.source === "automatic-rollback")).toBe(false);
  });
});

describe("previews", () => {
  const RUNNING = `
let hits = 0;
logic.count = async () => ({ hits: ++hits, version: 1 });
logic.notes = async (q, b, db) => db.operation.countDocuments('notes', {});
`;
  const SAVED = `
let hits = 100;
logic.count = async (q, b, db, response, params) => ({ hits: ++hits, version: 2, preview: params.headers['x-botyard-preview'] ?? null });
logic.write = async (q, b, db) => { await db.operation.insertOne('notes', { text: b.text }); return 'written'; };
`;

  it("run a saved version apart: the running isolate's globals and code stay, the data is the bot's", async () => {
    const bot = await system.createBot(RUNNING);
    expect(dataOf(await system.webhook(bot, "count"))).toEqual({ hits: 1, version: 1 });
    await save(bot, SAVED);

    const preview = await tryIt(bot, { method: "GET", path: "count", version: 2 });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      ok: true,
      status: 200,
      body: { ok: true, data: { hits: 101, version: 2, preview: "2" } },
    });
    // A fresh isolate each time: its globals start over.
    const again = await tryIt(bot, { method: "GET", path: "count", version: 2 });
    expect(again.body).toMatchObject({ body: { data: { hits: 101 } } });

    // The running version: its own code, its own globals, counting on from where it was.
    expect(dataOf(await system.webhook(bot, "count"))).toEqual({ hits: 2, version: 1 });
    expect((await versionsOf(bot)).runningVersion).toBe(1);

    // The same data: what the preview writes, the running version reads.
    const written = await tryIt(bot, { method: "POST", path: "write", version: 2, body: { text: "from the preview" } });
    expect(written.body).toMatchObject({ status: 200, body: { data: "written" } });
    expect(dataOf(await system.webhook(bot, "notes"))).toBe(1);

    // The API key's way, and the running version through Try it without a version.
    const viaApi = await system.ok("previewBot", { botId: bot.botId, version: 2, method: "GET", path: "count" });
    expect(viaApi).toMatchObject({ status: 200, body: { data: { hits: 101, version: 2 } } });
    const running = await tryIt(bot, { method: "GET", path: "count" });
    expect(running.body).toMatchObject({ status: 200, body: { data: { hits: 3, version: 1 } } });
  });

  it("a preview's handler error is the preview's reply; an unknown version is 404", async () => {
    const bot = await system.createBot(RUNNING);
    await save(bot, "logic.boom = async () => { throw new Error('preview boom'); };");
    const failed = await tryIt(bot, { method: "GET", path: "boom", version: 2 });
    expect(failed.body).toMatchObject({ ok: true, status: 500, body: { ok: false, message: "Handler error" } });
    await waitFor(
      async () => (await logsOf(bot)).some((l) => l.includes("preview of version 2") && l.includes("preview boom")),
      {
        what: "the preview's error in the bot's log",
      },
    );
    const missing = await tryIt(bot, { method: "GET", path: "count", version: 9 });
    expect(missing.status).toBe(404);
    const viaApi = await system.op("previewBot", { botId: bot.botId, version: 9, path: "count" });
    expect(viaApi.status).toBe(404);
    expect(viaApi.body).toMatchObject({ msg: "Version not found" });
    // The bot is still running, with no strike from the preview.
    expect(dataOf(await system.webhook(bot, "count"))).toEqual({ hits: 1, version: 1 });
  });

  it("is never reachable from the public gateway without the internal token", async () => {
    const bot = await system.createBot(RUNNING);
    const call = { botId: bot.botId, version: 1, method: "GET", path: "count" };
    const anonymous = await postJson(system.gateway.url("/internal/preview"), call);
    expect(anonymous.status).toBe(401);
    const forged = await postJson(system.gateway.url("/internal/preview"), call, { Authorization: "Bearer nope" });
    expect(forged.status).toBe(401);
    // Under the webhook paths there is no such thing either: /custom runs the running bot's logic only.
    const custom = await system.webhook(bot, "internal");
    expect(custom.status).toBe(400);
    expect(dataOf(await system.webhook(bot, "count"))).toEqual({ hits: 1, version: 1 });
  });
});
