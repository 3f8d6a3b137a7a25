/** Starts the broadcast worker: config, migrations, the BullMQ consumer, health/metrics, graceful shutdown. */
import express from "express";
import {
  boundPort,
  createLogger,
  createMetricsRegistry,
  createRedisConnection,
  failFastRedisOptions,
  Lifecycle,
  operatorRouter,
  pingRedis,
  RedisNames,
  redisConnectionConfig,
} from "@botyard/common";
import { createDb, pingDb, prepareDatabase } from "@botyard/db";
import { TelegramClient } from "@botyard/telegram";
import { BroadcastWorker } from "./app.js";
import { loadWorkerConfig } from "./config.js";
import { createWorkerMetrics } from "./metrics.js";

const config = loadWorkerConfig();
const logger = createLogger("broadcast-worker", config.LOG_LEVEL);
const lifecycle = new Lifecycle({ logger, graceMs: config.SHUTDOWN_GRACE_MS });
await prepareDatabase(config.DATABASE_URL);
const { db, pool } = createDb(config.DATABASE_URL, { applicationName: "botyard-broadcast-worker", max: 20 });
// Only the readiness check uses this one; the worker opens its own (blocking) connections.
const redis = createRedisConnection(redisConnectionConfig(config), failFastRedisOptions);
const registry = createMetricsRegistry("broadcast-worker");

const telegram = new TelegramClient({ apiRoot: config.TELEGRAM_API_ROOT, timeoutMs: 15_000, maxSockets: 1024 });
const worker = new BroadcastWorker({
  db,
  redisUrl: config.REDIS_URL,
  redisCluster: config.REDIS_CLUSTER,
  names: new RedisNames(config.REDIS_PREFIX),
  secretKey: config.SECRET_KEY,
  telegram,
  logger,
  metrics: createWorkerMetrics(registry),
  rate: config.BROADCAST_RATE,
  paidRate: config.BROADCAST_PAID_RATE,
  concurrency: config.WORKER_CONCURRENCY,
  lockMs: config.BROADCAST_LOCK_MS,
  leaseMs: config.BROADCAST_LEASE_MS,
  maxInFlight: config.BROADCAST_MAX_IN_FLIGHT,
  usage: { flushMs: config.USAGE_FLUSH_MS },
});
await worker.ready();

const app = express();
app.use(
  operatorRouter({
    registry,
    checks: { postgres: () => pingDb(pool), redis: () => pingRedis(redis) },
    isDraining: lifecycle.isDraining,
  }),
);
const server = await lifecycle.listen(app, config.WORKER_METRICS_PORT);
logger.info({ port: boundPort(server) }, "broadcast worker running");

lifecycle.onSignal({
  // Hands running broadcasts back with their progress saved; another replica (or the next start) resumes them.
  stopWork: () => worker.close(),
  release: [
    ["redis", () => redis.disconnect()],
    ["postgres pool", () => pool.end()],
    // Last: it waits for sends still under way, which only a run cut at the grace can leave behind.
    ["telegram client", () => telegram.close()],
  ],
});
