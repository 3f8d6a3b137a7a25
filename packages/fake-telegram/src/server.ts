/**
 * A Bot API server on 127.0.0.1 that Botyard's tests and benchmarks point TELEGRAM_API_ROOT at. It answers every
 * `POST /bot<token>/<method>` like Telegram would for a healthy bot, records each call, and can be told to answer
 * slowly (or out of order), with 429 + retry_after, with 403 or 400 for chosen chats, with 401 for chosen tokens, or
 * with 5xx. `getUpdates` answers the updates a test queued with {@link FakeTelegram.pushUpdate}, at once (it does not
 * hold the call open as Telegram's long polling does).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One call the server received. */
export interface RecordedCall {
  token: string;
  method: string;
  params: Record<string, unknown>;
  /** `performance.now()` when the request arrived. */
  at: number;
}

/** How the server misbehaves; every field can be changed while it runs through {@link FakeTelegram.configure}. */
export interface FakeTelegramBehaviour {
  /** Delay before each answer, in ms. */
  latencyMs: number;
  /**
   * Delays (ms) of the next calls, one each in the order they arrive, in place of `latencyMs`: answers out of order.
   */
  delayNext: number[];
  /** Per-token limit of calls per second (sliding one-second window); above it the server answers 429. 0: none. */
  ratePerSecond: number;
  /** retry_after (seconds) given with rate-limit 429s. */
  retryAfter: number;
  /** Chat ids for which send methods answer 403 "bot was blocked by the user". */
  blockedChats: Set<number>;
  /** Chat ids for which send methods answer 400 "Bad Request: chat not found" (a refusal a retry cannot change). */
  missingChats: Set<number>;
  /** Tokens answered with 401 Unauthorized. */
  revokedTokens: Set<string>;
  /** The next this-many calls answer 500. */
  failNext: number;
  /** Every call answers with this status (e.g. 502) while set. */
  failAll: number | null;
  /** The next this-many calls answer 429 with {@link retryAfter}, regardless of the rate. */
  rateLimitNext: number;
}

const initialBehaviour = (): FakeTelegramBehaviour => ({
  latencyMs: 0,
  delayNext: [],
  ratePerSecond: 0,
  retryAfter: 1,
  blockedChats: new Set(),
  missingChats: new Set(),
  revokedTokens: new Set(),
  failNext: 0,
  failAll: null,
  rateLimitNext: 0,
});

type Reply = { status: number; body: Record<string, unknown> };

/** Told of each call as it is answered: the call, and the `result` answered (undefined for an error answer). */
export type CallListener = (call: RecordedCall, result: unknown) => void;

/** The fake server. Start it with {@link FakeTelegram.start}; `apiRoot` is what TELEGRAM_API_ROOT should be. */
export class FakeTelegram {
  readonly calls: RecordedCall[] = [];
  /** Calls answered with 429, counted separately so a benchmark can report them. */
  rateLimited = 0;
  behaviour: FakeTelegramBehaviour = initialBehaviour();
  readonly #server: Server;
  readonly #windows = new Map<string, number[]>();
  /** Answers held back by `latencyMs`; close() drops them so no timer outlives the server. */
  readonly #delayed = new Set<NodeJS.Timeout>();
  #messageId = 1;
  #keepRecords: boolean;
  readonly #listeners = new Set<CallListener>();
  /** Updates queued for `getUpdates`, by token. */
  readonly #updates = new Map<string, Array<Record<string, unknown> & { update_id: number }>>();
  #updateId = 1;

  private constructor(keepRecords: boolean) {
    this.#keepRecords = keepRecords;
    this.#server = createServer((req, res) => void this.#handle(req, res));
    this.#server.keepAliveTimeout = 30_000;
  }

