/** Starts the webhook gateway: the shared start-up (@botyard/common/service) with the gateway and its bot store. */
import { createRedisConnection } from "@botyard/common/redis";
import { parsePlans } from "@botyard/common/plans";
import { redisConnectionConfig } from "@botyard/common/config";
import { startService } from "@botyard/common/service";
import { createDb } from "@botyard/db";
import { TelegramClient } from "@botyard/telegram";
import { createGateway } from "./app.js";
import { devicesWithout } from "./runtime/devices.js";
import { loadGatewayConfig } from "./config.js";

const config = loadGatewayConfig();
const plans = parsePlans(config.PLANS, config.DEFAULT_PLAN);
await startService({
  name: "webhook-gateway",
  config,
  port: config.GATEWAY_PORT,
  poolSize: 10,
  listening: "webhook gateway listening",
  async wire({ db, redis, names, logger, registry, checks, isDraining }) {
    // Bot code's db.operation calls get a pool of their own (see GatewayDeps.storePool).
    const store = createDb(config.DATABASE_URL, {
      applicationName: "botyard-bot-store",
      max: config.DOCSTORE_POOL_SIZE,
    });
    // The bot-event subscriber has a connection of its own (a subscribed connection takes no other commands).
    const subscriber = createRedisConnection(redisConnectionConfig(config));
    const telegram = new TelegramClient({ apiRoot: config.TELEGRAM_API_ROOT, timeoutMs: 10_000 });
    const gateway = createGateway({
      db,
      storePool: store.pool,
      storeLimits: {
        maxDocsPerCollection: config.DOCSTORE_MAX_DOCS_PER_COLLECTION,
        maxBytesPerBot: config.DOCSTORE_MAX_BYTES_PER_BOT,
        statementTimeoutMs: config.DOCSTORE_STATEMENT_TIMEOUT_MS,
        maxIndexesPerBot: config.DOCSTORE_MAX_INDEXES,
      },
      redis,
      subscriber,
      names,
      secretKey: config.SECRET_KEY,
      telegram,
      logger,
      registry,
      allowPrivateEgress: config.ALLOW_PRIVATE_EGRESS,
      runtime: {
        limits: { memoryMb: config.BOT_MEMORY_MB, timeoutMs: config.HANDLER_TIMEOUT_MS },
        maxLoaded: config.MAX_LOADED_BOTS,
        idleMs: config.BOT_IDLE_MS,
        maxConcurrentPerBot: config.BOT_MAX_CONCURRENCY,
        rate: { perSecond: config.BOT_RATE_LIMIT, burst: config.BOT_RATE_BURST },
        cpu: { msPerSecond: config.BOT_CPU_MS_PER_SECOND, burstMs: config.BOT_CPU_BURST_MS },
        plans,
        memory: { gatewayMb: config.GATEWAY_MEMORY_MB, botHostMb: config.BOT_HOST_MEMORY_MB },
        devices: devicesWithout(config.GATEWAY_DEVICES_OFF),
      },
      usage: { enabled: config.USAGE_METERING, flushMs: config.USAGE_FLUSH_MS },
      schedules: {
        limits: {
          minIntervalS: config.SCHEDULE_MIN_INTERVAL_S,
          maxOncePerBot: config.SCHEDULE_MAX_ONCE_PER_BOT,
          maxCronPerBot: config.SCHEDULE_MAX_CRON_PER_BOT,
        },
        firing: config.SCHEDULE_FIRING && {
          pollMs: config.SCHEDULE_POLL_MS,
          maxAttempts: config.SCHEDULE_MAX_ATTEMPTS,
          retryMs: config.SCHEDULE_RETRY_MS,
          ...(config.SCHEDULE_LEASE_MS === undefined ? {} : { leaseMs: config.SCHEDULE_LEASE_MS }),
        },
      },
      versionsKept: config.BOT_VERSIONS_KEPT,
      checks,
      isDraining,
    });
    await gateway.ready;
    return {
      app: gateway.app,
      logFields: {
        allowPrivateEgress: config.ALLOW_PRIVATE_EGRESS,
        memoryMb: config.GATEWAY_MEMORY_MB,
        memoryFrom: config.GATEWAY_MEMORY_FROM,
      },
      release: [
        ["gateway runtime", () => gateway.close()],
        ["bot-event subscriber", () => subscriber.disconnect()],
      ],
      releaseLast: [
        ["bot store pool", () => store.pool.end()],
        // Last: it waits for Bot API calls still under way, which only a request cut at the grace can leave behind.
        ["telegram client", () => telegram.close()],
      ],
    };
  },
});
