/** Settings of the broadcast worker, read once at start. */
import { baseConfigSchema, loadConfig } from "@botyard/common/config";
import { z } from "zod";

export const workerConfigSchema = baseConfigSchema.extend({
  /** Broadcasts (of different bots) one process sends at once. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(2000).default(200),
  /**
   * BullMQ's lock on a drain job. It only decides when BullMQ retries a killed worker's drain job; who may send is the
   * Postgres lease (BROADCAST_LEASE_MS), and the sweeper resumes a killed worker's broadcast after that.
   */
  BROADCAST_LOCK_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  /**
   * A run's lease on its job in Postgres, renewed by every progress write; a killed worker's job resumes elsewhere
   * after it. @see docs/broadcast.md#fencing
   */
  BROADCAST_LEASE_MS: z.coerce.number().int().min(2000).max(60_000).default(5000),
  /** Sends to one bot that may be awaiting Telegram's answer at once. */
  BROADCAST_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(5000).default(200),
  /** Time between usage flushes (docs/operations.md#usage-metering), as the gateway's. */
  USAGE_FLUSH_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
});

/** Parsed settings of the worker. */
export type WorkerConfig = z.infer<typeof workerConfigSchema>;

/** Reads and validates the environment. */
export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  return loadConfig(workerConfigSchema, env);
}
