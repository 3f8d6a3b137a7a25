/** Starts the webhook gateway: the shared start-up (@botyard/common/service) with the gateway and its bot store. */
import { createRedisConnection } from "@botyard/common/redis";
import { parsePlans } from "@botyard/common/plans";
import { redisConnectionConfig } from "@botyard/common/config";
import { startService } from "@botyard/common/service";
import { createDb } from "@botyard/db";
import { markSingleSession } from "@botyard/docstore";
import { TelegramClient } from "@botyard/telegram";
import { createGateway } from "./app.js";
import { loadGatewayConfig } from "./config.js";
import { runtimeOptionsOf, scheduleSettingsOf, storeLimitsOf } from "./settings.js";

const config = loadGatewayConfig();
const plans = parsePlans(config.PLANS, config.DEFAULT_PLAN);
const schedules = scheduleSettingsOf(config);
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
    if (config.DATABASE_SINGLE_SESSION) markSingleSession(store.pool);
    // The bot-event subscriber has a connection of its own (a subscribed connection takes no other commands).
    const subscriber = createRedisConnection(redisConnectionConfig(config));
    const telegram = new TelegramClient({ apiRoot: config.TELEGRAM_API_ROOT, timeoutMs: 10_000 });
    const gateway = createGateway({
      db,
      storePool: store.pool,
      storeLimits: storeLimitsOf(config),
      redis,
      subscriber,
      names,
      secretKey: config.SECRET_KEY,
      telegram,
      logger,
      registry,
      allowPrivateEgress: config.ALLOW_PRIVATE_EGRESS,
      runtime: runtimeOptionsOf(config, plans),
      usage: { enabled: config.USAGE_METERING, flushMs: config.USAGE_FLUSH_MS },
      schedules: {
        limits: schedules.limits,
        firing: config.SCHEDULE_FIRING && schedules.firing,
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
