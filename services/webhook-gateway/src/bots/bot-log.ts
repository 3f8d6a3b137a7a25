/**
 * A bot's log, buffered and written in batches. Each bot may write a bounded number of lines per minute: a bot that
 * floods console cannot flood the database; what is dropped is counted in one summary line.
 */
import type { Logger } from "@botyard/common/logging";
import type { GatewayRepository } from "./gateway-repository.js";

/** Where buffered lines are counted: each bot's host memory (runtime/memory-budget.ts). */
export interface LogMemory {
  /** Holds `bytes` for the bot; false when its budget (or the gateway's) has no room. */
  hold(botId: string, bytes: number): unknown;
  release(botId: string, bytes: number): void;
}

type Level = "log" | "info" | "warn" | "error";
const LINES_PER_MINUTE = 300;
const FLUSH_MS = 250;

/** Buffers and writes the logs of every bot of this gateway. */
export class BotLogWriter {
  readonly #buffers = new Map<string, Array<{ level: Level; message: string; at: Date }>>();
  readonly #budget = new Map<string, { windowStart: number; used: number; dropped: number }>();
  readonly #timer: NodeJS.Timeout;
  #memory: LogMemory | undefined;
  /** Bytes held in `#memory` per bot for the lines in `#buffers`. */
  readonly #held = new Map<string, number>();

  constructor(
    private readonly repository: GatewayRepository,
    private readonly logger: Logger,
  ) {
    this.#timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.#timer.unref();
  }

  /**
   * Counts buffered lines in each bot's host memory from now on, until they are written: a line that does not fit is
   * dropped, and counted with the lines over the rate.
   */
  countIn(memory: LogMemory): void {
    this.#memory = memory;
  }

  /**
   * Queues a line for `botId`; returns false when the bot's budget for this minute is spent. `fromBot`: the bot's own
   * console output, held in its host memory (the gateway's lines about the bot are not, so they are never lost to it).
   */
  write(botId: string, level: string, message: string, fromBot = false): boolean {
    const now = Date.now();
    let budget = this.#budget.get(botId);
    if (!budget || now - budget.windowStart > 60_000) {
      if (budget && budget.dropped > 0)
        this.#push(botId, "warn", `${budget.dropped} log lines dropped (limit ${LINES_PER_MINUTE} per minute)`);
      budget = { windowStart: now, used: 0, dropped: 0 };
      this.#budget.set(botId, budget);
    }
    if (budget.used >= LINES_PER_MINUTE) {
      budget.dropped += 1;
      return false;
    }
    const line = message.slice(0, 4096);
    if (fromBot && this.#memory !== undefined) {
      if (this.#memory.hold(botId, line.length) !== undefined) {
        budget.dropped += 1;
        return false;
      }
      this.#held.set(botId, (this.#held.get(botId) ?? 0) + line.length);
    }
    budget.used += 1;
    const l: Level = level === "info" || level === "warn" || level === "error" ? level : "log";
    this.#push(botId, l, line);
    return true;
  }

  /** Buffers a line (the summary of dropped lines is not held: it is short, and the only trace of what was lost). */
  #push(botId: string, level: Level, message: string): void {
    const buffer = this.#buffers.get(botId) ?? [];
    buffer.push({ level, message, at: new Date() });
    this.#buffers.set(botId, buffer);
  }

  /** Writes every buffered line now. */
  async flush(): Promise<void> {
    const batches = [...this.#buffers.entries()];
    this.#buffers.clear();
    const held = new Map(this.#held);
    this.#held.clear();
    for (const [botId, lines] of batches) {
      try {
        await this.repository.appendLogs(botId, lines);
      } catch (err) {
        // A deleted bot's lines have nowhere to go; anything else is an operator's problem, never the caller's.
        this.logger.warn({ err, botId }, "writing bot logs failed");
      } finally {
        this.#memory?.release(botId, held.get(botId) ?? 0);
      }
    }
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}
