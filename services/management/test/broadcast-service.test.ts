/**
 * The broadcast rules of management (src/broadcast/broadcast-service.ts and its repository) on real Postgres and
 * Redis: token authentication, queueing with its drain job, the withdrawal of a job whose queue add failed, reads
 * scoped by bot, and cancel (the state change, its announcement, idempotence, 409 for a finished job).
 * @see docs/broadcast.md
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { randomUUID } from "node:crypto";
import { AppError } from "@botyard/common/errors";
import { createRedis, RedisNames } from "@botyard/common/redis";
import { newId, sha256 } from "@botyard/common/crypto";
import { waitFor } from "@botyard/testing";
import { accounts, bots, broadcasts, createDb, type DbHandle } from "@botyard/db";
import { createTestDatabase, reusableTestDatabase, type TestDatabase } from "@botyard/db/testing";
import { BROADCAST_QUEUE, cancelChannel, drainJobId, type BroadcastPayload } from "@botyard/broadcast";
import { Queue } from "bullmq";
import { eq } from "drizzle-orm";
import { BroadcastRepository } from "../src/broadcast/broadcast-repository.js";
import { BroadcastService, JOBS_LISTED } from "../src/broadcast/broadcast-service.js";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const TEXT: BroadcastPayload = { type: "text", text: "hello" };

/** With BROADCAST_TEST_REUSE_DB (the mutation run), one migrated database kept across runs; else a fresh one. */
async function testDatabase(): Promise<TestDatabase> {
  if (!process.env.BROADCAST_TEST_REUSE_DB) return createTestDatabase();
  return reusableTestDatabase("botyard_broadcast_mutation");
}

let database: TestDatabase;
let handle: DbHandle;
let repository: BroadcastRepository;
let redis: ReturnType<typeof createRedis>;
let subscriber: ReturnType<typeof createRedis>;
let names: RedisNames;
let service: BroadcastService;
let queue: Queue;
const accountId = newId();
/** Messages on the cancel channel, in order. */
const announced: string[] = [];

beforeAll(async () => {
  database = await testDatabase();
  handle = createDb(database.url, { max: 4 });
  repository = new BroadcastRepository(handle.db);
  await handle.db.insert(accounts).values({ id: accountId, email: `${accountId}@example.com` });
  names = new RedisNames(`botyard-test-${randomUUID()}`);
  redis = createRedis(REDIS_URL);
  subscriber = createRedis(REDIS_URL);
  subscriber.on("message", (_channel: string, message: string) => announced.push(message));
  await subscriber.subscribe(cancelChannel(names));
  service = new BroadcastService(repository, redis, names);
  queue = new Queue(BROADCAST_QUEUE, { connection: { url: REDIS_URL }, prefix: names.bullPrefix });
});
afterAll(async () => {
  await service.close();
  await queue.obliterate({ force: true });
  await queue.close();
  subscriber.disconnect();
  redis.disconnect();
  await handle.db.delete(accounts).where(eq(accounts.id, accountId));
  await handle.pool.end();
  await database.drop();
});

/** A bot with `token` (or none). */
async function bot(token: string | null = `tok-${randomUUID()}`): Promise<{ botId: string; token: string | null }> {
  const botId = newId();
  await handle.db.insert(bots).values({ id: botId, accountId, tokenHash: token === null ? null : sha256(token) });
  return { botId, token };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error("expected an AppError");
}

/** Waits until the cancel channel has carried `marker`, published after everything the test awaits. */
async function announcementsUntilMarker(): Promise<string[]> {
  const marker = `marker-${randomUUID()}`;
  await redis.publish(cancelChannel(names), marker);
  await waitFor(() => announced.includes(marker));
  return announced.splice(0).filter((m) => m !== marker);
}

async function status(jobId: string): Promise<string | undefined> {
  const rows = await handle.db.select({ status: broadcasts.status }).from(broadcasts).where(eq(broadcasts.id, jobId));
  return rows[0]?.status;
}

