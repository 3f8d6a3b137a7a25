/**
 * Settings shared by every service, read once from the environment at start and validated. Each service extends the
 * schema with its own variables through {@link loadConfig}.
 */
import { z } from "zod";
import { redisUrlProblem, type RedisConnectionConfig } from "../redis/redis-connection.js";
import { withLocalSecretKey } from "./secret-key.js";

/** The platform's defaults (the configuration table of README.md and docs/operations.md). */
export const defaults = {
  databaseUrl: "postgres://postgres@127.0.0.1:5432/botyard",
  redisUrl: "redis://127.0.0.1:6379",
  telegramApiRoot: "https://api.telegram.org",
  managementPort: 3000,
  gatewayPort: 3001,
  workerMetricsPort: 3002,
  broadcastRate: 30,
  broadcastPaidRate: 1000,
  shutdownGraceMs: 5000,
} as const;

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** A switch variable: `1` or `true` is on, `0` or `false` off, unset `fallback`. */
export const flag = (fallback: "0" | "1") =>
  z
    .enum(["0", "1", "true", "false"], { message: "must be 0 or 1" })
    .default(fallback)
    .transform((v) => v === "1" || v === "true");

/** Variables every service reads. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.string().default("development"),
  DATABASE_URL: z.string().min(1).default(defaults.databaseUrl),
  REDIS_URL: z.string().min(1).default(defaults.redisUrl),
  /**
   * 1: REDIS_URL names seed nodes of a Redis Cluster (comma-separated). @see docs/operations.md#redis-cluster
   * @defaultValue 0
   */
  REDIS_CLUSTER: flag("0"),
  /** Prefix of every Redis key and channel, so several deployments (or test runs) can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]+$/)
    .default("botyard"),
  TELEGRAM_API_ROOT: z
    .string()
    .url()
    .default(defaults.telegramApiRoot)
    .transform((s) => s.replace(/\/+$/, "")),
  SECRET_KEY: z.string().min(16, "SECRET_KEY must be at least 16 characters"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  MANAGEMENT_PORT: port(defaults.managementPort),
  GATEWAY_PORT: port(defaults.gatewayPort),
  WORKER_METRICS_PORT: port(defaults.workerMetricsPort),
  WEBHOOK_BASE_URL: z.string().url().optional(),
  BROADCAST_RATE: z.coerce.number().min(1).max(40).default(defaults.broadcastRate),
  BROADCAST_PAID_RATE: z.coerce.number().min(1).max(1000).default(defaults.broadcastPaidRate),
  /**
   * Versions of its code each bot keeps; older ones are deleted as new ones are written, never the running one
   * (management's saves and rollbacks, the gateway's automatic rollbacks).
   * @see docs/versions.md#pruning
   * @defaultValue 100
   */
  BOT_VERSIONS_KEPT: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce
      .number({ message: "BOT_VERSIONS_KEPT must be a whole number from 1 to 100000" })
      .int("BOT_VERSIONS_KEPT must be a whole number from 1 to 100000")
      .min(1, "BOT_VERSIONS_KEPT must be a whole number from 1 to 100000")
      .max(100_000, "BOT_VERSIONS_KEPT must be a whole number from 1 to 100000")
      .default(100),
  ),
  /**
   * Time from SIGTERM to exit: requests already taken finish within it, then what is still open is closed.
   * @see docs/operations.md#shutdown
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).max(600_000).default(defaults.shutdownGraceMs),
});

/** Parsed base settings. */
export type BaseConfig = z.infer<typeof baseConfigSchema>;

/** Raised when the environment does not validate; the message lists every bad variable (never its value). */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/**
 * Validates `env` against `schema` (the base schema, or an extension of it) and returns the typed result.
 * Outside production a missing SECRET_KEY is taken from the generated local key file (see secret-key.ts).
 * Variable values are never echoed in the error: they may be secrets.
 */
export function loadConfig<S extends z.ZodTypeAny>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(withLocalSecretKey(env));
  const lines = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  const redisProblem = parsed.success ? crossFieldProblem(parsed.data) : undefined;
  if (redisProblem) lines.push(`REDIS_URL: ${redisProblem}`);
  if (!parsed.success || lines.length > 0) throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  return parsed.data;
}

/** Checks that need two variables at once (a schema that services extend cannot carry them as a refinement). */
function crossFieldProblem(data: unknown): string | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const { REDIS_URL, REDIS_CLUSTER } = data as { REDIS_URL?: unknown; REDIS_CLUSTER?: unknown };
  if (typeof REDIS_URL !== "string") return undefined;
  return redisUrlProblem(REDIS_URL, REDIS_CLUSTER === true);
}

/** The Redis settings of a parsed config, as {@link createRedisConnection} takes them. */
export function redisConnectionConfig(config: Pick<BaseConfig, "REDIS_URL" | "REDIS_CLUSTER">): RedisConnectionConfig {
  return { url: config.REDIS_URL, cluster: config.REDIS_CLUSTER };
}
