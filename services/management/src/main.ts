/** Starts the management service: config, migrations, connections, HTTP, graceful shutdown. */
import { closeServer, createLogger, createMetricsRegistry, createRedis, listen, onShutdownSignal, pingRedis, RedisNames } from "@botyard/common";
import { createDb, pingDb, prepareDatabase } from "@botyard/db";
import { TelegramClient } from "@botyard/telegram";
import { createManagementApp } from "./app.js";
import { loadManagementConfig, webhookBaseUrl } from "./config.js";

const config = loadManagementConfig();
const logger = createLogger("management", config.LOG_LEVEL);
await prepareDatabase(config.DATABASE_URL);
const { db, pool } = createDb(config.DATABASE_URL, { applicationName: "botyard-management" });
const redis = createRedis(config.REDIS_URL);
let draining = false;

const telegram = new TelegramClient({ apiRoot: config.TELEGRAM_API_ROOT, timeoutMs: 10_000 });
const { app, broadcast } = createManagementApp({
  db,
  redis,
  names: new RedisNames(config.REDIS_PREFIX),
  secretKey: config.SECRET_KEY,
  telegram,
  logger,
  registry: createMetricsRegistry("management"),
  webhookBaseUrl: webhookBaseUrl(config),
  checks: { postgres: () => pingDb(pool), redis: () => pingRedis(redis) },
  isDraining: () => draining,
});

const server = await listen(app, config.MANAGEMENT_PORT);
logger.info({ port: config.MANAGEMENT_PORT }, "management listening");

onShutdownSignal(logger, async () => {
  draining = true;
  await closeServer(server);
  await broadcast.close();
  await redis.quit().catch(() => {});
  await telegram.close();
  await pool.end();
});
