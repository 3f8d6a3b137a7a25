/**
 * The README's start command as a user runs it, in its embedded mode (PGlite and a launched redis-server): all three
 * services become ready, the CLI reaches the same database, SIGTERM stops everything cleanly.
 */
import { afterAll, describe, expect, it } from "@jest/globals";
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const home = mkdtempSync(join(tmpdir(), "botyard-platform-"));
const ports = { MANAGEMENT_PORT: "3910", GATEWAY_PORT: "3911", WORKER_METRICS_PORT: "3912" };
// Nothing configured, as on a fresh machine: the launcher must choose (and record) the servers itself.
const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
const env: NodeJS.ProcessEnv = { ...inherited, ...ports, BOTYARD_HOME: home, BOTYARD_EMBEDDED: "1", LOG_LEVEL: "warn" };
let launcher: ChildProcess | undefined;

afterAll(() => {
  launcher?.kill("SIGKILL");
  rmSync(home, { recursive: true, force: true });
});

async function ready(port: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`port ${port} never became ready`);
}

describe("pnpm start (embedded mode)", () => {
  it("starts the three services, serves the CLI's account, and stops cleanly on SIGTERM", async () => {
    launcher = spawn(process.execPath, ["--no-node-snapshot", "--import", "tsx", "scripts/start.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    launcher.stdout!.on("data", (c) => { out += String(c); });
    const deadline = Date.now() + 60_000;
    for (const port of Object.values(ports)) await ready(port, deadline);
    expect(out).toMatch(/embedded Postgres \(PGlite\)/);
    expect(out).toMatch(/started redis-server/);

    const created = JSON.parse(execFileSync(process.execPath, ["--import", "tsx", "services/management/src/cli/main.ts", "user:create", "--email", "platform@example.com"], { cwd: root, env }).toString());
    expect(created).toEqual({ userId: expect.any(String), email: "platform@example.com", apiKey: expect.stringMatching(/^byk_/) });
    const list = await fetch(`http://127.0.0.1:${ports.MANAGEMENT_PORT}/apiv3/listBots?apiKey=${encodeURIComponent(created.apiKey)}`);
    expect(await list.json()).toEqual({ ok: true, msg: "0 bots", bots: [], stat_code: 200 });

    const exited = new Promise<number | null>((resolve) => launcher!.once("exit", (code) => resolve(code)));
    launcher.kill("SIGTERM");
    expect(await exited).toBe(0);
  }, 90_000);
});
