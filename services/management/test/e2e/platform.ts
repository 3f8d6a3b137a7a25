/**
 * The whole platform in this process for the dashboard's end-to-end test: management (API + dashboard) and a gateway
 * on ephemeral loopback ports, a broadcast worker, one fresh database and Redis prefix, the fake Bot API. The same
 * factories the services' main.ts files use, with limits lowered so halts and throttles happen within a test.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { BotEventBus } from "@botyard/common/bot-events";
import { createLogger } from "@botyard/common/logging";
import { createMetricsRegistry } from "@botyard/common/metrics";
import { createRedis, type Redis, RedisNames } from "@botyard/common/redis";
import { createDb, type DbHandle, recipients, ScheduleRepository, scheduleRuns } from "@botyard/db";
import { createTestDatabase, type TestDatabase } from "@botyard/db/testing";
import { FakeTelegram } from "@botyard/fake-telegram";
import { TelegramClient } from "@botyard/telegram";
import { createManagementApp } from "../../src/app.js";
// Relative imports: a workspace dependency on the other services would make the package graph cyclic.
import { createGateway, type Gateway } from "../../../webhook-gateway/src/app.js";
import { BroadcastWorker } from "../../../broadcast-worker/src/app.js";
import { createWorkerMetrics } from "../../../broadcast-worker/src/metrics.js";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const SECRET_KEY = "dashboard-e2e-secret-key-0123";

export interface Platform {
  /** Management's origin, e.g. http://127.0.0.1:41234 (the dashboard is at /). */
  origin: string;
  /** The gateway's origin (webhook URLs point here). */
  gatewayOrigin: string;
  fake: FakeTelegram;
  handle: DbHandle;
  gateway: Gateway;
  /**
   * Makes an account without a password and an invite for it, as `pnpm botyard user:create` then `user:invite` do
   * (the same service calls), and resolves with the link the CLI prints.
   */
  invite(email: string): Promise<string>;
  /** Adds `n` recipients (chat ids 1..n) to a bot, with languages `en` and `de` alternating. */
  addRecipients(botId: string, n: number): Promise<void>;
  /**
   * Gives a bot two schedules as its `scheduler` calls would store them (`weekday-digest`, a cron in Asia/Tokyo, and
   * `remind:42`, a one-off in two hours) and a history: the digest's run yesterday, and `remind:41` timed out on each
   * of its three attempts half an hour ago (the Schedules tab's warning).
   */
  addSchedules(botId: string): Promise<void>;
  /** Writes what the gateway and the broadcast worker metered so far, as their 10-s flush does. */
  flushUsage(): Promise<void>;
  close(): Promise<void>;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

