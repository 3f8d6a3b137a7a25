/**
 * Run fencing (docs/broadcast.md#fencing): Postgres, not Redis, decides which run may send for a job. Each worker here
 * records when it starts every send, so "two runs sending at once" is checked on the starts themselves, which are
 * what the worker controls; the fake Bot API's records check that nobody is skipped or sent to twice.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createMetricsRegistry } from "@botyard/common/metrics";
import { createRedis } from "@botyard/common/redis";
import { waitFor } from "@botyard/testing";
import { BROADCAST_QUEUE, drainJobId, type DrainJobData } from "@botyard/broadcast";
import { TelegramClient } from "@botyard/telegram";
import { Queue } from "bullmq";
import { WorkerRepository } from "../src/broadcast-repository.js";
import { createWorkerMetrics, type WorkerMetrics } from "../src/metrics.js";
import { REDIS_URL, startWorkerHarness, type WorkerHarness } from "./harness.js";

/** A Bot API client that notes when each send starts. */
class RecordingClient extends TelegramClient {
  readonly starts: Array<{ at: number; chatId: number; text: unknown }> = [];
  override call<T = unknown>(token: string, method: string, params: Record<string, unknown> = {}): Promise<T> {
    this.starts.push({ at: performance.now(), chatId: Number(params.chat_id), text: params.text });
    return super.call<T>(token, method, params);
  }
}

let h: WorkerHarness;
const clients: RecordingClient[] = [];

beforeAll(async () => {
  h = await startWorkerHarness();
});
afterAll(async () => {
  await h.close();
  for (const c of clients) await c.close();
});

/** A worker with its own recording client and metrics. */
async function worker(
  overrides: { leaseMs?: number } = {},
): Promise<{ client: RecordingClient; metrics: WorkerMetrics }> {
  const client = new RecordingClient({ apiRoot: h.fake.apiRoot, timeoutMs: 5000 });
  clients.push(client);
  const metrics = createWorkerMetrics(createMetricsRegistry("broadcast-worker"));
  await h.startWorker({ telegram: client, metrics, ...overrides });
  return { client, metrics };
}

async function stopWorkers(): Promise<void> {
  for (const w of h.workers.splice(0)) await w.close();
}

