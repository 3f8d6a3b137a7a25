/**
 * The dashboard's /api with a signed-in owner: the API key (made once, stable, regenerated), bots CRUD, code save and
 * restart with codeDiffers, the token write-only and masked, env write-only with `keep` for unchanged values, logs
 * and the live SSE tail, "Try it" against a stand-in gateway, recipients by language, transfer, and broadcasts.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createServer, get as httpGet, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import request from "supertest";
import { SecretBox } from "@botyard/common/crypto";
import { waitFor } from "@botyard/testing";
import { Browser, listen } from "./dashboard-client.js";
import { fakeToken, SECRET_KEY, startHarness, type Harness } from "./harness.js";

let h: Harness;
let server: Server;
let origin: string;
let gateway: Server;
let gatewayBase: string;
let owner: Browser;
let ownerEmail: string;
/** Every reply body the owner got, to check that no token ever came back. */
const replies: string[] = [];

async function call(method: "get" | "post" | "put" | "patch" | "delete", path: string, body?: unknown) {
  const res = await owner.call(method, path, body);
  replies.push(res.text);
  return res;
}

beforeAll(async () => {
  // A stand-in for the webhook gateway: echoes what it got.
  gateway = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => {
      body += c.toString();
    });
    req.on("end", () => {
      res.setHeader("x-echo", "yes");
      res.setHeader("content-type", "application/json");
      res.statusCode = req.url?.includes("teapot") ? 418 : 200;
      res.end(JSON.stringify({ method: req.method, url: req.url, body: body ? JSON.parse(body) : null }));
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  gatewayBase = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  h = await startHarness({ webhookBaseUrl: gatewayBase });
  ({ server, origin } = await listen(h.app));
  owner = new Browser(origin);
  ownerEmail = `owner-${randomUUID().slice(0, 8)}@example.com`;
  expect((await owner.signUp(ownerEmail)).status).toBe(201);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => gateway.close(resolve));
  await h.close();
});

async function createBot(body: Record<string, unknown> = { name: "Bot" }): Promise<string> {
  const res = await call("post", "/api/bots", body);
  expect(res.status).toBe(201);
  return res.body.botId as string;
}

/** Reads an SSE stream until `done(events)` holds; returns the `data:` payloads. */
function readEvents(
  path: string,
  until: (events: unknown[]) => boolean,
  onOpen?: (events: unknown[]) => Promise<void>,
): Promise<{ res: IncomingMessage; events: unknown[] }> {
  return new Promise((resolve, reject) => {
    const req = httpGet(
      `${origin}${path}`,
      { headers: { Cookie: `botyard_session=${encodeURIComponent(owner.session!)}` } },
      (res) => {
        const events: unknown[] = [];
        let buffer = "";
        let opened = false;
        const timer = setTimeout(() => {
          req.destroy();
          reject(new Error(`no matching event on ${path}: ${JSON.stringify(events)}`));
        }, 10_000);
        res.on("data", (chunk: Buffer) => {
          buffer += chunk.toString();
          let end = buffer.indexOf("\n\n");
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.startsWith("data: ")) events.push(JSON.parse(block.slice(6)));
            end = buffer.indexOf("\n\n");
          }
          if (!opened) {
            opened = true;
            void onOpen?.(events);
          }
          if (until(events)) {
            clearTimeout(timer);
            req.destroy();
            resolve({ res, events });
          }
        });
      },
    );
    req.on("error", (err) => {
      if ((err as NodeJS.ErrnoException).code !== "ECONNRESET") reject(err);
    });
  });
}

describe("Settings → API Key", () => {
  it("is made on the first visit, the same afterwards, works on /apiv3, and regenerating kills the old one at once", async () => {
    const first = await call("get", "/api/settings/api-key");
    expect(first.status).toBe(200);
    expect(first.body.apiKey).toMatch(/^byk_/);
    expect((await call("get", "/api/settings/api-key")).body.apiKey).toBe(first.body.apiKey);
    expect((await request(origin).post("/apiv3/listBots").send({ apiKey: first.body.apiKey })).status).toBe(200);

    const regenerated = await call("post", "/api/settings/api-key/regenerate");
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.apiKey).not.toBe(first.body.apiKey);
    const old = await request(origin).post("/apiv3/listBots").send({ apiKey: first.body.apiKey });
    expect(old.status).toBe(401);
    expect(old.body.msg).toBe("Invalid API Key");
    expect((await request(origin).post("/apiv3/listBots").send({ apiKey: regenerated.body.apiKey })).status).toBe(200);
    expect((await call("get", "/api/settings/api-key")).body.apiKey).toBe(regenerated.body.apiKey);
  });
});

