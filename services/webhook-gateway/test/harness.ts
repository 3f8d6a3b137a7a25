/**
 * Gateway replicas and the real management app on one fresh database and Redis prefix, with the fake Bot API. Bots
 * are created, edited, restarted, stopped and deleted through management's /apiv3 operations, exactly as owners do,
 * so the gateway is tested against the events and rows management really produces.
 */
import { randomUUID } from "node:crypto";
import { BotEventBus } from "@botyard/common/bot-events";
import { createLogger } from "@botyard/common/logging";
import { createMetricsRegistry } from "@botyard/common/metrics";
import { createRedis, RedisNames, type Redis } from "@botyard/common/redis";
import type { Plans } from "@botyard/common/plans";
import { waitFor } from "@botyard/testing";
import { createDb, type DbHandle } from "@botyard/db";
import { createTestDatabase, type TestDatabase } from "@botyard/db/testing";
import { FakeTelegram } from "@botyard/fake-telegram";
import { createManagementApp } from "@botyard/management/app";
import { TelegramClient } from "@botyard/telegram";
import type { RequestListener } from "node:http";
import type { Express } from "express";
import request from "supertest";
import { createGateway, type Gateway, type GatewayDeps } from "../src/app.js";

export const SECRET_KEY = "gateway-test-secret-key-0123";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

export interface TestBot {
  botId: string;
  token: string;
  /** The secret_token management gave the fake Bot API's setWebhook at the last restart. */
  webhookSecret: string;
}

