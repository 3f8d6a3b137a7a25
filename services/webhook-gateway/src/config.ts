/** Settings of the webhook gateway, read once at start. */
import { baseConfigSchema, loadConfig, plansConfigShape } from "@botyard/common";
import { z } from "zod";

export const gatewayConfigSchema = baseConfigSchema.extend({
  BOT_MEMORY_MB: z.coerce.number().int().min(8).max(1024).default(64),
  HANDLER_TIMEOUT_MS: z.coerce.number().int().min(10).max(120_000).default(10_000),
  ALLOW_PRIVATE_EGRESS: z
    .enum(["0", "1", "true", "false"])
    .default("0")
    .transform((v) => v === "1" || v === "true"),
  MAX_LOADED_BOTS: z.coerce.number().int().min(1).default(5000),
  BOT_IDLE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(15 * 60_000),
  BOT_MAX_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(64),
  /** Requests per second one bot may take on one replica (custom webhooks and Telegram updates); over it, 429. */
  BOT_RATE_LIMIT: z.coerce.number().min(1).max(100_000).default(500),
  /** Requests a bot may take at once above its rate, after a quiet spell. */
  BOT_RATE_BURST: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** CPU milliseconds per second one bot may use on average on one replica (runtime/cpu-budget.ts); over it, 429. */
  BOT_CPU_MS_PER_SECOND: z.coerce.number().min(1).max(100_000).default(250),
  /** CPU milliseconds a bot may use at once above that rate, after a quiet spell. */
  BOT_CPU_BURST_MS: z.coerce.number().min(1).max(10_000_000).default(2000),
  /** Documents one bot collection may hold. */
  DOCSTORE_MAX_DOCS_PER_COLLECTION: z.coerce.number().int().min(1).default(1_000_000),
  /** Bytes of documents one bot may store. */
  DOCSTORE_MAX_BYTES_PER_BOT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024 * 1024),
  /** Longest a bot's database statement may run. */
  DOCSTORE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(2000),
  /** createIndex indexes one bot may have. */
  DOCSTORE_MAX_INDEXES: z.coerce.number().int().min(0).max(100).default(5),
  /** Connections of the pool bot db.operation calls share (each bot takes at most 4 at once). */
  DOCSTORE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(16),
  /** 0: count no usage and write none (docs/operations.md#usage-metering); the benchmark's switch. */
  USAGE_METERING: z
    .enum(["0", "1", "true", "false"])
    .default("1")
    .transform((v) => v === "1" || v === "true"),
  /** Time between usage flushes: at most this much counting is lost when a replica dies. */
  USAGE_FLUSH_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  ...plansConfigShape,
});

/** Parsed settings of the gateway. */
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

/** Reads and validates the environment. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadConfig(gatewayConfigSchema, env);
}
