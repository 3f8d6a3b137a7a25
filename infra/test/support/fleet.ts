/**
 * Starts Botyard's services as real processes, as `pnpm --filter @botyard/<service> start` does (src/main.ts under
 * tsx), each on a free port, and stops them with SIGTERM. Tests of the deployed shape (replicas, Redis Cluster) use it
 * so that what they exercise is the services' own wiring: config, connections, subscriptions, shutdown.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, waitReady } from "./platform.js";

export const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));

export type ServiceName = "management" | "webhook-gateway" | "broadcast-worker";

const portVariable: Record<ServiceName, string> = {
  management: "MANAGEMENT_PORT",
  "webhook-gateway": "GATEWAY_PORT",
  "broadcast-worker": "WORKER_METRICS_PORT",
};

/** One running service process. */
export interface ServiceProcess {
  service: ServiceName;
  url: string;
  child: ChildProcess;
  /** Everything it wrote, for failure messages. */
  output: () => string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

/** Settings every process of one test shares (database, Redis, Telegram, key). */
export type FleetEnv = Record<string, string>;

/** Starts one service process on `port` (a free one by default); resolves once it answers /readyz. */
export async function startService(service: ServiceName, env: FleetEnv, port?: number): Promise<ServiceProcess> {
  port ??= await freePort();
  const args = ["--import", "tsx", "src/main.ts"];
  if (service === "webhook-gateway") args.unshift("--no-node-snapshot");
  const child = spawn(process.execPath, args, {
    cwd: join(repoRoot, "services", service),
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "warn", ...env, [portVariable[service]]: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on("data", (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const proc: ServiceProcess = { service, url: `http://127.0.0.1:${port}`, child, output: () => output, exited };
  const failedEarly = exited.then((code) => {
    throw new Error(`${service} exited with ${code} before it was ready:\n${output.slice(-3000)}`);
  });
  await Promise.race([waitReady(proc.url, 90_000), failedEarly]);
  return proc;
}

/** Sends SIGTERM and resolves with the exit code (the process must drain and exit by itself). */
export async function stopService(proc: ServiceProcess): Promise<number | null> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return proc.child.exitCode;
  proc.child.kill("SIGTERM");
  return proc.exited;
}

/** Stops every process still running (SIGKILL after 20 s), for `afterAll`. */
export async function stopAll(procs: ServiceProcess[]): Promise<void> {
  await Promise.all(
    procs.map(async (p) => {
      if (p.child.exitCode !== null || p.child.signalCode !== null) return;
      p.child.kill("SIGTERM");
      const timer = setTimeout(() => p.child.kill("SIGKILL"), 20_000);
      await p.exited;
      clearTimeout(timer);
    }),
  );
}

/** Runs the operator CLI (`pnpm botyard user:create`) and returns the new owner's API key. */
export async function createOwner(env: FleetEnv, email: string): Promise<string> {
  const cli = ["--import", "tsx", "services/management/src/cli/main.ts", "user:create", "--email", email];
  const child = spawn(process.execPath, cli, {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (c: Buffer) => {
    out += c.toString();
  });
  child.stderr?.on("data", (c: Buffer) => {
    err += c.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`user:create exited ${code}: ${err}`);
  return (JSON.parse(out) as { apiKey: string }).apiKey;
}

/** Bot code whose isolate keeps about `mib` MiB on its heap (an array of 8-byte slots) and answers `who` its version. */
export function keepingBot(version: number, mib = 8): string {
  return `const kept = new Array(${mib} * 131072).fill(0);
logic['who'] = async () => ({ v: ${version}, kept: kept.length });`;
}

/** `gateway_isolates` of a gateway: bots loaded, and retired isolates finishing their calls. */
export async function loadedIsolates(gatewayUrl: string): Promise<number> {
  const text = await (await fetch(`${gatewayUrl}/metrics`)).text();
  return Number(/^gateway_isolates(?:\{[^}]*\})? (\d+)/m.exec(text)?.[1] ?? Number.NaN);
}
