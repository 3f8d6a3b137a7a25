/**
 * Which request headers bot code's `axios` may set. The gateway sets the rest itself, as the Fetch standard's
 * forbidden request headers are set by the browser and Cloudflare Workers' fetch sets them from the request:
 * - framing (Content-Length, Transfer-Encoding) is computed from the body actually sent. The connection is pooled with
 *   other bots' requests, so a Content-Length shorter than the body would leave the rest on it, read by the server as
 *   the next request, and a longer one or a coding we do not apply would leave the server waiting;
 * - the connection itself (Connection, Keep-Alive, Upgrade, TE, Trailer, Expect, Proxy-*) is the gateway's: these
 *   describe one hop, which bot code does not own;
 * - Host is the URL's, the name whose addresses the egress check looked at (as in Workers' and Node's fetch).
 * Such a header is dropped, not refused: code ported from axios that sets a correct Content-Length, or forwards the
 * headers of the request it is handling, keeps working, with one line in the bot's log (see BotHost).
 *
 * @see docs/bot-runtime.md#axios
 */

/** Lower-case names of the request headers the gateway sets, besides every `Proxy-*` one. */
const PLATFORM_HEADERS: ReadonlySet<string> = new Set([
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "upgrade",
  "te",
  "trailer",
  "expect",
  "host",
]);

/** True for a request header name (in any case) that bot code may not set. */
export function isPlatformRequestHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return PLATFORM_HEADERS.has(lower) || lower.startsWith("proxy-");
}

/** The headers of a bot's request to send, and the ones dropped because the gateway sets them. */
export interface BotRequestHeaders {
  headers: Record<string, string>;
  /** Names as the bot wrote them, in its order. */
  dropped: string[];
}

/**
 * The headers to send for a bot's axios `headers`: string and number values, as text, of names the gateway leaves to
 * bot code. Anything that is not an object is no headers; other values (booleans, objects) are left out, as before.
 */
export function botRequestHeaders(raw: unknown): BotRequestHeaders {
  const headers: Record<string, string> = {};
  const dropped: string[] = [];
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return { headers, dropped };
  for (const [name, value] of Object.entries(raw)) {
    if (isPlatformRequestHeader(name)) dropped.push(name);
    else if (typeof value === "string" || typeof value === "number") headers[name] = String(value);
  }
  return { headers, dropped };
}
