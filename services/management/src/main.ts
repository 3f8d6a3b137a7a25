/** Starts the management service: config, migrations, connections, HTTP, graceful shutdown. */
import {
  BotEventBus,
  boundPort,
  createLogger,
  createMetricsRegistry,
  createRedisConnection,
  failFastRedisOptions,
  Lifecycle,
  parsePlans,
  pingRedis,
  RedisNames,
  redisConnectionConfig,
} from "@botyard/common";
import { createDb, pingDb, prepareDatabase } from "@botyard/db";
import { TelegramClient } from "@botyard/telegram";
import { createManagementApp } from "./app.js";
import { loadManagementConfig, publicBaseUrl, webhookBaseUrl } from "./config.js";

const config = loadManagementConfig();
const logger = createLogger("management", config.LOG_LEVEL);
const lifecycle = new Lifecycle({ logger, graceMs: config.SHUTDOWN_GRACE_MS });
await prepareDatabase(config.DATABASE_URL);
const { db, pool } = createDb(config.DATABASE_URL, { applicationName: "botyard-management" });
// Every use of Redis here is on a request path: fail at once while it is away (503), never wait for it.
const redis = createRedisConnection(redisConnectionConfig(config), failFastRedisOptions);
const names = new RedisNames(config.REDIS_PREFIX);
// The bot-event subscription has a connection of its own (a subscribed connection takes no other commands).
const subscriber = createRedisConnection(redisConnectionConfig(config));
const events = new BotEventBus(redis, subscriber, names, { role: "publisher" });
await events.start();

const telegram = new TelegramClient({ apiRoot: config.TELEGRAM_API_ROOT, timeoutMs: 10_000 });
const { app, broadcast, admin } = createManagementApp({
  db,
  redis,
  names,
  events,
  secretKey: config.SECRET_KEY,
  telegram,
  logger,
  registry: createMetricsRegistry("management"),
  webhookBaseUrl: webhookBaseUrl(config),
  plans: parsePlans(config.PLANS, config.DEFAULT_PLAN),
  versionsKept: config.BOT_VERSIONS_KEPT,
  checks: { postgres: () => pingDb(pool), redis: () => pingRedis(redis) },
  isDraining: lifecycle.isDraining,
  operatorToken: config.OPERATOR_TOKEN,
  signup: config.SIGNUP,
  publicBaseUrl: publicBaseUrl(config),
  trustProxy: config.TRUST_PROXY,
  ...(config.ARGON2_CONCURRENCY !== undefined ? { argon2: { concurrency: config.ARGON2_CONCURRENCY } } : {}),
});

const server = await lifecycle.listen(app, config.MANAGEMENT_PORT);
logger.info({ port: boundPort(server) }, "management listening");

lifecycle.onSignal({
  release: [
    ["broadcast queue", () => broadcast.close()],
    ["operator pages", async () => admin?.close()],
    [
      "bot events",
      async () => {
        await events.close();
        subscriber.disconnect();
      },
    ],
    [
      "redis",
      () =>
        redis.quit().then(
          () => undefined,
          () => redis.disconnect(),
        ),
    ],
    ["postgres pool", () => pool.end()],
    // Last: it waits for Bot API calls still under way, which only a request cut at the grace can leave behind.
    ["telegram client", () => telegram.close()],
  ],
});