export async function startPlatform(): Promise<Platform> {
  const database: TestDatabase = await createTestDatabase();
  const handle = createDb(database.url, { max: 10 });
  const redis = createRedis(REDIS_URL);
  const connections: Redis[] = [];
  const names = new RedisNames(`botyard-e2e-${randomUUID()}`);
  const fake = await FakeTelegram.start();
  const telegram = new TelegramClient({ apiRoot: fake.apiRoot, timeoutMs: 3000 });
  const events = { beatMs: 25, leaseMs: 250 };

  const gatewaySubscriber = createRedis(REDIS_URL);
  connections.push(gatewaySubscriber);
  const gateway = createGateway({
    db: handle.db,
    redis,
    subscriber: gatewaySubscriber,
    names,
    secretKey: SECRET_KEY,
    telegram,
    logger: createLogger("webhook-gateway", "silent"),
    registry: createMetricsRegistry("webhook-gateway"),
    allowPrivateEgress: false,
    // A short handler time limit, so three calls of a looping handler halt the bot within the test.
    runtime: {
      limits: { memoryMb: 32, timeoutMs: 400 },
      maxLoaded: 20,
      idleMs: 60_000,
      maxConcurrentPerBot: 16,
      rate: { perSecond: 1000, burst: 1000 },
    },
    checks: { postgres: async () => true, redis: async () => true },
    events,
  });
  await gateway.ready;
  const gatewayServer = createServer(gateway.app);
  const gatewayOrigin = await listen(gatewayServer);

  const subscriber = createRedis(REDIS_URL);
  connections.push(subscriber);
  const publisher = new BotEventBus(redis, subscriber, names, { role: "publisher", ...events });
  await publisher.start();
  // The server listens first, so the app can be told its own origin (the Origin check compares with it).
  const managementServer = createServer();
  const origin = await listen(managementServer);
  const management = createManagementApp({
    db: handle.db,
    redis,
    names,
    events: publisher,
    secretKey: SECRET_KEY,
    telegram,
    logger: createLogger("management", "silent"),
    registry: createMetricsRegistry("management"),
    webhookBaseUrl: gatewayOrigin,
    checks: { postgres: async () => true, redis: async () => true },
    publicBaseUrl: origin,
    signInThrottle: { perIpEmail: 3, perEmail: 3, perIp: 50, windowMs: 60_000 },
    // A notifier bot on the fake Bot API, and webhooks on loopback: Settings → Notifications can add both.
    notifications: {
      notifier: { token: "777000:AAHnotifierBotTokenForTheE2eTests01", username: "botyard_notify_bot" },
      allowHttpWebhooks: true,
      allowPrivateWebhooks: true,
    },
  });
  managementServer.on("request", management.app);

  const worker = new BroadcastWorker({
    db: handle.db,
    redisUrl: REDIS_URL,
    names,
    secretKey: SECRET_KEY,
    telegram: new TelegramClient({ apiRoot: fake.apiRoot, timeoutMs: 3000 }),
    logger: createLogger("broadcast-worker", "silent"),
    metrics: createWorkerMetrics(createMetricsRegistry("broadcast-worker")),
    // Slow on purpose: 50 messages take about 5 s, so the progress bar is seen moving and a job can be cancelled.
    rate: 10,
    paidRate: 100,
    concurrency: 10,
    lockMs: 2000,
    maxInFlight: 10,
    sweepMs: 100,
  });
  await worker.ready();

  const close = (server: Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });

  return {
    origin,
    gatewayOrigin,
    fake,
    handle,
    gateway,
    async invite(email) {
      await management.accounts.create(email);
      return `${origin}/invite/${await management.auth.invite(email)}`;
    },
    async addRecipients(botId, n) {
      const rows = Array.from({ length: n }, (_, i) => ({
        botId,
        chatId: i + 1,
        languageCode: i % 2 === 0 ? "en" : "de",
        firstName: `Reader ${i + 1}`,
      }));
      await handle.db.insert(recipients).values(rows);
    },
    async addSchedules(botId) {
      const repository = new ScheduleRepository(handle.db);
      const bounds = { maxOncePerBot: 10, maxCronPerBot: 10 };
      const inHours = (h: number) => new Date(Math.ceil(Date.now() / 3_600_000 + h) * 3_600_000);
      const schedule = { botId, timezone: null, expression: null, payload: null };
      await repository.put(
        {
          ...schedule,
          key: "weekday-digest",
          name: "digest",
          kind: "cron",
          expression: "0 9 * * 1-5",
          timezone: "Asia/Tokyo",
          dueAt: inHours(20),
        },
        bounds,
      );
      await repository.put(
        {
          ...schedule,
          key: "remind:42",
          name: "remind",
          kind: "once",
          payload: JSON.stringify({ chatId: 42, text: "Stand up!" }),
          dueAt: inHours(2),
        },
        bounds,
      );
      const at = (minutesAgo: number, ms = 0) => new Date(Date.now() - minutesAgo * 60_000 + ms);
      const run = (
        key: string,
        name: string,
        minutesAgo: number,
        attempt: number,
        ms: number,
        error: string | null,
      ) => ({
        botId,
        key,
        name,
        scheduledAt: at(minutesAgo),
        startedAt: at(minutesAgo, 40 + attempt * 1000),
        finishedAt: at(minutesAgo, 40 + attempt * 1000 + ms),
        status: error === null ? ("ok" as const) : attempt < 3 ? ("retrying" as const) : ("failed" as const),
        attempt,
        error,
      });
      // The digest's row as a gateway leaves it after that run.
      await handle.pool.query(
        "update schedules set last_status = 'ok', last_run_at = $1 where bot_id = $2 and key = 'weekday-digest'",
        [at(24 * 60, 1222), botId],
      );
      const timedOut = "Task timed out after 3000 ms";
      await handle.db
        .insert(scheduleRuns)
        .values([
          run("weekday-digest", "digest", 24 * 60, 1, 182, null),
          run("remind:41", "remind", 30, 1, 3000, timedOut),
          run("remind:41", "remind", 30, 2, 3000, timedOut),
          run("remind:41", "remind", 30, 3, 3000, timedOut),
        ]);
    },
    async flushUsage() {
      await gateway.usage.flush();
      await worker.flushUsage();
    },
    async close() {
      await close(managementServer);
      await close(gatewayServer);
      await worker.close();
      await gateway.close();
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
}
