/** Builds a management app on a fresh database, a private Redis prefix and the fake Bot API. */
import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { BotEventBus } from "@botyard/common/bot-events";
import { createLogger } from "@botyard/common/logging";
import { createMetricsRegistry } from "@botyard/common/metrics";
import { createRedis, RedisNames, type Redis } from "@botyard/common/redis";
import { createDb, type DbHandle } from "@botyard/db";
import { createTestDatabase, type TestDatabase } from "@botyard/db/testing";
import { FakeTelegram } from "@botyard/fake-telegram";
import { TelegramClient } from "@botyard/telegram";
import type { Express } from "express";
import { createManagementApp, type ManagementApp, type ManagementDeps } from "../src/app.js";

export const SECRET_KEY = "test-secret-key-0123456789";
export const WEBHOOK_BASE = "http://127.0.0.1:3999";

export interface Harness {
  app: Express;
  management: ManagementApp;
  database: TestDatabase;
  handle: DbHandle;
  redis: Redis;
  names: RedisNames;
  fake: FakeTelegram;
  /** Every log line the app wrote. */
  logLines: string[];
  /** Creates an account and returns its key. */
  account(email?: string): Promise<{ userId: string; email: string; apiKey: string }>;
  close(): Promise<void>;
}

/** What a test may change in the app (the dashboard's settings, where the gateway is). */
export interface HarnessOptions {
  operatorToken?: string;
  webhookBaseUrl?: string;
  signup?: "open" | "closed";
  signInThrottle?: ManagementDeps["signInThrottle"];
  addressLimits?: ManagementDeps["addressLimits"];
  argon2?: ManagementDeps["argon2"];
  publicBaseUrl?: string;
  transferLookups?: ManagementDeps["transferLookups"];
  /** PLANS and DEFAULT_PLAN, parsed. @defaultValue the built-in default plan */
  plans?: ManagementDeps["plans"];
  /** BOT_VERSIONS_KEPT. @defaultValue 100 */
  versionsKept?: number;
  /** The notifier bot and delivery settings. @defaultValue none (the service's defaults) */
  notifications?: ManagementDeps["notifications"];
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const database = await createTestDatabase();
  const handle = createDb(database.url, { max: 5 });
  const redis = createRedis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
  const names = new RedisNames(`botyard-test-${randomUUID()}`);
  const fake = await FakeTelegram.start();
  const subscriber = createRedis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
  const events = new BotEventBus(redis, subscriber, names, { role: "publisher", beatMs: 50, leaseMs: 300 });
  await events.start();
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logLines.push(String(chunk));
      cb();
    },
  });
  const management = createManagementApp({
    db: handle.db,
    redis,
    names,
    events,
    secretKey: SECRET_KEY,
    telegram: new TelegramClient({ apiRoot: fake.apiRoot, timeoutMs: 2000 }),
    logger: createLogger("management", "debug", sink),
    registry: createMetricsRegistry("management"),
    webhookBaseUrl: options.webhookBaseUrl ?? WEBHOOK_BASE,
    checks: { postgres: async () => true, redis: async () => true },
    ...(options.operatorToken ? { operatorToken: options.operatorToken } : {}),
    ...(options.signup ? { signup: options.signup } : {}),
    ...(options.signInThrottle ? { signInThrottle: options.signInThrottle } : {}),
    ...(options.addressLimits ? { addressLimits: options.addressLimits } : {}),
    ...(options.argon2 ? { argon2: options.argon2 } : {}),
    ...(options.publicBaseUrl ? { publicBaseUrl: options.publicBaseUrl } : {}),
    ...(options.transferLookups ? { transferLookups: options.transferLookups } : {}),
    ...(options.plans ? { plans: options.plans } : {}),
    ...(options.versionsKept ? { versionsKept: options.versionsKept } : {}),
    ...(options.notifications ? { notifications: options.notifications } : {}),
  });
  let n = 0;
  return {
    app: management.app,
    management,
    database,
    handle,
    redis,
    names,
    fake,
    logLines,
    account: (email = `owner${++n}-${randomUUID().slice(0, 6)}@example.com`) => management.accounts.create(email),
    async close() {
      await management.notifications.dispatcher.close();
      await management.notifications.notifierBot?.close();
      await management.broadcast.close();
      await management.admin?.close();
      await events.close();
      subscriber.disconnect();
      await fake.close();
      await redis.quit();
      await handle.pool.end();
      await database.drop();
    },
  };
}

/** A syntactically valid fake Telegram token. */
export function fakeToken(n = 1): string {
  return `${100000 + n}:AAH${"x".repeat(20)}${randomUUID().replace(/-/g, "").slice(0, 12)}`;
}
