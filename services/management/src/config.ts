/** Settings of the management service, read once at start. */
import { baseConfigSchema, flag, loadConfig } from "@botyard/common/config";
import { plansConfigShape } from "@botyard/common/plans";
import { z } from "zod";

/** A switch that is off by default, and off when set empty. */
const offSwitch = () => z.preprocess((v) => (v === "" ? undefined : v), flag("0"));

export const managementConfigSchema = baseConfigSchema.extend({
  /**
   * Turns on the operator pages (Bull Board at /admin/queues) and is their password; unset, they do not exist.
   * @see docs/operations.md#queue-dashboard
   */
  OPERATOR_TOKEN: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().min(16, "OPERATOR_TOKEN must be at least 16 characters").optional(),
  ),
  /**
   * Whether anyone may create a dashboard account (open), or only owners made by the operator CLI and invited
   * (closed). @see docs/dashboard.md#sign-up-signup
   */
  SIGNUP: z.enum(["open", "closed"], { message: "SIGNUP must be open or closed" }).default("open"),
  /**
   * Proxies whose X-Forwarded-For/-Proto management believes: express "trust proxy" syntax (loopback, CIDR list such as
   * 10.0.0.0/8, or a hop count). Behind an ingress on another address, set it so the sign-in throttle sees client IPs.
   */
  TRUST_PROXY: z.preprocess(
    (v) => (v === "" || v === undefined ? "loopback" : /^\d+$/.test(String(v)) ? Number(v) : v),
    z.union([z.number().int().min(0).max(10), z.string().min(1)]),
  ),
  /**
   * argon2 hashes and verifications at once in this process; beyond them 16 per slot wait, and the rest answer 429.
   * Default: the cores, at most libuv's pool less two (2 with the default pool of 4). @see docs/dashboard.md#passwords
   */
  ARGON2_CONCURRENCY: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(1, "ARGON2_CONCURRENCY must be 1 or more").max(64).optional(),
  ),
  /** The dashboard's public address, for invite links and the accepted Origin; default http://127.0.0.1:<port>. */
  PUBLIC_BASE_URL: z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional()),
  /**
   * The webhook gateway as management reaches it, for previews of saved versions (docs/versions.md#previews).
   * @defaultValue WEBHOOK_BASE_URL, else http://127.0.0.1:<GATEWAY_PORT>
   */
  GATEWAY_INTERNAL_URL: z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional()),
  /**
   * How long a restart with autoRollback watches the new version (docs/versions.md#automatic-rollback).
   * @defaultValue 60
   */
  BOT_AUTO_ROLLBACK_WINDOW_S: z.coerce
    .number({ message: "BOT_AUTO_ROLLBACK_WINDOW_S must be a whole number from 5 to 3600" })
    .int("BOT_AUTO_ROLLBACK_WINDOW_S must be a whole number from 5 to 3600")
    .min(5, "BOT_AUTO_ROLLBACK_WINDOW_S must be a whole number from 5 to 3600")
    .max(3600, "BOT_AUTO_ROLLBACK_WINDOW_S must be a whole number from 5 to 3600")
    .default(60),
  /**
   * The notifier bot's token: owners link a Telegram chat to it and get their notifications from it. Unset, owners can
   * add webhooks only. @see docs/notifications.md#the-notifier-bot
   */
  NOTIFIER_BOT_TOKEN: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/, "NOTIFIER_BOT_TOKEN must be a bot token as @BotFather gives it")
      .optional(),
  ),
  /** The notifier bot's username (without @), for start links. @defaultValue asked of Telegram (getMe) at start */
  NOTIFIER_BOT_USERNAME: z.preprocess(
    (v) => (v === "" ? undefined : typeof v === "string" ? v.replace(/^@/, "") : v),
    z
      .string()
      .regex(/^[A-Za-z0-9_]{5,32}$/, "NOTIFIER_BOT_USERNAME must be a bot username (5 to 32 letters, digits or _)")
      .optional(),
  ),
  /**
   * 1: owners may add notification webhooks whose host is, or resolves to, a private, loopback or link-local address
   * (a test rig, a receiver on the operator's network). @see docs/notifications.md#webhook-addresses
   * @defaultValue 0
   */
  NOTIFY_ALLOW_PRIVATE_WEBHOOKS: offSwitch(),
  /** 1: notification webhooks may be http:// (development only). @defaultValue 0 */
  NOTIFY_ALLOW_HTTP_WEBHOOKS: offSwitch(),
  /**
   * The least time between two messages about one bot and kind to an account. @see docs/notifications.md#events
   * @defaultValue 600000 (10 minutes)
   */
  NOTIFY_THROTTLE_MS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce
      .number({ message: "NOTIFY_THROTTLE_MS must be a whole number of milliseconds" })
      .int("NOTIFY_THROTTLE_MS must be a whole number of milliseconds")
      .min(1000, "NOTIFY_THROTTLE_MS must be 1000 or more")
      .max(86_400_000, "NOTIFY_THROTTLE_MS must be at most 86400000 (a day)")
      .default(600_000),
  ),
  /**
   * Waits before each retry of a failed notification, comma-separated milliseconds. @defaultValue 1000,5000,30000
   */
  NOTIFY_RETRY_DELAYS_MS: z.preprocess(
    (v) => (v === "" || v === undefined ? "1000,5000,30000" : v),
    z
      .string()
      .regex(/^\d{1,6}(,\d{1,6}){0,9}$/, "NOTIFY_RETRY_DELAYS_MS must be up to 10 comma-separated milliseconds")
      .transform((v) => v.split(",").map(Number)),
  ),
  /** The account plans and the default one. @see docs/operations.md#plans-and-quotas */
  ...plansConfigShape,
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

/** The dashboard's public base URL (no trailing slash): PUBLIC_BASE_URL, or the management port on loopback. */
export function publicBaseUrl(config: Pick<ManagementConfig, "PUBLIC_BASE_URL" | "MANAGEMENT_PORT">): string {
  return (config.PUBLIC_BASE_URL ?? `http://127.0.0.1:${config.MANAGEMENT_PORT}`).replace(/\/+$/, "");
}
