/**
 * The HTTP client for the Bot API: `POST ${apiRoot}/bot${token}/${method}` with a JSON body, as Telegram documents it.
 * Every service that talks to Telegram goes through here, so timeouts, keep-alive and error mapping live in one place.
 */
import http from "node:http";
import https from "node:https";
import got, { type Got } from "got";
import { TelegramApiError, TelegramNetworkError } from "./errors.js";

/** Options of a {@link TelegramClient}. */
export interface TelegramClientOptions {
  /** Bot API root, e.g. `https://api.telegram.org` (TELEGRAM_API_ROOT). */
  apiRoot: string;
  /** Per-call timeout in milliseconds. */
  timeoutMs?: number;
  /** Upper bound of open sockets per host; broadcasts overlap many calls. */
  maxSockets?: number;
}

interface BotApiReply {
  ok: boolean;
  result?: unknown;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
}

/** Calls Bot API methods for any bot whose token it is given. */
export class TelegramClient {
  readonly #http: Got;
  readonly #apiRoot: string;

  constructor(options: TelegramClientOptions) {
    this.#apiRoot = options.apiRoot.replace(/\/+$/, "");
    const maxSockets = options.maxSockets ?? 256;
    this.#http = got.extend({
      timeout: { request: options.timeoutMs ?? 30_000 },
      retry: { limit: 0 },
      throwHttpErrors: false,
      agent: {
        http: new http.Agent({ keepAlive: true, maxSockets }),
        https: new https.Agent({ keepAlive: true, maxSockets }),
      },
    });
  }

  /**
   * Calls `method` with `params` for the bot `token` and resolves with Telegram's `result`.
   * Rejects with {@link TelegramApiError} when Telegram answers `ok: false`, {@link TelegramNetworkError} otherwise.
   */
  async call<T = unknown>(token: string, method: string, params: Record<string, unknown> = {}): Promise<T> {
    if (!/^[A-Za-z0-9_]+$/.test(method)) throw new TelegramApiError(method, 400, "Bad Request: invalid method name");
    let reply: BotApiReply;
    let status: number;
    try {
      const response = await this.#http.post(`${this.#apiRoot}/bot${token}/${method}`, { json: params });
      status = response.statusCode;
      reply = JSON.parse(response.body) as BotApiReply;
    } catch (err) {
      // got's messages can include the URL, and with it the token: report only the error code.
      const code = (err as { code?: string }).code ?? (err instanceof SyntaxError ? "EBADREPLY" : "EUNKNOWN");
      throw new TelegramNetworkError(method, code);
    }
    if (reply && reply.ok === true) return reply.result as T;
    throw new TelegramApiError(
      method,
      reply?.error_code ?? status,
      reply?.description ?? `HTTP ${status}`,
      reply?.parameters?.retry_after,
    );
  }
}