/** Everything BullMQ keeps under this test's prefix is deleted: Redis as it comes back after a restart, empty. */
async function forgetRedis(): Promise<number> {
  const redis = createRedis(REDIS_URL);
  try {
    let deleted = 0;
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${h.names.bullPrefix}:*`, "COUNT", 1000);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== "0");
    return deleted;
  } finally {
    await redis.quit();
  }
}

/** Adds the bot's drain job as management does on POST /broadcast (after the wipe it does not exist any more). */
async function addDrainJob(botId: string): Promise<void> {
  const queue = new Queue<DrainJobData>(BROADCAST_QUEUE, {
    connection: { url: REDIS_URL },
    prefix: h.names.bullPrefix,
  });
  try {
    await queue.add("drain", { botId }, { jobId: drainJobId(botId), removeOnComplete: true, removeOnFail: true });
  } finally {
    await queue.close();
  }
}

/** Claims of every outcome made by `workers`. */
async function claimsMade(workers: Array<{ metrics: WorkerMetrics }>): Promise<number> {
  let n = 0;
  for (const w of workers) for (const v of (await w.metrics.claims.get()).values) n += v.value;
  return n;
}

const counted = async (metrics: WorkerMetrics, counter: "claims" | "runs", outcome: string) =>
  (await metrics[counter].get()).values.find((v) => v.labels.outcome === outcome)?.value ?? 0;

const until = (check: () => Promise<boolean> | boolean, timeout = 15_000) => waitFor(check, { timeoutMs: timeout });

/** True when no two workers' sending periods (first to last start) overlap. */
function sendingPeriodsDisjoint(workers: RecordingClient[], token?: (s: RecordingClient["starts"][number]) => boolean) {
  const periods = workers
    .map((w) => w.starts.filter(token ?? (() => true)).map((s) => s.at))
    .filter((starts) => starts.length > 0)
    .map((starts) => [Math.min(...starts), Math.max(...starts)] as const)
    .sort((a, b) => a[0] - b[0]);
  return periods.every((p, i) => i === 0 || p[0] > periods[i - 1]![1]);
}

/**
 * The most starts, over all `workers`, in any closed window [t, t + 995 ms]. The client stamps a send just after the
 * pacer counted it; a garbage collection or preemption in between (this machine is shared) can make one stamp late,
 * so 5 ms are allowed for that. The pacer's own window is checked exactly in pacing.test.ts.
 */
function busiestSecond(workers: RecordingClient[]): number {
  const at = workers.flatMap((w) => w.starts.map((s) => s.at)).sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < at.length; i++) {
    while (at[i]! - at[j]! > 995) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

const fenceOf = async (id: string) =>
  Number((await h.handle.pool.query("select fence from broadcasts where id = $1", [id])).rows[0].fence);

describe("claims in Postgres", () => {
  it("claims FIFO, answers busy while a job of the bot holds a live lease, and supersedes an expired one", async () => {
    const repository = new WorkerRepository(h.handle.db);
    const { botId } = await h.bot(3);
    const first = await h.queue(botId, { type: "text", text: "1" });
    const second = await h.queue(botId, { type: "text", text: "2" });
    const a = await repository.claimNext(botId, "a", 60_000);
    expect(a).toMatchObject({ kind: "claimed", job: { id: first, fence: 1, audienceWritten: false } });
    expect(await repository.writeAudience(first, 1)).toBe("written");
    expect(await h.job(first)).toMatchObject({ total: 3 });
    expect(await repository.claimNext(botId, "b", 60_000)).toEqual({ kind: "busy" });
    const progress = { sent: 1, failed: 0, cursor: 1, doneAbove: [] };
    expect(await repository.saveProgress(first, 1, progress, 60_000)).toBe("renewed");

    // The lease runs out (a killed worker): the next claim takes the same job over with a higher fence.
    await h.handle.pool.query("update broadcasts set lease_until = now() - interval '1 ms' where id = $1", [first]);
    const b = await repository.claimNext(botId, "b", 60_000);
    expect(b).toMatchObject({ kind: "claimed", job: { id: first, fence: 2, sent: 1, cursor: 1 } });
    // The old run's writes match nothing any more, and it cannot end the job either.
    expect(await repository.saveProgress(first, 1, { sent: 3, failed: 0, cursor: 3, doneAbove: [] }, 60_000)).toBe(
      "lost",
    );
    await repository.finish(first, 1, "completed", { sent: 3, failed: 0, cursor: 3, doneAbove: [] });
    expect(await h.job(first)).toMatchObject({ status: "running", sent: 1, cursor: 1 });

    await repository.finish(first, 2, "completed", { sent: 3, failed: 0, cursor: 3, doneAbove: [] });
    // A second's cool-down: only the loop that ran the job (and carries its start times over) may go on at once.
    expect(await repository.claimNext(botId, "c", 60_000)).toEqual({ kind: "busy" });
    expect(await repository.unheldBots()).not.toContainEqual(expect.objectContaining({ botId }));
    expect(await repository.claimNext(botId, "b", 60_000)).toMatchObject({ kind: "claimed", job: { id: second } });
  });

  it("lets one of many simultaneous claims win", async () => {
    const repository = new WorkerRepository(h.handle.db);
    const { botId } = await h.bot(1);
    await h.queue(botId, { type: "text", text: "1" });
    await h.queue(botId, { type: "text", text: "2" });
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => repository.claimNext(botId, `w${i}`, 60_000)));
    expect(claims.filter((c) => c.kind === "claimed")).toHaveLength(1);
    expect(claims.filter((c) => c.kind === "busy")).toHaveLength(7);
  });
});

describe("runs under faults", () => {
  afterAll(stopWorkers);

  it("two workers racing for a job after Redis forgot it: one run sends, nobody is skipped or sent twice", async () => {
    h.fake.reset();
    const workers = [await worker(), await worker()];
    const { botId, token } = await h.bot(160);
    const id = await h.queue(botId, { type: "text", text: "once" });
    await waitFor(() => h.fake.calls.filter((c) => c.token === token).length >= 20, { timeoutMs: 15_000 });
    const claimsBefore = await claimsMade(workers);
    expect(await forgetRedis()).toBeGreaterThan(0);
    // Management adds the bot's drain job again (a new POST /broadcast): the other worker is free and takes it.
    for (let i = 0; i < 3; i++) await addDrainJob(botId);
    await until(async () => (await claimsMade(workers)) > claimsBefore);
    const busy =
      (await counted(workers[0]!.metrics, "claims", "busy")) + (await counted(workers[1]!.metrics, "claims", "busy"));
    await h.waitForStatus(id, ["completed"], 30_000);

    const chats = h.fake.calls.filter((c) => c.token === token).map((c) => Number(c.params.chat_id));
    expect(chats).toHaveLength(160);
    expect(new Set(chats).size).toBe(160);
    expect(sendingPeriodsDisjoint(workers.map((w) => w.client))).toBe(true);
    expect(busiestSecond(workers.map((w) => w.client))).toBeLessThanOrEqual(40);
    expect(await fenceOf(id)).toBe(1); // claimed once: no second run ever held it
    expect(busy).toBeGreaterThan(0); // the drain job added after the wipe did race for the bot, and lost
    await stopWorkers();
  }, 60_000);

  it("a run whose fence was superseded stops at its next progress write and writes nothing more", async () => {
    h.fake.reset();
    const { client, metrics } = await worker();
    const { botId, token } = await h.bot(200);
    const id = await h.queue(botId, { type: "text", text: "fenced" });
    await waitFor(() => h.fake.calls.filter((c) => c.token === token).length >= 10, { timeoutMs: 15_000 });
    // Another run claims the job (as after a lease it missed): the fence moves on, the lease is the intruder's.
    const { rows } = await h.handle.pool.query(
      `update broadcasts set fence = fence + 1, lease_owner = 'intruder', lease_until = now() + interval '1 hour'
       where id = $1 returning sent, cursor`,
      [id],
    );
    const supersededAt = performance.now();
    await until(async () => (await counted(metrics, "runs", "fenced")) === 1, 5000);
    const afterFence = client.starts.filter((s) => s.at > supersededAt);
    // Sends start only until the next progress write (every 200 ms): at 40/s that is at most 9 starts.
    expect(afterFence.length).toBeLessThanOrEqual(9);
    const startsWhenStopped = client.starts.length;
    // About time passing: the sweeper (every 100 ms) must not hand the job out again while the intruder's lease
    // holds. Nothing happens that could be awaited, so six of its rounds are let pass.
    await new Promise((r) => setTimeout(r, 600));
    expect(client.starts.length).toBe(startsWhenStopped);
    // The stale run wrote neither counts nor an outcome: the row is as the intruder left it.
    const row = await h.handle.pool.query("select status, sent, cursor, lease_owner from broadcasts where id = $1", [
      id,
    ]);
    expect(row.rows[0]).toEqual({
      status: "running",
      sent: rows[0].sent,
      cursor: rows[0].cursor,
      lease_owner: "intruder",
    });

    // The intruder's lease runs out: the worker takes the job over again and finishes it, skipping nobody.
    await h.handle.pool.query("update broadcasts set lease_until = now() - interval '1 ms' where id = $1", [id]);
    await h.waitForStatus(id, ["completed"], 30_000);
    const chats = h.fake.calls.filter((c) => c.token === token).map((c) => Number(c.params.chat_id));
    expect(new Set(chats).size).toBe(200);
    expect(await fenceOf(id)).toBe(3);
    await stopWorkers();
  }, 60_000);

  it("a bot's second job never starts while the first holds a live lease, even when Redis forgot the first", async () => {
    h.fake.reset();
    // A slow bot: every answer takes 300 ms, so the first job is long and many sends are in flight.
    h.fake.configure({ latencyMs: 300 });
    const workers = [await worker(), await worker()];
    const { botId, token } = await h.bot(100);
    const first = await h.queue(botId, { type: "text", text: "first" });
    const second = await h.queue(botId, { type: "text", text: "second" });
    await waitFor(() => h.fake.calls.filter((c) => c.token === token).length >= 15, { timeoutMs: 15_000 });
    const claimsBefore = await claimsMade(workers);
    await forgetRedis();
    await addDrainJob(botId);
    await until(async () => (await claimsMade(workers)) > claimsBefore);
    const busy =
      (await counted(workers[0]!.metrics, "claims", "busy")) + (await counted(workers[1]!.metrics, "claims", "busy"));
    expect(busy).toBeGreaterThan(0);
    expect((await h.job(second)).status).toBe("queued");
    await h.waitForStatus(second, ["completed"], 30_000);

    const starts = workers.flatMap((w) => w.client.starts).sort((a, b) => a.at - b.at);
    const lastFirst = Math.max(...starts.filter((s) => s.text === "first").map((s) => s.at));
    const firstSecond = Math.min(...starts.filter((s) => s.text === "second").map((s) => s.at));
    expect(firstSecond).toBeGreaterThan(lastFirst);
    // The bot's 40 per second holds across the two jobs, whichever worker ran the second.
    expect(busiestSecond(workers.map((w) => w.client))).toBeLessThanOrEqual(40);
    const { rows } = await h.handle.pool.query(
      "select id, started_at, finished_at from broadcasts where id = any($1) order by created_at",
      [[first, second]],
    );
    expect(rows[1].started_at.getTime()).toBeGreaterThanOrEqual(rows[0].finished_at.getTime());
    for (const text of ["first", "second"]) {
      const chats = h.fake.calls
        .filter((c) => c.token === token && c.params.text === text)
        .map((c) => c.params.chat_id);
      expect({ text, sent: chats.length, distinct: new Set(chats).size }).toEqual({ text, sent: 100, distinct: 100 });
    }
    h.fake.configure({ latencyMs: 0 });
    await stopWorkers();
  }, 60_000);

  it("a run cut off from Postgres stops sending before its lease can end", async () => {
    h.fake.reset();
    const { client } = await worker({ leaseMs: 2000 });
    const { botId, token } = await h.bot(400);
    const id = await h.queue(botId, { type: "text", text: "cut off" });
    await waitFor(() => h.fake.calls.filter((c) => c.token === token).length >= 10, { timeoutMs: 15_000 });
    // Hold the row's lock: the run's progress writes wait (as with Postgres out of reach) and renew nothing.
    const blocker = await h.handle.pool.connect();
    try {
      await blocker.query("begin");
      const { rows } = await blocker.query("select lease_until from broadcasts where id = $1 for update", [id]);
      const leaseEnd = (rows[0].lease_until as Date).getTime();
      const dbNow = Number((await blocker.query("select extract(epoch from clock_timestamp()) * 1000 as t")).rows[0].t);
      const leaseEndsAt = performance.now() + (leaseEnd - dbNow);
      // About time passing: the lease must run out with the row still locked, and nothing starts after its end.
      // No event marks that moment, so the test waits past it (the lease is 2 s).
      await new Promise((r) => setTimeout(r, 2500));
      expect(Math.max(...client.starts.map((s) => s.at))).toBeLessThan(leaseEndsAt);
    } finally {
      await blocker.query("rollback");
      blocker.release();
    }
    await h.waitForStatus(id, ["completed"], 30_000);
    const chats = h.fake.calls.filter((c) => c.token === token).map((c) => Number(c.params.chat_id));
    expect(new Set(chats).size).toBe(400);
    await stopWorkers();
  }, 60_000);
});
