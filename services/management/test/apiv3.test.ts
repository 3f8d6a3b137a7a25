import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import request from "supertest";
import { createHash } from "node:crypto";
import { BotEventBus, type BotEvent } from "@botyard/common/bot-events";
import { createRedis } from "@botyard/common/redis";
import { SecretBox, sha256 } from "@botyard/common/crypto";
import { DocumentStore } from "@botyard/docstore";
import { waitFor } from "@botyard/testing";
import { fakeToken, SECRET_KEY, startHarness, WEBHOOK_BASE, type Harness } from "./harness.js";

let h: Harness;
let owner: { apiKey: string; email: string };
let other: { apiKey: string; email: string };

beforeAll(async () => {
  h = await startHarness();
  owner = await h.account();
  other = await h.account();
});
afterAll(async () => {
  await h.close();
});

const post = (op: string, body: unknown) =>
  request(h.app)
    .post(`/apiv3/${op}`)
    .send(body as object);
const get = (op: string, query: Record<string, string>) => request(h.app).get(`/apiv3/${op}`).query(query);

async function createBot(apiKey = owner.apiKey, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await post("createBot", { apiKey, name: "My bot", code: "logic['hi'] = async () => 'hi';", ...extra });
  expect(res.status).toBe(200);
  return res.body.botId as string;
}

function expectError(res: request.Response, status: number, msg: string | RegExp) {
  expect(res.status).toBe(status);
  expect(res.body.ok).toBe(false);
  expect(res.body.stat_code).toBe(status);
  if (typeof msg === "string") expect(res.body.msg).toBe(msg);
  else expect(res.body.msg).toMatch(msg);
}

describe("authentication and routing", () => {
  it("answers 401 Invalid API Key for a missing, malformed or unknown key, on GET and POST", async () => {
    expectError(await post("getbotCode", { botId: "x" }), 401, "Invalid API Key");
    expectError(await post("getbotCode", { apiKey: 42, botId: "x" }), 401, "Invalid API Key");
    expectError(
      await post("getbotCode", { apiKey: "byk_AAAAAAAAAAAAAAAA_" + "b".repeat(43), botId: "x" }),
      401,
      "Invalid API Key",
    );
    expectError(await get("getbotCode", { apiKey: "nope", botId: "x" }), 401, "Invalid API Key");
    const [keyId] = owner.apiKey.split("_").slice(1, 2);
    expectError(await post("listBots", { apiKey: `byk_${keyId}_${"z".repeat(43)}` }), 401, "Invalid API Key");
  });

  it("answers 404 Unknown operation and 405 for other methods", async () => {
    expectError(await post("dropEverything", { apiKey: owner.apiKey }), 404, "Unknown operation");
    expectError(await post("toString", { apiKey: owner.apiKey }), 404, "Unknown operation");
    expectError(await post("__proto__", { apiKey: owner.apiKey }), 404, "Unknown operation");
    const res = await request(h.app).delete("/apiv3/getbotCode");
    expectError(res, 405, /not allowed/);
    expect(res.headers.allow).toBe("GET, POST");
    expectError(await request(h.app).put("/apiv3/restartBot").send({}), 405, /not allowed/);
  });

  it("answers 400 for malformed JSON and non-object bodies, 413 over the limit", async () => {
    const bad = await request(h.app)
      .post("/apiv3/listBots")
      .set("Content-Type", "application/json")
      .send('{"apiKey": ');
    expectError(bad, 400, "Malformed JSON body");
    const arr = await request(h.app).post("/apiv3/listBots").set("Content-Type", "application/json").send("[1,2]");
    expectError(arr, 400, "Request body must be a JSON object");
    const huge = await post("editBotCoreLogic", {
      apiKey: owner.apiKey,
      botId: "x",
      newCode: "a".repeat(2 * 1024 * 1024),
    });
    expectError(huge, 413, /larger than/);
  });
});

