/** Settings of the broadcast worker, read once at start. */
import { baseConfigSchema, loadConfig } from "@botyard/common";
import { z } from "zod";

export const workerConfigSchema = baseConfigSchema.extend({
  /** Broadcasts (of different bots) one process sends at once. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(2000).default(200),
  /** How long a worker's claim on a job lasts without renewal; a killed worker's job is taken over after it. */
  BROADCAST_LOCK_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  /** Sends to one bot that may be awaiting Telegram's answer at once. */
  BROADCAST_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(5000).default(200),
});

/** Parsed settings of the worker. */
export type WorkerConfig = z.infer<typeof workerConfigSchema>;

/** Reads and validates the environment. */
export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  return loadConfig(workerConfigSchema, env);
}
