/** Names the management service and the worker agree on. */
import type { RedisNames } from "@botyard/common/redis";

/** The BullMQ queue that carries broadcast work. */
export const BROADCAST_QUEUE = "broadcasts";

/**
 * A "drain" job sends a bot's queued broadcasts oldest first until none is left. Its id is derived from the bot, so
 * adding it again while it exists is a no-op. It only wakes a worker up: the run lease in Postgres, not this id, is
 * what keeps one broadcast per bot running at a time (docs/broadcast.md#fencing).
 */
export function drainJobId(botId: string): string {
  return `drain-${botId}`;
}

/**
 * The drain job the worker's sweeper adds for a bot whose next broadcast (`jobId`, last claimed with `fence`) has no
 * live lease. It differs from {@link drainJobId} and changes with every claim, so a drain job that Redis still holds
 * for a killed worker (locked until BullMQ sees it stalled) does not delay the takeover past the lease.
 */
export function sweptDrainJobId(botId: string, jobId: string, fence: number): string {
  return `drain-${botId}-${jobId}-${fence}`;
}

/** Data of a drain job. */
export interface DrainJobData {
  botId: string;
}

/** Channel on which management announces a cancelled job id; workers stop that job's loop at once. */
export function cancelChannel(names: RedisNames): string {
  return names.key("broadcast-cancel");
}