describe("bots", () => {
  it("creates, lists and describes bots", async () => {
    const botId = await createBot(owner.apiKey, { name: "Ünïcødé 🤖" });
    const list = await post("listBots", { apiKey: owner.apiKey });
    expect(list.body.bots).toContainEqual({ botId, name: "Ünïcødé 🤖", status: "stopped" });
    const bot = await get("getBot", { apiKey: owner.apiKey, botId });
    expect(bot.body).toMatchObject({ ok: true, stat_code: 200, bot: { botId, status: "stopped", startedAt: null } });
    expect(Date.parse(bot.body.bot.createdAt)).not.toBeNaN();
  });

  it("saves and reads code by POST and GET, unicode intact, 1 MiB accepted and more refused", async () => {
    const botId = await createBot();
    const code = "// привет 👋\nlogic['x'] = async () => ({ s: 'ü' });";
    const saved = await post("editBotCoreLogic", { apiKey: owner.apiKey, botId, newCode: code });
    expect(saved.body).toMatchObject({ ok: true, stat_code: 200 });
    expect((await post("getbotCode", { apiKey: owner.apiKey, botId })).body.data).toBe(code);
    expect((await get("getbotCode", { apiKey: owner.apiKey, botId })).body).toMatchObject({
      ok: true,
      msg: expect.any(String),
      stat_code: 200,
      data: code,
    });
    const big = "/".repeat(1024 * 1024);
    expect((await post("editBotCoreLogic", { apiKey: owner.apiKey, botId, newCode: big })).status).toBe(200);
    expectError(
      await post("editBotCoreLogic", { apiKey: owner.apiKey, botId, newCode: big + "é" }),
      413,
      "newCode is larger than 1 MiB",
    );
    expect((await post("getbotCode", { apiKey: owner.apiKey, botId })).body.data).toBe(big);
  });

  it("validates every field's presence and type", async () => {
    const botId = await createBot();
    expectError(await post("getbotCode", { apiKey: owner.apiKey }), 400, "botId is required");
    expectError(await post("getbotCode", { apiKey: owner.apiKey, botId: 12 }), 400, "botId must be a string");
    expectError(await post("getbotCode", { apiKey: owner.apiKey, botId: ["a"] }), 400, "botId must be a string");
    expectError(await post("restartBot", { apiKey: owner.apiKey, botId: { $ne: 1 } }), 400, "botId must be a string");
    expectError(await post("editBotCoreLogic", { apiKey: owner.apiKey, botId }), 400, "newCode is required");
    expectError(
      await post("editBotCoreLogic", { apiKey: owner.apiKey, botId, newCode: 5 }),
      400,
      "newCode must be a string",
    );
    expectError(await post("transferBot", { apiKey: owner.apiKey, botId }), 400, "targetEmail is required");
    expectError(await post("transferBot", { apiKey: owner.apiKey, botId, targetEmail: "not-an-email" }), 400, /e-mail/);
    expectError(
      await post("transferBot", { apiKey: owner.apiKey, botId, targetEmail: other.email, run_now: "yes" }),
      400,
      "run_now must be a boolean",
    );
    expectError(
      await post("transferBot", { apiKey: owner.apiKey, botId, targetEmail: other.email, dbProps: [] }),
      400,
      "dbProps must be an object",
    );
    expectError(
      await post("transferBot", { apiKey: owner.apiKey, botId, targetEmail: other.email, newBotToken: 7 }),
      400,
      "newBotToken must be a string",
    );
    expectError(
      await post("setBotToken", { apiKey: owner.apiKey, botId, botToken: "abc" }),
      400,
      /not a Telegram bot token/,
    );
    expectError(await post("setBotEnv", { apiKey: owner.apiKey, botId, env: { A: 1 } }), 400, "env.A must be a string");
    expectError(await post("setBotEnv", { apiKey: owner.apiKey, botId, env: { "bad name": "x" } }), 400, /env name/);
    expectError(await post("setBotEnv", { apiKey: owner.apiKey, botId }), 400, "env is required");
    expectError(
      await post("getBotLogs", { apiKey: owner.apiKey, botId, limit: 500 }),
      400,
      "limit must be between 1 and 200",
    );
    expectError(
      await post("getBotLogs", { apiKey: owner.apiKey, botId, limit: "ten" }),
      400,
      "limit must be an integer",
    );
    expectError(await post("createBot", { apiKey: owner.apiKey, name: 3 }), 400, "name must be a string");
    expectError(
      await get("transferBot", { apiKey: owner.apiKey, botId, targetEmail: other.email, dbProps: "{not json" }),
      400,
      "dbProps must be a JSON object",
    );
  });

  it("keeps the last of many concurrent edits whole", async () => {
    const botId = await createBot();
    const codes = Array.from({ length: 20 }, (_, i) => `// edit ${i}\n${String(i).repeat(50_000)}`);
    const replies = await Promise.all(
      codes.map((newCode) => post("editBotCoreLogic", { apiKey: owner.apiKey, botId, newCode })),
    );
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const stored = (await post("getbotCode", { apiKey: owner.apiKey, botId })).body.data as string;
    expect(codes).toContain(stored);
  });
});

