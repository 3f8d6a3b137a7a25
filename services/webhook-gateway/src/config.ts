/** Settings of the webhook gateway, read once at start. */
import { baseConfigSchema, loadConfig } from "@botyard/common";
import { z } from "zod";

export const gatewayConfigSchema = baseConfigSchema.extend({
  BOT_MEMORY_MB: z.coerce.number().int().min(8).max(1024).default(64),
  HANDLER_TIMEOUT_MS: z.coerce.number().int().min(10).max(120_000).default(10_000),
  ALLOW_PRIVATE_EGRESS: z.enum(["0", "1", "true", "false"]).default("0").transform((v) => v === "1" || v === "true"),
  MAX_LOADED_BOTS: z.coerce.number().int().min(1).default(5000),
  BOT_IDLE_MS: z.coerce.number().int().min(1000).default(15 * 60_000),
  BOT_MAX_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(64),
});

/** Parsed settings of the gateway. */
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

/** Reads and validates the environment. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadConfig(gatewayConfigSchema, env);
}
