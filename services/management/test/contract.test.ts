/**
 * Property-based contract test: for every operation of GET /openapi.json, requests generated from the document
 * (valid and broken on purpose, with the right credential, a wrong one and none) must never get a 5xx, and every reply
 * must have a documented status and match the schema documented for it. Ids are sometimes real (a bot of the
 * account, another account's bot, a real job) so that success paths are reached too. The dashboard's /api routes get
 * a signed-in session of their own (cookie, X-CSRF-Token and a same-origin Origin) when the credential is "valid".
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import request from "supertest";
import { eq } from "drizzle-orm";
import { accounts, notificationChannels, ScheduleRepository } from "@botyard/db";
import {
  documentedOperations,
  type DocumentedOperation,
  type GeneratedRequest,
  type JsonSchema,
  requestsFor,
  ResponseChecker,
} from "@botyard/openapi/testing";
import { fakeToken, startHarness, type Harness } from "./harness.js";

const RUNS = Number(process.env.CONTRACT_RUNS ?? 25);
const BOT = "@@BOT@@";
const DASH_BOT = "@@DASHBOT@@";
/** A notification channel of the calling account, made afresh before each notification call (see send). */
const CHANNEL = "@@CHANNEL@@";
const DASH_HOST = "dashboard.test";
const DASH_PASSWORD = "correct horse battery";
/** The key of the schedule each bot has before a schedule call (bot code makes schedules; the fuzzer cannot). */
const SCHEDULE_KEY = "contract-fixture";
/**
 * /api routes the fuzzer calls without the session even when "valid": streams never end, sign-out and a password
 * change would end the session the other operations use, and "Try it" calls a gateway the harness does not run.
 */