describe("authenticate", () => {
  it("lets the bot's own token through and answers 401 for anything else, alike for unknown bots", async () => {
    const { botId } = await bot("right-token");
    const token = "right-token";
    const tokenless = await bot(null);
    await service.authenticate(botId, token);
    for (const [id, presented] of [
      [botId, "wrong"],
      [botId, undefined],
      [botId, ""],
      ["no-such-bot", token],
      ["no-such-bot", undefined],
      [tokenless.botId, ""],
      [tokenless.botId, "anything"],
    ] as const) {
      const err = await refusal(service.authenticate(id, presented));
      expect([err.code, err.status]).toEqual(["INVALID_BOT_TOKEN", 401]);
    }
  });
});

describe("enqueue", () => {
  it("records the job as queued and makes sure the bot has one drain job", async () => {
    const { botId } = await bot();
    const first = await service.enqueue(botId, TEXT);
    const second = await service.enqueue(botId, { type: "photo", media: "m" });
    expect(first).toMatchObject({ status: "queued", total: 0, sent: 0, failed: 0, startedAt: null, finishedAt: null });
    expect(first.id).toHaveLength(24);
    expect(second.id).not.toBe(first.id);
    const stored = await handle.db.select().from(broadcasts).where(eq(broadcasts.id, second.id));
    expect(stored[0]).toMatchObject({ botId, status: "queued", fence: 0, payload: { type: "photo", media: "m" } });
    const drain = await queue.getJob(drainJobId(botId));
    expect(drain?.name).toBe("drain");
    expect(drain?.data).toEqual({ botId });
    expect(drain?.opts).toMatchObject({ removeOnComplete: true, removeOnFail: true });
    expect(await queue.getJobCounts("waiting")).toMatchObject({ waiting: 1 });
  });

  it("withdraws the job before the error when the queue refuses the add, unless a worker claimed it meanwhile", async () => {
    const { botId } = await bot();
    // A queue whose metadata key has the wrong type: every add fails in Redis, as it would against a hung server.
    const broken = new RedisNames(`botyard-test-${randomUUID()}`);
    await redis.set(`${broken.bullPrefix}:${BROADCAST_QUEUE}:meta`, "not a hash");
    const refusing = new BroadcastService(repository, redis, broken);
    /** A repository under which a worker claims each job as soon as it is inserted. */
    class ClaimedAtOnce extends BroadcastRepository {
      override async insert(id: string, b: string, payload: BroadcastPayload) {
        const row = await super.insert(id, b, payload);
        await handle.db.update(broadcasts).set({ status: "running", fence: 1 }).where(eq(broadcasts.id, id));
        return row;
      }
    }
    const claimedMeanwhile = new BroadcastService(new ClaimedAtOnce(handle.db), redis, broken);
    try {
      await expect(refusing.enqueue(botId, TEXT)).rejects.toThrow(/WRONGTYPE/);
      expect(await service.list(botId)).toEqual([]);
      const row = await claimedMeanwhile.enqueue(botId, TEXT);
      expect(await status(row.id)).toBe("running");
    } finally {
      await refusing.close();
      await claimedMeanwhile.close();
      await redis.del(`${broken.bullPrefix}:${BROADCAST_QUEUE}:meta`);
    }
  });
});

describe("close", () => {
  it("closes the queue and its own Redis connection", async () => {
    const own = redis.duplicate();
    const closing = new BroadcastService(
      repository,
      Object.assign(Object.create(redis), { duplicate: () => own }),
      names,
    );
    await own.ping();
    await closing.close();
    await waitFor(() => own.status === "end");
  });
});

describe("withdrawUnclaimed", () => {
  it("deletes only a queued job of the bot that no claim has fenced", async () => {
    const { botId } = await bot();
    const other = await bot();
    const job = async (fields: Partial<typeof broadcasts.$inferInsert>) => {
      const id = newId(24);
      await handle.db.insert(broadcasts).values({ id, botId, payload: { ...TEXT }, ...fields });
      return id;
    };
    const fenced = await job({ fence: 1 });
    const running = await job({ status: "running" });
    const cancelled = await job({ status: "cancelled" });
    const fresh = await job({});
    expect(await repository.withdrawUnclaimed(botId, fenced)).toBe(false);
    expect(await repository.withdrawUnclaimed(botId, running)).toBe(false);
    expect(await repository.withdrawUnclaimed(botId, cancelled)).toBe(false);
    expect(await repository.withdrawUnclaimed(other.botId, fresh)).toBe(false);
    expect(await status(fresh)).toBe("queued");
    expect(await repository.withdrawUnclaimed(botId, fresh)).toBe(true);
    expect(await status(fresh)).toBeUndefined();
    expect(await status(fenced)).toBe("queued");
  });
});

