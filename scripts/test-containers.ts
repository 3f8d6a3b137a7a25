/**
 * `pnpm test:containers`: builds the three images from this checkout and runs them as an operator would, against this
 * machine's Postgres (a fresh database of its own) and Redis (a key prefix of its own), with the fake Bot API on the
 * host as Telegram. It proves what docs/operations.md#containers promises: each image builds, runs as a non-root user
 * on a read-only root filesystem, holds no compiler or TypeScript loader, turns healthy, serves a webhook and a
 * broadcast, and exits 0 on SIGTERM.
 *
 * It brings what it needs when it is missing: Docker and docker-compose (apt-get), a running dockerd (stopped again at the end when this
 * script started it), and the local stand-in for `node:20-bookworm-slim` that machines without a registry need.
 * Prints one line per check and closes with "containers: N passed, N failed".
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { FakeTelegram } from "@botyard/fake-telegram";
import { createDb } from "@botyard/db";
import { waitFor } from "@botyard/testing";
import { fakeBotToken, freePorts, PlatformClient, waitReady, webhookSecret } from "../infra/test/support/platform.js";

const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
const BASE_IMAGE = "node:20-bookworm-slim";
const services = ["management", "webhook-gateway", "broadcast-worker"] as const;
type Service = (typeof services)[number];
const portVariable: Record<Service, string> = {
  management: "MANAGEMENT_PORT",
  "webhook-gateway": "GATEWAY_PORT",
  "broadcast-worker": "WORKER_METRICS_PORT",
};
const RECIPIENTS = 25;

let passed = 0;
let failed = 0;
function record(ok: boolean, name: string, detail = ""): void {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? "ok" : "not ok"} - ${name}${detail ? ` (${detail})` : ""}`);
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

function run(cmd: string, args: string[], options: { quiet?: boolean } = {}): string {
  return execFileSync(cmd, args, { encoding: "utf8", stdio: ["ignore", "pipe", options.quiet ? "pipe" : "inherit"] });
}

function succeeds(cmd: string, args: string[]): boolean {
  return spawnSync(cmd, args, { stdio: "ignore" }).status === 0;
}

function onPath(command: string): boolean {
  return succeeds("sh", ["-c", `command -v ${command}`]);
}

/** Installs Docker and debootstrap from Debian when the engine is missing (the client alone is not enough). */
function ensureDockerInstalled(): void {
  if (onPath("dockerd") && onPath("debootstrap") && onPath("docker-compose")) return;
  console.log("# installing docker.io, docker-compose and debootstrap (apt-get)");
  // Other jobs on the machine may be installing packages too: wait for dpkg's lock instead of failing at once.
  const wait = ["-o", "DPkg::Lock::Timeout=600"];
  run("apt-get", [...wait, "update", "-q"], { quiet: true });
  run("apt-get", [...wait, "install", "-y", "-q", "docker.io", "docker-compose", "debootstrap"], { quiet: true });
}

/** `docker-compose config`: the Compose implementation itself reads docker-compose.yml and accepts it. */
function checkCompose(): void {
  const result = spawnSync("docker-compose", ["-f", "docker-compose.yml", "config", "-q"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, SECRET_KEY: "compose-config-check-key" },
  });
  record(result.status === 0, "docker-compose config accepts docker-compose.yml", result.stderr.trim());
}

/** Starts dockerd when no engine answers; returns the process this script started, if any. */
async function ensureDockerRunning(): Promise<ChildProcess | undefined> {
  if (succeeds("docker", ["info"])) return undefined;
  console.log("# starting dockerd");
  const log = openSync(join(tmpdir(), "botyard-dockerd.log"), "a");
  const daemon = spawn("dockerd", ["--iptables=false", "--ip-masq=false", "--bridge=none"], {
    stdio: ["ignore", log, log],
    detached: true,
  });
  await waitFor(() => succeeds("docker", ["info"]), { what: "dockerd to answer", timeoutMs: 60_000, intervalMs: 50 });
  return daemon;
}

/** Stops the dockerd this script started (and the containerd it runs) and waits until it has exited. */
async function stopDaemon(daemon: ChildProcess): Promise<void> {
  if (daemon.exitCode !== null || daemon.signalCode !== null) return;
  const exited = new Promise<void>((r) => daemon.once("exit", () => r()));
  daemon.kill("SIGTERM");
  const timer = setTimeout(() => daemon.kill("SIGKILL"), 30_000);
  await exited;
  clearTimeout(timer);
  console.log("# dockerd stopped");
}

/**
 * Makes sure the base image exists. Without a registry, the shared tool builds a stand-in from Debian's packages and
 * this machine's Node.js; the official image also ships Node's C headers under /usr/local/include/node (the build
 * stage compiles isolated-vm against them), so they are added to the stand-in from this machine's Node when missing.
 */
