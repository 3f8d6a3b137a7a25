/**
 * Broadcast benchmark against the fake Bot API: achieved msg/s for one bot at 0 ms and 150 ms API latency, 429s with
 * the fake enforcing 40/s, cancel latency, POST-to-first-message latency (through the management routes), aggregate
 * msg/s of one worker with 100 bots at once, and paid mode for one bot. Rates are measured over a window of each run
 * (10,000 recipients would take over five minutes at 30/s), as the table says. Run: pnpm bench:broadcast
 */
import { randomUUID } from "node:crypto";
import { createLogger, createMetricsRegistry, createRedis, newId, RedisNames, SecretBox, sha256 } from "@botyard/common";
import { accounts, bots, broadcasts, createDb, recipients } from "@botyard/db";
import { createTestDatabase } from "@botyard/db/testing";
import { FakeTelegram } from "@botyard/fake-telegram";
import { TelegramClient } from "@botyard/telegram";
import { BroadcastWorker } from "../services/broadcast-worker/src/app.js";
import { createWorkerMetrics } from "../services/broadcast-worker/src/metrics.js";
import { createManagementApp } from "../services/management/src/app.js";
import { percentile, report, serve } from "./support.js";

const SECRET = "bench-secret-key-0123456789";
const database = await createTestDatabase();
const { db, pool } = createDb(database.url, { max: 20 });
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const redis = createRedis(redisUrl);
const names = new RedisNames(`botyard-bench-${randomUUID()}`);
const fake = await FakeTelegram.start({ keepRecords: true });
const box = new SecretBox(SECRET);
const worker = new BroadcastWorker({
  db, redisUrl, names, secretKey: SECRET, telegram: new TelegramClient({ apiRoot: fake.apiRoot, maxSockets: 2048 }),
  logger: createLogger("broadcast-worker", "silent"), metrics: createWorkerMetrics(createMetricsRegistry("w")),
  rate: 30, paidRate: 1000, concurrency: 200, lockMs: 10_000, maxInFlight: 400, sweepMs: 200,
});
await worker.ready();
const management = createManagementApp({
  db, redis, names, secretKey: SECRET, telegram: new TelegramClient({ apiRoot: fake.apiRoot }),
  logger: createLogger("management", "silent"), registry: createMetricsRegistry("m"), webhookBaseUrl: "http://127.0.0.1:3001", checks: {},
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
  fetch(`${api.url}/broadcast`, { method: "POST", headers: { "content-type": "application/json", "x-bot-token": token }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<{ jobId: string }>);
const cancel = (token: string, botId: string, jobId: string) =>
  fetch(`${api.url}/broadcast/${jobId}`, { method: "DELETE", headers: { "content-type": "application/json", "x-bot-token": token }, body: JSON.stringify({ botId }) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends per second for `token` between the 2nd and the last second of a `seconds` window. */
async function measureRate(token: string, seconds: number): Promise<number> {
  await sleep(seconds * 1000);
  const calls = fake.calls.filter((c) => c.token === token && c.method === "sendMessage");
  if (calls.length < 2) return 0;
  const start = calls[0]!.at + 1000;
  const inWindow = calls.filter((c) => c.at >= start);
  return inWindow.length / ((inWindow.at(-1)!.at - start) / 1000);
}

// 1. One bot, 10,000 recipients, 0 ms and 150 ms latency.
const rates: Record<string, number> = {};
for (const latency of [0, 150]) {
  fake.reset();
  fake.configure({ latencyMs: latency });
  const b = await bot(10_000);
  const { jobId } = await post(b.token, { botId: b.botId, text: "rate" });
  rates[latency] = await measureRate(b.token, 12);
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
  await fake.waitFor((calls) => calls.some((c) => c.token === b.token));
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
await sleep(12_000);
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
await cancel(paid.token, paid.botId, paidJob.jobId);

report("Broadcast benchmark", [
  ["one bot, 10,000 recipients, 0 ms API latency: msg/s (30..40)", rates[0]!.toFixed(1)],
  ["one bot, 10,000 recipients, 150 ms API latency: msg/s (30..40)", rates[150]!.toFixed(1)],
  ["429s provoked with the fake enforcing 40/s over 10 s (target 0)", provoked],
  ["POST to first message: p50 / p99 ms", `${percentile(firstMessage, 50).toFixed(1)} / ${percentile(firstMessage, 99).toFixed(1)}`],
  ["cancel: DELETE reply to last send seen: p50 / p99 ms", `${percentile(cancelLatency, 50).toFixed(1)} / ${percentile(cancelLatency, 99).toFixed(1)}`],
  ["100 bots at once, one worker: aggregate msg/s (target >= 2,500)", aggregate.toFixed(0)],
  ["paid mode, one bot: msg/s (target 1,000)", paidRate.toFixed(0)],
]);

await api.close();
await worker.close();
await management.broadcast.close();
await fake.close();
redis.disconnect();
await pool.end();
await database.drop();
process.exit(0);