  /** Starts a server on 127.0.0.1 (`port` 0 picks a free one). `keepRecords: false` keeps only counts (benchmarks). */
  static async start(options: { port?: number; keepRecords?: boolean } = {}): Promise<FakeTelegram> {
    const fake = new FakeTelegram(options.keepRecords ?? true);
    await new Promise<void>((resolve) => fake.#server.listen(options.port ?? 0, "127.0.0.1", resolve));
    return fake;
  }

  /** Base URL to use as TELEGRAM_API_ROOT. */
  get apiRoot(): string {
    const { port } = this.#server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  /** Number of calls received (kept even when records are not). */
  callCount = 0;

  /** Changes part of the behaviour. */
  configure(patch: Partial<FakeTelegramBehaviour>): void {
    Object.assign(this.behaviour, patch);
  }

  /**
   * Queues an update for the bot of `token` (a user writing to it); its next `getUpdates` answers it. `update_id` is
   * given here. Answers that id.
   */
  pushUpdate(token: string, update: Record<string, unknown>): number {
    const updateId = this.#updateId++;
    const queue = this.#updates.get(token) ?? [];
    queue.push({ ...update, update_id: updateId });
    this.#updates.set(token, queue);
    return updateId;
  }

  /** Forgets recorded calls and counters and restores the default behaviour. */
  reset(): void {
    this.calls.length = 0;
    this.callCount = 0;
    this.rateLimited = 0;
    this.behaviour = initialBehaviour();
    this.#windows.clear();
    this.#updates.clear();
  }

  /**
   * Calls `listener` with each call as it is answered, whether or not records are kept; returns the function that
   * stops it. The author's kit prints a bot's calls this way, and learns the `message_id` of what it sent.
   */
  onCall(listener: CallListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Recorded calls of `method` (and of `token`, when given). */
  callsOf(method: string, token?: string): RecordedCall[] {
    return this.calls.filter((c) => c.method === method && (token === undefined || c.token === token));
  }

  /** Stops the server and closes its connections. */
  async close(): Promise<void> {
    for (const timer of this.#delayed) clearTimeout(timer);
    this.#delayed.clear();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const at = performance.now();
    const match = /^\/bot([^/]+)\/([A-Za-z0-9_]+)$/.exec(req.url?.split("?")[0] ?? "");
    const raw = await readBody(req);
    if (!match) return send(res, { status: 404, body: { ok: false, error_code: 404, description: "Not Found" } });
    const token = decodeURIComponent(match[1]!);
    const method = match[2]!;
    let params: Record<string, unknown> = {};
    if (raw.length > 0) {
      try {
        params = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return send(res, {
          status: 400,
          body: { ok: false, error_code: 400, description: "Bad Request: can't parse JSON" },
        });
      }
    }
    this.callCount += 1;
    const call: RecordedCall = { token, method, params, at };
    if (this.#keepRecords) this.calls.push(call);
    const reply = this.#decide(token, method, params, at);
    for (const listener of this.#listeners) listener(call, reply.body.ok === true ? reply.body.result : undefined);
    const delay = this.behaviour.delayNext.shift() ?? this.behaviour.latencyMs;
    if (delay > 0) {
      const timer = setTimeout(() => {
        this.#delayed.delete(timer);
        send(res, reply);
      }, delay);
      this.#delayed.add(timer);
      return;
    }
    send(res, reply);
  }

  #decide(token: string, method: string, params: Record<string, unknown>, at: number): Reply {
    const b = this.behaviour;
    if (b.revokedTokens.has(token)) return error(401, "Unauthorized");
    if (b.failAll !== null) return error(b.failAll, "Internal Server Error");
    if (b.failNext > 0) {
      b.failNext -= 1;
      return error(500, "Internal Server Error");
    }
    if (b.rateLimitNext > 0) {
      b.rateLimitNext -= 1;
      this.rateLimited += 1;
      return error(429, `Too Many Requests: retry after ${b.retryAfter}`, { retry_after: b.retryAfter });
    }
    if (b.ratePerSecond > 0) {
      const window = this.#windows.get(token) ?? [];
      while (window.length > 0 && window[0]! <= at - 1000) window.shift();
      if (window.length >= b.ratePerSecond) {
        this.rateLimited += 1;
        return error(429, `Too Many Requests: retry after ${b.retryAfter}`, { retry_after: b.retryAfter });
      }
      window.push(at);
      this.#windows.set(token, window);
    }
    const chatId = Number(params.chat_id);
    if (method.startsWith("send") && b.blockedChats.has(chatId))
      return error(403, "Forbidden: bot was blocked by the user");
    if (method.startsWith("send") && b.missingChats.has(chatId)) return error(400, "Bad Request: chat not found");
    if (method === "getUpdates") return { status: 200, body: { ok: true, result: this.#takeUpdates(token, params) } };
    return { status: 200, body: { ok: true, result: this.#result(method, params, chatId) } };
  }

  /** As Telegram: updates below `offset` are confirmed and forgotten; the rest are answered, oldest first. */
  #takeUpdates(token: string, params: Record<string, unknown>): unknown[] {
    const offset = Number(params.offset ?? 0);
    const queue = (this.#updates.get(token) ?? []).filter((u) => u.update_id >= offset);
    this.#updates.set(token, queue);
    const limit = Number(params.limit ?? 100);
    return queue.slice(0, limit > 0 ? limit : 100);
  }

  #result(method: string, params: Record<string, unknown>, chatId: number): unknown {
    switch (method) {
      case "getMe":
        return { id: 1, is_bot: true, first_name: "Fake", username: "fake_bot" };
      case "setWebhook":
      case "deleteWebhook":
      case "answerCallbackQuery":
        return true;
      case "getWebhookInfo":
        return { url: "", has_custom_certificate: false, pending_update_count: 0 };
      default:
        if (
          method.startsWith("send") ||
          method.startsWith("edit") ||
          method === "copyMessage" ||
          method === "forwardMessage"
        ) {
          const message: Record<string, unknown> = {
            message_id: this.#messageId++,
            date: Math.floor(Date.now() / 1000),
            chat: { id: chatId, type: "private" },
          };
          if (typeof params.text === "string") message.text = params.text;
          if (typeof params.caption === "string") message.caption = params.caption;
          return message;
        }
        return true;
    }
  }
}

function error(code: number, description: string, parameters?: Record<string, unknown>): Reply {
  return { status: code, body: { ok: false, error_code: code, description, ...(parameters ? { parameters } : {}) } };
}

function send(res: ServerResponse, reply: Reply): void {
  const body = JSON.stringify(reply.body);
  res.writeHead(reply.status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