describe("restart, stop and delete", () => {
  it("snapshots the code, registers the webhook with a fresh secret and publishes a restart event", async () => {
    const token = fakeToken(1);
    const botId = await createBot(owner.apiKey, { botToken: token });
    // Listen as a gateway replica does: the bus acknowledges each event, as restartBot waits for.
    const sub = createRedis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
    const listener = new BotEventBus(h.redis, sub, h.names, { role: "gateway", beatMs: 50, leaseMs: 300 });
    const events: BotEvent[] = [];
    listener.onEvent((event) => events.push(event));
    await listener.start();

    const res = await post("restartBot", { apiKey: owner.apiKey, botId });
    // restartBot's reply fields besides ok, msg and stat_code: none (docs/management-api.md).
    expect(res.body).toEqual({ ok: true, stat_code: 200, msg: `Bot ${botId} restarted` });
    const [call] = h.fake.callsOf("setWebhook", token);
    expect(call?.params.url).toBe(`${WEBHOOK_BASE}/telegram/${botId}`);
    const secret = call?.params.secret_token as string;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{16,256}$/);
    const { rows } = await h.handle.pool.query(
      "select status, running_code, code, code_version, webhook_secret_hash from bots where id = $1",
      [botId],
    );
    expect(rows[0]).toMatchObject({ status: "running", code_version: 1 });
    expect(rows[0].running_code).toBe(rows[0].code);
    expect(rows[0].webhook_secret_hash).toBe(createHash("sha256").update(secret).digest("hex"));
    await waitFor(() => events.length > 0, { timeoutMs: 3000, what: "a restart event" });
    expect(events[0]).toEqual({ type: "restart", botId, codeVersion: 1 });

    // Editing afterwards changes the saved code only.
    await post("editBotCoreLogic", { apiKey: owner.apiKey, botId, newCode: "logic['v2'] = async () => 2;" });
    const after = await h.handle.pool.query("select running_code, code from bots where id = $1", [botId]);
    expect(after.rows[0].running_code).not.toBe(after.rows[0].code);

    // A second restart rotates the secret.
    await post("restartBot", { apiKey: owner.apiKey, botId });
    const calls = h.fake.callsOf("setWebhook", token);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.params.secret_token).not.toBe(secret);
    await listener.close();
    await sub.quit();
  });

  it("clears a halt, and halts when Telegram rejects the token", async () => {
    const token = fakeToken(2);
    const botId = await createBot(owner.apiKey, { botToken: token });
    await h.handle.pool.query("update bots set status = 'halted', halt_reason = 'limits' where id = $1", [botId]);
    await post("restartBot", { apiKey: owner.apiKey, botId });
    expect((await get("getBot", { apiKey: owner.apiKey, botId })).body.bot.status).toBe("running");

    h.fake.configure({ revokedTokens: new Set([token]) });
    const res = await post("restartBot", { apiKey: owner.apiKey, botId });
    expect(res.status).toBe(200);
    expect(res.body.msg).toMatch(/webhook registration failed: 401/);
    expect((await get("getBot", { apiKey: owner.apiKey, botId })).body.bot.status).toBe("halted");
    const logs = await post("getBotLogs", { apiKey: owner.apiKey, botId });
    expect(logs.body.logs[0]).toMatchObject({ level: "error", message: expect.stringContaining("setWebhook failed") });
    expect(JSON.stringify(logs.body)).not.toContain(token);
    h.fake.reset();
  });

  it("keeps Telegram's secret and the row's in step when two restarts of one bot run at once", async () => {
    const token = fakeToken(7);
    const botId = await createBot(owner.apiKey, { botToken: token });
    // The first setWebhook is answered last: saved as each answer came, the row would end with the first's secret
    // while Telegram (which keeps the secret of the last call it got) holds the second's.
    h.fake.configure({ delayNext: [300, 0] });
    const replies = await Promise.all([
      post("restartBot", { apiKey: owner.apiKey, botId }),
      post("restartBot", { apiKey: owner.apiKey, botId }),
    ]);
    for (const res of replies) expect(res.body).toMatchObject({ ok: true, msg: `Bot ${botId} restarted` });
    const calls = h.fake.callsOf("setWebhook", token);
    expect(calls).toHaveLength(2);
    const kept = calls[1]?.params.secret_token as string;
    const { rows } = await h.handle.pool.query("select webhook_secret_hash from bots where id = $1", [botId]);
    expect(rows[0].webhook_secret_hash).toBe(createHash("sha256").update(kept).digest("hex"));
    h.fake.reset();
  });

  it("restarts a bot without a token without calling Telegram", async () => {
    const botId = await createBot();
    const before = h.fake.calls.length;
    expect((await post("restartBot", { apiKey: owner.apiKey, botId })).status).toBe(200);
    expect(h.fake.calls.length).toBe(before);
  });

  it("stops and deletes", async () => {
    const botId = await createBot();
    await post("restartBot", { apiKey: owner.apiKey, botId });
    expect((await post("stopBot", { apiKey: owner.apiKey, botId })).status).toBe(200);
    expect((await get("getBot", { apiKey: owner.apiKey, botId })).body.bot.status).toBe("stopped");
    expect((await post("deleteBot", { apiKey: owner.apiKey, botId })).status).toBe(200);
    expectError(await post("getBot", { apiKey: owner.apiKey, botId }), 404, "Bot not found");
  });
});

