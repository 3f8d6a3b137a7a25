/**
 * The gateway's runtime for a process of another kind: the bot author's kit (packages/dev-kit) runs one bot on an
 * author's machine with these very parts (the isolate, its limits, the document store, the webhook and intake
 * routes), wired without Redis, metrics scraping or the service's start-up. Nothing here is a second implementation:
 * each export is the gateway's own, and {@link gatewaySettings} reads the gateway's defaults from its config schema
 * and maps them as the gateway does (src/settings.ts), so a limit changed there changes locally too.
 *
 * @see docs/bot-runtime.md
 */
import { parsePlans, type Plans } from "@botyard/common/plans";
import type { DocumentStoreLimits } from "@botyard/docstore";
import { gatewayConfigSchema } from "./config.js";
import { runtimeOptionsOf, scheduleSettingsOf, storeLimitsOf } from "./settings.js";
import type { RuntimeOptions } from "./runtime/bot-runtime.js";
import type { ScheduleLimits } from "./schedules/schedule-service.js";
import type { FirerOptions } from "./schedules/schedule-firer.js";

export { defaultFirerOptions, gatewayErrorBody } from "./app.js";
export { BotLogWriter } from "./bots/bot-log.js";
export { GatewayRepository } from "./bots/gateway-repository.js";
export { HALT_AFTER_HITS, HALT_WINDOW_MS } from "./bots/halt-tracker.js";
export { customWebhookRoute, WEBHOOK_BODY_LIMIT } from "./routes/custom-webhook.js";
export { gatewayDispatcher } from "./routes/dispatch.js";
export { telegramIntakeRoute } from "./routes/telegram-intake.js";
export { BotRuntime, type RuntimeDeps, type RuntimeOptions } from "./runtime/bot-runtime.js";
export { Egress } from "./runtime/egress.js";
export { ScheduleFirer } from "./schedules/schedule-firer.js";
export { ScheduleService } from "./schedules/schedule-service.js";

/** The settings a gateway started with no variables set runs bots with (src/settings.ts maps them, as in main.ts). */
export interface GatewaySettings {
  runtime: RuntimeOptions;
  storeLimits: Partial<DocumentStoreLimits>;
  /** Connections of the bot store's pool. */
  storePoolSize: number;
  schedules: { limits: ScheduleLimits; firing: Partial<FirerOptions> };
  plans: Plans;
  /** ALLOW_PRIVATE_EGRESS: bot code may call loopback and private addresses. */
  allowPrivateEgress: boolean;
}

/** The gateway's settings from `env` (its variables, as main.ts reads them); every one unset takes its default. */
export function gatewaySettings(env: Record<string, string | undefined> = {}): GatewaySettings {
  const config = gatewayConfigSchema
    .pick({
      BOT_MEMORY_MB: true,
      BOT_HOST_MEMORY_MB: true,
      HANDLER_TIMEOUT_MS: true,
      ALLOW_PRIVATE_EGRESS: true,
      MAX_LOADED_BOTS: true,
      BOT_IDLE_MS: true,
      BOT_MAX_CONCURRENCY: true,
      BOT_RATE_LIMIT: true,
      BOT_RATE_BURST: true,
      BOT_CPU_MS_PER_SECOND: true,
      BOT_CPU_BURST_MS: true,
      DOCSTORE_MAX_DOCS_PER_COLLECTION: true,
      DOCSTORE_MAX_BYTES_PER_BOT: true,
      DOCSTORE_STATEMENT_TIMEOUT_MS: true,
      DOCSTORE_MAX_INDEXES: true,
      DOCSTORE_POOL_SIZE: true,
      SCHEDULE_MIN_INTERVAL_S: true,
      SCHEDULE_MAX_ONCE_PER_BOT: true,
      SCHEDULE_MAX_CRON_PER_BOT: true,
      SCHEDULE_MAX_ATTEMPTS: true,
      SCHEDULE_RETRY_MS: true,
      SCHEDULE_POLL_MS: true,
      PLANS: true,
      DEFAULT_PLAN: true,
    })
    .parse(env);
  const plans = parsePlans(config.PLANS, config.DEFAULT_PLAN);
  return {
    runtime: runtimeOptionsOf(config, plans),
    storeLimits: storeLimitsOf(config),
    storePoolSize: config.DOCSTORE_POOL_SIZE,
    schedules: scheduleSettingsOf(config),
    plans,
    allowPrivateEgress: config.ALLOW_PRIVATE_EGRESS,
  };
}
