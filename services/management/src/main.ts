/** Starts the management service: the shared start-up (@botyard/common/service) with the management app. */
import { BotEventBus } from "@botyard/common/bot-events";
import { createRedisConnection } from "@botyard/common/redis";
import { parsePlans } from "@botyard/common/plans";
import { redisConnectionConfig } from "@botyard/common/config";
import { startService } from "@botyard/common/service";
import { TelegramClient } from "@botyard/telegram";
import { createManagementApp } from "./app.js";
import { loadManagementConfig, publicBaseUrl, webhookBaseUrl } from "./config.js";

const config = loadManagementConfig();
await startService({
  name: "management",
  config,
  port: config.MANAGEMENT_PORT,
  listening: "management listening",
  async wire({ db, redis, names, logger, registry, checks, isDraining }) {
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
      registry,
      webhookBaseUrl: webhookBaseUrl(config),
      plans: parsePlans(config.PLANS, config.DEFAULT_PLAN),
      versionsKept: config.BOT_VERSIONS_KEPT,
      autoRollbackWindowS: config.BOT_AUTO_ROLLBACK_WINDOW_S,
      ...(config.GATEWAY_INTERNAL_URL !== undefined ? { gatewayInternalUrl: config.GATEWAY_INTERNAL_URL } : {}),
      checks,
      isDraining,
      operatorToken: config.OPERATOR_TOKEN,
      signup: config.SIGNUP,
      publicBaseUrl: publicBaseUrl(config),
      trustProxy: config.TRUST_PROXY,
      ...(config.ARGON2_CONCURRENCY !== undefined ? { argon2: { concurrency: config.ARGON2_CONCURRENCY } } : {}),
    });
    return {
      app,
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
      ],
      // Last: it waits for Bot API calls still under way, which only a request cut at the grace can leave behind.
      releaseLast: [["telegram client", () => telegram.close()]],
    };
  },
});
