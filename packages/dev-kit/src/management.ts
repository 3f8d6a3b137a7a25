/**
 * deploy and logs talk to a Botyard management server through the typed client (@botyard/api-client). This module
 * finds the server and the key (flags, then BOTYARD_URL and BOTYARD_API_KEY), and turns every way a call can fail
 * into a {@link CliError} a bot author can act on: a refused key, an unknown bot, a server that cannot be reached or
 * is not Botyard. The key travels only in POST bodies, never in a URL, and no message ever holds it.
 *
 * @see docs/bot-author-kit.md#deploy
 */
import { createBotyardClient, type BotyardClient } from "@botyard/api-client";
import { CliError, EXIT, type Terminal } from "./terminal.js";

/** Where management listens when neither --url nor BOTYARD_URL says: `pnpm start` on this machine. */
export const DEFAULT_URL = "http://127.0.0.1:3000";

/** How long one request may take before the command gives up. */
const REQUEST_TIMEOUT_MS = 60_000;

/** A management server and the key to use with it. */
export interface Management {
  client: BotyardClient;
  apiKey: string;
  /** The server's origin, for messages (never with credentials). */
  origin: string;
}

/** The server and key from flags and the environment; a usage error when the key is missing or the URL is not one. */
export function connect(
  terminal: Terminal,
  flags: { url?: string | undefined; "api-key"?: string | undefined },
): Management {
  const apiKey = flags["api-key"] ?? terminal.env.BOTYARD_API_KEY ?? "";
  if (!apiKey) {
    throw new CliError(
      EXIT.usage,
      "no API key: set BOTYARD_API_KEY (dashboard: Settings → API Key; operators: pnpm botyard user:key)",
    );
  }
  const raw = flags.url ?? terminal.env.BOTYARD_URL ?? DEFAULT_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CliError(EXIT.usage, "BOTYARD_URL is not a URL (e.g. https://botyard.example.com)");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new CliError(EXIT.usage, `BOTYARD_URL must be http:// or https://, not ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new CliError(EXIT.usage, "BOTYARD_URL must not hold a user name or password: the API key is the credential");
  }
  const outer = terminal.fetch ?? globalThis.fetch;
  const timed: typeof globalThis.fetch = (input, init) =>
    outer(input, { ...init, signal: AbortSignal.any([terminal.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]) });
  const client = createBotyardClient({ baseUrl: `${url.origin}${url.pathname.replace(/\/+$/, "")}`, fetch: timed });
  return { client, apiKey, origin: url.origin };
}

/** What an openapi-fetch call resolves with. */
interface Reply<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * Makes one call; its data, or a CliError saying what went wrong. `botId` names the bot in a 404's message.
 */
export async function call<T>(
  management: Management,
  what: string,
  botId: string | undefined,
  send: () => Promise<Reply<T>>,
): Promise<T> {
  let reply: Reply<T>;
  try {
    reply = await send();
  } catch (err) {
    throw unreachable(management.origin, err);
  }
  if (reply.data !== undefined && reply.response.ok) return reply.data;
  const status = reply.response.status;
  const msg = serverMessage(reply.error) ?? (reply.response.statusText || `HTTP ${status}`);
  if (status === 401) {
    throw new CliError(EXIT.auth, `${management.origin} refused the API key (${msg}): check BOTYARD_API_KEY`);
  }
  if (status === 404 && msg === "Bot not found") {
    throw new CliError(
      EXIT.notFound,
      `no bot ${botId ?? ""} on this account at ${management.origin}: check --bot (listBots shows your bots)`,
    );
  }
  if (status === 404) {
    throw new CliError(
      EXIT.network,
      `${management.origin} answered 404 (${msg}) to ${what}: is BOTYARD_URL a Botyard management server?`,
    );
  }
  throw new CliError(EXIT.failed, `${what} failed: ${status} ${msg}`);
}

/** The `msg` of a Botyard error body, or a short plain-text body (a proxy's "Not Found"); never a whole page. */
function serverMessage(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null && "msg" in error && typeof error.msg === "string") return error.msg;
  if (typeof error === "string" && error.trim() && error.length <= 200 && !error.includes("<")) return error.trim();
  return undefined;
}

/**
 * A fetch that threw: no connection, a timeout, or a reply that is not JSON. Told apart by name, not instanceof: the
 * errors come from Node's own fetch, whose realm is not always the caller's (a test runner's VM context).
 */
function unreachable(origin: string, err: unknown): CliError {
  const e = (typeof err === "object" && err !== null ? err : {}) as { name?: unknown; cause?: unknown };
  if (e.name === "SyntaxError") {
    return new CliError(
      EXIT.network,
      `${origin} did not answer with JSON: is BOTYARD_URL a Botyard management server?`,
    );
  }
  if (e.name === "TimeoutError") {
    return new CliError(EXIT.network, `${origin} did not answer within ${REQUEST_TIMEOUT_MS / 1000} s`);
  }
  if (e.name === "AbortError") return new CliError(EXIT.failed, "stopped");
  // fetch says only "fetch failed"; why is in its cause: a system error's code (ECONNREFUSED), or undici's reason.
  const cause = (typeof e.cause === "object" && e.cause !== null ? e.cause : {}) as {
    code?: unknown;
    message?: unknown;
  };
  const why = typeof cause.code === "string" ? cause.code : typeof cause.message === "string" ? cause.message : "";
  return new CliError(
    EXIT.network,
    `cannot reach ${origin}${why ? ` (${why})` : ""}: check BOTYARD_URL and that Botyard is running`,
  );
}
