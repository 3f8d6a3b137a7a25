/** Starts the broadcast worker: config, migrations, the BullMQ consumer, health/metrics, graceful shutdown. */
import express from "express";
import { closeServer, createLogger, createMetricsRegistry, createRedis, listen, onShutdownSignal, operatorRouter, pingRedis, RedisNames } from "@botyard/common";
import { createDb, pingDb, prepareDatabase } from "@botyard/db";
import { TelegramClient } from "@botyard/telegram";
import { BroadcastWorker } from "./app.js";
import { loadWorkerConfig } from "./config.js";
import { createWorkerMetrics } from "./metrics.js";

const config = loadWorkerConfig();
const logger = createLogger("broadcast-worker", config.LOG_LEVEL);
await prepareDatabase(config.DATABASE_URL);
const { db, pool } = createDb(config.DATABASE_URL, { applicationName: "botyard-broadcast-worker", max: 20 });
const redis = createRedis(config.REDIS_URL);
const registry = createMetricsRegistry("broadcast-worker");
let draining = false;

const telegram = new TelegramClient({ apiRoot: config.TELEGRAM_API_ROOT, timeoutMs: 15_000, maxSockets: 1024 });
const worker = new BroadcastWorker({
  db,
  redisUrl: config.REDIS_URL,
  names: new RedisNames(config.REDIS_PREFIX),
  secretKey: config.SECRET_KEY,
  telegram,
  logger,
  metrics: createWorkerMetrics(registry),
  rate: config.BROADCAST_RATE,
  paidRate: config.BROADCAST_PAID_RATE,
  concurrency: config.WORKER_CONCURRENCY,
  lockMs: config.BROADCAST_LOCK_MS,
  maxInFlight: config.BROADCAST_MAX_IN_FLIGHT,
});
await worker.ready();

const app = express();
app.use(operatorRouter({ registry, checks: { postgres: () => pingDb(pool), redis: () => pingRedis(redis) }, isDraining: () => draining }));
const server = await listen(app, config.WORKER_METRICS_PORT);
logger.info({ port: config.WORKER_METRICS_PORT }, "broadcast worker running");

onShutdownSignal(logger, async () => {
  draining = true;
  await worker.close();
  await closeServer(server);
  redis.disconnect();
  await telegram.close();
  await pool.end();
});