describe("bots", () => {
  it("creates, lists, renames, shows and deletes; another owner's bot is 404", async () => {
    const botId = await createBot({ name: "Support" });
    const list = await call("get", "/api/bots");
    expect(list.body.bots).toContainEqual({ botId, name: "Support", status: "stopped", haltReason: null });
    expect((await call("patch", `/api/bots/${botId}`, { name: "Helpdesk" })).body).toEqual({ ok: true });
    const shown = await call("get", `/api/bots/${botId}`);
    expect(shown.body.bot).toMatchObject({
      botId,
      name: "Helpdesk",
      status: "stopped",
      token: { set: false, masked: null },
      envNames: [],
      codeDiffers: false,
      webhook: { customBase: `${gatewayBase}/custom/${botId}/`, telegram: `${gatewayBase}/telegram/${botId}` },
    });
    const empty = await call("patch", `/api/bots/${botId}`, { name: "" });
    expect(empty.status).toBe(400);
    expect(empty.body.error.field).toBe("name");

    const other = new Browser(origin, "10.9.9.9");
    await other.signUp(`other-${randomUUID().slice(0, 8)}@example.com`);
    for (const [method, path] of [
      ["get", `/api/bots/${botId}`],
      ["get", `/api/bots/${botId}/code`],
      ["delete", `/api/bots/${botId}`],
      ["post", `/api/bots/${botId}/restart`],
    ] as const) {
      const res = await other.call(method, path);
      expect([path, res.status, res.body.error?.message]).toEqual([path, 404, "Bot not found"]);
    }

    expect((await call("delete", `/api/bots/${botId}`)).body).toEqual({ ok: true });
    expect((await call("get", `/api/bots/${botId}`)).status).toBe(404);
  });

  it("saves code without running it, tells that it differs, then save-and-restart runs it", async () => {
    const token = fakeToken(31);
    const botId = await createBot({ name: "Coder", botToken: token, code: "// v1" });
    expect((await call("get", `/api/bots/${botId}`)).body.bot.codeDiffers).toBe(true);
    expect((await call("post", `/api/bots/${botId}/restart`)).body).toEqual({ ok: true, webhook: "registered" });
    let bot = (await call("get", `/api/bots/${botId}`)).body.bot;
    expect(bot).toMatchObject({ status: "running", codeDiffers: false });

    const saved = await call("put", `/api/bots/${botId}/code`, { code: "// v2" });
    expect(saved.body).toEqual({ ok: true, version: 2, restarted: false });
    expect((await call("get", `/api/bots/${botId}/code`)).body).toEqual({ ok: true, code: "// v2" });
    expect((await call("get", `/api/bots/${botId}`)).body.bot.codeDiffers).toBe(true);

    const restarted = await call("put", `/api/bots/${botId}/code`, { code: "// v3", restart: true });
    expect(restarted.body).toEqual({ ok: true, version: 3, restarted: true, webhook: "registered" });
    bot = (await call("get", `/api/bots/${botId}`)).body.bot;
    expect(bot.codeDiffers).toBe(false);
    const running = await h.handle.pool.query("select running_code from bots where id = $1", [botId]);
    expect(running.rows[0].running_code).toBe("// v3");

    expect((await call("post", `/api/bots/${botId}/stop`)).body).toEqual({ ok: true });
    expect((await call("get", `/api/bots/${botId}`)).body.bot.status).toBe("stopped");

    await h.handle.pool.query("update bots set status = 'halted', halt_reason = 'time limit' where id = $1", [botId]);
    expect((await call("get", "/api/bots")).body.bots).toContainEqual({
      botId,
      name: "Coder",
      status: "halted",
      haltReason: "time limit",
    });
    await call("post", `/api/bots/${botId}/restart`);
    expect((await call("get", `/api/bots/${botId}`)).body.bot).toMatchObject({ status: "running", haltReason: null });

    const big = await call("put", `/api/bots/${botId}/code`, { code: "x".repeat(1024 * 1024 + 1) });
    expect(big.status).toBe(413);
  });

  it("takes the token write-only and shows it masked; no reply ever holds the token", async () => {
    const token = fakeToken(32);
    const botId = await createBot({ name: "Tokened" });
    expect((await call("put", `/api/bots/${botId}/token`, { botToken: token })).body).toEqual({ ok: true });
    const bot = (await call("get", `/api/bots/${botId}`)).body.bot;
    expect(bot.token).toEqual({ set: true, masked: `${token.split(":")[0]}:…${token.slice(-4)}` });
    const bad = await call("put", `/api/bots/${botId}/token`, { botToken: "nope" });
    expect(bad.body.error.field).toBe("botToken");
    await call("get", "/api/bots");
    for (const text of replies) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(token.split(":")[1]!.slice(0, 12));
    }
  });

  it("keeps env values write-only: names in keep keep their saved value, names left out are removed", async () => {
    const botId = await createBot();
    const first = await call("put", `/api/bots/${botId}/env`, { env: { B: "2", A: "one" } });
    expect(first.body).toEqual({ ok: true, envNames: ["A", "B"] });
    expect((await call("get", `/api/bots/${botId}`)).body.bot.envNames).toEqual(["A", "B"]);
    const second = await call("put", `/api/bots/${botId}/env`, { env: { C: "3" }, keep: ["A"] });
    expect(second.body).toEqual({ ok: true, envNames: ["A", "C"] });
    const row = await h.handle.pool.query("select env_enc from bots where id = $1", [botId]);
    expect(JSON.parse(new SecretBox(SECRET_KEY).decrypt(row.rows[0].env_enc))).toEqual({ A: "one", C: "3" });
    expect(replies.some((t) => t.includes('"one"'))).toBe(false);

    const unknown = await call("put", `/api/bots/${botId}/env`, { env: {}, keep: ["Z"] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: "INVALID_INPUT", field: "keep" });
    expect(unknown.body.error.message).toMatch(/Z/);
    const both = await call("put", `/api/bots/${botId}/env`, { env: { A: "x" }, keep: ["A"] });
    expect(both.status).toBe(400);
    expect(both.body.error).toMatchObject({ field: "keep" });
    expect(both.body.error.message).toMatch(/A/);
    const badName = await call("put", `/api/bots/${botId}/env`, { env: { "1X": "v" } });
    expect(badName.status).toBe(400);
    expect(badName.body.error.message).toMatch(/env name/);
    const badValue = await call("put", `/api/bots/${botId}/env`, { env: { A: 5 } });
    expect(badValue.body.error).toMatchObject({ field: "env.A" });
    const badKeep = await call("put", `/api/bots/${botId}/env`, { env: {}, keep: "A" });
    expect(badKeep.body.error).toMatchObject({ field: "keep", message: "keep must be an array of env names" });
    // null is refused everywhere, as on /apiv3 and the broadcast routes (docs/management-api.md#null-and-absent-fields).
    const nullValue = await call("put", `/api/bots/${botId}/env`, { env: { A: null } });
    expect(nullValue.status).toBe(400);
    expect(nullValue.body.error).toMatchObject({ field: "env.A", message: "env.A must be a string" });
    const nullKeep = await call("put", `/api/bots/${botId}/env`, { env: {}, keep: null });
    expect(nullKeep.status).toBe(400);
    expect(nullKeep.body.error).toMatchObject({ field: "keep" });
    const nullEnv = await call("put", `/api/bots/${botId}/env`, { env: null, keep: ["A"] });
    expect(nullEnv.body.error).toMatchObject({ field: "env", message: "env is required" });
    const unchanged = await h.handle.pool.query("select env_enc from bots where id = $1", [botId]);
    expect(JSON.parse(new SecretBox(SECRET_KEY).decrypt(unchanged.rows[0].env_enc))).toEqual({ A: "one", C: "3" });
  });
});