export interface GatewayHarness {
  app: RequestListener;
  gateway: Gateway;
  management: Express;
  database: TestDatabase;
  handle: DbHandle;
  redis: Redis;
  names: RedisNames;
  fake: FakeTelegram;
  apiKey: string;
  /** Creates a bot with `code` (and env) through management; running unless `status: "stopped"`. */
  bot(code: string, options?: { env?: Record<string, string>; status?: "running" | "stopped" }): Promise<TestBot>;
  /** Calls an /apiv3 operation as the harness's owner; resolves with the reply body, failing on a non-200. */
  op(name: string, fields?: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** editBotCoreLogic: saves code without restarting. */
  edit(botId: string, code: string): Promise<void>;
  /** restartBot; resolves with the new webhook secret. */
  restart(botId: string): Promise<string>;
  /** The bot's log lines, oldest first (after the gateways flushed theirs). */
  logs(botId: string): Promise<Array<{ level: string; message: string }>>;
  /** Waits until a log line of the bot matches `pattern`; fails after `ms`. */
  waitForLog(botId: string, pattern: RegExp, ms?: number): Promise<string>;
  /** Another gateway replica on the same database, Redis and fake API (closed by close()). */
  replica(): Promise<Gateway>;
  /** Closes one replica (as a shutdown does) before the harness closes. */
  stop(replica: Gateway): Promise<void>;
  close(): Promise<void>;
}

/** Options of a harness; runtime ones apply to every replica it starts. */
export interface GatewayHarnessOptions {
  allowPrivateEgress?: boolean;
  timeoutMs?: number;
  memoryMb?: number;
  maxConcurrentPerBot?: number;
  maxLoaded?: number;
  idleMs?: number;
  rate?: { perSecond: number; burst: number };
  cpu?: { msPerSecond: number; burstMs: number };
  /** How long the gateway's Bot API client waits for an answer. @defaultValue 3000 */
  telegramTimeoutMs?: number;
  /** The memory budgets (GATEWAY_MEMORY_MB, BOT_HOST_MEMORY_MB). @defaultValue the runtime's */
  memory?: { gatewayMb?: number; botHostMb?: number };
  /**
   * The bot-events heartbeat and lease. @defaultValue 25 ms and 250 ms, so that tests of a lapsed lease are quick;
   * a test that needs trust to hold through a flood on a loaded machine sets a longer lease.
   */
  events?: { beatMs: number; leaseMs: number };
  /** Account plans, for the gateway's quotas and management's. @defaultValue none in the gateway, built-in in management */
  plans?: Plans;
  /** Scheduled runs of every replica (GatewayDeps.schedules). @defaultValue the gateway's */
  schedules?: GatewayDeps["schedules"];
}

export async function startGatewayHarness(options: GatewayHarnessOptions = {}): Promise<GatewayHarness> {
  const database = await createTestDatabase();
  const handle = createDb(database.url, { max: 10 });
  const redis = createRedis(REDIS_URL);
  const names = new RedisNames(`botyard-test-${randomUUID()}`);
  const fake = await FakeTelegram.start();
  const telegram = new TelegramClient({ apiRoot: fake.apiRoot, timeoutMs: options.telegramTimeoutMs ?? 3000 });
  const connections: Redis[] = [];
  const events = options.events ?? { beatMs: 25, leaseMs: 250 };
  const replicas: Gateway[] = [];

  const startReplica = async (): Promise<Gateway> => {
    const subscriber = createRedis(REDIS_URL);
    connections.push(subscriber);
    const replica = createGateway({
      db: handle.db,
      redis,
      subscriber,
      names,
      secretKey: SECRET_KEY,
      telegram,
      logger: createLogger("webhook-gateway", "silent"),
      registry: createMetricsRegistry("webhook-gateway"),
      allowPrivateEgress: options.allowPrivateEgress ?? false,
      runtime: {
        limits: { memoryMb: options.memoryMb ?? 32, timeoutMs: options.timeoutMs ?? 1000 },
        maxLoaded: options.maxLoaded ?? 100,
        idleMs: options.idleMs ?? 60_000,
        maxConcurrentPerBot: options.maxConcurrentPerBot ?? 16,
        rate: options.rate ?? { perSecond: 10_000, burst: 10_000 },
        // Generous unless a test sets one: a test's loops would otherwise spend a bot's budget (as `rate`).
        cpu: options.cpu ?? { msPerSecond: 100_000, burstMs: 1_000_000 },
        ...(options.plans ? { plans: options.plans } : {}),
        ...(options.memory ? { memory: options.memory } : {}),
      },
      checks: { postgres: async () => true, redis: async () => true },
      events,
      ...(options.schedules ? { schedules: options.schedules } : {}),
    });
    await replica.ready;
    // A replica serves from its cache once its own heartbeat has come back.
    await waitFor(() => replica.events.trusted, { what: "the replica's own heartbeat" });
    replicas.push(replica);
    return replica;
  };

  const subscriber = createRedis(REDIS_URL);
  connections.push(subscriber);
  const publisher = new BotEventBus(redis, subscriber, names, { role: "publisher", ...events });
  await publisher.start();
  const management = createManagementApp({
    db: handle.db,
    redis,
    names,
    events: publisher,
    secretKey: SECRET_KEY,
    telegram,
    logger: createLogger("management", "silent"),
    registry: createMetricsRegistry("management"),
    webhookBaseUrl: "http://127.0.0.1:1",
    ...(options.plans ? { plans: options.plans } : {}),
    checks: { postgres: async () => true, redis: async () => true },
  });
  const { apiKey } = await management.accounts.create(`owner-${randomUUID().slice(0, 8)}@example.com`);
  const gateway = await startReplica();
  let n = 0;

  const op = async (name: string, fields: Record<string, unknown> = {}) => {
    const res = await request(management.app)
      .post(`/apiv3/${name}`)
      .send({ apiKey, ...fields });
    if (res.status !== 200) throw new Error(`${name} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body as Record<string, unknown>;
  };
  const secretOf = (botId: string) => {
    const url = `/telegram/${botId}`;
    const call = fake.calls.filter((c) => c.method === "setWebhook" && String(c.params.url).endsWith(url)).at(-1);
    return call ? String(call.params.secret_token) : "";
  };

  const h: GatewayHarness = {
    app: gateway.app,
    gateway,
    management: management.app,
    database,
    handle,
    redis,
    names,
    fake,
    apiKey,
    op,
    async bot(code, o = {}) {
      const token = `${900000 + ++n}:AAH${randomUUID().replace(/-/g, "")}`;
      const { botId } = (await op("createBot", { code, botToken: token, name: `bot ${n}` })) as { botId: string };
      if (o.env) await op("setBotEnv", { botId, env: o.env });
      if (o.status === "stopped") return { botId, token, webhookSecret: "" };
      await op("restartBot", { botId });
      return { botId, token, webhookSecret: secretOf(botId) };
    },
    async edit(botId, code) {
      await op("editBotCoreLogic", { botId, newCode: code });
    },
    async restart(botId) {
      await op("restartBot", { botId });
      return secretOf(botId);
    },
    async logs(botId) {
      for (const replica of replicas) await replica.logs.flush();
      const body = await op("getBotLogs", { botId, limit: 200 });
      const lines = body.logs as Array<{ level: string; message: string }>;
      return lines.reverse().map(({ level, message }) => ({ level, message }));
    },
    async waitForLog(botId, pattern, ms = 5000) {
      return waitFor(async () => (await h.logs(botId)).find((l) => pattern.test(l.message))?.message, {
        timeoutMs: ms,
        what: `a log line of ${botId} matching ${pattern}`,
      });
    },
    replica: startReplica,
    async stop(replica) {
      replicas.splice(replicas.indexOf(replica), 1);
      await replica.close();
    },
    async close() {
      for (const replica of replicas) await replica.close();
      await publisher.close();
      await management.broadcast.close();
      for (const connection of connections) connection.disconnect();
      await telegram.close();
      await fake.close();
      await redis.quit();
      await handle.pool.end();
      await database.drop();
    },
  };
  return h;
}
