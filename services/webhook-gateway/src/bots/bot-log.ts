/**
 * A bot's log, buffered and written in batches. Each bot may write a bounded number of lines per minute: a bot that
 * floods console cannot flood the database; what is dropped is counted in one summary line.
 */
import type { Logger } from "@botyard/common";
import type { GatewayRepository } from "./gateway-repository.js";

type Level = "log" | "info" | "warn" | "error";
const LINES_PER_MINUTE = 300;
const FLUSH_MS = 250;

/** Buffers and writes the logs of every bot of this gateway. */
export class BotLogWriter {
  readonly #buffers = new Map<string, Array<{ level: Level; message: string; at: Date }>>();
  readonly #budget = new Map<string, { windowStart: number; used: number; dropped: number }>();
  readonly #timer: NodeJS.Timeout;

  constructor(
    private readonly repository: GatewayRepository,
    private readonly logger: Logger,
  ) {
    this.#timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.#timer.unref();
  }

  /** Queues a line for `botId`; returns false when the bot's budget for this minute is spent. */
  write(botId: string, level: string, message: string): boolean {
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
    budget.used += 1;
    const l: Level = level === "info" || level === "warn" || level === "error" ? level : "log";
    this.#push(botId, l, message.slice(0, 4096));
    return true;
  }

  #push(botId: string, level: Level, message: string): void {
    const buffer = this.#buffers.get(botId) ?? [];
    buffer.push({ level, message, at: new Date() });
    this.#buffers.set(botId, buffer);
  }

  /** Writes every buffered line now. */
  async flush(): Promise<void> {
    const batches = [...this.#buffers.entries()];
    this.#buffers.clear();
    for (const [botId, lines] of batches) {
      try {
        await this.repository.appendLogs(botId, lines);
      } catch (err) {
        // A deleted bot's lines have nowhere to go; anything else is an operator's problem, never the caller's.
        this.logger.warn({ err, botId }, "writing bot logs failed");
      }
    }
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}
