/** Settings of the management service, read once at start. */
import { baseConfigSchema, loadConfig } from "@botyard/common";
import { z } from "zod";

export const managementConfigSchema = baseConfigSchema.extend({
  /**
   * Turns on the operator pages (Bull Board at /admin/queues) and is their password; unset, they do not exist.
   * @see docs/operations.md#queue-dashboard
   */
  OPERATOR_TOKEN: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().min(16, "OPERATOR_TOKEN must be at least 16 characters").optional(),
  ),
});

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
