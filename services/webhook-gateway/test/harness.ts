/** A gateway on a fresh database and Redis prefix with the fake Bot API, plus helpers to create and restart bots. */
import { randomUUID } from "node:crypto";
import { createLogger, createMetricsRegistry, createRedis, newId, publishBotEvent, randomToken, RedisNames, SecretBox, sha256, type Redis } from "@botyard/common";
import { accounts, bots, createDb, type DbHandle } from "@botyard/db";
import { createTestDatabase, type TestDatabase } from "@botyard/db/testing";
import { FakeTelegram } from "@botyard/fake-telegram";
import { TelegramClient } from "@botyard/telegram";
import type { Express } from "express";
import { createGateway, type Gateway } from "../src/app.js";

export const SECRET_KEY = "gateway-test-secret-key-0123";

export interface TestBot {
  botId: string;
  token: string;
  webhookSecret: string;
}

export interface GatewayHarness {
  app: Express;
  gateway: Gateway;
  database: TestDatabase;
  handle: DbHandle;
  redis: Redis;
  names: RedisNames;
  fake: FakeTelegram;
  /** Creates a running bot with `code` (and env). */
  bot(code: string, options?: { env?: Record<string, string>; status?: "running" | "stopped" | "halted" }): Promise<TestBot>;
  /** Saves code without restarting (editBotCoreLogic). */
  edit(botId: string, code: string): Promise<void>;
  /** Restarts as management does: snapshot code, bump version, publish the event. */
  restart(botId: string): Promise<void>;
  logs(botId: string): Promise<Array<{ level: string; message: string }>>;
  /** Another gateway replica on the same database, Redis and fake API (closed by close()). */
  replica(): Promise<Gateway>;
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
}

export async function startGatewayHarness(options: GatewayHarnessOptions = {}): Promise<GatewayHarness> {
  const database = await createTestDatabase();
  const handle = createDb(database.url, { max: 10 });
  const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const redis = createRedis(redisUrl);
  const names = new RedisNames(`botyard-test-${randomUUID()}`);
  const fake = await FakeTelegram.start();
  const telegram = new TelegramClient({ apiRoot: fake.apiRoot, timeoutMs: 3000 });
  const replicas: Gateway[] = [];
  const startReplica = async (): Promise<Gateway> => {
    const replica = createGateway({
      db: handle.db,
      redis,
      redisUrl,
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
        rowTtlMs: 1000,
      },
      checks: { postgres: async () => true, redis: async () => true },
    });
    await replica.ready;
    replicas.push(replica);
    return replica;
  };
  const gateway = await startReplica();
  const accountId = newId();
  await handle.db.insert(accounts).values({ id: accountId, email: `${accountId}@example.com` });
  const box = new SecretBox(SECRET_KEY);
  let n = 0;
  const h: GatewayHarness = {
    app: gateway.app, gateway, database, handle, redis, names, fake,
    async bot(code, o = {}) {
      const botId = newId();
      const token = `${900000 + ++n}:AAH${randomUUID().replace(/-/g, "")}`;
      const webhookSecret = randomToken(24);
      await handle.db.insert(bots).values({
        id: botId, accountId, code, runningCode: code, codeVersion: 1, status: o.status ?? "running",
        tokenEnc: box.encrypt(token), tokenHash: sha256(token), webhookSecretHash: sha256(webhookSecret),
        envEnc: o.env ? box.encrypt(JSON.stringify(o.env)) : null,
      });
      return { botId, token, webhookSecret };
    },
    async edit(botId, code) {
      await handle.pool.query("update bots set code = $2 where id = $1", [botId, code]);
    },
    async restart(botId) {
      const { rows } = await handle.pool.query(
        "update bots set running_code = code, code_version = code_version + 1, status = 'running', halt_reason = null where id = $1 returning code_version",
        [botId],
      );
      await publishBotEvent(redis, names, { type: "restart", botId, codeVersion: rows[0].code_version });
      await new Promise((r) => setTimeout(r, 50));
    },
    async logs(botId) {
      await gateway.logs.flush();
      const { rows } = await handle.pool.query("select level, message from bot_logs where bot_id = $1 order by id", [botId]);
      return rows;
    },
    replica: startReplica,
    async close() {
      for (const replica of replicas) await replica.close();
      await telegram.close();
      await fake.close();
      await redis.quit();
      await handle.pool.end();
      await database.drop();
    },
  };
  return h;
}
