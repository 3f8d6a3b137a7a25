import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import request from "supertest";
import { waitFor } from "@botyard/testing";
import { startGatewayHarness, type GatewayHarness } from "./harness.js";

let h: GatewayHarness;
beforeAll(async () => {
  h = await startGatewayHarness({ allowPrivateEgress: false, timeoutMs: 800 });
});
afterAll(async () => {
  await h.close();
});

describe("custom webhooks: the response object", () => {
  it("uses the return value as data with ok true and status 200", async () => {
    const { botId } = await h.bot("logic['hello'] = async (query) => ({ greeting: 'hi ' + query.name });");
    const res = await request(h.app).get(`/custom/${botId}/hello`).query({ name: "Zoë 👋" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, data: { greeting: "hi Zoë 👋" } });
  });

  it("answers the handler's statusCode, message, data and headers; ok false from 400 up", async () => {
    const { botId } = await h.bot(`
      logic['deny'] = async (query, body, db, response) => {
        response.statusCode = 401; response.message = 'bad token'; response.headers['X-Reason'] = 'token';
        response.data = { hint: 'use ?token=' }; return 'ignored because data is set';
      };
      logic['made'] = async (q, b, db, response) => { response.statusCode = 201; response.message = 'created'; };
    `);
    const deny = await request(h.app).post(`/custom/${botId}/deny`).send({});
    expect(deny.status).toBe(401);
    expect(deny.headers["x-reason"]).toBe("token");
    expect(deny.body).toEqual({ ok: false, message: "bad token", data: { hint: "use ?token=" } });
    const made = await request(h.app).put(`/custom/${botId}/made`);
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ ok: true, message: "created" });
  });

  it("hands all five arguments to the handler", async () => {
    const { botId } = await h.bot(`
      logic['echo'] = async (query, body, db, response, params) => ({
        query, body, hasDb: typeof db.operation.findOne === 'function', responseKeys: Object.keys(response).sort(),
        method: params.method, path: params.path, rawBody: params.rawBody, ip: params.ip, botId: params.botId,
        custom: params.headers['x-custom'], secretHidden: params.headers['x-telegram-bot-api-secret-token'] === undefined,
      });
    `);
    const res = await request(h.app)
      .post(`/custom/${botId}/echo?a=1&b=two`)
      .set("X-Custom", "yes")
      .set("X-Telegram-Bot-Api-Secret-Token", "s")
      .send({ n: 1, s: "ü" });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      query: { a: "1", b: "two" },
      body: { n: 1, s: "ü" },
      hasDb: true,
      responseKeys: ["data", "headers", "message", "statusCode"],
      method: "POST",
      path: `/custom/${botId}/echo`,
      rawBody: '{"n":1,"s":"ü"}',
      ip: expect.stringMatching(/127\.0\.0\.1/),
      botId,
      custom: "yes",
      secretHidden: true,
    });
    const empty = await request(h.app).get(`/custom/${botId}/echo`);
    expect(empty.body.data.body).toEqual({});
  });
});

