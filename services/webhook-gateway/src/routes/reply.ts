/**
 * Turns what a handler left in `response` into the HTTP reply: status = statusCode (default 200), body
 * `{ ok: statusCode < 400, message?, data? }`, and the handler's headers minus the ones it may not set. Cookies a bot
 * sets are scoped to its own `/custom/<botId>/` path (every bot shares the gateway's origin). A statusCode that is
 * not an HTTP status from 200 to 599 is a handler error.
 *
 * @see docs/bot-runtime.md#custom-webhooks
 */
import type { LogicResult } from "../isolate/protocol.js";

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/;
// What Node accepts in a header value: tab, visible ASCII, and Latin-1 above 0x80 (no control characters).
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]{0,8192}$/;
// The body is always our JSON, and framing belongs to the server: a handler may not change either.
const RESERVED = new Set([
  "content-length",
  "content-type",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "upgrade",
  "trailer",
  "content-encoding",
  "host",
]);

// Headers that act on the whole origin, which every bot shares: Clear-Site-Data would wipe other bots' cookies and
// storage (cookies are scoped to the bot's path, see scopeCookie; this is the one header that reaches past it).
const ORIGIN_WIDE = new Set(["clear-site-data"]);

/** The reply to send, and what was dropped (for the bot's log). */
export interface BuiltReply {
  status: number;
  headers: Record<string, string | string[]>;
  body: { ok: boolean; message?: string; data?: unknown };
  problems: string[];
}

/** A handler result the gateway cannot send: the call answers as a handler error. */
export class InvalidReplyError extends Error {
  override readonly name = "InvalidReplyError";
}

const isHeaderText = (value: unknown): value is string => typeof value === "string" && HEADER_VALUE.test(value);

/** Rewrites a Set-Cookie value so it applies only under `path` on this host: any Path and Domain are replaced. */
export function scopeCookie(value: string, path: string): string {
  const parts = value.split(";").map((p) => p.trim());
  const kept = parts.filter((p, i) => i === 0 || !/^(path|domain)\s*(=|$)/i.test(p));
  return [...kept, `Path=${path}`].join("; ");
}

/** Builds the reply; `problems` lists anything the handler set that could not be honoured. */
export function buildReply(result: LogicResult, cookiePath: string): BuiltReply {
  const problems: string[] = [];
  let status = 200;
  if (result.statusCode !== undefined && result.statusCode !== null) {
    const raw = result.statusCode;
    // "404" is as clear as 404; anything else that is not an integer status is refused.
    const code = typeof raw === "string" && /^\d{3}$/.test(raw) ? Number(raw) : raw;
    if (typeof code !== "number" || !Number.isInteger(code) || code < 200 || code > 599) {
      throw new InvalidReplyError(
        `response.statusCode ${String(raw).slice(0, 20)} is not an HTTP status from 200 to 599`,
      );
    }
    status = code;
  }
  const headers: Record<string, string | string[]> = {};
  if (result.headers !== undefined && result.headers !== null) {
    if (typeof result.headers !== "object" || Array.isArray(result.headers)) {
      problems.push("response.headers must be an object; ignored");
    } else {
      for (const [name, raw] of Object.entries(result.headers as Record<string, unknown>)) {
        const value = typeof raw === "number" || typeof raw === "boolean" ? String(raw) : raw;
        const shown = name.slice(0, 40);
        const lower = name.toLowerCase();
        if (!HEADER_NAME.test(name)) problems.push(`header name '${shown}' is invalid; dropped`);
        else if (RESERVED.has(lower)) problems.push(`header '${shown}' is set by the gateway; dropped`);
        else if (ORIGIN_WIDE.has(lower)) problems.push(`header '${shown}' would act on every bot's origin; dropped`);
        else if (lower === "set-cookie" && Array.isArray(value) && value.length <= 20 && value.every(isHeaderText)) {
          headers[name] = value.map((v: string) => scopeCookie(v, cookiePath));
        } else if (!isHeaderText(value)) {
          problems.push(`header '${shown}' has a value that is not valid HTTP header text; dropped`);
        } else headers[name] = lower === "set-cookie" ? scopeCookie(value, cookiePath) : value;
      }
    }
  }
  const body: BuiltReply["body"] = { ok: status < 400 };
  if (result.message !== undefined && result.message !== null) {
    body.message = typeof result.message === "string" ? result.message : String(result.message);
  }
  if (result.data !== undefined) body.data = result.data;
  return { status, headers, body, problems };
}