describe("logs", () => {
  it("lists newest first and the SSE stream delivers a line written after it opened", async () => {
    const botId = await createBot();
    await h.handle.pool.query("insert into bot_logs (bot_id, level, message) values ($1, 'log', 'old line')", [botId]);
    const logs = await call("get", `/api/bots/${botId}/logs?limit=10`);
    expect(logs.body.logs).toEqual([{ at: expect.any(String), level: "log", message: "old line" }]);
    expect((await call("get", `/api/bots/${botId}/logs?limit=0`)).body.error.field).toBe("limit");

    const { res, events } = await readEvents(
      `/api/bots/${botId}/logs/stream`,
      (e) => e.some((x) => (x as { message: string }).message === "fresh line"),
      async () => {
        await h.handle.pool.query("insert into bot_logs (bot_id, level, message) values ($1, 'warn', 'fresh line')", [
          botId,
        ]);
      },
    );
    expect(res.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(events).toEqual([{ at: expect.any(String), level: "warn", message: "fresh line" }]);

    const anonymous = await request(origin).get(`/api/bots/${botId}/logs/stream`);
    expect(anonymous.status).toBe(401);
  });
});

describe("live streams end with the session", () => {
  /** Streams whose reply has come: each checks its session from then on. */
  let opened = 0;
  /** Opens a stream with `session`'s cookie; resolves with every data event once the server ends it (or at 6 s). */
  function untilEnded(path: string, session: string): Promise<{ ended: boolean; events: unknown[] }> {
    return new Promise((resolve, reject) => {
      const events: unknown[] = [];
      const req = httpGet(`${origin}${path}`, {
        headers: { Cookie: `botyard_session=${encodeURIComponent(session)}` },
      });
      const timer = setTimeout(() => {
        req.destroy();
        resolve({ ended: false, events });
      }, 6_000);
      req.on("response", (res) => {
        opened += 1;
        expect(res.statusCode).toBe(200);
        res.on("data", (chunk: Buffer) => {
          for (const block of chunk.toString().split("\n\n"))
            if (block.startsWith("data: ")) events.push(JSON.parse(block.slice(6)));
        });
        res.on("end", () => {
          clearTimeout(timer);
          resolve({ ended: true, events });
        });
      });
      req.on("error", reject);
    });
  }

  it("stops sending a bot's log lines and progress to a browser whose session was signed out", async () => {
    const botId = await createBot();
    const other = new Browser(origin, "10.0.0.9");
    expect((await other.signIn(ownerEmail)).status).toBe(200);
    const logs = untilEnded(`/api/bots/${botId}/logs/stream`, other.session!);
    const jobs = untilEnded(`/api/bots/${botId}/broadcasts/stream`, other.session!);
    await waitFor(() => opened === 2, { what: "both streams open" });
    expect((await other.call("post", "/api/auth/signout")).status).toBe(200);
    // Each ends at its next session check (every 2 s), or untilEnded gives up at 6 s.
    const [logStream, jobStream] = await Promise.all([logs, jobs]);
    expect(logStream).toEqual({ ended: true, events: [] });
    expect(jobStream.ended).toBe(true);
  }, 15_000);
});

describe("Try it", () => {
  it("calls <WEBHOOK_BASE_URL>/custom/<botId>/<path> and returns status, headers and body", async () => {
    const botId = await createBot();
    const res = await call("post", `/api/bots/${botId}/try`, {
      method: "POST",
      path: "hello/world",
      query: { name: "Ann" },
      body: { x: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ok: true,
      status: 200,
      headers: { "x-echo": "yes" },
      body: { method: "POST", url: `/custom/${botId}/hello/world?name=Ann`, body: { x: 1 } },
    });
    const teapot = await call("post", `/api/bots/${botId}/try`, { method: "GET", path: "/teapot" });
    expect(teapot.body).toMatchObject({ ok: true, status: 418, body: { method: "GET", body: null } });
    const escaping = await call("post", `/api/bots/${botId}/try`, { method: "GET", path: "../../telegram/x" });
    expect(escaping.status).toBe(400);
    expect(escaping.body.error.field).toBe("path");
    const badMethod = await call("post", `/api/bots/${botId}/try`, { method: "TRACE", path: "x" });
    expect(badMethod.body.error.field).toBe("method");
  });
});

describe("recipients and transfer", () => {
  it("counts recipients by language", async () => {
    const botId = await createBot();
    await h.handle.pool.query(
      `insert into recipients (bot_id, chat_id, language_code, blocked) values
         ($1, 1, 'en', false), ($1, 2, 'en', true), ($1, 3, 'ru', false), ($1, 4, null, false)`,
      [botId],
    );
    const res = await call("get", `/api/bots/${botId}/recipients`);
    expect(res.body).toEqual({
      ok: true,
      total: 4,
      blocked: 1,
      byLanguage: [
        { lang: "en", count: 2 },
        { lang: "ru", count: 1 },
        { lang: null, count: 1 },
      ],
    });
  });

  it("transfers to another account with the per-collection report", async () => {
    const target = new Browser(origin, "10.9.9.10");
    const targetEmail = `target-${randomUUID().slice(0, 8)}@example.com`;
    await target.signUp(targetEmail);
    const botId = await createBot({ name: "Gift", code: "// gift" });
    const res = await call("post", `/api/bots/${botId}/transfer`, {
      targetEmail,
      dbProps: { users: [{ _id: "u1", name: "Ann" }], bad$name: [{}], notes: "x" },
    });
    expect(res.status).toBe(200);
    expect(res.body.dbProps.users).toEqual({ inserted: 1 });
    expect(res.body.dbProps["bad$name"]).toMatchObject({ inserted: 0, error: expect.any(String) });
    expect(res.body.dbProps.notes).toMatchObject({ inserted: 0, error: expect.any(String) });
    const theirs = (await target.call("get", "/api/bots")).body.bots;
    expect(theirs).toEqual([{ botId: res.body.newBotId, name: "Gift", status: "stopped", haltReason: null }]);
    const missing = await call("post", `/api/bots/${botId}/transfer`, { targetEmail: "nobody@example.com" });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("TARGET_ACCOUNT_NOT_FOUND");
    const runNow = await call("post", `/api/bots/${botId}/transfer`, { targetEmail, run_now: true });
    expect(runNow.body.error.field).toBe("run_now");
  });
});

describe("broadcasts", () => {
  it("validates with the field named, queues, lists, streams and cancels", async () => {
    const botId = await createBot({ name: "Caster", botToken: fakeToken(33) });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type: "photo" }, "media"],
      [{ text: " " }, "text"],
      [{ type: "nope" }, "type"],
      [{ text: "hi", buttons: [{ text: "a", url: "ftp://x" }] }, "buttons"],
      [{ type: "photo", media: "https://example.com/a.jpg", caption: "x".repeat(2000) }, "caption"],
    ];
    for (const [body, field] of cases) {
      const res = await call("post", `/api/bots/${botId}/broadcasts`, body);
      expect([field, res.status, res.body.error?.field]).toEqual([field, 400, field]);
    }
    const queued = await call("post", `/api/bots/${botId}/broadcasts`, { text: "Hello everyone" });
    expect(queued.status).toBe(201);
    expect(queued.body).toEqual({ ok: true, jobId: expect.any(String), status: "queued" });
    const jobId = queued.body.jobId as string;

    const list = await call("get", `/api/bots/${botId}/broadcasts`);
    expect(list.body.jobs[0]).toMatchObject({ jobId, status: "queued", total: 0, sent: 0, failed: 0 });

    const { events } = await readEvents(
      `/api/bots/${botId}/broadcasts/stream`,
      (e) => e.length >= 2,
      async (events) => {
        // After the stream's first event (the job as queued), so that what follows is a change it streams.
        await waitFor(() => events.length > 0, { what: "the stream's first event" });
        await h.handle.pool.query("update broadcasts set status = 'running', total = 10, sent = 4 where id = $1", [
          jobId,
        ]);
      },
    );
    expect((events.at(-1) as { jobs: unknown[] }).jobs[0]).toMatchObject({ jobId, status: "running", sent: 4 });

    const cancelled = await call("delete", `/api/bots/${botId}/broadcasts/${jobId}`);
    expect(cancelled.body).toMatchObject({ ok: true, job: { jobId, status: "cancelled" } });

    const done = await call("post", `/api/bots/${botId}/broadcasts`, { text: "second" });
    await h.handle.pool.query("update broadcasts set status = 'completed', finished_at = now() where id = $1", [
      done.body.jobId,
    ]);
    const conflict = await call("delete", `/api/bots/${botId}/broadcasts/${done.body.jobId}`);
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ ok: false, error: { code: "JOB_FINISHED" }, job: { status: "completed" } });
    expect((await call("delete", `/api/bots/${botId}/broadcasts/nope`)).status).toBe(404);
  });
});