describe("tenant isolation", () => {
  it("answers 404 Bot not found to another account for every op", async () => {
    const botId = await createBot(owner.apiKey);
    const key = other.apiKey;
    const attempts: Array<[string, Record<string, unknown>]> = [
      ["restartBot", {}],
      ["getbotCode", {}],
      ["editBotCoreLogic", { newCode: "x" }],
      ["getBot", {}],
      ["deleteBot", {}],
      ["stopBot", {}],
      ["setBotToken", { botToken: fakeToken(9) }],
      ["setBotEnv", { env: { A: "b" } }],
      ["getBotLogs", {}],
      ["transferBot", { targetEmail: other.email }],
    ];
    for (const [op, extra] of attempts) {
      expectError(await post(op, { apiKey: key, botId, ...extra }), 404, "Bot not found");
    }
    const mine = await post("listBots", { apiKey: key });
    expect(mine.body.bots.map((b: { botId: string }) => b.botId)).not.toContain(botId);
    // Nothing changed for the owner.
    const bot = (await post("getBot", { apiKey: owner.apiKey, botId })).body.bot;
    expect(bot.status).toBe("stopped");
    expect((await post("getbotCode", { apiKey: owner.apiKey, botId })).body.data).toBe(
      "logic['hi'] = async () => 'hi';",
    );
  });
});

