/** Names the management service and the worker agree on. */
import type { RedisNames } from "@botyard/common";

/** The BullMQ queue that carries broadcast work. */
export const BROADCAST_QUEUE = "broadcasts";

/**
 * One "drain" job per bot: it sends that bot's queued broadcasts oldest first until none is left. Its id is derived
 * from the bot, so adding it again while it exists is a no-op: one active broadcast per bot, by construction.
 */
export function drainJobId(botId: string): string {
  return `drain-${botId}`;
}

/** Data of a drain job. */
export interface DrainJobData {
  botId: string;
}

/** Channel on which management announces a cancelled job id; workers stop that job's loop at once. */
export function cancelChannel(names: RedisNames): string {
  return names.key("broadcast-cancel");
}
