/** Shared by the benchmarks: autocannon runs, a bare express baseline, percentiles, printing. */
import autocannon from "autocannon";
import express from "express";
import { type ChildProcess, spawn } from "node:child_process";
import {
  Agent,
  createServer as createHttpServer,
  request as httpRequest,
  type RequestListener,
  type Server,
} from "node:http";
import { type AddressInfo, createServer } from "node:net";

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
 * An open-loop load at a fixed rate: request i is sent at `i / rate` seconds whether or not earlier ones were
 * answered (over keep-alive connections, at most `connections` at once), and each latency is measured to the
 * microsecond. autocannon's `overallRate` sends in bursts and rounds to whole milliseconds: at 1,000 req/s it gave
 * p99 of 18–40 ms against workerd and the gateway alike, noise of the generator rather than of the server
 * (bench/README.md, Gateway).
 */
export async function loadAtRate(options: { url: string; rate: number; seconds: number; connections?: number }) {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections ?? 50 });
  const total = Math.round(options.rate * options.seconds);
  const latencies: number[] = [];
  let sent = 0;
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  await new Promise<void>((done) => {
    let settled = 0;
    const settle = () => {
      settled += 1;
      if (settled === total) done();
    };
    const send = () => {
      const at = performance.now();
      const req = httpRequest(options.url, { agent }, (res) => {
        res.resume();
        res.on("end", () => {
          latencies.push(performance.now() - at);
          if (res.statusCode === undefined || res.statusCode < 200 || res.statusCode > 299) non2xx += 1;
          settle();
        });
      });
      req.on("error", () => {
        errors += 1;
        settle();
      });
      req.end();
    };
    // A 1 ms timer sends every request due by now: never more than a millisecond's worth at once.
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * options.rate) + 1);
      while (sent < due) {
        sent += 1;
        send();
      }
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
  agent.destroy();
  const ms = (p: number) => Number(percentile(latencies, p).toFixed(2));
  return { p50: ms(50), p99: ms(99), p999: ms(99.9), max: Number(Math.max(...latencies).toFixed(2)), non2xx, errors };
}

/** The p-th percentile of `values`. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Prints a table row per figure. */
export function report(title: string, rows: Array<[string, string | number]>): void {
  console.log(`\n${title} (${new Date().toISOString().slice(0, 10)})`);
  for (const [name, value] of rows) console.log(`  ${name.padEnd(58)} ${value}`);
}