describe("transferBot", () => {
  it("copies code and name, seeds good collections and reports bad ones", async () => {
    const botId = await createBot(owner.apiKey, { name: "Source" });
    await post("setBotEnv", { apiKey: owner.apiKey, botId, env: { SECRET: "s3cr3t-value" } });
    // JSON text, not an object literal: in a literal `__proto__: [...]` sets the prototype and is never sent.
    const dbProps = `{
      "users": [{ "_id": "u1", "name": "Ann" }, { "name": "Bob" }],
      "score-board": [{ "points": 3 }],
      "bad_name": [{ "a": 1 }],
      "notArray": { "a": 1 },
      "badDoc": [{ "ok": 1 }, 5],
      "__proto__": [{ "a": 1 }],
      "empty": []
    }`;
    const body = `{"apiKey": ${JSON.stringify(owner.apiKey)}, "botId": ${JSON.stringify(botId)},
      "targetEmail": ${JSON.stringify(other.email.toUpperCase())}, "dbProps": ${dbProps}}`;
    expect(body).toContain('"__proto__": [{ "a": 1 }]');
    const res = await request(h.app).post("/apiv3/transferBot").set("Content-Type", "application/json").send(body);
    expect(res.status).toBe(200);
    // Reported as a collection of its own (JSON.parse makes it an own key), refused by name, and nothing polluted.
    expect(Object.hasOwn(res.body.dbProps, "__proto__")).toBe(true);
    expect(Object.getOwnPropertyDescriptor(res.body.dbProps, "__proto__")?.value).toEqual({
      inserted: 0,
      error: expect.stringContaining("invalid collection name"),
    });
    expect(({} as Record<string, unknown>).a).toBeUndefined();
    expect(res.body.dbProps.users).toEqual({ inserted: 2 });
    expect(res.body.dbProps["score-board"]).toEqual({ inserted: 1 });
    expect(res.body.dbProps.empty).toEqual({ inserted: 0 });
    expect(res.body.dbProps.bad_name).toEqual({
      inserted: 0,
      error: expect.stringContaining("invalid collection name"),
    });
    expect(res.body.dbProps.notArray).toEqual({ inserted: 0, error: expect.stringContaining("array") });
    expect(res.body.dbProps.badDoc).toEqual({ inserted: 0, error: expect.stringContaining("document 1") });

    const newBotId = res.body.newBotId as string;
    const copied = await post("getBot", { apiKey: other.apiKey, botId: newBotId });
    expect(copied.body.bot).toMatchObject({ name: "Source", status: "stopped" });
    expect((await post("getbotCode", { apiKey: other.apiKey, botId: newBotId })).body.data).toBe(
      "logic['hi'] = async () => 'hi';",
    );
    const docs = await h.handle.pool.query(
      "select collection, doc_id, data from documents where bot_id = $1 order by collection, doc_id",
      [newBotId],
    );
    expect(docs.rows.map((r) => r.collection).sort()).toEqual(["score-board", "users", "users"]);
    expect(docs.rows.find((r) => r.doc_id === "u1")?.data).toEqual({ _id: "u1", name: "Ann" });
    const env = await h.handle.pool.query("select env_enc from bots where id = $1", [newBotId]);
    expect(env.rows[0].env_enc).toBeNull();
  });

  it("refuses unknown targets and run_now without a token, starts with one", async () => {
    const botId = await createBot();
    expectError(
      await post("transferBot", { apiKey: owner.apiKey, botId, targetEmail: "nobody@example.com" }),
      404,
      "Target account not found",
    );
    expectError(
      await post("transferBot", { apiKey: owner.apiKey, botId, targetEmail: other.email, run_now: true }),
      400,
      "run_now requires newBotToken",
    );
    const token = fakeToken(3);
    const res = await get("transferBot", {
      apiKey: owner.apiKey,
      botId,
      targetEmail: other.email,
      run_now: "true",
      newBotToken: token,
      dbProps: JSON.stringify({ a: [{ x: 1 }] }),
    });
    expect(res.body).toMatchObject({ ok: true, dbProps: { a: { inserted: 1 } } });
    expect(res.body.msg).toBe(`Bot transferred to ${other.email}; started`);
    expect((await post("getBot", { apiKey: other.apiKey, botId: res.body.newBotId })).body.bot.status).toBe("running");
    expect(h.fake.callsOf("setWebhook", token)).toHaveLength(1);
  });

  it("says in msg when the new bot's webhook could not be registered (the caller cannot see the new bot)", async () => {
    const botId = await createBot();
    const token = fakeToken(8);
    h.fake.configure({ revokedTokens: new Set([token]) });
    const res = await post("transferBot", {
      apiKey: owner.apiKey,
      botId,
      targetEmail: other.email,
      run_now: true,
      newBotToken: token,
    });
    h.fake.reset();
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe(
      `Bot transferred to ${other.email}; started; webhook registration failed: 401 Unauthorized`,
    );
  });
});

