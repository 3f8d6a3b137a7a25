/**
 * Shared by the benchmarks: autocannon runs, loads of our own timed to the microsecond (closed loop and fixed rate), a
 * bare express baseline, percentiles, printing.
 */
import autocannon from "autocannon";
import express from "express";
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { BUILTIN_PLANS } from "@botyard/common/plans";
import { createRedis } from "@botyard/common/redis";
import { createServer as createHttpServer, type RequestListener, type Server } from "node:http";
import { type AddressInfo, connect, createServer, type Socket } from "node:net";

/**
 * Gateway settings for a benchmark in which one bot takes all the load: the bot's rate, CPU budget and calls at once,
 * and its account's requests-a-second quota (docs/operations.md#plans-and-quotas), are lifted, since they are not
 * what is measured.
 */
export const ONE_BOT_TAKES_THE_LOAD = {
  BOT_RATE_LIMIT: "100000",
  BOT_RATE_BURST: "1000000",
  BOT_CPU_MS_PER_SECOND: "100000",
  BOT_CPU_BURST_MS: "10000000",
  BOT_MAX_CONCURRENCY: "1000",
  PLANS: JSON.stringify({ bench: { ...BUILTIN_PLANS.default, requestsPerSecond: 10_000_000 } }),
  DEFAULT_PLAN: "bench",
} as const;

