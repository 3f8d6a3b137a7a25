/**
 * Gateway benchmark: a trivial custom webhook through the gateway against a bare express handler in the same run;
 * p99 at a fixed 1,000 req/s; first call after a restart for a 50 KB bot; resident memory per loaded idle bot.
 * Run: pnpm bench:gateway
 */
import { randomUUID } from "node:crypto";
import {
  createLogger,
  createMetricsRegistry,
  createRedis,
  newId,
  BotEventBus,
  RedisNames,
  SecretBox,
  sha256,
} from "@botyard/common";
import { accounts, bots, createDb } from "@botyard/db";
import { createTestDatabase } from "@botyard/db/testing";
import { TelegramClient } from "@botyard/telegram";
import { createGateway } from "../services/webhook-gateway/src/app.js";
import { bareExpress, load, percentile, report, serve } from "./support.js";

const database = await createTestDatabase();
const { db, pool } = createDb(database.url, { max: 10 });
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const redis = createRedis(redisUrl);
const names = new RedisNames(`botyard-bench-${randomUUID()}`);
const gateway = createGateway({
  db,
  redis,
  subscriber: createRedis(redisUrl),
  names,
  secretKey: "bench-secret-key-0123456789",
  telegram: new TelegramClient({ apiRoot: "http://127.0.0.1:9" }),
  logger: createLogger("webhook-gateway", "silent"),
  registry: createMetricsRegistry("webhook-gateway"),
  allowPrivateEgress: false,
  runtime: {
    limits: { memoryMb: 64, timeoutMs: 10_000 },
    maxLoaded: 5000,
    idleMs: 3_600_000,
    maxConcurrentPerBot: 1000,
    rate: { perSecond: 1_000_000, burst: 1_000_000 },
  },
  checks: {},
});
await gateway.ready;
const eventBus = new BotEventBus(redis, createRedis(redisUrl), names, { role: "publisher" });
await eventBus.start();
const accountId = newId();
await db.insert(accounts).values({ id: accountId, email: `${accountId}@bench` });
const box = new SecretBox("bench-secret-key-0123456789");
async function bot(code: string): Promise<string> {
  const id = newId();
  await db.insert(bots).values({
    id,
    accountId,
    code,
    runningCode: code,
    codeVersion: 1,
    status: "running",
    tokenHash: sha256(id),
    tokenEnc: box.encrypt(`1:${id}`),
  });
  return id;
}

const trivial = await bot("logic['ping'] = async () => 'pong';");
const gw = await serve(gateway.app);
const bare = await serve(bareExpress("/custom/:botId/:path"));
await load({ url: `${gw.url}/custom/${trivial}/ping`, seconds: 1 }); // warm up
const bareRun = await load({ url: `${bare.url}/custom/x/ping`, seconds: 5 });
const gwRun = await load({ url: `${gw.url}/custom/${trivial}/ping`, seconds: 5 });
const fixed = await load({ url: `${gw.url}/custom/${trivial}/ping`, seconds: 5, rate: 1000, connections: 50 });
const fixedBare = await load({ url: `${bare.url}/custom/x/ping`, seconds: 5, rate: 1000, connections: 50 });

// First call after restart of a 50 KB bot.
const filler = Array.from({ length: 1300 }, (_, i) => `const helper${i} = (x) => x * ${i} + ${i};`).join("\n");
const big = await bot(`${filler}\nlogic['ping'] = async () => 'pong';`);
const code = (await pool.query("select length(running_code) as n from bots where id = $1", [big])).rows[0].n as number;
const firstCalls: number[] = [];
for (let i = 0; i < 15; i++) {
  await pool.query("update bots set code_version = code_version + 1 where id = $1", [big]);
  await eventBus.publish({ type: "restart", botId: big, codeVersion: i + 2 }, { awaitAcks: true });
  const t0 = performance.now();
  const res = await fetch(`${gw.url}/custom/${big}/ping`);
  await res.json();
  firstCalls.push(performance.now() - t0);
}

// Resident memory per loaded idle bot.
const ids: string[] = [];
for (let i = 0; i < 1000; i++) ids.push(await bot(`logic['ping'] = async () => ${i};`));
global.gc?.();
const before = process.memoryUsage().rss;
for (const id of ids) await (await fetch(`${gw.url}/custom/${id}/ping`)).json();
global.gc?.();
await new Promise((r) => setTimeout(r, 500));
const after = process.memoryUsage().rss;

report("Gateway benchmark", [
  ["bare express, trivial handler, req/s", bareRun.rps],
  ["gateway, trivial handler in isolate, req/s", gwRun.rps],
  ["throughput ratio gateway / bare express (target >= 0.7)", (gwRun.rps / bareRun.rps).toFixed(2)],
  ["gateway at 1,000 req/s: p50 / p99 ms", `${fixed.p50} / ${fixed.p99} (non-2xx ${fixed.non2xx})`],
  ["bare express at 1,000 req/s: p50 / p99 ms", `${fixedBare.p50} / ${fixedBare.p99}`],
  [
    `first call after restart, ${Math.round(code / 1024)} KB bot: median / max ms (target < 15)`,
    `${percentile(firstCalls, 50).toFixed(1)} / ${Math.max(...firstCalls).toFixed(1)}`,
  ],
  ["loaded idle bots", gateway.runtime.loadedCount],
  ["RSS per loaded idle bot, MiB (target < 3)", ((after - before) / 1000 / 1024 / 1024).toFixed(2)],
]);

await gw.close();
await bare.close();
await gateway.close();
redis.disconnect();
await pool.end();
await database.drop();
process.exit(0);
