/**
 * A Botyard service as a real process, started as `pnpm start` starts it (`node --import tsx src/main.ts` in the
 * service's folder) on an ephemeral port read back from its "listening" log line, so a test can kill it, signal it
 * and watch it exit.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { waitFor } from "@botyard/testing";

export const root = fileURLToPath(new URL("../../../..", import.meta.url));

export type ServiceName = "management" | "webhook-gateway" | "broadcast-worker";

const portVariable: Record<ServiceName, string> = {
  management: "MANAGEMENT_PORT",
  "webhook-gateway": "GATEWAY_PORT",
  "broadcast-worker": "WORKER_METRICS_PORT",
};

/** How a process ended, and when (`performance.now()`). */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
}

/** Environment for a service: the caller's settings over this process's, without its DATABASE_URL/REDIS_URL. */
export function serviceEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  return { ...inherited, LOG_LEVEL: "info", NODE_ENV: "test", ...settings };
}

/** One running service process. */
export class ServiceProcess {
  readonly exited: Promise<Exit>;
  /** Every stdout/stderr line, in order. */
  readonly lines: string[] = [];
  #port = 0;

  private constructor(
    readonly name: ServiceName,
    readonly child: ChildProcess,
  ) {
    // Resolved on 'close' (every line read), with the time of 'exit'.
    let exitedAt = 0;
    child.once("exit", () => {
      exitedAt = performance.now();
    });
    this.exited = new Promise((resolve) =>
      child.once("close", (code, signal) => resolve({ code, signal, at: exitedAt || performance.now() })),
    );
    let partial = "";
    const collect = (chunk: Buffer) => {
      const text = partial + String(chunk);
      const parts = text.split("\n");
      partial = parts.pop() ?? "";
      this.lines.push(...parts);
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
  }

  /** Starts `name` with `settings` (its port variable set to 0) and resolves once it listens. */
  static async start(name: ServiceName, settings: Record<string, string>): Promise<ServiceProcess> {
    const args = ["--no-node-snapshot", "--import", "tsx", "src/main.ts"];
    const child = spawn(process.execPath, args, {
      cwd: join(root, "services", name),
      env: serviceEnv({ [portVariable[name]]: "0", ...settings }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    const service = new ServiceProcess(name, child);
    // Its port once it logs it; 0 once it exited without.
    service.#port = await waitFor(() => service.#listeningPort() || (service.running ? undefined : 0), {
      what: `${name} to listen`,
      timeoutMs: 60_000,
      intervalMs: 25,
    }).catch(() => 0);
    if (service.#port === 0) {
      child.kill("SIGKILL");
      throw new Error(`${name} did not start:\n${service.lines.join("\n")}`);
    }
    return service;
  }

  get port(): number {
    return this.#port;
  }

  /** `http://127.0.0.1:<port><path>`. */
  url(path: string): string {
    return `http://127.0.0.1:${this.#port}${path}`;
  }

  /** True until the process has exited. */
  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Sends `signal`; resolves with `performance.now()` at the moment it was sent. */
  signal(signal: NodeJS.Signals): number {
    const at = performance.now();
    this.child.kill(signal);
    return at;
  }

  /** Kills the process if it still runs (cleanup) and waits for it. */
  async stop(): Promise<void> {
    if (this.running) this.child.kill("SIGKILL");
    await this.exited;
  }

  /** Parsed JSON log lines whose `msg` matches. */
  logs(msg: RegExp): Array<Record<string, unknown>> {
    const parsed: Array<Record<string, unknown>> = [];
    for (const line of this.lines) {
      if (!line.startsWith("{")) continue;
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        if (typeof entry.msg === "string" && msg.test(entry.msg)) parsed.push(entry);
      } catch {
        // not a log line
      }
    }
    return parsed;
  }

  #listeningPort(): number {
    const line = this.logs(/listening|running/).find((l) => typeof l.port === "number");
    return (line?.port as number | undefined) ?? 0;
  }
}
