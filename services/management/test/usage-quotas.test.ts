/**
 * getBotUsage and getAccountUsage (validation, ownership, what they read), and the quotas management enforces at
 * their edge: bots per account (createBot, transferBot's target), broadcasts a day, transferBot's seeded documents;
 * `pnpm botyard plan:set`. docs/management-api.md#getbotusage, docs/operations.md#plans-and-quotas
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { parsePlans } from "@botyard/common/plans";
import { UsageMeter, UsageRepository } from "@botyard/db";
import request from "supertest";
import { SECRET_KEY, startHarness, type Harness } from "./harness.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const PLANS = {
  tiny: {
    bots: 2,
    storedDocuments: 3,
    storedBytes: 1024 * 1024,
    broadcastsPerDay: 2,
    liveStreams: 1,
    pendingScheduledRuns: 0,
    requestsPerSecond: 5,
  },
  big: {
    bots: 10,
    storedDocuments: 1000,
    storedBytes: 1024 * 1024 * 1024,
    broadcastsPerDay: 100,
    liveStreams: 10,
    pendingScheduledRuns: 100,
    requestsPerSecond: 100,
  },
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ plans: parsePlans(JSON.stringify(PLANS), "tiny") });
});
afterAll(async () => {
  await h.close();
});

const op = (name: string, body: Record<string, unknown>) => request(h.app).post(`/apiv3/${name}`).send(body);
const token = (n: number) => `${700000 + n}:AAH${"x".repeat(30)}${n}`;

describe("getBotUsage", () => {
  it("names the bad field with 400, and answers 404 for another account's bot", async () => {
    const { apiKey } = await h.account();
    const botId = (await op("createBot", { apiKey })).body.botId as string;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, "granularity is required"],
      [{ granularity: "day" }, "granularity must be minute or hour"],
      [{ granularity: 1 }, "granularity must be a string"],
      [{ granularity: "minute", from: "yesterday" }, "from must be an ISO 8601 time such as 2026-11-28T10:00:00Z"],
      [
        { granularity: "minute", to: "2026-13-45T99:00:00Z" },
        "to must be an ISO 8601 time such as 2026-11-28T10:00:00Z",
      ],
      [{ granularity: "minute", from: 5 }, "from must be an ISO 8601 time"],
      [{ granularity: "hour", from: "2026-11-28T10:00:00Z", to: "2026-11-28T09:00:00Z" }, "from must be before to"],
    ];
    for (const [fields, msg] of cases) {
      const res = await op("getBotUsage", { apiKey, botId, ...fields });
      expect([fields, res.status, res.body.msg]).toEqual([fields, 400, msg]);
    }
    expect((await op("getBotUsage", { apiKey, granularity: "minute" })).body.msg).toBe("botId is required");
    const other = await h.account();
    const foreign = await op("getBotUsage", { apiKey: other.apiKey, botId, granularity: "minute" });
    expect([foreign.status, foreign.body.msg]).toEqual([404, "Bot not found"]);
    const viaGet = await request(h.app).get(`/apiv3/getBotUsage?apiKey=${apiKey}&botId=${botId}&granularity=hour`);
    expect(viaGet.body).toMatchObject({ ok: true, usage: [] });
  });

  it("reads back the rows of the window, one per period with traffic, with percentiles and broadcast counts", async () => {
    const { apiKey } = await h.account();
    const botId = (await op("createBot", { apiKey })).body.botId as string;
    const at = Date.UTC(2026, 10, 28, 10, 15, 20);
    const meter = new UsageMeter(true, () => at);
    const cell = meter.cell(botId);
    cell.requests += 10;
    cell.errorsRefused += 2;
    for (let i = 0; i < 9; i++) cell.observeWall(0.5);
    cell.observeWall(40);
    cell.broadcastSent += 7;
    cell.broadcastFailed += 1;
    await new UsageRepository(h.handle.db).addUsage(meter.take());
    const window = { from: "2026-11-28T10:00:00Z", to: "2026-11-28T11:00:00Z" };
    const minutes = await op("getBotUsage", { apiKey, botId, granularity: "minute", ...window });
    expect(minutes.status).toBe(200);
    expect(minutes.body.usage).toEqual([
      {
        at: "2026-11-28T10:15:00.000Z",
        requests: 10,
        errors: 2,
        errorsByKind: { handler: 0, timeout: 0, memory: 0, refused: 2 },
        wallTimeP50Ms: 0.56,
        wallTimeP99Ms: 47.5,
        cpuMs: 0,
        hostCalls: { db: 0, telegram: 0, http: 0, sleep: 0 },
        botApiCalls: 0,
        egressBytes: 0,
        storedDocuments: 0,
        storedBytes: 0,
        broadcastMessagesSent: 7,
        broadcastMessagesFailed: 1,
      },
    ]);
    const hours = await op("getBotUsage", { apiKey, botId, granularity: "hour", ...window });
    expect(hours.body.usage).toMatchObject([{ at: "2026-11-28T10:00:00.000Z", requests: 10 }]);
    const outside = await op("getBotUsage", {
      apiKey,
      botId,
      granularity: "minute",
      from: "2026-11-28T10:16:00Z",
      to: window.to,
    });
    expect(outside.body.usage).toEqual([]);
  });
});

describe("quotas", () => {
  it("createBot: the plan's bots are allowed, the next is 403 QUOTA_EXCEEDED naming quota, limit and use", async () => {
    const { apiKey } = await h.account();
    expect((await op("createBot", { apiKey })).status).toBe(200);
    expect((await op("createBot", { apiKey })).status).toBe(200);
    const over = await op("createBot", { apiKey, name: "third" });
    expect(over.status).toBe(403);
    expect(over.body).toEqual({
      ok: false,
      msg: "Over the bots quota of this account's plan (limit 2, in use 2); ask the operator for a larger plan",
      code: "QUOTA_EXCEEDED",
      quota: "bots",
      limit: 2,
      use: 2,
      stat_code: 403,
    });
    expect((await op("listBots", { apiKey })).body.bots).toHaveLength(2);
  });

  it("createBot in parallel: exactly the plan's number get through", async () => {
    const { apiKey } = await h.account();
    const replies = await Promise.all([1, 2, 3, 4, 5].map(() => op("createBot", { apiKey })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 403, 403, 403]);
  });

  it("transferBot: 403 when the target is at its bots quota; seeded documents over its storedDocuments are reported", async () => {
    const source = await h.account();
    const target = await h.account();
    const botId = (await op("createBot", { apiKey: source.apiKey, code: "logic['a'] = () => 1;" })).body.botId;
    const seeded = await op("transferBot", {
      apiKey: source.apiKey,
      botId,
      targetEmail: target.email,
      dbProps: { small: [{ n: 1 }, { n: 2 }], more: [{ n: 3 }, { n: 4 }] },
    });
    expect(seeded.status).toBe(200);
    expect(seeded.body.dbProps).toEqual({
      small: { inserted: 2 },
      more: {
        inserted: 0,
        error: "QUOTA_EXCEEDED: over the storedDocuments quota of the target account's plan (limit 3)",
      },
    });
    expect((await op("transferBot", { apiKey: source.apiKey, botId, targetEmail: target.email })).status).toBe(200);
    const over = await op("transferBot", { apiKey: source.apiKey, botId, targetEmail: target.email });
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ code: "QUOTA_EXCEEDED", quota: "bots", limit: 2, use: 2 });
    const usage = await op("getAccountUsage", { apiKey: target.apiKey });
    expect(usage.body).toMatchObject({ ok: true, plan: "tiny" });
    expect(usage.body.quotas).toEqual([
      { quota: "bots", limit: 2, use: 2 },
      { quota: "storedDocuments", limit: 3, use: 2 },
      { quota: "storedBytes", limit: 1024 * 1024, use: expect.any(Number) },
      { quota: "broadcastsPerDay", limit: 2, use: 0 },
      { quota: "liveStreams", limit: 1, use: 0 },
      { quota: "pendingScheduledRuns", limit: 0, use: 0 },
      { quota: "requestsPerSecond", limit: 5, use: 0 },
    ]);
  });

  it("POST /broadcast: the plan's broadcasts a day across the account's bots, then 403 in the broadcast shape", async () => {
    const { apiKey } = await h.account();
    const a = (await op("createBot", { apiKey, botToken: token(1) })).body.botId;
    const b = (await op("createBot", { apiKey, botToken: token(2) })).body.botId;
    const send = (botId: string, n: number) =>
      request(h.app).post("/broadcast").set("X-Bot-Token", token(n)).send({ botId, text: "hi" });
    expect((await send(a, 1)).status).toBe(200);
    expect((await send(b, 2)).status).toBe(200);
    const over = await send(a, 1);
    expect(over.status).toBe(403);
    expect(over.body).toEqual({
      ok: false,
      error:
        "Over the broadcastsPerDay quota of this account's plan (limit 2, in use 2); ask the operator for a larger plan",
      code: "QUOTA_EXCEEDED",
      quota: "broadcastsPerDay",
      limit: 2,
      use: 2,
    });
  });

  it("plan:set moves an account to another plan; an unknown plan or e-mail is refused", async () => {
    const { apiKey, email } = await h.account();
    const cli = (...args: string[]) => {
      const run = spawnSync(process.execPath, ["--import", "tsx", "services/management/src/cli/main.ts", ...args], {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: h.database.url,
          SECRET_KEY,
          PLANS: JSON.stringify(PLANS),
          DEFAULT_PLAN: "tiny",
        },
        encoding: "utf8",
      });
      return { code: run.status, out: run.stdout.trim(), err: run.stderr.trim() };
    };
    expect(cli("plan:set", "--email", email.toUpperCase(), "--plan", "big")).toEqual({
      code: 0,
      out: JSON.stringify({ email: email.toUpperCase(), plan: "big" }),
      err: "",
    });
    expect((await op("getAccountUsage", { apiKey })).body).toMatchObject({ plan: "big" });
    for (let i = 0; i < 3; i++) expect((await op("createBot", { apiKey })).status).toBe(200);
    expect(cli("plan:set", "--email", email, "--plan", "gold")).toMatchObject({
      code: 1,
      err: "error: unknown plan 'gold' (configured: tiny, big)",
    });
    expect(cli("plan:set", "--email", "nobody@example.com", "--plan", "big")).toMatchObject({ code: 1 });
    expect(cli("plan:set", "--email", email)).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^--plan is required/),
    });
  }, 60_000);
});
