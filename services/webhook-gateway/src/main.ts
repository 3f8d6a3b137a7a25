/** Starts the webhook gateway: config, migrations, connections, HTTP, graceful shutdown. */
import { closeServer, createLogger, createMetricsRegistry, createRedis, listen, onShutdownSignal, pingRedis, RedisNames } from "@botyard/common";
import { createDb, pingDb, prepareDatabase } from "@botyard/db";
import { TelegramClient } from "@botyard/telegram";
import { createGateway } from "./app.js";
import { loadGatewayConfig } from "./config.js";

const config = loadGatewayConfig();
const logger = createLogger("webhook-gateway", config.LOG_LEVEL);
await prepareDatabase(config.DATABASE_URL);
const { db, pool } = createDb(config.DATABASE_URL, { applicationName: "botyard-webhook-gateway", max: 20 });
const redis = createRedis(config.REDIS_URL);
let draining = false;

const telegram = new TelegramClient({ apiRoot: config.TELEGRAM_API_ROOT, timeoutMs: 10_000 });
const gateway = createGateway({
  db,
  redis,
  redisUrl: config.REDIS_URL,
  names: new RedisNames(config.REDIS_PREFIX),
  secretKey: config.SECRET_KEY,
  telegram,
  logger,
  registry: createMetricsRegistry("webhook-gateway"),
  allowPrivateEgress: config.ALLOW_PRIVATE_EGRESS,
  runtime: {
    limits: { memoryMb: config.BOT_MEMORY_MB, timeoutMs: config.HANDLER_TIMEOUT_MS },
    maxLoaded: config.MAX_LOADED_BOTS,
    idleMs: config.BOT_IDLE_MS,
    maxConcurrentPerBot: config.BOT_MAX_CONCURRENCY,
    rowTtlMs: 1000,
  },
  checks: { postgres: () => pingDb(pool), redis: () => pingRedis(redis) },
  isDraining: () => draining,
});
await gateway.ready;
const server = await listen(gateway.app, config.GATEWAY_PORT);
logger.info({ port: config.GATEWAY_PORT, allowPrivateEgress: config.ALLOW_PRIVATE_EGRESS }, "webhook gateway listening");

onShutdownSignal(logger, async () => {
  draining = true;
  await closeServer(server);
  await gateway.close();
  redis.disconnect();
  await telegram.close();
  await pool.end();
});
