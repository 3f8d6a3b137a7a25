/**
 * Broadcast benchmark against the fake Bot API: achieved msg/s for one bot at 0 ms and 150 ms API latency, 429s with
 * the fake enforcing 40/s, cancel latency, POST-to-first-message latency (through the management routes), aggregate
 * msg/s of one worker process with 100 bots at once, and paid mode for one bot. Rates are measured over a window of
 * each run (10,000 recipients would take over five minutes at 30/s), as the table says. Run: pnpm bench:broadcast
 *
 * The worker runs as its own process, started as operators start it (services/broadcast-worker/src/main.ts), so its
 * CPU is its own; the fake Bot API, the management app and this script share the other process.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { BotEventBus } from "@botyard/common/bot-events";
import { createLogger } from "@botyard/common/logging";
import { createMetricsRegistry } from "@botyard/common/metrics";
import { createRedis, RedisNames } from "@botyard/common/redis";
import { newId, SecretBox, sha256 } from "@botyard/common/crypto";
import { waitFor } from "@botyard/testing";
import { accounts, bots, createDb, recipients } from "@botyard/db";
import { createTestDatabase } from "@botyard/db/testing";
import { FakeTelegram } from "@botyard/fake-telegram";
import { TelegramClient } from "@botyard/telegram";
import { createManagementApp } from "../services/management/src/app.js";
import { cpuMsOfStat, freePort, percentile, report, serve } from "./support.js";

const SECRET = "bench-secret-key-0123456789";
const database = await createTestDatabase();
// The setup inserts 100 bots and their recipients at once: they queue for a client longer than the services'
// fail-fast connect timeout (packages/db/src/client.ts) allows, so the benchmark's own pool waits longer.
const { db, pool } = createDb(database.url, { max: 20, connectionTimeoutMillis: 30_000 });
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const redis = createRedis(redisUrl);
const prefix = `botyard-bench-${randomUUID()}`;
const names = new RedisNames(prefix);
const fake = await FakeTelegram.start({ keepRecords: true });
const box = new SecretBox(SECRET);
const worker = await startWorkerProcess({
  DATABASE_URL: database.url,
  REDIS_URL: redisUrl,
  REDIS_PREFIX: prefix,
  SECRET_KEY: SECRET,
  TELEGRAM_API_ROOT: fake.apiRoot,
  BROADCAST_RATE: "30",
  BROADCAST_PAID_RATE: "1000",
  LOG_LEVEL: "warn",
});
const managementTelegram = new TelegramClient({ apiRoot: fake.apiRoot });
const eventBus = new BotEventBus(redis, createRedis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379"), names, {
  role: "publisher",
});
await eventBus.start();
const management = createManagementApp({
  events: eventBus,
  db,
  redis,
  names,
  secretKey: SECRET,
  telegram: managementTelegram,
  logger: createLogger("management", "silent"),
  registry: createMetricsRegistry("m"),
  webhookBaseUrl: "http://127.0.0.1:3001",
  checks: {},
});
const api = await serve(management.app);
const accountId = newId();
await db.insert(accounts).values({ id: accountId, email: `${accountId}@bench` });

async function bot(count: number): Promise<{ botId: string; token: string }> {
  const botId = newId();
  const token = `${Math.floor(Math.random() * 1e9)}:AAH${randomUUID().replace(/-/g, "")}`;
  await db.insert(bots).values({ id: botId, accountId, tokenEnc: box.encrypt(token), tokenHash: sha256(token) });
  const rows = Array.from({ length: count }, (_, i) => ({ botId, chatId: i + 1, languageCode: "en" }));
  for (let i = 0; i < rows.length; i += 5000) await db.insert(recipients).values(rows.slice(i, i + 5000));
  return { botId, token };
}
const post = (token: string, body: Record<string, unknown>) =>
  fetch(`${api.url}/broadcast`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-bot-token": token },
    body: JSON.stringify(body),
  }).then((r) => r.json() as Promise<{ jobId: string }>);
const cancel = (token: string, botId: string, jobId: string) =>
  fetch(`${api.url}/broadcast/${jobId}`, {
    method: "DELETE",
    headers: { "content-type": "application/json", "x-bot-token": token },
    body: JSON.stringify({ botId }),
  });
function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Starts the worker service as its own process and resolves once its /readyz answers. */
async function startWorkerProcess(env: Record<string, string>) {
  const port = await freePort();
  const main = fileURLToPath(new URL("../services/broadcast-worker/src/main.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", main], {
    env: { ...process.env, ...env, WORKER_METRICS_PORT: String(port), NODE_ENV: "development" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  // A benchmark that fails half-way must not leave a worker behind.
  process.once("exit", () => child.kill("SIGKILL"));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error("the broadcast worker did not become ready");
    await sleep(100);
  }
  return {
    /** CPU seconds (user + system) the process has used so far, from /proc. */
    cpuSeconds(): number {
      return cpuMsOfStat(`/proc/${child.pid}/stat`) / 1000;
    },
    async stop(): Promise<void> {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Sends per second for `token` between the 2nd and the last second of a `seconds` window. */
async function measureRate(token: string, seconds: number): Promise<number> {
  await sleep(seconds * 1000);
  const calls = fake.calls.filter((c) => c.token === token && c.method === "sendMessage");
  if (calls.length < 2) return 0;
  const start = calls[0]!.at + 1000;
  const inWindow = calls.filter((c) => c.at >= start);
  return inWindow.length / ((inWindow.at(-1)!.at - start) / 1000);
}

/** The most calls of `token` that arrived within any one second. */
function busiestSecond(token: string): number {
  const at = fake.calls.filter((c) => c.token === token).map((c) => c.at);
  let most = 0;
  for (let i = 0, j = 0; i < at.length; i++) {
    while (at[i]! - at[j]! >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

// 1. One bot, 10,000 recipients, 0 ms and 150 ms latency.
const rates: Record<string, number> = {};
const busiest: Record<string, number> = {};
for (const latency of [0, 150]) {
  fake.reset();
  fake.configure({ latencyMs: latency });
  const b = await bot(10_000);
  const { jobId } = await post(b.token, { botId: b.botId, text: "rate" });
  rates[latency] = await measureRate(b.token, 12);
  busiest[latency] = busiestSecond(b.token);
  await cancel(b.token, b.botId, jobId);
}

// 2. 429s with the fake enforcing 40/s.
fake.reset();
fake.configure({ ratePerSecond: 40 });
const limited = await bot(10_000);
const limitedJob = await post(limited.token, { botId: limited.botId, text: "limit" });
await sleep(10_000);
const provoked = fake.rateLimited;
await cancel(limited.token, limited.botId, limitedJob.jobId);

// 3. POST-to-first-message and cancel latency.
fake.reset();
const firstMessage: number[] = [];
const cancelLatency: number[] = [];
for (let i = 0; i < 10; i++) {
  const b = await bot(2000);
  const t0 = performance.now();
  const { jobId } = await post(b.token, { botId: b.botId, text: "first" });
  await waitFor(() => fake.calls.some((c) => c.token === b.token));
  firstMessage.push(fake.calls.find((c) => c.token === b.token)!.at - t0);
  await sleep(300);
  await cancel(b.token, b.botId, jobId);
  const replied = performance.now();
  await sleep(300);
  const last = fake.calls.filter((c) => c.token === b.token).at(-1)!.at;
  cancelLatency.push(Math.max(0, last - replied));
}

// 4. 100 bots at once.
fake.reset();
const many = await Promise.all(Array.from({ length: 100 }, () => bot(1000)));
const manyJobs = await Promise.all(many.map((b) => post(b.token, { botId: b.botId, text: "many" })));
await sleep(2_000);
const cpuBefore = worker.cpuSeconds();
await sleep(10_000);
const workerCpu = (worker.cpuSeconds() - cpuBefore) / 10;
const windowCalls = fake.calls.filter((c) => c.params.text === "many");
const windowStart = windowCalls[0]!.at + 2000;
const inWindow = windowCalls.filter((c) => c.at >= windowStart);
const aggregate = inWindow.length / ((inWindow.at(-1)!.at - windowStart) / 1000);
await Promise.all(many.map((b, i) => cancel(b.token, b.botId, manyJobs[i]!.jobId)));

// 5. Paid mode.
fake.reset();
const paid = await bot(10_000);
const paidJob = await post(paid.token, { botId: paid.botId, text: "paid", paid: true });
const paidRate = await measureRate(paid.token, 6);
const paidBusiest = busiestSecond(paid.token);
await cancel(paid.token, paid.botId, paidJob.jobId);

report("Broadcast benchmark", [
  ["one bot, 10,000 recipients, 0 ms API latency: msg/s (30..40)", rates[0]!.toFixed(1)],
  ["one bot, 10,000 recipients, 150 ms API latency: msg/s (30..40)", rates[150]!.toFixed(1)],
  ["busiest second of that bot, 0 / 150 ms latency (never > 40)", `${busiest[0]} / ${busiest[150]}`],
  ["429s provoked with the fake enforcing 40/s over 10 s (target 0)", provoked],
  [
    "POST to first message: p50 / p99 ms",
    `${percentile(firstMessage, 50).toFixed(1)} / ${percentile(firstMessage, 99).toFixed(1)}`,
  ],
  [
    "cancel: DELETE reply to last send seen: p50 / p99 ms",
    `${percentile(cancelLatency, 50).toFixed(1)} / ${percentile(cancelLatency, 99).toFixed(1)}`,
  ],
  ["100 bots at once, one worker process: aggregate msg/s (target >= 2,500)", aggregate.toFixed(0)],
  ["  the worker process's CPU meanwhile: share of one core", `${(workerCpu * 100).toFixed(0)} %`],
  ["paid mode, one bot: msg/s (target 1,000)", paidRate.toFixed(0)],
  ["  its busiest second as the fake saw arrivals (starts capped at 1,000)", paidBusiest],
]);

await api.close();
await worker.stop();
await management.broadcast.close();
await managementTelegram.close();
await fake.close();
redis.disconnect();
await pool.end();
await database.drop();
process.exit(0);
