/**
 * Server-sent event streams of the dashboard: a bot's new log lines and its broadcasts' progress.
 * - Each account may hold its plan's `liveStreams` streams at once (10 in the built-in plan), counted in Redis
 *   across replicas (limits/stream-slots.ts); one more answers 429 QUOTA_EXCEEDED before the stream opens.
 * - Streams of one bot share one poll of Postgres per replica (live-hub.ts), every 500 ms while any is open, so any
 *   replica serves any stream and nothing is lost between replicas.
 * - A comment line every 15 s keeps proxies from closing an idle stream (and renews the stream's slot); the stream
 *   ends once its session does (sign-out, a password change elsewhere, expiry): checked every 2 s.
 *
 * @see docs/dashboard.md#live-logs-and-progress
 */
import type { Request, Response } from "express";
import type { BotService } from "../bots/bot-service.js";
import type { BroadcastService } from "../broadcast/broadcast-service.js";
import type { StreamSlot, StreamSlots } from "../limits/stream-slots.js";
import type { Feed, LiveHub } from "./live-hub.js";

export { STREAM_POLL_MS } from "./live-hub.js";
export const STREAM_HEARTBEAT_MS = 15_000;
/** How often a stream checks that its session still lives. */
export const STREAM_SESSION_CHECK_MS = 2_000;

/** Resolves false once the session that opened the stream has ended. */
export type StillSignedIn = () => Promise<boolean>;

/** What the stream routes share: the per-process hub and the per-account slots. */
export interface LiveStreams {
  hub: LiveHub;
  slots: StreamSlots;
  /** The account's `liveStreams` quota, from its plan. */
  limitOf(accountId: string): Promise<number>;
}

/** Takes a slot for one more stream of `accountId`, or throws 429 QUOTA_EXCEEDED at its plan's `liveStreams`. */
export async function takeStreamSlot(live: LiveStreams, accountId: string): Promise<StreamSlot> {
  return live.slots.acquire(accountId, await live.limitOf(accountId));
}

/** A stream's writer. */
export interface Writer {
  write(text: string): void;
}

/** A log stream's writer and the id of the last line it has. */
export interface LogReader extends Writer {
  after: number;
}

const event = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

/** A bot's log lines after the feed's cursor, each to the readers that have not had it. */
export class LogFeed implements Feed<LogReader> {
  #cursor: number | undefined;

  constructor(
    private readonly bots: BotService,
    private readonly botId: string,
  ) {}

  async join(reader: LogReader): Promise<void> {
    if (this.#cursor === undefined) {
      this.#cursor = reader.after;
      return;
    }
    // Lines written after the reader opened that the feed already passed: sent to it alone, once.
    if (reader.after < this.#cursor) {
      const upTo = this.#cursor;
      for (const entry of await this.bots.logEntriesAfter(this.botId, reader.after)) {
        if (entry.id > upTo) break;
        reader.write(event(entry.line));
        reader.after = entry.id;
      }
      reader.after = upTo;
    }
  }

  async poll(readers: ReadonlySet<LogReader>): Promise<void> {
    const entries = await this.bots.logEntriesAfter(this.botId, this.#cursor ?? 0);
    if (entries.length === 0) return;
    this.#cursor = entries.at(-1)!.id;
    for (const reader of readers) {
      for (const entry of entries) if (entry.id > reader.after) reader.write(event(entry.line));
      reader.after = Math.max(reader.after, this.#cursor);
    }
  }
}

/** The last 20 jobs of a bot, sent whenever anything in them changes (at most once per poll). */
class BroadcastFeed implements Feed<Writer> {
  #last = "";

  constructor(
    private readonly broadcasts: BroadcastService,
    private readonly botId: string,
  ) {}

  async join(writer: Writer): Promise<void> {
    if (this.#last) writer.write(this.#last);
  }

  async poll(writers: ReadonlySet<Writer>): Promise<void> {
    const text = event({ jobs: await this.broadcasts.list(this.botId) });
    if (text === this.#last) return;
    this.#last = text;
    for (const writer of writers) writer.write(text);
  }
}

/**
 * Opens the event stream on a slot already taken; `join` subscribes its writer and returns the unsubscribe. The
 * stream ends when the client leaves or `signedIn` says the session ended (a revoked session reads nothing more).
 */
function openStream(
  req: Request,
  res: Response,
  slot: StreamSlot,
  signedIn: StillSignedIn,
  join: (write: (text: string) => void) => () => void,
): void {
  res.status(200).set({
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-cache, no-transform",
    Connection: "keep-alive",
    // nginx and similar proxies buffer responses unless told not to.
    "X-Accel-Buffering": "no",
  });
  res.flushHeaders();
  res.write(": stream open\n\n");
  let closed = false;
  const leave = join((text) => {
    if (!closed) res.write(text);
  });
  const heartbeat = setInterval(() => {
    res.write(": ping\n\n");
    slot.renew().catch(() => {});
  }, STREAM_HEARTBEAT_MS);
  const sessionCheck = setInterval(() => {
    signedIn().then(
      (ok) => {
        if (!ok) {
          close();
          res.end();
        }
      },
      () => {}, // Postgres away for a moment: checked again at the next interval.
    );
  }, STREAM_SESSION_CHECK_MS);
  const close = () => {
    if (closed) return;
    closed = true;
    leave();
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
    slot.release().catch(() => {}); // Redis away: the slot expires with its lease.
  };
  req.on("close", close);
  res.on("close", close);
}

/** Streams log lines written after `cursor`, oldest first. */
export function streamLogs(
  req: Request,
  res: Response,
  live: LiveStreams,
  slot: StreamSlot,
  signedIn: StillSignedIn,
  bots: BotService,
  botId: string,
  cursor: number,
): void {
  openStream(req, res, slot, signedIn, (write) =>
    live.hub.subscribe(`logs:${botId}`, () => new LogFeed(bots, botId), { write, after: cursor }),
  );
}

/** Streams the last 20 jobs whenever anything in them changes (at most once per poll: two a second). */
export function streamBroadcasts(
  req: Request,
  res: Response,
  live: LiveStreams,
  slot: StreamSlot,
  signedIn: StillSignedIn,
  broadcasts: BroadcastService,
  botId: string,
): void {
  openStream(req, res, slot, signedIn, (write) =>
    live.hub.subscribe(`broadcasts:${botId}`, () => new BroadcastFeed(broadcasts, botId), { write }),
  );
}