describe("env and logs", () => {
  it("replaces the whole env set and reads logs newest first with a limit", async () => {
    const botId = await createBot();
    expect((await post("setBotEnv", { apiKey: owner.apiKey, botId, env: { A: "1", B: "2" } })).status).toBe(200);
    expect((await get("setBotEnv", { apiKey: owner.apiKey, botId, env: JSON.stringify({ C: "3" }) })).status).toBe(200);
    const { rows } = await h.handle.pool.query("select env_enc from bots where id = $1", [botId]);
    const { SecretBox } = await import("@botyard/common/crypto");
    const { SECRET_KEY } = await import("./harness.js");
    expect(JSON.parse(new SecretBox(SECRET_KEY).decrypt(rows[0].env_enc))).toEqual({ C: "3" });

    for (let i = 0; i < 5; i++)
      await h.handle.pool.query("insert into bot_logs (bot_id, level, message) values ($1, 'log', $2)", [
        botId,
        `line ${i}`,
      ]);
    const logs = await get("getBotLogs", { apiKey: owner.apiKey, botId, limit: "3" });
    expect(logs.body.logs.map((l: { message: string }) => l.message)).toEqual(["line 4", "line 3", "line 2"]);
  });
});

describe("transferBot atomicity and batching", () => {
  const botsOf = async (email: string) =>
    (
      await h.handle.pool.query(
        "select b.id from bots b join accounts a on a.id = b.account_id where lower(a.email) = lower($1)",
        [email],
      )
    ).rows.map((r) => r.id as string);

  it("leaves nothing behind when the database fails in the middle: no new bot, no documents", async () => {
    const botId = await createBot();
    const before = await botsOf(other.email);
    // The second good collection's insert fails inside Postgres, after the bot row and the first collection.
    await h.handle.pool.query(`
      create function refuse_doomed() returns trigger language plpgsql as $$
      begin
        if new.collection = 'doomed' then raise exception 'refused by the test'; end if;
        return new;
      end $$;
      create trigger refuse_doomed before insert on documents for each row execute function refuse_doomed();`);
    try {
      const res = await post("transferBot", {
        apiKey: owner.apiKey,
        botId,
        targetEmail: other.email,
        dbProps: { first: [{ n: 1 }, { n: 2 }], doomed: [{ n: 3 }] },
      });
      expectError(res, 500, "Internal error");
    } finally {
      await h.handle.pool.query("drop trigger refuse_doomed on documents; drop function refuse_doomed()");
    }
    expect(await botsOf(other.email)).toEqual(before);
    const orphans = await h.handle.pool.query(
      "select count(*)::int as n from documents d where not exists (select 1 from bots b where b.id = d.bot_id)",
    );
    expect(orphans.rows[0].n).toBe(0);
    const first = await h.handle.pool.query(
      "select count(*)::int as n from documents where collection = 'first' and bot_id <> all($1)",
      [before],
    );
    expect(first.rows[0].n).toBe(0);
  });

  it("seeds a collection larger than one insert batch (5,000), keeping the last of a duplicated _id", async () => {
    const botId = await createBot();
    const docs: Array<Record<string, unknown>> = Array.from({ length: 10_001 }, (_, i) => ({ n: i }));
    // The same _id in the first and the third batch: one document, the later one.
    docs[0] = { _id: "dup", n: "first" };
    docs[10_000] = { _id: "dup", n: "last" };
    const res = await post("transferBot", {
      apiKey: owner.apiKey,
      botId,
      targetEmail: other.email,
      dbProps: { many: docs },
    });
    expect(res.status).toBe(200);
    const newBotId = res.body.newBotId as string;
    const { rows } = await h.handle.pool.query(
      "select count(*)::int as n, count(distinct data->>'n')::int as distinct_n from documents where bot_id = $1",
      [newBotId],
    );
    expect(rows[0]).toEqual({ n: 10_000, distinct_n: 10_000 });
    expect(res.body.dbProps.many).toEqual({ inserted: 10_000 });
    const dup = await h.handle.pool.query("select data from documents where bot_id = $1 and doc_id = 'dup'", [
      newBotId,
    ]);
    expect(dup.rows.map((r) => r.data)).toEqual([{ _id: "dup", n: "last" }]);
  });
});

