/** Shared by the benchmarks: autocannon runs, a bare express baseline, percentiles, printing. */
import autocannon from "autocannon";
import express from "express";
import { type ChildProcess, spawn } from "node:child_process";
import { createServer as createHttpServer, type RequestListener, type Server } from "node:http";
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
    non2xx: result.non2xx,
    errors: result.errors,
  };
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