/** Starts `app` (an express app or any request listener) on a free port; returns its base URL and a closer. */
export async function serve(app: RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = await new Promise((resolve) => {
    const s = createHttpServer(app).listen(0, "127.0.0.1", () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A bare express app answering `{ ok: true, data: "pong" }` on `path`: the baseline of the HTTP benchmarks. */
export function bareExpress(path: string): express.Express {
  const app = express();
  app.all(path, express.json(), (_req, res) => {
    res.json({ ok: true, data: "pong" });
  });
  return app;
}

/** A port that was free a moment ago (for servers that cannot report the port they bound, such as workerd). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** A server running as a child process: its URL, its pid, and a stop that sends SIGTERM and waits for the exit. */
export interface ChildServer {
  url: string;
  pid: number;
  stop(): Promise<number | null>;
}

/**
 * Starts `command` as a process of its own (a benchmarked server must not share its event loop with the load
 * generator) and polls `readyPath` until it answers 2xx.
 */
export async function spawnServer(
  command: string,
  args: string[],
  options: { url: string; readyPath: string; env?: NodeJS.ProcessEnv; cwd?: string },
): Promise<ChildServer> {
  const child: ChildProcess = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode} before it was ready`);
    const ok = await fetch(options.url + options.readyPath).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${command} did not answer ${options.readyPath} within 60 s`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: options.url,
    pid: child.pid ?? 0,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** Runs autocannon and returns requests/s and latency percentiles (ms). */
export async function load(options: {
  url: string;
  method?: "GET" | "POST";
  body?: string;
  seconds: number;
  connections?: number;
  rate?: number;
}) {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? "GET",
    body: options.body,
    headers: options.body ? { "content-type": "application/json" } : {},
    duration: options.seconds,
    connections: options.connections ?? 32,
    ...(options.rate ? { overallRate: options.rate } : {}),
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    p999: result.latency.p99_9,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * CPU time (user + system, in ms) from a Linux `stat` file: `/proc/<pid>/stat` for a process, or
 * `/proc/<pid>/task/<tid>/stat` for one of its threads.
 */
export function cpuMsOfStat(path: string): number {
  const stat = readFileSync(path, "utf8");
  // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th,
  // in ticks of USER_HZ (100 a second on Linux).
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident memory of a process, in bytes (Linux, `/proc/<pid>/status`). */
export function rssBytesOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) * 1024;
}

/**
 * How many times the kernel took the CPU from a process's main thread (its event loop) while it could still run:
 * `nonvoluntary_ctxt_switches` of `/proc/<pid>/task/<pid>/status` (Linux). Waiting for work (epoll) is a voluntary
 * switch and is not counted.
 */
export function preemptionsOf(pid: number): number {
  const n = /^nonvoluntary_ctxt_switches:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/task/${pid}/status`, "utf8"))?.[1];
  return Number(n);
}

/** The p-th percentile of `values`. */
export function percentile(values: number[], p: number): number {
  return percentileOfSorted(
    [...values].sort((a, b) => a - b),
    p,
  );
}

/** The p-th percentile of values sorted ascending. */
export function percentileOfSorted(sorted: ArrayLike<number>, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Prints a table row per figure. */
export function report(title: string, rows: Array<[string, string | number]>): void {
  console.log(`\n${title} (${new Date().toISOString().slice(0, 10)})`);
  for (const [name, value] of rows) console.log(`  ${name.padEnd(58)} ${value}`);
}

/** One keep-alive HTTP/1.1 connection of a {@link RawClient}: one GET at a time. */
interface RawConnection {
  socket: Socket;
  /** When the request in flight counts from (ms, `performance.now()`). */
  from: number;
}

/**
 * Latencies (ms) kept outside V8's heap, in blocks of 64 Ki samples: a growing JS array would be copied, and promoted,
 * by the load generator's garbage collector while it measures (see {@link RawClient}).
 */
class Samples {
  static readonly #BLOCK = 65_536;
  readonly #blocks: Float64Array[] = [];
  length = 0;

  push(value: number): void {
    const at = this.length % Samples.#BLOCK;
    if (at === 0) this.#blocks.push(new Float64Array(Samples.#BLOCK));
    (this.#blocks[this.#blocks.length - 1] as Float64Array)[at] = value;
    this.length += 1;
  }

  /** All samples, sorted ascending. */
  sorted(): Float64Array {
    const all = new Float64Array(this.length);
    for (let i = 0; i < this.#blocks.length; i++) {
      const block = this.#blocks[i] as Float64Array;
      all.set(block.subarray(0, Math.min(Samples.#BLOCK, this.length - i * Samples.#BLOCK)), i * Samples.#BLOCK);
    }
    return all.sort();
  }
}

/**
 * A load generator's HTTP client: keep-alive connections that send one GET at a time as raw bytes and parse replies
 * just enough to find their end (Content-Length or chunked), timing each to the microsecond. autocannon's histogram
 * keeps whole milliseconds, which cannot tell 2.0 from 2.9 ms, and Node's http client would cost the generator more
 * than the servers it measures. `onFree` is called with a connection each time it can send: once connected, then after
 * each reply.
 *
 * The generator's own pauses are every in-flight request's latency, whichever server it measures. So it reads every
 * socket into one static buffer (`onread`: no ArrayBuffer per read for the young-generation GC to sweep), parses the
 * head's bytes in place, and keeps latencies in {@link Samples}. With 'data' events, string parsing and a growing
 * array it paused 2–4 times a second at -c 50, for 1.6–2.9 ms on average and up to 6.5 ms: about as often as a
 * server's p99 (bench/README.md#gateway).
 */
class RawClient {
  readonly latencies = new Samples();
  non2xx = 0;
  errors = 0;
  /** Resolves once every connection is open (or has failed to open). */
  readonly connected: Promise<unknown>;
  readonly #request: Buffer;
  readonly #closed: Array<Promise<void>> = [];
  readonly #sockets: Socket[] = [];
  /** Where every socket's reads land; a reply is parsed in the read's callback, before the next read overwrites it. */
  readonly #readBuffer = Buffer.allocUnsafe(64 * 1024);

  constructor(url: URL, connections: number, onFree: (connection: RawConnection) => void) {
    const opened: Array<Promise<void>> = [];
    this.#request = Buffer.from(`GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
    for (let i = 0; i < connections; i++) {
      /** The start of a reply that a read cut short, copied out of the shared buffer. */
      let pending: Buffer | undefined;
      const connection: RawConnection = { socket: undefined as unknown as Socket, from: 0 };
      const socket = connect({
        port: Number(url.port),
        host: url.hostname,
        noDelay: true,
        onread: {
          buffer: this.#readBuffer,
          callback: (length: number, buffer: Uint8Array): boolean => {
            let data = buffer as Buffer;
            let start = 0;
            let end = length;
            if (pending) {
              data = Buffer.concat([pending, data.subarray(0, length)]);
              end = data.length;
              pending = undefined;
            }
            for (let next = replyEnd(data, start, end); next >= 0; next = replyEnd(data, start, end)) {
              this.latencies.push(performance.now() - connection.from);
              const status = (data[start + 9]! - 48) * 100 + (data[start + 10]! - 48) * 10 + (data[start + 11]! - 48);
              if (status < 200 || status > 299) this.non2xx += 1;
              start = next;
              onFree(connection);
            }
            if (start < end) pending = Buffer.from(data.subarray(start, end));
            return true;
          },
        },
      });
      connection.socket = socket;
      this.#sockets.push(socket);
      opened.push(
        new Promise<void>((open) => {
          socket.once("connect", () => {
            open();
            onFree(connection);
          });
          socket.once("close", () => open());
        }),
      );
      socket.on("error", () => {
        this.errors += 1;
      });
      this.#closed.push(new Promise<void>((done) => socket.on("close", () => done())));
    }
    this.connected = Promise.all(opened);
  }

  /** Sends the request; its latency counts from `from` (now, unless it was due earlier and waited for a connection). */
  send(connection: RawConnection, from = performance.now()): void {
    connection.from = from;
    connection.socket.write(this.#request);
  }

  /** Ends the free `connections` and cuts any other (one still waiting for a reply); resolves once all are closed. */
  async close(connections: RawConnection[]): Promise<void> {
    for (const { socket } of connections) socket.end();
    for (const socket of this.#sockets) if (!connections.some((c) => c.socket === socket)) socket.destroy();
    await Promise.all(this.#closed);
  }

  /**
   * Replies per second over `seconds`, latency percentiles and the longest latency in ms, the failures, and every
   * latency (ms, sorted), so that rounds can be pooled.
   */
  result(seconds: number) {
    const sorted = this.latencies.sorted();
    const ms = (p: number) => Number(percentileOfSorted(sorted, p).toFixed(2));
    return {
      latencies: sorted,
      rps: Math.round(sorted.length / seconds),
      p50: ms(50),
      p99: ms(99),
      p999: ms(99.9),
      max: Number((sorted[sorted.length - 1] ?? 0).toFixed(2)),
      non2xx: this.non2xx,
      errors: this.errors,
    };
  }
}

/**
 * A closed-loop load, as autocannon's: `connections` connections, each sending its next request as soon as the last
 * is answered, for `seconds`. Closed-loop latencies understate a server that stalls: while it stalls, no request is
 * sent, so the stall is one sample per connection (coordinated omission); {@link loadAtRate} does not have that flaw.
 */
export async function loadClosedLoop(options: { url: string; seconds: number; connections: number }) {
  const started = performance.now();
  const until = started + options.seconds * 1000;
  const done: RawConnection[] = [];
  const { promise: allDone, resolve: finished } = withResolvers();
  const client = new RawClient(new URL(options.url), options.connections, (connection) => {
    if (performance.now() < until) client.send(connection);
    else if (done.push(connection) === options.connections) finished();
  });
  await settleWithin(allDone, options.seconds);
  const seconds = (performance.now() - started) / 1000;
  await client.close(done);
  return client.result(seconds);
}

/**
 * A closed-loop load on two servers in turns, for comparisons on a noisy machine: `connections` keep-alive connections
 * to each, all open throughout, and in each turn one server gets the load (each of its connections sends its next
 * request as soon as the last is answered) while the other's connections sit idle. A turn lasts `turnMs`, then ends
 * once its requests in flight are answered, and the next starts at once: two servers' turns a few hundred ms apart
 * share the machine's spells of other work, which rounds of seconds, minutes apart, do not. `turn(i)` starts the
 * load on server i and resolves with the replies and the turn's length.
 */
export async function loadInTurns(urls: [string, string], connections: number, turnMs: number) {
  const sides = urls.map((url) => {
    const side = {
      until: 0,
      replies: 0,
      /** Connections with a request in flight. */
      busy: new Set<RawConnection>(),
      free: [] as RawConnection[],
      drained: undefined as (() => void) | undefined,
      client: undefined as unknown as RawClient,
    };
    side.client = new RawClient(new URL(url), connections, (connection) => {
      if (side.busy.delete(connection)) side.replies += 1;
      if (performance.now() < side.until) {
        side.busy.add(connection);
        side.client.send(connection);
        return;
      }
      side.free.push(connection);
      if (side.busy.size === 0) side.drained?.();
    });
    return side;
  });
  await Promise.all(sides.map((side) => side.client.connected));
  /** Loads server `which` from `started` for `turnMs`; resolves once its last request is answered. */
  const start = async (which: 0 | 1, started: number): Promise<void> => {
    const side = sides[which] as (typeof sides)[number];
    side.until = started + turnMs;
    side.replies = 0;
    const { promise, resolve } = withResolvers();
    side.drained = resolve;
    for (const connection of side.free.splice(0)) {
      side.busy.add(connection);
      side.client.send(connection);
    }
    if (side.busy.size === 0) resolve();
    await promise;
    side.drained = undefined;
  };
  return {
    async turn(which: 0 | 1): Promise<{ replies: number; ms: number }> {
      const started = performance.now();
      await start(which, started);
      return { replies: (sides[which] as (typeof sides)[number]).replies, ms: performance.now() - started };
    },
    /** The failures seen, then every connection closed. */
    async close(): Promise<{ non2xx: number; errors: number }> {
      const failures = { non2xx: 0, errors: 0 };
      for (const side of sides) {
        failures.non2xx += side.client.non2xx;
        failures.errors += side.client.errors;
        await side.client.close(side.free);
      }
      return failures;
    },
  };
}

/**
 * CPU time a process has run (ns, all its threads) and how long its threads waited for a core while they could run
 * (ns), from /proc/<pid>/task/<tid>/schedstat (Linux): to the nanosecond, where `stat` counts 10-ms ticks.
 */
export function schedstatOf(pid: number): { runNs: number; waitNs: number } {
  let runNs = 0;
  let waitNs = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      const [run, wait] = readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ");
      runNs += Number(run);
      waitNs += Number(wait);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return { runNs, waitNs };
}

/**
 * An open-loop load at a fixed rate (as wrk2's): request i is due at i / rate seconds whether or not earlier ones were
 * answered. It goes out on a free connection or, when all `connections` are busy, on the next one freed, and its
 * latency counts from when it was due, so a server that stalls is charged for every request the stall delayed.
 * (autocannon's `overallRate` sends in bursts and rounds to whole milliseconds: at 1,000 req/s it gave p99 of 18–40
 * ms against workerd and the gateway alike, noise of the generator rather than of the server.)
 */
export async function loadAtRate(options: { url: string; rate: number; seconds: number; connections?: number }) {
  const connections = options.connections ?? 50;
  const total = Math.round(options.rate * options.seconds);
  /** When each request that found no free connection was due, oldest first. */
  const waiting: number[] = [];
  const free: RawConnection[] = [];
  let sent = 0;
  let frees = 0;
  const { promise: allAnswered, resolve: finished } = withResolvers();
  const client = new RawClient(new URL(options.url), connections, (connection) => {
    // A connection is freed once when it connects and once per reply: `total` replies after `connections` connects.
    frees += 1;
    if (frees === connections + total) finished();
    const due = waiting.shift();
    if (due === undefined) free.push(connection);
    else client.send(connection, due);
  });
  // The clock starts once the connections are open: what is timed is requests, not TCP handshakes.
  await client.connected;
  const started = performance.now();
  // A 1 ms timer sends every request due by now: never more than a millisecond's worth at once.
  await new Promise<void>((allSent) => {
    const tick = () => {
      const now = performance.now();
      const due = Math.min(total, Math.floor(((now - started) / 1000) * options.rate) + 1);
      for (; sent < due; sent++) {
        const connection = free.pop();
        if (connection) client.send(connection, now);
        else waiting.push(now);
      }
      if (sent < total) setTimeout(tick, 1);
      else allSent();
    };
    tick();
  });
  await settleWithin(allAnswered, options.seconds);
  await client.close(free);
  const { latencies, p50, p99, p999, max, non2xx, errors } = client.result(options.seconds);
  // A request still unanswered (a connection the server dropped) counts as an error.
  return { latencies, p50, p99, p999, max, non2xx, errors: errors + total - client.latencies.length };
}

/** Waits for `done`, or 10 s past a load of `seconds` if a connection was lost and it never comes. */
async function settleWithin(done: Promise<void>, seconds: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([done, new Promise<void>((r) => (timer = setTimeout(r, seconds * 1000 + 10_000)))]);
  clearTimeout(timer);
}

/** `Promise.withResolvers` (Node 22) for Node 20. */
function withResolvers(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const HEAD_END = Buffer.from("\r\n\r\n");
const CONTENT_LENGTH = Buffer.from("\r\ncontent-length:");
const CHUNKED_END = Buffer.from("\r\n0\r\n\r\n");

/**
 * Where the first whole HTTP reply in `data[start, end)` ends, or -1 while it is incomplete. Reads the head's bytes in
 * place: a Content-Length in any case, else a chunked body (the servers measured send one or the other).
 */
function replyEnd(data: Buffer, start: number, end: number): number {
  const head = data.indexOf(HEAD_END, start);
  if (head < 0 || head + 4 > end) return -1;
  for (let line = data.indexOf(13, start); line >= 0 && line < head; line = data.indexOf(13, line + 2)) {
    if (!startsWithIgnoringCase(data, line, CONTENT_LENGTH)) continue;
    let length = 0;
    for (let at = line + CONTENT_LENGTH.length; at < head; at++) {
      const byte = data[at]!;
      if (byte >= 48 && byte <= 57) length = length * 10 + byte - 48;
      else if (byte !== 32 && byte !== 9) break;
    }
    return head + 4 + length <= end ? head + 4 + length : -1;
  }
  if (data.toString("latin1", start, head).toLowerCase().includes("\ntransfer-encoding: chunked")) {
    const last = data.indexOf(CHUNKED_END, head + 2);
    return last < 0 || last + 7 > end ? -1 : last + 7;
  }
  return head + 4;
}

/** Whether `data` at `at` holds `lower` (ASCII, lower case), its letters in any case. */
function startsWithIgnoringCase(data: Buffer, at: number, lower: Buffer): boolean {
  if (at + lower.length > data.length) return false;
  for (let i = 0; i < lower.length; i++) {
    const byte = data[at + i] as number;
    if ((byte >= 65 && byte <= 90 ? byte + 32 : byte) !== lower[i]) return false;
  }
  return true;
}

/** Deletes what the services left under a run's Redis prefix (BullMQ's queue metadata, limit counters). */
export async function dropRedisPrefix(url: string, prefix: string): Promise<void> {
  const redis = createRedis(url);
  try {
    for (const pattern of [`${prefix}*`, `{${prefix}}*`]) {
      const keys: string[] = [];
      for await (const batch of redis.scanStream({ match: pattern, count: 500 })) keys.push(...(batch as string[]));
      if (keys.length > 0) await redis.del(...keys);
    }
  } finally {
    redis.disconnect();
  }
}

/** Calls management's `/apiv3/<op>` with `apiKey`, answering the reply's body; any status but 200 throws. */
export function apiv3Client(managementUrl: string, apiKey: string) {
  return async (name: string, fields: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const res = await fetch(`${managementUrl}/apiv3/${name}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ apiKey, ...fields }),
    });
    const body = (await res.json()) as Record<string, unknown>;
    if (res.status !== 200) throw new Error(`${name} answered ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
}
