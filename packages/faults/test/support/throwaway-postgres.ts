/**
 * A Postgres cluster of the test's own (initdb under a temp dir, on a free port), so a fault test can stop and restart
 * it. The shared server on 5432 is never touched: other engineers' tests run on it. As root, the cluster runs as the
 * `postgres` OS user (Postgres refuses to run as root).
 */
import { execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./ports.js";

/** The folder with initdb and pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/<v>/bin, else PATH. */
function binDir(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], "bin") : undefined;
}

/** uid/gid of the `postgres` user when we are root (initdb and postgres refuse to run as root). */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"]).toString().trim());
  return { uid: id("-u"), gid: id("-g") };
}

/** A running (or stopped) throwaway cluster. */
export class ThrowawayPostgres {
  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly bin: (name: string) => string,
    private readonly user: { uid: number; gid: number } | undefined,
  ) {}

  /** Creates the cluster (trust auth, no fsync: nothing here must survive a crash) and starts it. */
  static async start(): Promise<ThrowawayPostgres> {
    const dir = mkdtempSync(join(tmpdir(), "botyard-faults-pg-"));
    const bins = binDir();
    const bin = (name: string) => (bins ? join(bins, name) : name);
    const user = runAs();
    if (user) chownSync(dir, user.uid, user.gid);
    const pg = new ThrowawayPostgres(dir, await freePort(), bin, user);
    await pg.#run("initdb", ["-D", pg.dataDir, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
    await pg.start();
    return pg;
  }

  get dataDir(): string {
    return join(this.dir, "data");
  }

  /** URL of database `name` on this cluster. */
  url(name = "botyard"): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${name}`;
  }

  /** Starts the server and waits until it accepts connections. */
  async start(): Promise<void> {
    const options = [
      `-p ${this.port}`,
      "-c listen_addresses=127.0.0.1",
      `-c unix_socket_directories=${this.dir}`,
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
      "-c max_connections=200",
    ].join(" ");
    await this.#run("pg_ctl", ["-D", this.dataDir, "-l", join(this.dir, "log"), "-o", options, "-w", "start"]);
  }

  /**
   * Stops the server. `immediate` is a crash as clients see it (connections cut, no checkpoint); `fast` is an
   * orderly shutdown that ends sessions with an administrator-command error.
   */
  async stop(mode: "fast" | "immediate" = "immediate"): Promise<void> {
    await this.#run("pg_ctl", ["-D", this.dataDir, "-m", mode, "-w", "stop"]);
  }

  /** Stops the server (if running) and deletes the cluster. */
  async destroy(): Promise<void> {
    await this.stop("immediate").catch(() => {});
    rmSync(this.dir, { recursive: true, force: true });
  }

  #run(name: string, args: string[]): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.bin(name), args, {
        ...(this.user ?? {}),
        cwd: this.dir,
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (chunk) => {
        stderr += String(chunk);
      });
      child.once("error", reject);
      child.once("exit", (code) =>
        code === 0 ? resolve() : reject(new Error(`${name} exited with ${code}: ${stderr.trim()}`)),
      );
    });
  }
}