function ensureBaseImage(): void {
  if (!succeeds("docker", ["image", "inspect", BASE_IMAGE])) {
    const tool = join(root, "../shared/tools/offline-node-base-image.sh");
    if (!existsSync(tool)) throw new Error(`${BASE_IMAGE} is missing and ${tool} is not there to build it`);
    console.log(`# building a local stand-in for ${BASE_IMAGE}`);
    run("bash", [tool, BASE_IMAGE], { quiet: true });
  }
  if (succeeds("docker", ["run", "--rm", "--entrypoint", "test", BASE_IMAGE, "-f", "/usr/local/include/node/node.h"]))
    return;
  const headers = [join(dirname(process.execPath), "../include/node"), "/usr/include/node"].find((d) =>
    existsSync(join(d, "node.h")),
  );
  if (!headers) throw new Error("Node's C headers are not on this machine; the stand-in base image cannot get them");
  console.log(`# adding Node's headers (${headers}) to the stand-in ${BASE_IMAGE}`);
  const context = mkdtempSync(join(tmpdir(), "botyard-node-headers-"));
  try {
    cpSync(headers, join(context, "node"), { recursive: true, dereference: true });
    writeFileSync(join(context, "Dockerfile"), `FROM ${BASE_IMAGE}\nCOPY node /usr/local/include/node\n`);
    run("docker", ["build", "-q", "-t", BASE_IMAGE, context], { quiet: true });
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
}

/** Builds one image; its full log goes to a file, printed only when the build fails. */
function buildImage(service: Service, tag: string): boolean {
  const logFile = join(tmpdir(), `botyard-build-${service}.log`);
  const started = performance.now();
  const result = spawnSync(
    "docker",
    ["build", "--network", "host", "-f", `infra/docker/${service}.Dockerfile`, "-t", tag, "."],
    { cwd: root, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
  );
  writeFileSync(logFile, `${result.stdout}\n${result.stderr}`);
  const ok = result.status === 0;
  if (!ok) console.log(`${result.stdout.slice(-4000)}\n${result.stderr.slice(-4000)}`);
  const size = ok ? Number(run("docker", ["image", "inspect", "-f", "{{.Size}}", tag], { quiet: true })) : 0;
  record(ok, `${service} image builds`, `${seconds(started)}, ${(size / 1e6).toFixed(0)} MB, log ${logFile}`);
  return ok;
}

/**
 * The image runs as uid 1000, has a HEALTHCHECK, and holds no compiler, package manager for the build or TS loader;
 * its node_modules holds only what the bundle loads at run time (infra/docker/bundle.ts).
 */
function checkImage(service: Service, tag: string): void {
  const user = run("docker", ["image", "inspect", "-f", "{{.Config.User}}", tag], { quiet: true }).trim();
  record(user === "1000:1000", `${service} image runs as a non-root user`, `USER ${user}`);
  const health = run("docker", ["image", "inspect", "-f", "{{json .Config.Healthcheck}}", tag], { quiet: true });
  record(health.includes("/healthz"), `${service} image has a HEALTHCHECK on /healthz`);
  const found = spawnSync(
    "docker",
    [
      "run",
      "--rm",
      "--entrypoint",
      "sh",
      tag,
      "-c",
      "for c in gcc g++ cc make python3 pnpm tsx esbuild; do command -v $c; done; " +
        "ls /app/node_modules 2>/dev/null | grep -vxE 'isolated-vm|swagger-ui-dist|@node-rs' || true",
    ],
    { encoding: "utf8" },
  ).stdout.trim();
  record(found === "", `${service} image holds no compiler or build tool`, found.replace(/\n/g, " "));
}

interface Running {
  service: Service;
  name: string;
  url: string;
}

async function main(): Promise<void> {
  const started = performance.now();
  let daemon: ChildProcess | undefined;
  const suffix = randomBytes(4).toString("hex");
  const database = `botyard_containers_${suffix}`;
  const admin = createDb("postgres://postgres@127.0.0.1:5432/postgres", { max: 1 });
  const containers: Running[] = [];
  let fake: FakeTelegram | undefined;
  try {
    const baseStarted = performance.now();
    ensureDockerInstalled();
    daemon = await ensureDockerRunning();
    ensureBaseImage();
    console.log(`# docker engine and base image ready in ${seconds(baseStarted)}`);
    checkCompose();

    const tags = Object.fromEntries(services.map((s) => [s, `botyard/${s}:test`])) as Record<Service, string>;
    for (const service of services) if (!buildImage(service, tags[service])) return;
    for (const service of services) checkImage(service, tags[service]);

    fake = await FakeTelegram.start();
    const free = await freePorts(services.length);
    const ports = Object.fromEntries(services.map((s, i) => [s, free[i]!])) as Record<Service, number>;
    const env = {
      // The service creates the database (it may) and applies the migrations bundled in the image.
      DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`,
      REDIS_URL: "redis://127.0.0.1:6379",
      REDIS_PREFIX: `botyard-containers-${suffix}`,
      SECRET_KEY: randomBytes(24).toString("base64url"),
      TELEGRAM_API_ROOT: fake.apiRoot,
      WEBHOOK_BASE_URL: `http://127.0.0.1:${ports["webhook-gateway"]}`,
      LOG_LEVEL: "warn",
      ...Object.fromEntries(services.map((s) => [portVariable[s], String(ports[s])])),
    };
    for (const service of services) {
      const name = `botyard-test-${suffix}-${service}`;
      const envArgs = Object.entries(env).flatMap(([k, v]) => ["-e", `${k}=${v}`]);
      // --read-only: the root filesystem of a Kubernetes pod is read-only too (infra/helm/botyard).
      run("docker", ["run", "-d", "--name", name, "--network", "host", "--read-only", ...envArgs, tags[service]], {
        quiet: true,
      });
      containers.push({ service, name, url: `http://127.0.0.1:${ports[service]}` });
    }
    for (const c of containers) {
      const t = performance.now();
      try {
        await waitReady(c.url, 90_000);
        record(true, `${c.service} container answers /readyz on a read-only root filesystem`, seconds(t));
      } catch (err) {
        record(false, `${c.service} container answers /readyz`, (err as Error).message);
        console.log(spawnSync("docker", ["logs", "--tail", "40", c.name], { encoding: "utf8" }).stderr);
        return;
      }
    }
    for (const c of containers) {
      const status = await waitFor(
        () => {
          const s = run("docker", ["inspect", "-f", "{{.State.Health.Status}}", c.name], { quiet: true }).trim();
          return s === "starting" ? undefined : s;
        },
        { what: `${c.name} to turn healthy`, timeoutMs: 60_000, intervalMs: 50 },
      ).catch((err: Error) => err.message);
      record(status === "healthy", `${c.service} container's HEALTHCHECK reports healthy`, status);
    }

    await exercise(containers, fake);
    const memory = spawnSync(
      "docker",
      ["stats", "--no-stream", "--format", "{{.Name}} {{.MemUsage}}", ...containers.map((c) => c.name)],
      { encoding: "utf8" },
    ).stdout.trim();
    console.log(
      `# memory after the exercise: ${memory.replaceAll(`botyard-test-${suffix}-`, "").replace(/\n/g, "; ")}`,
    );

    for (const c of containers) {
      const t = performance.now();
      run("docker", ["stop", "--time", "30", c.name], { quiet: true });
      const code = run("docker", ["inspect", "-f", "{{.State.ExitCode}}", c.name], { quiet: true }).trim();
      record(code === "0", `${c.service} container exits 0 on SIGTERM`, `exit ${code} after ${seconds(t)}`);
    }
  } catch (err) {
    record(false, "container test ran to the end", (err as Error).stack ?? String(err));
  } finally {
    for (const c of containers) spawnSync("docker", ["rm", "-f", c.name], { stdio: "ignore" });
    await fake?.close();
    await admin.pool.query(`drop database if exists ${database} with (force)`).catch(() => {});
    await admin.pool.end();
    if (daemon) await stopDaemon(daemon);
    console.log(`# total ${seconds(started)}`);
  }
}

/** A user, a bot with a webhook, Telegram updates from RECIPIENTS users, and a broadcast to them all. */
async function exercise(containers: Running[], fake: FakeTelegram): Promise<void> {
  const url = (s: Service) => containers.find((c) => c.service === s)!.url;
  const management = containers.find((c) => c.service === "management")!;
  const client = new PlatformClient(url("management"), url("webhook-gateway"));

  const created = run(
    "docker",
    ["exec", management.name, "node", "dist/cli.mjs", "user:create", "--email", "containers@example.com"],
    { quiet: true },
  );
  const apiKey = (JSON.parse(created) as { apiKey: string }).apiKey;
  record(apiKey.length > 0, "the operator CLI in the management image creates an owner");

  const dashboard = await fetch(`${url("management")}/`);
  const page = await dashboard.text();
  record(
    dashboard.status === 200 && page.includes("<div id="),
    "the management image serves the built dashboard at /",
    `${dashboard.status} ${dashboard.headers.get("content-type") ?? ""}`,
  );

  const token = fakeBotToken(1);
  const code = "logic['hello'] = async (query) => ({ hi: query.name });";
  const botId = await client.createBot(apiKey, { name: "containers", botToken: token, code });
  await client.apiv3("restartBot", { apiKey, botId });
  const reply = await client.webhook(botId, "hello?name=Ada");
  const hi = (reply.body.data as { hi?: string } | undefined)?.hi;
  record(reply.status === 200 && hi === "Ada", "a custom webhook runs bot code in the gateway container", hi);

  const secret = webhookSecret(fake, token);
  const chats = Array.from({ length: RECIPIENTS }, (_, i) => 7_000_000 + i);
  for (const chat of chats) await client.sendUpdate(botId, secret, chat);
  const jobId = await client.broadcast(token, botId, "Hello from the containers");
  const job = await client.waitForJobEnd(token, botId, jobId);
  const sent = fake.callsOf("sendMessage", token).map((c) => Number(c.params.chat_id));
  const everyoneOnce = sent.length === RECIPIENTS && new Set(sent).size === RECIPIENTS;
  record(
    job.status === "completed" && job.sent === RECIPIENTS && everyoneOnce,
    "a broadcast goes through management, Redis and the worker container to every recipient once",
    `${job.status}, sent ${String(job.sent)}, ${sent.length} sendMessage calls`,
  );
}

await main();
console.log(`containers: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
