/**
 * Management benchmark: getbotCode and restartBot at a fixed 500 req/s (p50/p99) against a bare express handler in the
 * same run, and transferBot seeding 10,000 documents. Run: pnpm bench:management
 */
import { randomUUID } from "node:crypto";
import { BotEventBus } from "@botyard/common/bot-events";
import { createLogger } from "@botyard/common/logging";
import { createMetricsRegistry } from "@botyard/common/metrics";
import { createRedis, RedisNames } from "@botyard/common/redis";
import { createDb } from "@botyard/db";
import { createTestDatabase } from "@botyard/db/testing";
import { TelegramClient } from "@botyard/telegram";
import { createManagementApp } from "../services/management/src/app.js";
import { bareExpress, load, percentile, report, serve } from "./support.js";

const database = await createTestDatabase();
const { db, pool } = createDb(database.url, { max: 10 });
const redis = createRedis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
const names = new RedisNames(`botyard-bench-${randomUUID()}`);
const eventBus = new BotEventBus(redis, createRedis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379"), names, {
  role: "publisher",
});
await eventBus.start();
const management = createManagementApp({
  events: eventBus,
  db,
  redis,
  names,
  secretKey: "bench-secret-key-0123456789",
  telegram: new TelegramClient({ apiRoot: "http://127.0.0.1:9" }),
  logger: createLogger("management", "silent"),
  registry: createMetricsRegistry("management"),
  webhookBaseUrl: "http://127.0.0.1:3001",
  checks: {},
});
const owner = await management.accounts.create("owner@bench.example");
const target = await management.accounts.create("target@bench.example");
const app = await serve(management.app);
const bare = await serve(bareExpress("/apiv3/:op"));
const post = async (op: string, body: Record<string, unknown>) =>
  (
    await fetch(`${app.url}/apiv3/${op}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ apiKey: owner.apiKey, ...body }),
    })
  ).json() as Promise<Record<string, unknown>>;
const { botId } = (await post("createBot", { name: "bench", code: "logic['x'] = async () => 1;\n".repeat(200) })) as {
  botId: string;
};

const body = JSON.stringify({ apiKey: owner.apiKey, botId });
await load({ url: `${app.url}/apiv3/getbotCode`, method: "POST", body, seconds: 1 });
const baseline = await load({
  url: `${bare.url}/apiv3/getbotCode`,
  method: "POST",
  body,
  seconds: 5,
  rate: 500,
  connections: 8,
});
const getCode = await load({
  url: `${app.url}/apiv3/getbotCode`,
  method: "POST",
  body,
  seconds: 5,
  rate: 500,
  connections: 8,
});
const restart = await load({
  url: `${app.url}/apiv3/restartBot`,
  method: "POST",
  body,
  seconds: 5,
  rate: 500,
  connections: 8,
});
const maxCode = await load({ url: `${app.url}/apiv3/getbotCode`, method: "POST", body, seconds: 5 });

const docs = Array.from({ length: 10_000 }, (_, i) => ({
  name: `user ${i}`,
  score: i,
  tags: ["a", "b"],
  profile: { lang: "en", n: i },
}));
const transfers: number[] = [];
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  const res = await post("transferBot", { botId, targetEmail: target.email, dbProps: { users: docs } });
  transfers.push(performance.now() - t0);
  if ((res.dbProps as { users: { inserted: number } }).users.inserted !== 10_000)
    throw new Error("transfer did not insert 10,000 documents");
}

report("Management benchmark", [
  ["bare express at 500 req/s: p50 / p99 ms", `${baseline.p50} / ${baseline.p99}`],
  [
    "getbotCode at 500 req/s: p50 / p99 ms (target p99 < 10)",
    `${getCode.p50} / ${getCode.p99} (non-2xx ${getCode.non2xx})`,
  ],
  ["restartBot at 500 req/s: p50 / p99 ms", `${restart.p50} / ${restart.p99} (non-2xx ${restart.non2xx})`],
  ["getbotCode, 32 connections unthrottled: req/s", maxCode.rps],
  [
    "transferBot with 10,000 documents: median / max ms (target < 1000)",
    `${percentile(transfers, 50).toFixed(0)} / ${Math.max(...transfers).toFixed(0)}`,
  ],
]);

await app.close();
await bare.close();
await management.broadcast.close();
redis.disconnect();
await pool.end();
await database.drop();
process.exit(0);
