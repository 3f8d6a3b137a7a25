/** HTTP as a fault test sees it: replies with their observed time, and keep-alive load that records every outcome. */
import http from "node:http";

/** A reply and how long it took to arrive. */
export interface TimedReply {
  status: number;
  ms: number;
  headers: Headers;
  body: unknown;
}

/**
 * Sends one request and measures the time to the full reply. A reply slower than `limitMs` (default 10 s) fails the
 * call: a hang shows as a clear error rather than as the test's own timeout.
 */
export async function timed(url: string, init: RequestInit = {}, limitMs = 10_000): Promise<TimedReply> {
  const started = performance.now();
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(limitMs) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, ms: performance.now() - started, headers: res.headers, body };
}

/** POSTs `body` as JSON. */
export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<TimedReply> {
  return timed(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

/** What happened to one request of a {@link KeepAliveLoad}. */
export interface Outcome {
  /** `performance.now()` when the request was handed to the agent. */
  at: number;
  status?: number;
  /** The reply asked to close the connection. */
  close?: boolean;
  /** Error code (ECONNREFUSED, ECONNRESET, …) when there was no reply. */
  error?: string;
  /** The request reached a socket that was already connected (a reused keep-alive connection). */
  reused?: boolean;
}

/** Sends one request through `agent` and records its outcome. */
export function request(agent: http.Agent, url: string, method = "GET"): Promise<Outcome> {
  const at = performance.now();
  return new Promise((resolve) => {
    const req = http.request(url, { agent, method }, (res) => {
      res.resume();
      res.once("end", () =>
        resolve({
          at,
          status: res.statusCode,
          close: res.headers.connection === "close",
          reused: req.reusedSocket,
        }),
      );
      res.once("error", (err: NodeJS.ErrnoException) => resolve({ at, error: err.code ?? err.message }));
    });
    req.once("error", (err: NodeJS.ErrnoException) =>
      resolve({ at, error: err.code ?? err.message, reused: req.reusedSocket }),
    );
    req.end();
  });
}

/**
 * `connections` clients, each sending `url` over its own keep-alive connection back to back. A client stops when its
 * server refuses a new connection (it has gone away); {@link stop} stops the others.
 */
export class KeepAliveLoad {
  readonly outcomes: Outcome[] = [];
  readonly #agent: http.Agent;
  readonly #loops: Promise<void>[];
  #stopped = false;

  constructor(url: string, connections: number) {
    this.#agent = new http.Agent({ keepAlive: true, maxSockets: connections });
    this.#loops = Array.from({ length: connections }, () => this.#loop(url));
  }

  async #loop(url: string): Promise<void> {
    while (!this.#stopped) {
      const outcome = await request(this.#agent, url);
      this.outcomes.push(outcome);
      if (outcome.error === "ECONNREFUSED") return;
    }
  }

  /** Replies received so far. */
  get replies(): number {
    return this.outcomes.filter((o) => o.status !== undefined).length;
  }

  /** Stops every client and closes the connections. */
  async stop(): Promise<void> {
    this.#stopped = true;
    await Promise.all(this.#loops);
    this.#agent.destroy();
  }

  /** Resolves once every client has stopped by itself (its server went away). */
  async finished(): Promise<void> {
    await Promise.all(this.#loops);
    this.#agent.destroy();
  }
}
