/** Settings of the webhook gateway, read once at start. */
import { readFileSync } from "node:fs";
import { baseConfigSchema, flag, loadConfig } from "@botyard/common/config";
import { plansConfigShape } from "@botyard/common/plans";
import { z } from "zod";
import { DEVICES } from "./runtime/devices.js";

export const gatewayConfigSchema = baseConfigSchema.extend({
  BOT_MEMORY_MB: z.coerce.number().int().min(8).max(1024).default(64),
  /**
   * Bytes the host may hold for one bot (its host calls' messages and results, an `axios` response, buffered log lines).
   * @defaultValue BOT_MEMORY_MB @see docs/bot-runtime.md#memory
   */
  BOT_HOST_MEMORY_MB: z.coerce.number().int().min(1).max(4096).optional(),
  /**
   * Memory of all isolates and all bots' host memory together.
   * @defaultValue from the cgroup's memory limit (see {@link gatewayMemoryMbFor}), else 1536
   * @see docs/operations.md#memory-budget
   */
  GATEWAY_MEMORY_MB: z.coerce.number().int().min(64).max(1_048_576).optional(),
  HANDLER_TIMEOUT_MS: z.coerce.number().int().min(10).max(120_000).default(10_000),
  ALLOW_PRIVATE_EGRESS: flag("0"),
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
  USAGE_METERING: flag("1"),
  /**
   * Performance devices of the request path to switch off, comma-separated (runtime/devices.ts): each then runs the
   * plain code it replaces. The benchmark's switch (docs/operations.md#benchmark-switches). @defaultValue none
   */
  GATEWAY_DEVICES_OFF: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((d) => d.trim())
        .filter((d) => d !== ""),
    )
    .pipe(z.array(z.enum(DEVICES))),
  /** Time between usage flushes: at most this much counting is lost when a replica dies. */
  USAGE_FLUSH_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Shortest time between two runs of one cron schedule (docs/bot-runtime.md#schedule-limits). */
  SCHEDULE_MIN_INTERVAL_S: z.coerce.number().int().min(1).max(86_400).default(60),
  /** One-off runs one bot may have pending. */
  SCHEDULE_MAX_ONCE_PER_BOT: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  /** Cron schedules one bot may have. */
  SCHEDULE_MAX_CRON_PER_BOT: z.coerce.number().int().min(0).max(10_000).default(100),
  /** Attempts of one scheduled run before it is recorded failed. */
  SCHEDULE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  /** Wait before a failed scheduled run's first retry; doubling after. */
  SCHEDULE_RETRY_MS: z.coerce.number().int().min(10).max(3_600_000).default(1000),
  /** Time between the firing loop's looks for due runs (docs/bot-runtime.md#how-runs-fire). */
  SCHEDULE_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(200),
  /** How long a replica's claim on a run holds. @defaultValue twice HANDLER_TIMEOUT_MS + 30 000 */
  SCHEDULE_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).optional(),
  /**
   * 1: every connection to DATABASE_URL shares one session (PGlite behind a socket, as `pnpm start` runs it when no
   * Postgres answers; it sets this): the document store then prepares no statement by name.
   * @see docs/operations.md#embedded-mode @defaultValue 0
   */
  DATABASE_SINGLE_SESSION: flag("0"),
  /** 0: this replica fires no scheduled runs (bot code may still write schedules). */
  SCHEDULE_FIRING: flag("1"),
  ...plansConfigShape,
});

/** Parsed settings of the gateway, the memory budgets resolved. */
export type GatewayConfig = Omit<z.infer<typeof gatewayConfigSchema>, "BOT_HOST_MEMORY_MB" | "GATEWAY_MEMORY_MB"> & {
  BOT_HOST_MEMORY_MB: number;
  GATEWAY_MEMORY_MB: number;
  /** Where GATEWAY_MEMORY_MB came from: the environment, the cgroup's limit, or the fixed default. */
  GATEWAY_MEMORY_FROM: "env" | "cgroup" | "default";
};

/** GATEWAY_MEMORY_MB without a cgroup limit to derive it from (and without the variable). */
export const DEFAULT_GATEWAY_MEMORY_MB = 1536;

/**
 * GATEWAY_MEMORY_MB for a container whose memory limit is `limitMb`: the limit less what Node itself needs beside the
 * bots (its heap, the requests and replies in flight, code, buffers: about 200 MiB after load, docs/operations.md),
 * taken as a quarter of the limit and at least 256 MiB; never below 64. A 2 GiB pod gets 1536.
 */
export function gatewayMemoryMbFor(limitMb: number): number {
  return Math.max(64, Math.floor(limitMb - Math.max(limitMb / 4, 256)));
}

/** Above this a cgroup's "limit" means none (v1 writes a huge number). */
const NO_LIMIT_BYTES = 2 ** 60;

/**
 * The memory limit of this process's cgroup in bytes: cgroup v2's memory.max, else v1's memory.limit_in_bytes;
 * undefined when there is none (or no cgroup file to read).
 */
export function readCgroupMemoryLimit(
  read: (path: string) => string = (p) => readFileSync(p, "utf8"),
): number | undefined {
  for (const path of ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"]) {
    let text: string;
    try {
      text = read(path).trim();
    } catch {
      continue;
    }
    if (text === "max") return undefined;
    const bytes = Number(text);
    if (Number.isFinite(bytes) && bytes > 0) return bytes >= NO_LIMIT_BYTES ? undefined : bytes;
  }
  return undefined;
}

/** Reads and validates the environment; `cgroupLimit` is for tests. */
export function loadGatewayConfig(
  env: NodeJS.ProcessEnv = process.env,
  cgroupLimit: () => number | undefined = readCgroupMemoryLimit,
): GatewayConfig {
  const config = loadConfig(gatewayConfigSchema, env);
  const { BOT_HOST_MEMORY_MB, GATEWAY_MEMORY_MB, ...rest } = config;
  const limit = GATEWAY_MEMORY_MB === undefined ? cgroupLimit() : undefined;
  return {
    ...rest,
    BOT_HOST_MEMORY_MB: BOT_HOST_MEMORY_MB ?? config.BOT_MEMORY_MB,
    GATEWAY_MEMORY_MB:
      GATEWAY_MEMORY_MB ?? (limit === undefined ? DEFAULT_GATEWAY_MEMORY_MB : gatewayMemoryMbFor(limit / 2 ** 20)),
    GATEWAY_MEMORY_FROM: GATEWAY_MEMORY_MB !== undefined ? "env" : limit !== undefined ? "cgroup" : "default",
  };
}
