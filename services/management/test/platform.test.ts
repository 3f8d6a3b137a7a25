/**
 * The README's start command as a user runs it: all three services become ready on ports the launcher picks (ports
 * set to 0), the CLI reaches the same database, and Ctrl-C or SIGTERM drains every service and exits 0. Once in the
 * embedded mode (PGlite and a launched redis-server, as on a fresh machine), once on configured servers.
 */
import { afterEach, describe, expect, it } from "@jest/globals";
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { waitFor } from "@botyard/testing";
import { createTestDatabase, type TestDatabase } from "@botyard/db/testing";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const SERVICES = ["management", "webhook-gateway", "broadcast-worker"] as const;
const ports = { MANAGEMENT_PORT: "0", GATEWAY_PORT: "0", WORKER_METRICS_PORT: "0" };

interface Launched {
  child: ChildProcess;
  home: string;
  env: NodeJS.ProcessEnv;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const launched: Launched[] = [];
const databases: TestDatabase[] = [];

afterEach(async () => {
  for (const l of launched.splice(0)) {
    if (l.child.exitCode === null && l.child.signalCode === null) process.kill(-l.child.pid!, "SIGKILL");
    await l.exited;
    rmSync(l.home, { recursive: true, force: true });
  }
  for (const database of databases.splice(0)) await database.drop();
});

/** Starts `pnpm start`'s script in a process group of its own, as a terminal runs it. */
function launch(settings: NodeJS.ProcessEnv): Launched {
  const home = mkdtempSync(join(tmpdir(), "botyard-platform-"));
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  const env = { ...inherited, ...ports, BOTYARD_HOME: home, LOG_LEVEL: "info", ...settings };
  const child = spawn(process.execPath, ["--no-node-snapshot", "--import", "tsx", "scripts/start.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  let out = "";
  child.stdout!.on("data", (c) => {
    out += String(c);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("close", (code, signal) => resolve({ code, signal })),
  );
  const l = { child, home, env, output: () => out, exited };
  launched.push(l);
  return l;
}

/** The port the launcher says `service` starts on. */
async function portOf(l: Launched, service: string): Promise<number> {
  const pattern = new RegExp(`"${service} starting on port (\\d+)"`);
  const port = await waitFor(
    () => {
      const match = pattern.exec(l.output());
      if (match) return Number(match[1]);
      return l.child.exitCode !== null ? 0 : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 50, what: `${service}'s port in the launcher's output` },
  );
  if (port === 0) throw new Error(`the launcher exited:\n${l.output()}`);
  return port;
}

async function ready(port: number): Promise<void> {
  await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200, {
    timeoutMs: 60_000,
    intervalMs: 100,
    what: `/readyz on ${port}`,
  });
}

/** Waits until every service is ready; their ports. */
async function allReady(l: Launched): Promise<Record<(typeof SERVICES)[number], number>> {
  const found = await Promise.all(SERVICES.map((s) => portOf(l, s)));
  await Promise.all(found.map(ready));
  return { management: found[0]!, "webhook-gateway": found[1]!, "broadcast-worker": found[2]! };
}

const shutdowns = (l: Launched) => l.output().match(/"msg":"shutdown complete"/g)?.length ?? 0;
/** Log lines of a drain that had to give up on something at the end of its grace. */
const GAVE_UP =
  /did not finish within the grace period|still running at the end of the grace period|closed connections/;

describe("pnpm start", () => {
  it("embedded (PGlite, launched redis-server): serves on free ports, and Ctrl-C drains every service, exit 0", async () => {
    const l = launch({ BOTYARD_EMBEDDED: "1" });
    const found = await allReady(l);
    expect(new Set(Object.values(found)).size).toBe(3);
    expect(Object.values(found).every((p) => p > 0)).toBe(true);
    expect(l.output()).toMatch(/embedded Postgres \(PGlite\)/);
    // The launched Redis is outside the terminal's foreground group, so a Ctrl-C leaves it to serve the drains.
    const redisPid = Number(/started redis-server \(pid (\d+)\)/.exec(l.output())?.[1]);
    const groupOf = (pid: number) =>
      Number(
        execFileSync("ps", ["-o", "pgid=", "-p", String(pid)])
          .toString()
          .trim(),
      );
    expect(groupOf(redisPid)).not.toBe(groupOf(l.child.pid!));

    const created = JSON.parse(
      execFileSync(
        process.execPath,
        ["--import", "tsx", "services/management/src/cli/main.ts", "user:create", "--email", "platform@example.com"],
        { cwd: root, env: l.env },
      ).toString(),
    );
    expect(created).toEqual({
      userId: expect.any(String),
      email: "platform@example.com",
      apiKey: expect.stringMatching(/^byk_/),
    });
    const list = await fetch(
      `http://127.0.0.1:${found.management}/apiv3/listBots?apiKey=${encodeURIComponent(created.apiKey)}`,
    );
    expect(await list.json()).toEqual({ ok: true, msg: "0 bots", bots: [], stat_code: 200 });

    // Ctrl-C in a terminal: SIGINT to the whole foreground process group (launcher and services).
    process.kill(-l.child.pid!, "SIGINT");
    expect(await l.exited).toEqual({ code: 0, signal: null });
    expect(shutdowns(l)).toBe(3);
    expect(l.output()).not.toMatch(GAVE_UP);
  }, 120_000);

  it("on configured servers (DATABASE_URL, REDIS_URL): SIGTERM to the launcher drains every service, exit 0", async () => {
    const database = await createTestDatabase();
    databases.push(database);
    const l = launch({
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
      REDIS_PREFIX: `botyard-platform-${process.pid}`,
    });
    const found = await allReady(l);
    const health = await fetch(`http://127.0.0.1:${found["webhook-gateway"]}/healthz`);
    expect(health.status).toBe(200);
    l.child.kill("SIGTERM");
    expect(await l.exited).toEqual({ code: 0, signal: null });
    expect(shutdowns(l)).toBe(3);
    expect(l.output()).not.toMatch(GAVE_UP);
  }, 120_000);
});