const DASH_NO_SESSION = [/\/stream$/, /^\/api\/auth\/signout$/, /^\/api\/auth\/password$/, /\/try$/];
/** /api routes whose success the generator cannot reach (a real invite token; the above). */
const DASH_NO_SUCCESS = [...DASH_NO_SESSION, /^\/api\/auth\/invite\//];
let h: Harness;
let gateway: Server;
let document: JsonSchema;
let checker: ResponseChecker;
const state = {
  accountId: "",
  apiKey: "",
  bot: "",
  broadcastBot: "",
  broadcastToken: "",
  job: "",
  otherBot: "",
  otherEmail: "",
};
const dash = { accountId: "", email: "", session: "", csrf: "", bot: "", job: "" };
const seen = new Map<string, Set<number>>();

async function createBot(apiKey: string, botToken?: string): Promise<string> {
  const res = await request(h.app)
    .post("/apiv3/createBot")
    .send({ apiKey, name: "fixture", ...(botToken ? { botToken } : {}) });
  return res.body.botId as string;
}

/** Headers that make a request come from the dashboard's own origin. */
const sameOrigin = { Host: DASH_HOST, Origin: `http://${DASH_HOST}` };

async function createDashBot(): Promise<string> {
  const res = await request(h.app)
    .post("/api/bots")
    .set(sameOrigin)
    .set("Cookie", `botyard_session=${dash.session}`)
    .set("X-CSRF-Token", dash.csrf)
    .send({ name: "fixture" });
  return res.body.botId as string;
}

/** The dashboard account's bot and a queued broadcast of it (again after the fuzzer deletes the bot). */
async function dashFixtures(): Promise<void> {
  dash.bot = await createDashBot();
  const queued = await request(h.app)
    .post(`/api/bots/${dash.bot}/broadcasts`)
    .set(sameOrigin)
    .set("Cookie", `botyard_session=${dash.session}`)
    .set("X-CSRF-Token", dash.csrf)
    .send({ text: "fixture" });
  dash.job = queued.body.jobId as string;
}

beforeAll(async () => {
  // Throttles would turn the generator's wrong passwords, sign-ups and transfers into 429s (they have tests of their own).
  const many = { limit: 100_000, windowMs: 60_000 };
  // previewBot asks the gateway (webhookBaseUrl by default): a stand-in that answers as a handler would.
  gateway = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true,"data":1}'));
  });
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  h = await startHarness({
    webhookBaseUrl: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`,
    signInThrottle: { perEmail: 100_000, perIpEmail: 100_000, perIp: 100_000, windowMs: 60_000 },
    addressLimits: { signUp: many, acceptInvite: many },
    transferLookups: many,
    // A notifier bot, and webhook hosts that resolve to a public address without asking DNS, so adds succeed.
    notifications: {
      notifier: { token: "777000:AAHnotifierBotTokenForContractTests01", username: "botyard_notify_bot" },
      resolver: async () => ["203.0.113.7"],
      webhookTimeoutMs: 200,
      retryDelaysMs: [],
    },
  });
  const owner = await h.account();
  const other = await h.account();
  state.apiKey = owner.apiKey;
  state.accountId = owner.userId;
  state.otherEmail = other.email;
  state.bot = await createBot(owner.apiKey);
  state.broadcastToken = fakeToken(77);
  state.broadcastBot = await createBot(owner.apiKey, state.broadcastToken);
  state.otherBot = await createBot(other.apiKey);
  const queued = await request(h.app)
    .post("/broadcast")
    .set("X-Bot-Token", state.broadcastToken)
    .send({ botId: state.broadcastBot, text: "fixture" });
  state.job = queued.body.jobId as string;
  dash.email = `dash-${Date.now()}@example.com`;
  const signedUp = await request(h.app)
    .post("/api/auth/signup")
    .set(sameOrigin)
    .send({ email: dash.email, password: DASH_PASSWORD });
  dash.session = /botyard_session=([^;]+)/.exec(String(signedUp.headers["set-cookie"]))![1]!;
  dash.csrf = signedUp.body.csrfToken as string;
  const [row] = await h.handle.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, dash.email));
  dash.accountId = row!.id;
  await dashFixtures();
  document = (await request(h.app).get("/openapi.json")).body as JsonSchema;
  checker = new ResponseChecker(document);
});
afterAll(async () => {
  await h.close();
  await new Promise((resolve) => gateway.close(resolve));
});

function fixturesFor(op: DocumentedOperation) {
  const dashboard = op.path.startsWith("/api/");
  const broadcast = !op.path.startsWith("/apiv3/") && !dashboard;
  return {
    values(name: string) {
      if (dashboard && name === "botId")
        return fc.oneof({ weight: 6, arbitrary: fc.constant(DASH_BOT) }, fc.constant(state.otherBot), fc.string());
      if (dashboard && name === "jobId") return fc.oneof({ weight: 3, arbitrary: fc.constant(dash.job) }, fc.string());
      if (name === "email") return fc.oneof(fc.constant(dash.email), fc.emailAddress());
      if (name === "password") return fc.oneof(fc.constant(DASH_PASSWORD), fc.string({ minLength: 10, maxLength: 40 }));
      if (name === "botId")
        return broadcast
          ? fc.oneof(
              { weight: 6, arbitrary: fc.constant(state.broadcastBot) },
              fc.constant(state.otherBot),
              fc.string(),
            )
          : fc.oneof({ weight: 6, arbitrary: fc.constant(BOT) }, fc.constant(state.otherBot), fc.string());
      if (name === "jobId") return fc.oneof({ weight: 3, arbitrary: fc.constant(state.job) }, fc.string());
      // Version 1 exists on every bot (its creation); others are mostly unknown.
      if (name === "version") return fc.oneof({ weight: 6, arbitrary: fc.constant(1) }, fc.integer());
      // The fixture schedule exists on both bots before every schedule call (see send); others are mostly unknown.
      if (name === "key" && /[sS]chedule/.test(op.path))
        return fc.oneof({ weight: 6, arbitrary: fc.constant(SCHEDULE_KEY) }, fc.string());
      if (name === "targetEmail") return fc.oneof(fc.constant(state.otherEmail), fc.emailAddress());
      // previewBot's handler name: mostly a valid one (the stand-in gateway answers any).
      if (name === "path" && op.path.endsWith("/previewBot"))
        return fc.oneof({ weight: 6, arbitrary: fc.constant("hello") }, fc.string());
      if (name === "channelId") return fc.oneof({ weight: 6, arbitrary: fc.constant(CHANNEL) }, fc.string());
      if (name === "kind" && /[nN]otification/.test(op.path))
        return fc.oneof(fc.constant("webhook"), fc.constant("telegram"), fc.string());
      if (name === "url" && /[nN]otification/.test(op.path))
        return fc.oneof({ weight: 3, arbitrary: fc.constant("https://hooks.example/botyard") }, fc.string());
      return undefined;
    },
    credential(scheme: string) {
      if (scheme === "ApiKeyQuery") return state.apiKey;
      if (scheme === "BotToken") return state.broadcastToken;
      if (scheme === "DashboardCsrf") return dash.csrf;
      return undefined;
    },
  };
}

async function send(req: GeneratedRequest): Promise<request.Response> {
  const bot = encodeURIComponent(BOT);
  let channel = "";
  if (/[nN]otification/.test(req.path)) {
    // At most 10 channels an account: each call starts from one webhook channel of the calling account.
    const accountId = req.path.startsWith("/api/") ? dash.accountId : state.accountId;
    await h.handle.db.delete(notificationChannels).where(eq(notificationChannels.accountId, accountId));
    channel = (await h.management.notifications.service.addWebhook(accountId, "https://hooks.example/c")).channel.id;
  }
  const withChannel = (text: string) =>
    text.replaceAll(encodeURIComponent(CHANNEL), channel).replaceAll(CHANNEL, channel);
  const path = withChannel(req.path.replaceAll(bot, state.bot).replaceAll(encodeURIComponent(DASH_BOT), dash.bot));
  const bare = path.split("?")[0]!;
  const agent = request(h.app);
  let r =
    req.method === "get"
      ? agent.get(path)
      : req.method === "post"
        ? agent.post(path)
        : req.method === "delete"
          ? agent.delete(path)
          : req.method === "put"
            ? agent.put(path)
            : agent.patch(path);
  for (const [k, v] of Object.entries(req.headers)) r = r.set(k, v);
  if (bare.startsWith("/api/")) {
    r = r.set(sameOrigin);
    // OpenAPI's cookie scheme is not applied by the generator: the session goes with every "valid" credential.
    if (req.intent.auth === "valid" && !DASH_NO_SESSION.some((re) => re.test(bare)))
      r = r.set("Cookie", `botyard_session=${dash.session}`);
  }
  if (/[sS]chedule/.test(bare)) {
    const schedules = new ScheduleRepository(h.handle.db);
    for (const botId of [state.bot, dash.bot]) {
      const dueAt = new Date(Date.now() + 3_600_000);
      const fixture = { botId, key: SCHEDULE_KEY, name: "tick", kind: "once" as const, dueAt };
      await schedules.put(
        { ...fixture, expression: null, timezone: null, payload: null },
        { maxOncePerBot: 1000, maxCronPerBot: 100 },
      );
    }
  }
  const res = await (req.body === undefined ? r : r.send(withChannel(req.body.replaceAll(BOT, state.bot))));
  if (res.status === 200 && path.startsWith("/apiv3/deleteBot")) state.bot = await createBot(state.apiKey);
  if (res.status === 200 && req.method === "delete" && bare === `/api/bots/${dash.bot}`) await dashFixtures();
  return res;
}

describe("every documented operation keeps its contract under generated requests", () => {
  const ops = () => documentedOperations(document);
  it("has operations to test", () => {
    expect(ops().length).toBeGreaterThan(25);
  });

  // One test per operation, generated once the document is known.
  it("answers every generated request with a documented status and body, never a 5xx", async () => {
    const failures: string[] = [];
    const reachedSuccess = (op: DocumentedOperation) =>
      DASH_NO_SUCCESS.some((re) => re.test(op.path)) ||
      [...(seen.get(`${op.method.toUpperCase()} ${op.path}`) ?? [])].some((s) => s >= 200 && s < 300);
    // A second, longer pass for operations whose valid requests are rare in the generated space (GET setBotEnv
    // needs a JSON object of well-formed names in its query string): every operation must reach a success.
    const first = ops().map((op) => ({ op, runs: RUNS }));
    const passes = [...first, { op: undefined, runs: 0 }];
    for (const { op, runs } of passes) {
      if (op === undefined) {
        for (const o of ops()) if (!reachedSuccess(o)) passes.push({ op: o, runs: RUNS * 8 });
        continue;
      }
      await fc
        .assert(
          fc.asyncProperty(requestsFor(document, op, fixturesFor(op)), async (req) => {
            const res = await send(req);
            const key = `${op.method.toUpperCase()} ${op.path}`;
            if (!seen.has(key)) seen.set(key, new Set());
            seen.get(key)!.add(res.status);
            const body = res.type === "application/json" ? res.body : res.text;
            const problems = checker.check(op, res.status, res.headers["content-type"], body);
            if (res.status >= 500) problems.push(`5xx: ${res.status} ${JSON.stringify(res.body)}`);
            if (problems.length > 0) {
              failures.push(
                `${req.method.toUpperCase()} ${req.path} ${JSON.stringify(req.intent)}: ${problems.join("; ")}`,
              );
              return false;
            }
            return true;
          }),
          { numRuns: runs, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it("reached a success for every operation (the generator is not only producing refusals)", () => {
    const without = [...seen].filter(
      ([key, statuses]) =>
        !DASH_NO_SUCCESS.some((re) => re.test(key.split(" ")[1]!)) && ![...statuses].some((s) => s >= 200 && s < 300),
    );
    expect(without.map(([k, s]) => `${k}: ${[...s].join(",")}`)).toEqual([]);
  });
});