describe("get and list", () => {
  it("read a job of the bot as the API shows it; another bot's job is not found", async () => {
    const { botId } = await bot();
    const other = await bot();
    const row = await service.enqueue(botId, TEXT);
    expect(await service.get(botId, row.id)).toEqual({
      jobId: row.id,
      status: "queued",
      total: 0,
      sent: 0,
      failed: 0,
      createdAt: row.createdAt.toISOString(),
      startedAt: null,
      finishedAt: null,
    });
    const err = await refusal(service.get(other.botId, row.id));
    expect([err.code, err.status]).toEqual(["JOB_NOT_FOUND", 404]);
    expect(await service.list(other.botId)).toEqual([]);
  });

  it("list the newest JOBS_LISTED jobs, newest first (ties by id)", async () => {
    const { botId } = await bot();
    const ids: string[] = [];
    for (let i = 0; i < JOBS_LISTED + 2; i++) {
      const id = `job-${String(i).padStart(3, "0")}`;
      ids.push(id);
      // Two jobs share each creation time; the later id comes first among them.
      const createdAt = new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(i / 2)));
      await handle.db.insert(broadcasts).values({ id: `${botId}-${id}`, botId, payload: { ...TEXT }, createdAt });
    }
    const listed = (await service.list(botId)).map((j) => j.jobId.slice(botId.length + 1));
    expect(JOBS_LISTED).toBe(20);
    expect(listed).toEqual(ids.slice(2).reverse());
  });
});

describe("cancel", () => {
  it("cancels a queued or running job, announces it, and answers the cancelled job", async () => {
    const { botId } = await bot();
    const queued = await service.enqueue(botId, TEXT);
    const running = await service.enqueue(botId, TEXT);
    await handle.db.update(broadcasts).set({ status: "running" }).where(eq(broadcasts.id, running.id));
    for (const row of [queued, running]) {
      const view = await service.cancel(botId, row.id);
      expect(view).toMatchObject({ jobId: row.id, status: "cancelled" });
      expect(view.finishedAt).not.toBeNull();
      expect(await status(row.id)).toBe("cancelled");
    }
    expect(await announcementsUntilMarker()).toEqual([queued.id, running.id]);
  });

  it("is idempotent: a cancelled job answers as cancelled, announced no second time", async () => {
    const { botId } = await bot();
    const row = await service.enqueue(botId, TEXT);
    const first = await service.cancel(botId, row.id);
    const again = await service.cancel(botId, row.id);
    expect(again).toEqual(first);
    expect(await announcementsUntilMarker()).toEqual([row.id]);
  });

  it("answers 409 with the job for a finished job, 404 for another bot's or an unknown job, changing nothing", async () => {
    const { botId } = await bot();
    const other = await bot();
    for (const finished of ["completed", "failed"] as const) {
      const row = await service.enqueue(botId, TEXT);
      await handle.db
        .update(broadcasts)
        .set({ status: finished, error: finished === "failed" ? "token rejected" : null })
        .where(eq(broadcasts.id, row.id));
      const err = await refusal(service.cancel(botId, row.id));
      expect([err.code, err.status, err.message]).toEqual(["JOB_FINISHED", 409, `Job is already ${finished}`]);
      expect(err.details).toEqual({ job: await service.get(botId, row.id) });
      expect(await status(row.id)).toBe(finished);
    }
    const queued = await service.enqueue(botId, TEXT);
    for (const [b, id] of [
      [other.botId, queued.id],
      [botId, "no-such-job"],
    ] as const) {
      const err = await refusal(service.cancel(b, id));
      expect([err.code, err.status]).toEqual(["JOB_NOT_FOUND", 404]);
    }
    expect(await status(queued.id)).toBe("queued");
    expect(await announcementsUntilMarker()).toEqual([]);
  });
});
