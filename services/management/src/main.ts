/** Starts the management service: the shared start-up (@botyard/common/service) with the management app. */
import { BotEventBus } from "@botyard/common/bot-events";
import { createRedisConnection } from "@botyard/common/redis";
import { parsePlans } from "@botyard/common/plans";
import { redisConnectionConfig } from "@botyard/common/config";
import { startService } from "@botyard/common/service";
import { TelegramClient } from "@botyard/telegram";
import { createManagementApp } from "./app.js";
import { loadManagementConfig, type ManagementConfig, publicBaseUrl, webhookBaseUrl } from "./config.js";

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
    const notifier = await notifierBot(config, telegram);
    const { app, broadcast, admin, notifications } = createManagementApp({
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
      notifications: {
        ...(notifier ? { notifier } : {}),
        allowPrivateWebhooks: config.NOTIFY_ALLOW_PRIVATE_WEBHOOKS,
        allowHttpWebhooks: config.NOTIFY_ALLOW_HTTP_WEBHOOKS,
        throttleMs: config.NOTIFY_THROTTLE_MS,
        retryDelaysMs: config.NOTIFY_RETRY_DELAYS_MS,
      },
    });
    notifications.dispatcher.start();
    notifications.notifierBot?.start();
    return {
      app,
      release: [
        ["notifications", () => notifications.dispatcher.close()],
        ["notifier bot", async () => notifications.notifierBot?.close()],
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

/**
 * The notifier bot from NOTIFIER_BOT_TOKEN, its username from NOTIFIER_BOT_USERNAME or else asked of Telegram; none
 * when the token is unset (docs/notifications.md#the-notifier-bot).
 */
async function notifierBot(
  config: ManagementConfig,
  telegram: TelegramClient,
): Promise<{ token: string; username: string } | undefined> {
  const token = config.NOTIFIER_BOT_TOKEN;
  if (!token) return undefined;
  if (config.NOTIFIER_BOT_USERNAME) return { token, username: config.NOTIFIER_BOT_USERNAME };
  const me = await telegram.call<{ username?: string }>(token, "getMe");
  if (!me.username) throw new Error("the notifier bot has no username; set NOTIFIER_BOT_USERNAME");
  return { token, username: me.username };
}
