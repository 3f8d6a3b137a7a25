/** Settings of the management service, read once at start. */
import { baseConfigSchema, loadConfig } from "@botyard/common";
import type { z } from "zod";

export const managementConfigSchema = baseConfigSchema;

/** Parsed settings of the management service. */
export type ManagementConfig = z.infer<typeof managementConfigSchema>;

/** Reads and validates the environment. */
export function loadManagementConfig(env: NodeJS.ProcessEnv = process.env): ManagementConfig {
  return loadConfig(managementConfigSchema, env);
}

/** Public base URL of the gateway, used as the Telegram webhook address. */
export function webhookBaseUrl(config: ManagementConfig): string {
  return (config.WEBHOOK_BASE_URL ?? `http://127.0.0.1:${config.GATEWAY_PORT}`).replace(/\/+$/, "");
}
