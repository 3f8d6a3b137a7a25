/**
 * The gateway's runtime for a process of another kind: the bot author's kit (packages/dev-kit) runs one bot on an
 * author's machine with these very parts (the isolate, its limits, the document store, the webhook and intake
 * routes), wired without Redis, metrics scraping or the service's start-up. Nothing here is a second implementation:
 * each export is the gateway's own, and {@link gatewaySettings} reads the gateway's defaults from its config schema,
 * so a limit changed there changes locally too.
 *
 * @see docs/bot-runtime.md
 */
import { parsePlans, type Plans } from "@botyard/common/plans";
import type { DocumentStoreLimits } from "@botyard/docstore";
import { gatewayConfigSchema } from "./config.js";
import type { RuntimeOptions } from "./runtime/bot-runtime.js";
import { DEFAULT_SCHEDULE_LIMITS, type ScheduleLimits } from "./schedules/schedule-service.js";
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

/** The settings a gateway started with no variables set runs bots with (src/main.ts maps them the same way). */
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
    runtime: {
      limits: { memoryMb: config.BOT_MEMORY_MB, timeoutMs: config.HANDLER_TIMEOUT_MS },
      maxLoaded: config.MAX_LOADED_BOTS,
      idleMs: config.BOT_IDLE_MS,
      maxConcurrentPerBot: config.BOT_MAX_CONCURRENCY,
      rate: { perSecond: config.BOT_RATE_LIMIT, burst: config.BOT_RATE_BURST },
      cpu: { msPerSecond: config.BOT_CPU_MS_PER_SECOND, burstMs: config.BOT_CPU_BURST_MS },
      plans,
      ...(config.BOT_HOST_MEMORY_MB === undefined ? {} : { memory: { botHostMb: config.BOT_HOST_MEMORY_MB } }),
    },
    storeLimits: {
      maxDocsPerCollection: config.DOCSTORE_MAX_DOCS_PER_COLLECTION,
      maxBytesPerBot: config.DOCSTORE_MAX_BYTES_PER_BOT,
      statementTimeoutMs: config.DOCSTORE_STATEMENT_TIMEOUT_MS,
      maxIndexesPerBot: config.DOCSTORE_MAX_INDEXES,
    },
    storePoolSize: config.DOCSTORE_POOL_SIZE,
    schedules: {
      limits: {
        ...DEFAULT_SCHEDULE_LIMITS,
        minIntervalS: config.SCHEDULE_MIN_INTERVAL_S,
        maxOncePerBot: config.SCHEDULE_MAX_ONCE_PER_BOT,
        maxCronPerBot: config.SCHEDULE_MAX_CRON_PER_BOT,
      },
      firing: {
        pollMs: config.SCHEDULE_POLL_MS,
        maxAttempts: config.SCHEDULE_MAX_ATTEMPTS,
        retryMs: config.SCHEDULE_RETRY_MS,
      },
    },
    plans,
    allowPrivateEgress: config.ALLOW_PRIVATE_EGRESS,
  };
}