describe("setBotToken, env limits, log defaults, deleteBot", () => {
  it("setBotToken stores the token sealed and hashed, and the next restart registers the webhook with it", async () => {
    const botId = await createBot();
    const token = fakeToken(31);
    expect((await post("setBotToken", { apiKey: owner.apiKey, botId, botToken: token })).body).toMatchObject({
      ok: true,
      stat_code: 200,
    });
    const { rows } = await h.handle.pool.query("select token_enc, token_hash from bots where id = $1", [botId]);
    expect(rows[0].token_enc).not.toContain(token);
    expect(new SecretBox(SECRET_KEY).decrypt(rows[0].token_enc)).toBe(token);
    expect(rows[0].token_hash).toBe(sha256(token));
    await post("restartBot", { apiKey: owner.apiKey, botId });
    expect(h.fake.callsOf("setWebhook", token)).toHaveLength(1);
    // A second token replaces the first.
    const next = fakeToken(32);
    await post("setBotToken", { apiKey: owner.apiKey, botId, botToken: next });
    await post("restartBot", { apiKey: owner.apiKey, botId });
    expect(h.fake.callsOf("setWebhook", next)).toHaveLength(1);
    expect(h.fake.callsOf("setWebhook", token)).toHaveLength(1);
  });

  it("setBotEnv takes 100 variables and values of 4096 characters, and refuses one more of either", async () => {
    const botId = await createBot();
    const hundred = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`V${i}`, "x".repeat(4096)]));
    expect((await post("setBotEnv", { apiKey: owner.apiKey, botId, env: hundred })).status).toBe(200);
    expectError(
      await post("setBotEnv", { apiKey: owner.apiKey, botId, env: { ...hundred, V100: "1" } }),
      400,
      "env may hold at most 100 variables",
    );
    expectError(
      await post("setBotEnv", { apiKey: owner.apiKey, botId, env: { A: "x".repeat(4097) } }),
      400,
      "env.A must be at most 4096 characters",
    );
    expectError(await post("setBotEnv", { apiKey: owner.apiKey, botId, env: { "1A": "x" } }), 400, /env/);
    // The refused sets changed nothing: the hundred are still there.
    const { rows } = await h.handle.pool.query("select env_enc from bots where id = $1", [botId]);
    expect(Object.keys(JSON.parse(new SecretBox(SECRET_KEY).decrypt(rows[0].env_enc)))).toHaveLength(100);
  });

  it("getBotLogs answers the newest 50 lines by default, at most 200, newest first", async () => {
    const botId = await createBot();
    await h.handle.pool.query(
      "insert into bot_logs (bot_id, level, message) select $1, 'log', 'line ' || i from generate_series(1, 250) i",
      [botId],
    );
    const messages = (res: request.Response) => res.body.logs.map((l: { message: string }) => l.message);
    const byDefault = await post("getBotLogs", { apiKey: owner.apiKey, botId });
    expect(messages(byDefault)).toEqual(Array.from({ length: 50 }, (_, i) => `line ${250 - i}`));
    expect(messages(await post("getBotLogs", { apiKey: owner.apiKey, botId, limit: 200 }))).toHaveLength(200);
    expectError(await post("getBotLogs", { apiKey: owner.apiKey, botId, limit: 201 }), 400, /limit/);
    expectError(await post("getBotLogs", { apiKey: owner.apiKey, botId, limit: 0 }), 400, /limit/);
  });

  it("deleteBot removes the bot's rows from every table that has a bot_id, and its createIndex indexes", async () => {
    const botId = await createBot(owner.apiKey, { botToken: fakeToken(33) });
    const store = new DocumentStore(h.handle.pool, botId);
    await store.run("insertOne", ["things", { score: 1 }]);
    const { name: indexName } = (await store.run("createIndex", ["things", { score: 1 }])) as { name: string };
    await post("setBotEnv", { apiKey: owner.apiKey, botId, env: { A: "1" } });
    await h.handle.pool.query(
      "insert into recipients (bot_id, chat_id, language_code, first_name) values ($1, 1, 'en', 'U')",
      [botId],
    );
    await h.handle.pool.query("insert into bot_logs (bot_id, level, message) values ($1, 'log', 'x')", [botId]);
    await h.handle.pool.query("insert into broadcasts (id, bot_id, payload) values ($1, $2, '{}')", [
      `del${botId}`.slice(0, 24),
      botId,
    ]);
    const tables = (
      await h.handle.pool.query(
        "select table_name from information_schema.columns where table_schema = 'public' and column_name = 'bot_id'",
      )
    ).rows.map((r) => r.table_name as string);
    const rowsPerTable = async () => {
      const counts: Record<string, number> = {};
      for (const t of tables)
        counts[t] = (
          await h.handle.pool.query(`select count(*)::int as n from "${t}" where bot_id = $1`, [botId])
        ).rows[0].n;
      return counts;
    };
    const before = await rowsPerTable();
    // The bot has rows in each of these, so the zeros below mean "removed", not "never there".
    expect(before).toMatchObject({ documents: 1, document_indexes: 1, recipients: 1, bot_logs: 1, broadcasts: 1 });

    expect((await post("deleteBot", { apiKey: owner.apiKey, botId })).status).toBe(200);
    expect(Object.values(await rowsPerTable()).every((n) => n === 0)).toBe(true);
    const bots = await h.handle.pool.query("select count(*)::int as n from bots where id = $1", [botId]);
    expect(bots.rows[0].n).toBe(0);
    const index = await h.handle.pool.query("select count(*)::int as n from pg_indexes where indexname = $1", [
      indexName,
    ]);
    expect(index.rows[0].n).toBe(0);
    expectError(await post("getBot", { apiKey: owner.apiKey, botId }), 404, "Bot not found");
  });
});

