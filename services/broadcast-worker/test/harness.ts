/**
 * A worker on a fresh database and Redis prefix, the fake Bot API, and helpers to seed bots and broadcasts.
 * Broadcasts are queued and cancelled by management's own BroadcastService (the code behind POST /broadcast and
 * DELETE /broadcast/:jobId), not by SQL of the harness, so the worker is tested against the rows and messages
 * management really writes. Bots and recipients are fixtures written through the schema package.
 */
import { randomUUID } from "node:crypto";
import { createLogger } from "@botyard/common/logging";
import { createMetricsRegistry } from "@botyard/common/metrics";
import { createRedis, RedisNames } from "@botyard/common/redis";
import { newId, SecretBox, sha256 } from "@botyard/common/crypto";
import { accounts, bots, createDb, recipients, type DbHandle } from "@botyard/db";
import { createTestDatabase, type TestDatabase } from "@botyard/db/testing";
import { cancelChannel, type BroadcastPayload } from "@botyard/broadcast";
import { waitFor } from "@botyard/testing";
import { FakeTelegram } from "@botyard/fake-telegram";
import { createBroadcastModule } from "@botyard/management/broadcast";
import { TelegramClient } from "@botyard/telegram";
import { BroadcastWorker, type BroadcastWorkerDeps } from "../src/app.js";
import { createWorkerMetrics } from "../src/metrics.js";

export const SECRET_KEY = "worker-test-secret-key-0123";
export const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

export interface WorkerHarness {
  database: TestDatabase;
  handle: DbHandle;
  names: RedisNames;
  fake: FakeTelegram;
  workers: BroadcastWorker[];
  startWorker(overrides?: Partial<BroadcastWorkerDeps>): Promise<BroadcastWorker>;
  /** Inserts an account-less bot with a token and `n` recipients with chat ids 1..n (lang per `langOf`). */
  bot(n: number, langOf?: (chatId: number) => string): Promise<{ botId: string; token: string }>;
  /** Queues a broadcast as POST /broadcast does (the row, then the bot's drain job); resolves with its id. */
  queue(botId: string, payload: BroadcastPayload): Promise<string>;
  /** Cancels a broadcast of {@link queue} as DELETE /broadcast/:jobId does (409 error for a finished one). */
  cancel(id: string): Promise<void>;
  job(id: string): Promise<{
    status: string;
    total: number;
    sent: number;
    failed: number;
    error: string | null;
    cursor: number | null;
  }>;
  waitForStatus(id: string, statuses: string[], timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Subscribers of the cancel channel now, as Redis counts them (every worker of a harness shares one prefix). */
async function subscribersOf(redisUrl: string, names: RedisNames): Promise<number> {
  const redis = createRedis(redisUrl);
  try {
    const [, count] = (await redis.pubsub("NUMSUB", cancelChannel(names))) as [string, number];
    return Number(count);
  } finally {
    await redis.quit();
  }
}

export async function startWorkerHarness(): Promise<WorkerHarness> {
  const database = await createTestDatabase();
  const handle = createDb(database.url, { max: 10 });
  const names = new RedisNames(`botyard-test-${randomUUID()}`);
  const fake = await FakeTelegram.start();
  const workers: BroadcastWorker[] = [];
  const clients: TelegramClient[] = [];
  const accountId = newId();
  await handle.db.insert(accounts).values({ id: accountId, email: `${accountId}@example.com` });
  const box = new SecretBox(SECRET_KEY);
  // Management's side of broadcasts, on the harness's database and prefix (always the shared Redis).
  const managementRedis = createRedis(REDIS_URL);
  const management = createBroadcastModule({
    db: handle.db,
    redis: managementRedis,
    names,
    logger: createLogger("management", "silent"),
  });
  const botOf = new Map<string, string>();
  let n = 0;
  const h: WorkerHarness = {
    database,
    handle,
    names,
    fake,
    workers,
    async startWorker(overrides = {}) {
      const telegram = new TelegramClient({ apiRoot: fake.apiRoot, timeoutMs: 5000 });
      clients.push(telegram);
      const worker = new BroadcastWorker({
        db: handle.db,
        redisUrl: REDIS_URL,
        names,
        secretKey: SECRET_KEY,
        telegram,
        logger: createLogger("broadcast-worker", "silent"),
        metrics: createWorkerMetrics(createMetricsRegistry("broadcast-worker")),
        rate: 40,
        paidRate: 1000,
        concurrency: 50,
        lockMs: 2000,
        maxInFlight: 50,
        sweepMs: 100,
        ...overrides,
      });
      await worker.ready();
      // ready() covers the queue, not the cancel channel, whose subscription may still be on its way: a cancel
      // published before it lands reaches the run only at its next progress write.
      const subscribed = workers.length + 1;
      const redisUrl = overrides.redisUrl ?? REDIS_URL;
      await waitFor(async () => (await subscribersOf(redisUrl, names)) >= subscribed, {
        what: "cancel subscription",
      });
      workers.push(worker);
      return worker;
    },
    async bot(count, langOf = () => "en") {
      const botId = newId();
      const token = `${700000 + ++n}:AAH${randomUUID().replace(/-/g, "")}`;
      await handle.db
        .insert(bots)
        .values({ id: botId, accountId, tokenEnc: box.encrypt(token), tokenHash: sha256(token) });
      const rows = Array.from({ length: count }, (_, i) => ({
        botId,
        chatId: i + 1,
        languageCode: langOf(i + 1),
        firstName: `U${i + 1}`,
      }));
      for (let i = 0; i < rows.length; i += 5000) await handle.db.insert(recipients).values(rows.slice(i, i + 5000));
      return { botId, token };
    },
    async queue(botId, payload) {
      const { id } = await management.service.enqueue(botId, payload);
      botOf.set(id, botId);
      return id;
    },
    async cancel(id) {
      const botId = botOf.get(id);
      if (!botId) throw new Error(`broadcast ${id} was not queued by this harness`);
      await management.service.cancel(botId, id);
    },
    async job(id) {
      const { rows } = await handle.pool.query(
        "select status, total, sent, failed, error, cursor from broadcasts where id = $1",
        [id],
      );
      return { ...rows[0], cursor: rows[0].cursor === null ? null : Number(rows[0].cursor) };
    },
    async waitForStatus(id, statuses, timeoutMs = 15_000) {
      await waitFor(
        async () => {
          const job = await h.job(id);
          // Thrown, so that a timeout says where the job stands.
          if (!statuses.includes(job.status)) throw new Error(`job ${id} is ${job.status} (${JSON.stringify(job)})`);
          return true;
        },
        { what: `job ${id} to be ${statuses.join("|")}`, timeoutMs, intervalMs: 20 },
      );
    },
    async close() {
      for (const w of workers) await w.close();
      await management.close();
      // What management and the workers left under the prefix on the shared Redis (the queue's keys).
      for (const pattern of [`${names.prefix}*`, `{${names.prefix}}*`]) {
        const keys: string[] = [];
        for await (const batch of managementRedis.scanStream({ match: pattern, count: 500 }))
          keys.push(...(batch as string[]));
        if (keys.length > 0) await managementRedis.del(...keys);
      }
      await managementRedis.quit();
      for (const c of clients) await c.close();
      await fake.close();
      await handle.pool.end();
      await database.drop();
    },
  };
  return h;
}
