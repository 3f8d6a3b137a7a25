/**
 * `pnpm start`: brings up the whole platform on this machine. Uses DATABASE_URL and REDIS_URL when set; otherwise the
 * local Postgres (database `botyard`, created if missing) and Redis when they answer; otherwise an embedded Postgres
 * (PGlite behind a Postgres socket) and a redis-server it launches (BOTYARD_EMBEDDED=1 chooses them even when local
 * servers answer). Then migrates once and starts the three services. A port set to 0 gets a free port, chosen here so
 * management knows the gateway's address. Ctrl-C or SIGTERM drains every service (each within SHUTDOWN_GRACE_MS),
 * then stops what the launcher started; the exit code is 0 when every service exited 0.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import net from "node:net";
import { join } from "node:path";
import { clearRuntimeEnv, defaults, withLocalSecretKey, workspaceRoot, writeRuntimeEnv } from "@botyard/common/config";
import { prepareDatabase } from "@botyard/db";

const root = workspaceRoot();
const home = process.env.BOTYARD_HOME ?? join(root, ".botyard");
mkdirSync(home, { recursive: true });
const say = (msg: string) => process.stdout.write(`${JSON.stringify({ name: "launcher", msg })}\n`);
const cleanups: Array<() => Promise<void> | void> = [];
const children = new Map<string, ChildProcess>();
let stopping = false;
// Services get SHUTDOWN_GRACE_MS each (in parallel); one still running this long after is killed.
const graceMs =
  Number(process.env.SHUTDOWN_GRACE_MS) > 0 ? Number(process.env.SHUTDOWN_GRACE_MS) : defaults.shutdownGraceMs;

/** Stops the services (SIGTERM, then SIGKILL after the grace), then what the launcher started; exits. */
async function stop(code: number): Promise<never> {
  if (stopping) return new Promise<never>(() => {});
  stopping = true;
  const exits = [...children.entries()].map(
    ([name, child]) =>
      new Promise<number>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode ?? 1);
        const killer = setTimeout(() => {
          say(`${name} did not exit within the grace period; killing it`);
          child.kill("SIGKILL");
        }, graceMs + 2000);
        child.once("exit", (exitCode) => {
          clearTimeout(killer);
          resolve(exitCode ?? 1);
        });
        child.kill("SIGTERM");
      }),
  );
  const codes = await Promise.all(exits);
  for (const cleanup of cleanups.reverse()) await cleanup();
  const failed = [...children.keys()].filter((_, i) => codes[i] !== 0);
  if (failed.length > 0) say(`${failed.join(", ")} did not exit cleanly`);
  process.exit(code === 0 && failed.length === 0 ? 0 : 1);
}
// From the start: a Ctrl-C while an embedded server is starting still stops it.
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));
// `pnpm start` runs this under `sh -c`; a SIGTERM to pnpm kills that shell without passing the signal on. Losing the
// process that started us is taken as the same request to stop, so the services are never left running orphaned.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid === parentPid) return;
  say("the process that started the launcher is gone; stopping");
  void stop(0);
}, 250).unref();

function answers(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(1000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(false));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/**
 * DATABASE_URL, and whether PGlite serves it (one session for every connection: docs/operations.md#embedded-mode).
 */
async function postgres(): Promise<{ url: string; embedded: boolean }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, embedded: false };
  if (process.env.BOTYARD_EMBEDDED !== "1" && (await answers(5432))) {
    const url = defaults.databaseUrl;
    say("using the local Postgres on 127.0.0.1:5432 (database botyard)");
    return { url, embedded: false };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  const port = await freePort();
  const db = await PGlite.create(join(home, "pglite"));
  const server = new PGLiteSocketServer({ db, port, host: "127.0.0.1", maxConnections: 64 });
  await server.start();
  cleanups.push(async () => {
    await server.stop();
    await db.close();
  });
  say(`started an embedded Postgres (PGlite) on 127.0.0.1:${port}, data in ${join(home, "pglite")}`);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, embedded: true };
}

async function redisUrl(): Promise<string> {
  if (process.env.REDIS_URL) return process.env.REDIS_URL;
  if (process.env.BOTYARD_EMBEDDED !== "1" && (await answers(6379))) {
    say("using the local Redis on 127.0.0.1:6379");
    return defaults.redisUrl;
  }
  const port = await freePort();
  // Its own process group: a Ctrl-C in the terminal must not stop Redis under services that are still draining.
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore", detached: true },
  );
  process.once("exit", () => child.kill("SIGKILL"));
  const failed = await new Promise<Error | null>((resolve) => {
    child.once("error", resolve);
    setTimeout(() => resolve(null), 300);
  });
  if (failed)
    throw new Error("no Redis answered on 6379 and no redis-server binary was found: install Redis or set REDIS_URL");
  for (let i = 0; i < 50 && !(await answers(port)); i++) await new Promise((r) => setTimeout(r, 100));
  cleanups.push(() => {
    child.kill("SIGTERM");
  });
  say(`started redis-server (pid ${child.pid}) on 127.0.0.1:${port}`);
  return `redis://127.0.0.1:${port}`;
}

/**
 * Builds the owner dashboard (services/management/web → web/dist) when its build is missing or older than its
 * sources, so `pnpm install && pnpm start` serves it with no extra step. A failed build is reported and the platform
 * starts anyway: the APIs do not need it, and / then says how to build it.
 */
async function buildDashboard(): Promise<void> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/build-web.ts"], {
    cwd: join(root, "services/management"),
    stdio: ["ignore", "inherit", "inherit"],
  });
  children.set("dashboard build", child);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  children.delete("dashboard build");
  if (code !== 0 && !stopping) say("the dashboard build failed (see above); the APIs start without it");
}

const services = [
  {
    name: "management",
    dir: "services/management",
    args: [] as string[],
    port: "MANAGEMENT_PORT",
    fallback: defaults.managementPort,
  },
  {
    name: "webhook-gateway",
    dir: "services/webhook-gateway",
    args: ["--no-node-snapshot"],
    port: "GATEWAY_PORT",
    fallback: defaults.gatewayPort,
  },
  {
    name: "broadcast-worker",
    dir: "services/broadcast-worker",
    args: [],
    port: "WORKER_METRICS_PORT",
    fallback: defaults.workerMetricsPort,
  },
];

const env = withLocalSecretKey({ ...process.env });
const database = await postgres();
env.DATABASE_URL = database.url;
if (database.embedded) env.DATABASE_SINGLE_SESSION = "1";
env.REDIS_URL = await redisUrl();
for (const service of services) if (env[service.port] === "0") env[service.port] = String(await freePort());
await prepareDatabase(env.DATABASE_URL);
writeRuntimeEnv({ DATABASE_URL: env.DATABASE_URL, REDIS_URL: env.REDIS_URL });
cleanups.push(clearRuntimeEnv);

await buildDashboard();

for (const service of services) {
  if (stopping) break;
  const child = spawn(process.execPath, [...service.args, "--import", "tsx", "src/main.ts"], {
    cwd: join(root, service.dir),
    env,
    stdio: "inherit",
  });
  children.set(service.name, child);
  child.once("exit", (code, signal) => {
    if (stopping) return;
    say(`${service.name} exited (${signal ?? code}); stopping the others`);
    void stop(1);
  });
  say(`${service.name} starting on port ${env[service.port] ?? service.fallback}`);
}
