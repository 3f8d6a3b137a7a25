/** Starts the broadcast worker: the shared start-up (@botyard/common/service) with the BullMQ consumer. */
import express from "express";
import { operatorRouter, startService } from "@botyard/common/service";
import { TelegramClient } from "@botyard/telegram";
import { BroadcastWorker } from "./app.js";
import { loadWorkerConfig } from "./config.js";
import { createWorkerMetrics } from "./metrics.js";

const config = loadWorkerConfig();
await startService({
  name: "broadcast-worker",
  config,
  port: config.WORKER_METRICS_PORT,
  poolSize: 20,
  listening: "broadcast worker running",
  async wire({ db, names, logger, registry, checks, isDraining }) {
    // The shared Redis connection serves only the readiness check; the worker opens its own (blocking) connections.
    const telegram = new TelegramClient({ apiRoot: config.TELEGRAM_API_ROOT, timeoutMs: 15_000, maxSockets: 1024 });
    const worker = new BroadcastWorker({
      db,
      redisUrl: config.REDIS_URL,
      redisCluster: config.REDIS_CLUSTER,
      names,
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
    app.use(operatorRouter({ registry, checks, isDraining }));
    return {
      app,
      // Hands running broadcasts back with their progress saved; another replica (or the next start) resumes them.
      stopWork: () => worker.close(),
      // Last: it waits for sends still under way, which only a run cut at the grace can leave behind.
      releaseLast: [["telegram client", () => telegram.close()]],
    };
  },
});
