/**
 * What the gateway's variables mean for its parts: the runtime's options, the document store's limits and the
 * scheduled runs' settings, mapped in one place. src/main.ts maps the deployed gateway's config with these, and
 * src/embed.ts the author's kit's (packages/dev-kit), so a bot runs under the same limits in both.
 *
 * @see docs/bot-runtime.md#limits
 */
import type { Plans } from "@botyard/common/plans";
import type { DocumentStoreLimits } from "@botyard/docstore";
import type { z } from "zod";
import type { gatewayConfigSchema } from "./config.js";
import type { RuntimeOptions } from "./runtime/bot-runtime.js";
import { devicesWithout } from "./runtime/devices.js";
import type { FirerOptions } from "./schedules/schedule-firer.js";
import { DEFAULT_SCHEDULE_LIMITS, type ScheduleLimits } from "./schedules/schedule-service.js";

type Parsed = z.output<typeof gatewayConfigSchema>;

/** The variables the runtime's options come from; the memory budgets and devices may be left out (their defaults). */
export type RuntimeSettingsSource = Pick<
  Parsed,
  | "BOT_MEMORY_MB"
  | "HANDLER_TIMEOUT_MS"
  | "MAX_LOADED_BOTS"
  | "BOT_IDLE_MS"
  | "BOT_MAX_CONCURRENCY"
  | "BOT_RATE_LIMIT"
  | "BOT_RATE_BURST"
  | "BOT_CPU_MS_PER_SECOND"
  | "BOT_CPU_BURST_MS"
> &
  Partial<Pick<Parsed, "GATEWAY_DEVICES_OFF">> & { GATEWAY_MEMORY_MB?: number; BOT_HOST_MEMORY_MB?: number };

/** The bot runtime's options (runtime/bot-runtime.ts) from the gateway's variables. */
export function runtimeOptionsOf(config: RuntimeSettingsSource, plans: Plans): RuntimeOptions {
  return {
    limits: { memoryMb: config.BOT_MEMORY_MB, timeoutMs: config.HANDLER_TIMEOUT_MS },
    maxLoaded: config.MAX_LOADED_BOTS,
    idleMs: config.BOT_IDLE_MS,
    maxConcurrentPerBot: config.BOT_MAX_CONCURRENCY,
    rate: { perSecond: config.BOT_RATE_LIMIT, burst: config.BOT_RATE_BURST },
    cpu: { msPerSecond: config.BOT_CPU_MS_PER_SECOND, burstMs: config.BOT_CPU_BURST_MS },
    plans,
    // An unset budget takes the runtime's default (runtime/bot-runtime.ts).
    memory: { gatewayMb: config.GATEWAY_MEMORY_MB, botHostMb: config.BOT_HOST_MEMORY_MB },
    devices: devicesWithout(config.GATEWAY_DEVICES_OFF ?? []),
  };
}

/** The document store's limits from the gateway's variables. */
export function storeLimitsOf(
  config: Pick<
    Parsed,
    | "DOCSTORE_MAX_DOCS_PER_COLLECTION"
    | "DOCSTORE_MAX_BYTES_PER_BOT"
    | "DOCSTORE_STATEMENT_TIMEOUT_MS"
    | "DOCSTORE_MAX_INDEXES"
  >,
): Partial<DocumentStoreLimits> {
  return {
    maxDocsPerCollection: config.DOCSTORE_MAX_DOCS_PER_COLLECTION,
    maxBytesPerBot: config.DOCSTORE_MAX_BYTES_PER_BOT,
    statementTimeoutMs: config.DOCSTORE_STATEMENT_TIMEOUT_MS,
    maxIndexesPerBot: config.DOCSTORE_MAX_INDEXES,
  };
}

/** What bot code may schedule, and how the firing loop runs, from the gateway's variables. */
export function scheduleSettingsOf(
  config: Pick<
    Parsed,
    | "SCHEDULE_MIN_INTERVAL_S"
    | "SCHEDULE_MAX_ONCE_PER_BOT"
    | "SCHEDULE_MAX_CRON_PER_BOT"
    | "SCHEDULE_MAX_ATTEMPTS"
    | "SCHEDULE_RETRY_MS"
    | "SCHEDULE_POLL_MS"
  > &
    Partial<Pick<Parsed, "SCHEDULE_LEASE_MS">>,
): { limits: ScheduleLimits; firing: Partial<FirerOptions> } {
  return {
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
      ...(config.SCHEDULE_LEASE_MS === undefined ? {} : { leaseMs: config.SCHEDULE_LEASE_MS }),
    },
  };
}
