/**
 * Server-sent event streams of the dashboard: a bot's new log lines and its broadcasts' progress. Both poll Postgres
 * (every 500 ms), so any replica serves any stream and nothing is lost between replicas; a comment line every 15 s
 * keeps proxies from closing an idle stream. Polling stops when the client goes away, and the stream ends once its
 * session does (sign-out, a password change elsewhere, expiry): checked every 2 s.
 *
 * @see docs/dashboard.md#live-logs-and-progress
 */
import type { Request, Response } from "express";
import type { BotService } from "../bots/bot-service.js";
import type { BroadcastService } from "../broadcast/broadcast-service.js";

export const STREAM_POLL_MS = 500;
export const STREAM_HEARTBEAT_MS = 15_000;
/** How often a stream checks that its session still lives. */
export const STREAM_SESSION_CHECK_MS = 2_000;

/** Resolves false once the session that opened the stream has ended. */
export type StillSignedIn = () => Promise<boolean>;

/**
 * Opens the event stream and runs `poll` until the client leaves or `signedIn` says the session ended (then the
 * stream ends: a revoked session reads nothing more); `poll` failures are retried at the next tick.
 */
function openStream(req: Request, res: Response, signedIn: StillSignedIn, poll: () => Promise<void>): void {
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
  let timer: NodeJS.Timeout | undefined;
  let checkedAt = Date.now();
  const tick = async () => {
    try {
      if (Date.now() - checkedAt >= STREAM_SESSION_CHECK_MS) {
        checkedAt = Date.now();
        if (!(await signedIn())) {
          close();
          res.end();
          return;
        }
      }
      if (!closed) await poll();
    } catch {
      // Postgres away for a moment: the next tick tries again; the client keeps its stream.
    }
    if (!closed) timer = setTimeout(tick, STREAM_POLL_MS);
  };
  const heartbeat = setInterval(() => res.write(": ping\n\n"), STREAM_HEARTBEAT_MS);
  const close = () => {
    closed = true;
    clearTimeout(timer);
    clearInterval(heartbeat);
  };
  req.on("close", close);
  res.on("close", close);
  void tick();
}

const event = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

/** Streams log lines written after `cursor`, oldest first. */
export function streamLogs(
  req: Request,
  res: Response,
  signedIn: StillSignedIn,
  bots: BotService,
  botId: string,
  cursor: number,
): void {
  let after = cursor;
  openStream(req, res, signedIn, async () => {
    const { cursor: next, lines } = await bots.logsAfter(botId, after);
    after = next;
    for (const line of lines) res.write(event(line));
  });
}

/** Streams the last 20 jobs whenever anything in them changes (at most once per poll: two a second). */
export function streamBroadcasts(
  req: Request,
  res: Response,
  signedIn: StillSignedIn,
  broadcasts: BroadcastService,
  botId: string,
): void {
  let last = "";
  openStream(req, res, signedIn, async () => {
    const text = event({ jobs: await broadcasts.list(botId) });
    if (text === last) return;
    last = text;
    res.write(text);
  });
}