describe("custom webhooks: errors (docs/bot-runtime.md#custom-webhooks)", () => {
  it("404 for an unknown bot, 400 for a bad path or missing handler or malformed JSON", async () => {
    const { botId } = await h.bot("logic['ok'] = async () => 1;");
    expect((await request(h.app).get("/custom/nobot/ok")).body).toEqual({ ok: false, message: "Bot not found" });
    expect((await request(h.app).get("/custom/nobot/ok")).status).toBe(404);
    for (const bad of ["bad.path", "x".repeat(101), "sp%20ace", "%C3%BC"]) {
      const res = await request(h.app).get(`/custom/${botId}/${bad}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ ok: false, message: "Invalid path format" });
    }
    const none = await request(h.app).get(`/custom/${botId}/missing`);
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ ok: false, message: "No handler for path 'missing'" });
    const proto = await request(h.app).get(`/custom/${botId}/__proto__`);
    expect(proto.body).toEqual({ ok: false, message: "No handler for path '__proto__'" });
    const malformed = await request(h.app)
      .post(`/custom/${botId}/ok`)
      .set("Content-Type", "application/json")
      .send("{nope");
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ ok: false, message: "Malformed JSON body" });
    const huge = await request(h.app)
      .post(`/custom/${botId}/ok`)
      .set("Content-Type", "application/json")
      .send(JSON.stringify({ s: "x".repeat(1024 * 1024 + 10) }));
    expect(huge.status).toBe(413);
    expect(huge.body.ok).toBe(false);
  });

  it("403 for halted and stopped bots", async () => {
    // A halt as it really happens: Telegram rejects the token when restartBot registers the webhook.
    const halted = await h.bot("logic['x'] = async () => 1;", { status: "stopped" });
    h.fake.configure({ revokedTokens: new Set([halted.token]) });
    await h.restart(halted.botId);
    h.fake.reset();
    const stopped = await h.bot("logic['x'] = async () => 1;", { status: "stopped" });
    const res = await request(h.app).get(`/custom/${halted.botId}/x`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ ok: false, message: "Bot is halted" });
    const s = await request(h.app).get(`/custom/${stopped.botId}/x`);
    expect(s.status).toBe(403);
    expect(s.body).toEqual({ ok: false, message: "Bot is not running" });
  });

  it("500 Handler error for runtime errors, compile errors and timeouts, details only in the bot's log", async () => {
    const { botId } = await h.bot(`
      logic['throws'] = async () => { throw new Error('db password is hunter2'); };
      logic['slow'] = async () => { await new Promise(() => {}); };
    `);
    const thrown = await request(h.app).get(`/custom/${botId}/throws`);
    expect(thrown.status).toBe(500);
    expect(thrown.body).toEqual({ ok: false, message: "Handler error" });
    const slow = await request(h.app).get(`/custom/${botId}/slow`);
    expect(slow.body).toEqual({ ok: false, message: "Handler error" });
    const logs = await h.logs(botId);
    expect(logs.some((l) => l.level === "error" && l.message.includes("hunter2"))).toBe(true);
    expect(logs.some((l) => l.message.includes("exceeded"))).toBe(true);

    const broken = await h.bot("logic['x'] = async () => { ;;; syntax error here");
    const res = await request(h.app).get(`/custom/${broken.botId}/x`);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ ok: false, message: "Handler error" });
    expect((await h.logs(broken.botId)).some((l) => l.message.includes("SyntaxError"))).toBe(true);
  });
});

describe("bot globals", () => {
  it("db.operation with filters, sorts and updates over the bot's own collections", async () => {
    const { botId } = await h.bot(`
      logic['run'] = async (q, b, db) => {
        const op = db.operation;
        await op.insertMany('users', [
          { _id: 'a', name: 'Ann', age: 31, tags: ['x'], address: { city: 'Oslo' } },
          { _id: 'b', name: 'Bob', age: 25, address: { city: 'Rome' } },
          { _id: 'c', name: 'Cid', age: 40, vip: true },
        ]);
        const r = {};
        r.eq = (await op.findOne('users', { name: 'Bob' }))._id;
        r.dotted = (await op.findOne('users', { 'address.city': 'Oslo' }))._id;
        r.gt = (await op.findAll('users', { age: { $gt: 30 } }, { sort: { age: -1 } })).map((u) => u._id);
        r.gteLte = (await op.findAll('users', { age: { $gte: 25, $lte: 31 } })).map((u) => u._id);
        r.lt = await op.countDocuments('users', { age: { $lt: 30 } });
        r.ne = (await op.findAll('users', { name: { $ne: 'Ann' } })).map((u) => u._id);
        r.in = (await op.findAll('users', { name: { $in: ['Ann', 'Cid'] } })).map((u) => u._id);
        r.nin = (await op.findAll('users', { name: { $nin: ['Ann', 'Cid'] } })).map((u) => u._id);
        r.exists = (await op.findAll('users', { vip: { $exists: true } })).map((u) => u._id);
        r.notExists = await op.countDocuments('users', { vip: { $exists: false } });
        r.page = (await op.findAll('users', {}, { sort: { name: 1 }, skip: 1, limit: 1 })).map((u) => u._id);
        r.count = await op.countDocuments('users');
        r.update = await op.updateOne('users', { _id: 'a' }, { $set: { 'address.zip': '0150' }, $inc: { age: 1 }, $unset: { tags: 1 } });
        r.updated = await op.findOne('users', { _id: 'a' });
        r.setPropNew = await op.setProp('prefs', { userId: 7 }, { lang: 'de' });
        r.setPropOld = await op.setProp('prefs', { userId: 7 }, { theme: 'dark' });
        r.prefs = await op.findAll('prefs', { userId: 7 });
        r.insertOne = typeof (await op.insertOne('users', { name: 'Dan' })).insertedId;
        r.deleteOne = await op.deleteOne('users', { name: 'Dan' });
        r.deleteMany = await op.deleteMany('users', { age: { $gte: 30 } });
        r.left = await op.countDocuments('users');
        try { await op.insertOne('users', { _id: 'b' }); } catch (e) { r.dup = e.message; }
        try { await op.findAll('bad_name'); } catch (e) { r.badName = e.message; }
        try { await op.findAll('users', { age: { $where: 'x' } }); } catch (e) { r.badOp = e.message; }
        return r;
      };
    `);
    const res = await request(h.app).post(`/custom/${botId}/run`);
    expect(res.status).toBe(200);
    const r = res.body.data;
    expect(r).toMatchObject({
      eq: "b",
      dotted: "a",
      gt: ["c", "a"],
      gteLte: ["a", "b"],
      lt: 1,
      ne: ["b", "c"],
      in: ["a", "c"],
      nin: ["b"],
      exists: ["c"],
      notExists: 2,
      page: ["b"],
      count: 3,
      update: { matchedCount: 1, modifiedCount: 1 },
      updated: { _id: "a", name: "Ann", age: 32, address: { city: "Oslo", zip: "0150" } },
      setPropNew: { matched: false },
      setPropOld: { matched: true },
      insertOne: "string",
      deleteOne: { deletedCount: 1 },
      deleteMany: { deletedCount: 2 },
      left: 1,
    });
    expect(r.prefs).toEqual([expect.objectContaining({ userId: 7, lang: "de", theme: "dark" })]);
    expect(r.dup).toMatch(/duplicate/);
    expect(r.badName).toMatch(/invalid collection name/);
    expect(r.badOp).toMatch(/unknown operator/);
  });

  it("process.env holds the bot's env vars and console goes to the bot's log", async () => {
    const { botId } = await h.bot(
      "logic['env'] = async () => { console.log('hello', { a: 1 }); console.error('bad'); return process.env.GREETING; };",
      { env: { GREETING: "Grüß Gott" } },
    );
    expect((await request(h.app).get(`/custom/${botId}/env`)).body.data).toBe("Grüß Gott");
    const logs = await h.logs(botId);
    expect(logs).toEqual(
      expect.arrayContaining([
        { level: "log", message: 'hello {"a":1}' },
        { level: "error", message: "bad" },
      ]),
    );
  });

  it("axios is refused for loopback without ALLOW_PRIVATE_EGRESS and works with it", async () => {
    const server: Server = createServer((req, res) => {
      res.writeHead(req.url === "/missing" ? 404 : 200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ got: req.method, url: req.url }));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const code = `
      logic['fetch'] = async (q) => {
        try { const r = await axios.post(q.url + '/thing', { a: 1 }); return { status: r.status, data: r.data }; }
        catch (e) { return { error: e.message, status: e.response && e.response.status }; }
      };`;
    const refused = await h.bot(code);
    const denied = await request(h.app).get(`/custom/${refused.botId}/fetch`).query({ url });
    expect(denied.body.data.error).toMatch(/not allowed/);
    const viaName = await request(h.app)
      .get(`/custom/${refused.botId}/fetch`)
      .query({ url: url.replace("127.0.0.1", "localhost") });
    expect(viaName.body.data.error).toMatch(/not allowed/);

    const allowed = await startGatewayHarness({ allowPrivateEgress: true });
    try {
      const bot = await allowed.bot(code);
      const ok = await request(allowed.app).get(`/custom/${bot.botId}/fetch`).query({ url });
      expect(ok.body.data).toEqual({ status: 200, data: { got: "POST", url: "/thing" } });
      const missing = await allowed.bot(code.replace("'/thing'", "'/missing'"));
      const notFound = await request(allowed.app).get(`/custom/${missing.botId}/fetch`).query({ url });
      expect(notFound.body.data).toEqual({ error: "Request failed with status code 404", status: 404 });
    } finally {
      await allowed.close();
      server.close();
    }
  });
});

describe("halts", () => {
  it("halts a bot after 3 limit incidents within 10 minutes; getBot and the log say why; restart clears it", async () => {
    const { botId } = await h.bot("logic['spin'] = async () => { for (;;) {} }; logic['ok'] = async () => 'fine';");
    for (let i = 0; i < 3; i++) expect((await request(h.app).get(`/custom/${botId}/spin`)).status).toBe(500);
    const halted = await request(h.app).get(`/custom/${botId}/ok`);
    expect(halted.status).toBe(403);
    expect(halted.body).toEqual({ ok: false, message: "Bot is halted" });
    const { bot } = (await h.op("getBot", { botId })) as { bot: Record<string, unknown> };
    expect(bot).toMatchObject({ status: "halted", haltReason: "Hit its time limit 3 times within 10 minutes" });
    await h.waitForLog(botId, /^Bot halted: Hit its time limit 3 times within 10 minutes\. Restart it to resume\.$/);
    await h.restart(botId);
    expect((await request(h.app).get(`/custom/${botId}/ok`)).body).toEqual({ ok: true, data: "fine" });
    expect(((await h.op("getBot", { botId })) as { bot: { haltReason: unknown } }).bot.haltReason).toBeNull();
    // The count starts again after a restart: two more incidents do not halt.
    for (let i = 0; i < 2; i++) await request(h.app).get(`/custom/${botId}/spin`);
    expect((await request(h.app).get(`/custom/${botId}/ok`)).status).toBe(200);
  });

  it("halts a bot after 3 memory-limit incidents, with the memory limit as the reason in getBot and the log", async () => {
    const { botId } = await h.bot(
      "logic['bomb'] = async () => { const a = []; for (;;) a.push(new Array(1e6).fill(1)); }; logic['ok'] = async () => 1;",
    );
    const memoryLines = async () =>
      (await h.logs(botId)).filter((l) => /exceeded its memory limit/.test(l.message)).length;
    for (let i = 1; i <= 2; i++) {
      expect((await request(h.app).get(`/custom/${botId}/bomb`)).status).toBe(500);
      await waitFor(async () => (await memoryLines()) >= i);
    }
    // Two incidents: still running.
    expect((await request(h.app).get(`/custom/${botId}/ok`)).body).toEqual({ ok: true, data: 1 });
    expect((await request(h.app).get(`/custom/${botId}/bomb`)).status).toBe(500);
    await h.waitForLog(botId, /^Bot halted: Hit its memory limit 3 times within 10 minutes\. Restart it to resume\.$/);
    expect(await h.redis.zcard(h.names.limitHits(botId))).toBe(3);
    expect((await request(h.app).get(`/custom/${botId}/ok`)).body).toEqual({ ok: false, message: "Bot is halted" });
    const { bot } = (await h.op("getBot", { botId })) as { bot: Record<string, unknown> };
    expect(bot).toMatchObject({ status: "halted", haltReason: "Hit its memory limit 3 times within 10 minutes" });
    expect(await memoryLines()).toBeGreaterThanOrEqual(3);
  });

  it("halts a bot whose token Telegram rejects, before the failing call returns", async () => {
    const bot = await h.bot(
      "logic['send'] = async () => { try { await bot.telegram.sendMessage(1, 'x'); } catch (e) { return e.message; } };",
    );
    h.fake.configure({ revokedTokens: new Set([bot.token]) });
    const res = await request(h.app).get(`/custom/${bot.botId}/send`);
    expect(res.body.data).toMatch(/^401: Unauthorized/);
    expect(res.body.data).not.toContain(bot.token);
    expect((await request(h.app).get(`/custom/${bot.botId}/send`)).body).toEqual({
      ok: false,
      message: "Bot is halted",
    });
    const { bot: view } = (await h.op("getBot", { botId: bot.botId })) as { bot: Record<string, unknown> };
    expect(view.haltReason).toBe("Telegram rejected the bot token");
    h.fake.reset();
  });
});
