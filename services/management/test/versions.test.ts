/**
 * Versions of a bot's code (docs/versions.md): every change of the code makes one (createBot, editBotCoreLogic, the
 * dashboard's Save, transferBot's copy, a rollback), getBot shows the saved and running version, listVersions,
 * getVersion and rollbackBot read and restore them, concurrent edits each get their own number, and pruning keeps
 * the newest BOT_VERSIONS_KEPT and the running one. Nasty input answers 4xx naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createHash, randomUUID } from "node:crypto";
import type { Server } from "node:http";
import request from "supertest";
import { Browser, listen } from "./dashboard-client.js";
import { fakeToken, startHarness, type Harness } from "./harness.js";

/** The number of versions each bot keeps in this suite: small, so pruning shows after a few saves. */
const KEPT = 5;

let h: Harness;
let server: Server;
let owner: { apiKey: string; email: string };
let other: { apiKey: string; email: string };
let browser: Browser;

beforeAll(async () => {
  h = await startHarness({ versionsKept: KEPT });
  owner = await h.account();
  other = await h.account();
  let origin: string;
  ({ server, origin } = await listen(h.app));
  browser = new Browser(origin);
  expect((await browser.signUp(`dash-${randomUUID().slice(0, 8)}@example.com`)).status).toBe(201);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

const post = (op: string, body: unknown) =>
  request(h.app)
    .post(`/apiv3/${op}`)
    .send(body as object);
const get = (op: string, query: Record<string, string>) => request(h.app).get(`/apiv3/${op}`).query(query);
const sha = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

async function createBot(code = "// v1", apiKey = owner.apiKey): Promise<string> {
  const res = await post("createBot", { apiKey, name: "Versioned", code });
  expect(res.status).toBe(200);
  return res.body.botId as string;
}

async function edit(botId: string, newCode: string, extra: Record<string, unknown> = {}) {
  const res = await post("editBotCoreLogic", { apiKey: owner.apiKey, botId, newCode, ...extra });
  expect(res.status).toBe(200);
  return res;
}

async function list(botId: string, limit?: number) {
  const res = await post("listVersions", { apiKey: owner.apiKey, botId, ...(limit ? { limit } : {}) });
  expect(res.status).toBe(200);
  return res.body as {
    savedVersion: number;
    runningVersion: number | null;
    versions: Array<Record<string, unknown> & { version: number }>;
  };
}

function expectError(res: request.Response, status: number, msg: string | RegExp) {
  expect({ status: res.status, body: res.body }).toEqual({
    status,
    body: { ok: false, msg: expect.stringMatching(msg), stat_code: status },
  });
}

describe("every change of the code makes a version", () => {
  it("numbers createBot, editBotCoreLogic and restarts: getBot shows saved and running, listVersions the rest", async () => {
    const botId = await createBot("héllo // v1");
    let bot = (await post("getBot", { apiKey: owner.apiKey, botId })).body.bot;
    expect(bot).toMatchObject({ savedVersion: 1, runningVersion: null });

    // The spec's reply of editBotCoreLogic is unchanged: ok, msg, stat_code and nothing else.
    const edited = await edit(botId, "// v2", { message: "second try" });
    expect(Object.keys(edited.body).sort()).toEqual(["msg", "ok", "stat_code"]);
    await post("restartBot", { apiKey: owner.apiKey, botId });
    await edit(botId, "// v3");
    bot = (await post("getBot", { apiKey: owner.apiKey, botId })).body.bot;
    expect(bot).toMatchObject({ savedVersion: 3, runningVersion: 2 });
    // getbotCode is the saved code.
    expect((await post("getbotCode", { apiKey: owner.apiKey, botId })).body.data).toBe("// v3");

    const listed = await list(botId);
    expect(listed.savedVersion).toBe(3);
    expect(listed.runningVersion).toBe(2);
    expect(listed.versions.map((v) => v.version)).toEqual([3, 2, 1]);
    expect(listed.versions[2]).toEqual({
      version: 1,
      size: Buffer.byteLength("héllo // v1"),
      sha256: sha("héllo // v1"),
      source: "api",
      message: null,
      restoredFrom: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      running: false,
    });
    expect(listed.versions[1]).toMatchObject({ version: 2, message: "second try", running: true });
    expect(listed.versions.every((v) => !("code" in v))).toBe(true);
    expect((await list(botId, 2)).versions.map((v) => v.version)).toEqual([3, 2]);

    const one = await post("getVersion", { apiKey: owner.apiKey, botId, version: 1 });
    expect(one.status).toBe(200);
    expect(one.body.version).toMatchObject({ version: 1, code: "héllo // v1", sha256: sha("héllo // v1") });
    // The same on GET, the number in the query string.
    const viaGet = await get("getVersion", { apiKey: owner.apiKey, botId, version: "2" });
    expect(viaGet.body.version).toMatchObject({ version: 2, code: "// v2", running: true });
  });

  it("versions a bot created without code (empty) and the dashboard's Create and Save, with a message", async () => {
    expect((await list(await createBot(""))).versions).toMatchObject([{ version: 1, size: 0, sha256: sha("") }]);

    const created = await browser.call("post", "/api/bots", { name: "Dash", code: "// d1" });
    expect(created.status).toBe(201);
    const botId = created.body.botId as string;
    const saved = await browser.call("put", `/api/bots/${botId}/code`, { code: "// d2", message: "from the editor" });
    expect(saved.body).toEqual({ ok: true, version: 2, restarted: false });
    const listed = await browser.call("get", `/api/bots/${botId}/versions`);
    expect(listed.body.versions).toMatchObject([
      { version: 2, source: "dashboard", message: "from the editor" },
      { version: 1, source: "dashboard", message: null },
    ]);
    const bot = await browser.call("get", `/api/bots/${botId}`);
    expect(bot.body.bot).toMatchObject({ savedVersion: 2, runningVersion: null });
    const v1 = await browser.call("get", `/api/bots/${botId}/versions/1`);
    expect(v1.body.version).toMatchObject({ version: 1, code: "// d1" });
  });

  it("starts a transferred bot at version 1 (source transfer) holding the saved code", async () => {
    const botId = await createBot("// original");
    await edit(botId, "// latest");
    const res = await post("transferBot", { apiKey: owner.apiKey, botId, targetEmail: other.email });
    expect(res.status).toBe(200);
    const copy = await post("listVersions", { apiKey: other.apiKey, botId: res.body.newBotId });
    expect(copy.body.versions).toMatchObject([{ version: 1, source: "transfer", sha256: sha("// latest") }]);
  });

  it("gives two concurrent edits of one bot distinct numbers and loses none", async () => {
    const botId = await createBot("// start");
    const codes = Array.from({ length: 12 }, (_, i) => `// concurrent ${i}\n${"x".repeat(1000 * i)}`);
    await Promise.all(codes.map((code) => edit(botId, code)));
    const { savedVersion, versions } = await list(botId, 100);
    expect(savedVersion).toBe(13);
    // KEPT of them survive pruning, numbered without gaps or repeats, and each holds one of the codes whole.
    expect(versions.map((v) => v.version)).toEqual([13, 12, 11, 10, 9]);
    const hashes = new Map(codes.map((c) => [sha(c), c]));
    for (const v of versions) expect(hashes.has(v.sha256 as string)).toBe(true);
    expect(new Set(versions.map((v) => v.sha256)).size).toBe(versions.length);
    // The saved code is the newest version's.
    const saved = (await post("getbotCode", { apiKey: owner.apiKey, botId })).body.data as string;
    expect(sha(saved)).toBe(versions[0]!.sha256);
    // Every save wrote its version: the rows written = saves, whatever was pruned since (none lost to a race).
    const rows = await h.handle.pool.query("select count(*)::int as n from bot_versions where bot_id = $1", [botId]);
    expect(rows.rows[0].n).toBe(KEPT);

    // Saves from the dashboard say their number: each a different one, and every one of them is kept.
    const created = await browser.call("post", "/api/bots", { name: "Racing", code: "// r1" });
    const dashBot = created.body.botId as string;
    const racing = ["// a", "// b", "// c", "// d"];
    const saves = await Promise.all(
      racing.map((code) => browser.call("put", `/api/bots/${dashBot}/code`, { code, message: code })),
    );
    expect(saves.map((r) => r.body.version as number).sort()).toEqual([2, 3, 4, 5]);
    const kept = (await browser.call("get", `/api/bots/${dashBot}/versions`)).body.versions as Array<{
      version: number;
      message: string | null;
      sha256: string;
    }>;
    expect(kept.map((v) => v.version)).toEqual([5, 4, 3, 2, 1]);
    for (const [i, r] of saves.entries()) {
      expect(kept.find((v) => v.version === r.body.version)).toMatchObject({
        message: racing[i],
        sha256: sha(racing[i]!),
      });
    }
  });

  it("prunes past BOT_VERSIONS_KEPT, never the running version", async () => {
    const botId = await createBot("// 1");
    await edit(botId, "// 2");
    await post("restartBot", { apiKey: owner.apiKey, botId });
    for (let i = 3; i <= 10; i++) await edit(botId, `// ${i}`);
    const listed = await list(botId, 100);
    expect(listed.versions.map((v) => v.version)).toEqual([10, 9, 8, 7, 6, 2]);
    expect(listed.versions.at(-1)).toMatchObject({ version: 2, running: true });
    expectError(await post("getVersion", { apiKey: owner.apiKey, botId, version: 1 }), 404, "Version not found");
    // Once another version runs, the old running one goes at the next save.
    await post("restartBot", { apiKey: owner.apiKey, botId });
    await edit(botId, "// 11");
    expect((await list(botId, 100)).versions.map((v) => v.version)).toEqual([11, 10, 9, 8, 7]);
  });
});

describe("rollbackBot", () => {
  it("saves the old code as a new version, leaves the running code until asked to restart", async () => {
    const botId = await createBot("// good");
    await edit(botId, "// typo(");
    await post("restartBot", { apiKey: owner.apiKey, botId });

    const back = await post("rollbackBot", { apiKey: owner.apiKey, botId, version: 1 });
    expect(back.status).toBe(200);
    expect(back.body).toEqual({
      ok: true,
      msg: "Version 1 restored as version 3; it takes effect at the next restart",
      version: 3,
      restoredFrom: 1,
      restarted: false,
      stat_code: 200,
    });
    expect((await post("getbotCode", { apiKey: owner.apiKey, botId })).body.data).toBe("// good");
    let listed = await list(botId);
    expect(listed).toMatchObject({ savedVersion: 3, runningVersion: 2 });
    expect(listed.versions[0]).toMatchObject({
      version: 3,
      source: "rollback",
      restoredFrom: 1,
      sha256: sha("// good"),
    });

    const restarted = await post("rollbackBot", { apiKey: owner.apiKey, botId, version: 1, restart: true });
    expect(restarted.body).toMatchObject({ version: 4, restoredFrom: 1, restarted: true, webhook: "none" });
    expect(restarted.body.msg).toBe("Version 1 restored as version 4; restarted");
    listed = await list(botId);
    expect(listed).toMatchObject({ savedVersion: 4, runningVersion: 4 });
    const running = await h.handle.pool.query("select running_code, status from bots where id = $1", [botId]);
    expect(running.rows[0]).toEqual({ running_code: "// good", status: "running" });
  });

  it("rolls back from the dashboard, restarting when asked", async () => {
    const created = await browser.call("post", "/api/bots", { name: "Dash rollback", code: "// one" });
    const botId = created.body.botId as string;
    await browser.call("put", `/api/bots/${botId}/code`, { code: "// two", restart: true });
    const res = await browser.call("post", `/api/bots/${botId}/versions/1/rollback`, { restart: true });
    expect(res.body).toEqual({ ok: true, version: 3, restoredFrom: 1, restarted: true, webhook: "none" });
    const bot = await browser.call("get", `/api/bots/${botId}`);
    expect(bot.body.bot).toMatchObject({ savedVersion: 3, runningVersion: 3, codeDiffers: false });
    const unknown = await browser.call("post", `/api/bots/${botId}/versions/99/rollback`, {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("VERSION_NOT_FOUND");
    const bad = await browser.call("get", `/api/bots/${botId}/versions/abc`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("version must be an integer");
  });
});

describe("restart with autoRollback", () => {
  const watchOf = async (botId: string) =>
    (
      await h.handle.pool.query(
        "select rollback_to_version, rollback_watch_until > now() + interval '50 seconds' as watched from bots where id = $1",
        [botId],
      )
    ).rows[0] as { rollback_to_version: number | null; watched: boolean | null };

  it("watches the new deploy for the window, to return to the version that ran before", async () => {
    const botId = await createBot("// one");
    await post("restartBot", { apiKey: owner.apiKey, botId });
    await edit(botId, "// two");
    const res = await post("restartBot", { apiKey: owner.apiKey, botId, autoRollback: true });
    expect(res.status).toBe(200);
    expect(res.body.msg).toMatch(/^Bot \w+ restarted; rolls back to version 1 by itself if it fails before \d{4}-/);
    expect(await watchOf(botId)).toEqual({ rollback_to_version: 1, watched: true });
    // A restart without it ends the watch.
    await post("restartBot", { apiKey: owner.apiKey, botId });
    expect(await watchOf(botId)).toEqual({ rollback_to_version: null, watched: null });
  });

  it("does not watch when nothing different ran before, and says so", async () => {
    const botId = await createBot("// one");
    const first = await post("restartBot", { apiKey: owner.apiKey, botId, autoRollback: true });
    expect(first.body.msg).toMatch(/not watched for automatic rollback: no earlier version ran$/);
    const same = await post("restartBot", { apiKey: owner.apiKey, botId, autoRollback: true });
    expect(same.body.msg).toMatch(/not watched/);
    expect(await watchOf(botId)).toEqual({ rollback_to_version: null, watched: null });
    expectError(
      await post("restartBot", { apiKey: owner.apiKey, botId, autoRollback: "yes" }),
      400,
      "autoRollback must be a boolean",
    );
  });

  it("keeps the version a watch returns to through pruning", async () => {
    const botId = await createBot("// 1");
    await post("restartBot", { apiKey: owner.apiKey, botId });
    await edit(botId, "// 2");
    await post("restartBot", { apiKey: owner.apiKey, botId, autoRollback: true });
    for (let i = 3; i <= 10; i++) await edit(botId, `// ${i}`);
    expect((await list(botId, 100)).versions.map((v) => v.version)).toEqual([10, 9, 8, 7, 6, 2, 1]);
  });

  it("Save and restart from the dashboard takes it, and shows the watch", async () => {
    const created = await browser.call("post", "/api/bots", { name: "Dash watch", code: "// one" });
    const botId = created.body.botId as string;
    await browser.call("post", `/api/bots/${botId}/restart`, {});
    const saved = await browser.call("put", `/api/bots/${botId}/code`, {
      code: "// two",
      restart: true,
      autoRollback: true,
    });
    expect(saved.body).toMatchObject({ ok: true, version: 2, restarted: true, autoRollback: { to: 1 } });
    expect(Date.parse(saved.body.autoRollback.until)).toBeGreaterThan(Date.now());
    const restarted = await browser.call("post", `/api/bots/${botId}/restart`, { autoRollback: true });
    expect(restarted.body).toEqual({ ok: true, webhook: "none", autoRollback: null });
    const plain = await browser.call("post", `/api/bots/${botId}/restart`);
    expect(plain.body).toEqual({ ok: true, webhook: "none" });
  });
});

describe("previewBot", () => {
  it("checks the owner and the fields before it asks the gateway", async () => {
    const botId = await createBot("// one");
    const foreign = await post("previewBot", { apiKey: other.apiKey, botId, version: 1, path: "x" });
    expectError(foreign, 404, "Bot not found");
    expectError(await post("previewBot", { apiKey: owner.apiKey, botId, path: "x" }), 400, "version is required");
    expectError(await post("previewBot", { apiKey: owner.apiKey, botId, version: 1 }), 400, "path is required");
    expectError(
      await post("previewBot", { apiKey: owner.apiKey, botId, version: 1, path: "x", method: "TRACE" }),
      400,
      "method must be one of GET, POST, PUT, PATCH, DELETE",
    );
    expectError(
      await post("previewBot", { apiKey: owner.apiKey, botId, version: 1, path: "../etc" }),
      400,
      "path must be a handler name: 1 to 100 letters, digits, _ and -",
    );
    // No gateway listens where this harness points: 502, as for Try it.
    const unreachable = await post("previewBot", { apiKey: owner.apiKey, botId, version: 1, path: "x" });
    expect(unreachable.status).toBe(502);
  });
});

describe("nasty input", () => {
  it("answers another account's bot exactly as an unknown one, with an existing version number", async () => {
    const botId = await createBot("// mine");
    for (const op of ["listVersions", "getVersion", "rollbackBot"]) {
      const foreign = await post(op, { apiKey: other.apiKey, botId, version: 1 });
      const unknown = await post(op, { apiKey: other.apiKey, botId: "no-such-bot", version: 1 });
      expectError(foreign, 404, "^Bot not found$");
      expect(foreign.body).toEqual(unknown.body);
      expectError(await post(op, { apiKey: owner.apiKey, botId: "nul\u0000id", version: 1 }), 404, "^Bot not found$");
      expectError(await post(op, { apiKey: "byk_nope", botId, version: 1 }), 401, "^Invalid API Key$");
    }
    expect((await list(botId)).versions).toHaveLength(1);
  });

  it("refuses ill-typed and out-of-range fields with 400 naming them", async () => {
    const botId = await createBot();
    const k = { apiKey: owner.apiKey, botId };
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ["getVersion", { ...k }, "version is required"],
      ["getVersion", { ...k, version: null }, "version is required"],
      ["getVersion", { ...k, version: "2" }, "version must be an integer"],
      ["getVersion", { ...k, version: 1.5 }, "version must be an integer"],
      ["getVersion", { ...k, version: 0 }, "version must be between 1 and 2147483647"],
      ["getVersion", { ...k, version: -3 }, "version must be between 1 and 2147483647"],
      ["getVersion", { ...k, version: 1e12 }, "version must be between 1 and 2147483647"],
      ["getVersion", { ...k, version: [1] }, "version must be an integer"],
      ["rollbackBot", { ...k, version: { $gt: 0 } }, "version must be an integer"],
      ["rollbackBot", { ...k, version: 1, restart: "yes" }, "restart must be a boolean"],
      ["listVersions", { ...k, limit: 0 }, "limit must be between 1 and 1000"],
      ["listVersions", { ...k, limit: 1e9 }, "limit must be between 1 and 1000"],
      ["listVersions", { ...k, limit: "all" }, "limit must be an integer"],
      ["listVersions", { apiKey: owner.apiKey }, "botId is required"],
      ["editBotCoreLogic", { ...k, newCode: "x", message: 5 }, "message must be a string"],
      [
        "editBotCoreLogic",
        { ...k, newCode: "x", message: "m".repeat(1001) },
        "message must be at most 1000 characters",
      ],
      ["editBotCoreLogic", { ...k, newCode: "x", message: "a\u0000b" }, "message"],
    ];
    for (const [op, body, msg] of cases) {
      const res = await post(op, body);
      expect({ op, body, status: res.status, msg: res.body.msg }).toEqual({
        op,
        body,
        status: 400,
        msg: expect.stringContaining(msg),
      });
    }
    expectError(await get("getVersion", { ...k, version: "two" }), 400, "^version must be an integer$");
    expectError(await get("listVersions", { ...k, limit: "99999999999999999999" }), 400, "^limit must be between");
    expectError(await post("getVersion", { ...k, version: 2 }), 404, "^Version not found$");
    expectError(await post("rollbackBot", { ...k, version: 2147483647 }), 404, "^Version not found$");
    // None of it made a version.
    expect((await list(botId)).savedVersion).toBe(1);
  });

  it("answers a huge limit within its bound with every version the bot has", async () => {
    const botId = await createBot();
    await edit(botId, "// 2");
    expect((await list(botId, 1000)).versions.map((v) => v.version)).toEqual([2, 1]);
  });

  it("keeps a restart registering the webhook working after a rollback with a token", async () => {
    const botId = await createBot("// tok");
    await post("setBotToken", { apiKey: owner.apiKey, botId, botToken: fakeToken(77) });
    const res = await post("rollbackBot", { apiKey: owner.apiKey, botId, version: 1, restart: true });
    expect(res.body).toMatchObject({ restarted: true, webhook: "registered" });
  });
});