describe("secrets", () => {
  it("stores no plaintext API key, bot token or env value and logs none of them", async () => {
    const account = await h.account();
    const token = fakeToken(4);
    const envValue = "very-secret-env-value-42";
    const botId = await createBot(account.apiKey, { botToken: token });
    await post("setBotEnv", { apiKey: account.apiKey, botId, env: { API_SECRET: envValue } });
    await post("restartBot", { apiKey: account.apiKey, botId });
    await post("getbotCode", { apiKey: "byk_bad_" + token, botId });
    const secret = h.fake.callsOf("setWebhook", token)[0]?.params.secret_token as string;

    const tables = await h.handle.pool.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public'",
    );
    let dump = "";
    for (const { table_name } of tables.rows) {
      const { rows } = await h.handle.pool.query(`select * from "${table_name}"`);
      dump += JSON.stringify(rows);
    }
    const keySecret = account.apiKey.split("_").slice(2).join("_");
    for (const plaintext of [account.apiKey, keySecret, token, envValue, secret]) {
      expect(dump).not.toContain(plaintext);
      expect(h.logLines.join("")).not.toContain(plaintext);
    }
  });
});

describe("faults", () => {
  it("answers 500 Internal error without details when the database is gone", async () => {
    const local = await startHarness();
    const account = await local.account();
    await local.handle.pool.end();
    const res = await request(local.app).post("/apiv3/listBots").send({ apiKey: account.apiKey });
    expectError(res, 500, "Internal error");
    expect(JSON.stringify(res.body)).not.toMatch(/select|pool|stack|at /i);
    local.handle.pool.end = async () => {};
    await local.close();
  });
});
