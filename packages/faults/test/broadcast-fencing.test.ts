/**
 * Broadcasts under faults (docs/broadcast.md#fencing): two broadcast workers and management run as processes on a
 * throwaway Postgres cluster and a throwaway redis-server; the fake Bot API records every send. Redis is killed and
 * started empty mid-broadcast while a second broadcast of the same bot is posted, then the sending worker is killed
 * with -9, then signalled with SIGTERM, then Postgres crashes and starts again. Each time the broadcast completes with
 * nobody skipped, no job is run twice at once, a bot's jobs run one after the other, and duplicates stay within the
 * sends in flight at the fault.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { randomUUID } from "node:crypto";
import { newId, SecretBox, sha256 } from "@botyard/common/crypto";
import { waitFor } from "@botyard/testing";
import { createDb, type DbHandle, prepareDatabase } from "@botyard/db";
import { FakeTelegram, type RecordedCall } from "@botyard/fake-telegram";
import { figure } from "./support/figures.js";
import { postJson, timed } from "./support/http.js";
import { SECRET_KEY } from "./support/platform.js";
import { ServiceProcess } from "./support/service-process.js";
import { ThrowawayPostgres } from "./support/throwaway-postgres.js";
import { ThrowawayRedis } from "./support/throwaway-redis.js";

/** The worker's default run lease and sweep interval (services/broadcast-worker/src/app.ts). */
const LEASE_MS = 5000;
const SWEEP_MS = 1000;
const RATE = 40;
const MAX_IN_FLIGHT = 10;
/** What a kill may leave unrecorded: the sends in flight plus those started since the last progress write (200 ms). */
const IN_FLIGHT_WINDOW = MAX_IN_FLIGHT + (RATE * 200) / 1000;
/**
 * What a Postgres outage may leave unrecorded: the sends in flight plus those a run starts before it notices that its
 * progress is not being saved (it stops starting sends 1 s after its last successful write).
 */
const UNSAVED_WINDOW = MAX_IN_FLIGHT + RATE * 1 + 1;

let pg: ThrowawayPostgres;
let handle: DbHandle;
let redis: ThrowawayRedis;
let fake: FakeTelegram;
let management: ServiceProcess;
const workers: ServiceProcess[] = [];
const prefix = `botyard-faults-${randomUUID().slice(0, 8)}`;
const bot = {
  botId: newId(),
  token: `${710000 + Math.floor(Math.random() * 1000)}:AAH${randomUUID().replace(/-/g, "")}`,
};
/** A bot without recipients: its broadcasts only probe whether management can queue. */
const probe = {
  botId: newId(),
  token: `${711000 + Math.floor(Math.random() * 1000)}:AAH${randomUUID().replace(/-/g, "")}`,
};
const RECIPIENTS = 200;

const env = () => ({
  DATABASE_URL: pg.url(),
  REDIS_URL: redis.url,
  REDIS_PREFIX: prefix,
  SECRET_KEY,
  TELEGRAM_API_ROOT: fake.apiRoot,
  BROADCAST_RATE: String(RATE),
  BROADCAST_MAX_IN_FLIGHT: String(MAX_IN_FLIGHT),
});

const startWorker = () => ServiceProcess.start("broadcast-worker", env());

beforeAll(async () => {
  [pg, redis, fake] = await Promise.all([ThrowawayPostgres.start(), ThrowawayRedis.start(), FakeTelegram.start()]);
  await prepareDatabase(pg.url());
  handle = createDb(pg.url(), { max: 4 });
  const accountId = newId();
  await handle.pool.query("insert into accounts (id, email) values ($1, $2)", [accountId, `${accountId}@example.com`]);
  for (const b of [bot, probe])
    await handle.pool.query("insert into bots (id, account_id, token_enc, token_hash) values ($1, $2, $3, $4)", [
      b.botId,
      accountId,
      new SecretBox(SECRET_KEY).encrypt(b.token),
      sha256(b.token),
    ]);
  await handle.pool.query(
    "insert into recipients (bot_id, chat_id, language_code, first_name) select $1, g, 'en', 'U' from generate_series(1, $2) g",
    [bot.botId, RECIPIENTS],
  );
  // Every answer takes 50 ms, so sends are in flight whenever a fault strikes.
  fake.configure({ latencyMs: 50 });
  // Each process is kept as soon as it runs, so afterAll stops it even when another failed to start.
  const keep = async (start: Promise<ServiceProcess>, into: (s: ServiceProcess) => void) => into(await start);
  await Promise.all([
    keep(ServiceProcess.start("management", env()), (s) => {
      management = s;
    }),
    keep(startWorker(), (s) => workers.push(s)),
    keep(startWorker(), (s) => workers.push(s)),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([management, ...workers].filter(Boolean).map((s) => s.stop()));
  await fake?.close();
  await redis?.kill();
  await handle?.pool.end();
  await pg?.destroy();
});

/**
 * POSTs a broadcast as the bot's owner would, once management's queue answers again. That is probed with broadcasts
 * of a bot without recipients: a 503 from a failed queue add still leaves the job queued in Postgres (the sweeper
 * sends it), so retrying the real broadcast could post it twice.
 */
async function broadcast(text: string): Promise<string> {
  await waitFor(
    async () =>
      (
        await postJson(
          management.url("/broadcast"),
          { botId: probe.botId, text: "probe" },
          { "X-Bot-Token": probe.token },
        )
      ).status === 200,
    { what: "management's queue to take a broadcast" },
  );
  const reply = await postJson(management.url("/broadcast"), { botId: bot.botId, text }, { "X-Bot-Token": bot.token });
  expect(reply.status).toBe(200);
  return (reply.body as { jobId: string }).jobId;
}

interface Row {
  status: string;
  fence: number;
  lease_owner: string | null;
  started_at: Date;
  finished_at: Date | null;
}
const row = async (id: string): Promise<Row> =>
  (
    await handle.pool.query(
      "select status, fence, lease_owner, started_at, finished_at from broadcasts where id = $1",
      [id],
    )
  ).rows[0];

const sendsOf = (text: string): RecordedCall[] =>
  fake.calls.filter((c) => c.token === bot.token && c.params.text === text);

/** Recipients of `text`: how many sends, how many distinct, and whether any of 1..RECIPIENTS was skipped. */
function tally(text: string) {
  const chats = sendsOf(text).map((c) => Number(c.params.chat_id));
  const distinct = new Set(chats);
  return { sends: chats.length, distinct: distinct.size, duplicates: chats.length - distinct.size };
}

/** The most arrivals in any window of `ms`. */
function busiest(calls: RecordedCall[], ms: number): number {
  const at = calls.map((c) => c.at).sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < at.length; i++) {
    while (at[i]! - at[j]! >= ms) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

/** The worker process whose run holds the job's lease (lease_owner is host:pid:random). */
async function holderOf(id: string): Promise<ServiceProcess> {
  let holder: ServiceProcess | undefined;
  await waitFor(
    async () => {
      const pid = Number((await row(id)).lease_owner?.split(":")[1]);
      holder = workers.find((w) => w.child.pid === pid);
      return holder !== undefined;
    },
    { what: `a worker of ours to hold job ${id}` },
  );
  return holder!;
}

async function busyClaims(): Promise<number> {
  let n = 0;
  for (const w of workers.filter((w) => w.running)) {
    const text = String((await timed(w.url("/metrics"))).body);
    n += Number(/^broadcast_claims_total\{[^}]*outcome="busy"[^}]*\} (\d+)/m.exec(text)?.[1] ?? 0);
  }
  return n;
}

const completed = (id: string, limitMs = 30_000) =>
  waitFor(async () => (await row(id)).status === "completed", { what: `job ${id} to complete`, timeoutMs: limitMs });

describe("broadcasts under faults", () => {
  it("Redis killed and started empty mid-broadcast: the running job is not run twice and the next waits for it", async () => {
    const first = await broadcast("before the Redis restart");
    await waitFor(() => sendsOf("before the Redis restart").length >= 50, { timeoutMs: 20_000 });
    await redis.kill();
    await redis.start();
    // Posted after the restart: management adds the bot's drain job again, and the idle worker takes it.
    const second = await broadcast("after the Redis restart");
    await waitFor(async () => (await busyClaims()) > 0, { what: "a busy claim" });
    await completed(first);
    await completed(second);

    for (const text of ["before the Redis restart", "after the Redis restart"])
      expect({ text, ...tally(text) }).toEqual({ text, sends: RECIPIENTS, distinct: RECIPIENTS, duplicates: 0 });
    // Each job was claimed once: no second run ever held either.
    expect([(await row(first)).fence, (await row(second)).fence]).toEqual([1, 1]);
    const lastOfFirst = Math.max(...sendsOf("before the Redis restart").map((c) => c.at));
    const firstOfSecond = Math.min(...sendsOf("after the Redis restart").map((c) => c.at));
    expect(firstOfSecond).toBeGreaterThan(lastOfFirst);
    expect((await row(second)).started_at.getTime()).toBeGreaterThanOrEqual((await row(first)).finished_at!.getTime());
    // The worker starts at most 40 sends in any second (asserted exactly on its own start times in the worker's
    // tests); arrivals here are stamped by this busy process on a loaded machine, so a few bunch up. 48 allows that
    // jitter and still fails on two runs at once (80/s) or the 63/s of two jobs of one bot.
    const all = fake.calls.filter((c) => c.token === bot.token);
    figure("broadcast through a Redis restart", { busiestSecond: busiest(all, 1000), busyClaims: await busyClaims() });
    expect(busiest(all, 1000)).toBeLessThanOrEqual(48);
  }, 60_000);

  it("kill -9 of the sending worker: the other resumes within the lease, nobody skipped", async () => {
    const text = "through a kill -9";
    const id = await broadcast(text);
    await waitFor(() => sendsOf(text).length >= 50, { timeoutMs: 20_000 });
    const victim = await holderOf(id);
    const killedAt = victim.signal("SIGKILL");
    await victim.exited;
    await completed(id);

    const resumedAt = Math.min(
      ...sendsOf(text)
        .filter((c) => c.at > killedAt + 100)
        .map((c) => c.at),
    );
    const { sends, distinct, duplicates } = tally(text);
    figure("broadcast through a kill -9", { takeoverMs: resumedAt - killedAt, duplicates });
    expect(distinct).toBe(RECIPIENTS);
    expect(duplicates).toBeLessThanOrEqual(IN_FLIGHT_WINDOW);
    expect(sends).toBe(RECIPIENTS + duplicates);
    expect((await row(id)).fence).toBe(2);
    // The lease runs out, then the next sweep gives the bot a drain job; a second of slack for a loaded machine.
    expect(resumedAt - killedAt).toBeLessThan(LEASE_MS + SWEEP_MS + 1000);
    workers[workers.indexOf(victim)] = await startWorker();
  }, 60_000);

  it("SIGTERM of the sending worker: it hands the job back and the other resumes at once, sending nothing twice", async () => {
    const text = "through a SIGTERM";
    const id = await broadcast(text);
    await waitFor(() => sendsOf(text).length >= 50, { timeoutMs: 20_000 });
    const victim = await holderOf(id);
    const signalledAt = victim.signal("SIGTERM");
    expect((await victim.exited).code).toBe(0);
    await completed(id);

    const resumedAt = Math.min(
      ...sendsOf(text)
        .filter((c) => c.at > signalledAt + 100)
        .map((c) => c.at),
    );
    figure("broadcast through a SIGTERM", { takeoverMs: resumedAt - signalledAt });
    expect(tally(text)).toEqual({ sends: RECIPIENTS, distinct: RECIPIENTS, duplicates: 0 });
    expect((await row(id)).fence).toBe(2);
    // Handed back with a 1 s cool-down instead of the lease: the next sweep after it resumes the job.
    expect(resumedAt - signalledAt).toBeLessThan(LEASE_MS);
    workers[workers.indexOf(victim)] = await startWorker();
  }, 60_000);

  it("Postgres crashes mid-broadcast and starts again: the broadcast completes, nobody skipped, no double run", async () => {
    const text = "through a Postgres crash";
    const id = await broadcast(text);
    await waitFor(() => sendsOf(text).length >= 50, { timeoutMs: 20_000 });
    const stoppedAt = performance.now();
    await pg.stop("immediate");
    // Down for 3 s: past the point (1 s after its last saved progress) where the run stops starting sends.
    await new Promise((r) => setTimeout(r, 3000));
    await pg.start();
    const startedAt = performance.now();
    await completed(id, 40_000);

    const { sends, distinct, duplicates } = tally(text);
    const during = sendsOf(text).filter((c) => c.at > stoppedAt && c.at < startedAt).length;
    const all = fake.calls.filter((c) => c.token === bot.token && c.params.text === text);
    figure("broadcast through a Postgres crash", { sentWhileDown: during, duplicates, fence: (await row(id)).fence });
    expect(distinct).toBe(RECIPIENTS);
    expect(duplicates).toBeLessThanOrEqual(UNSAVED_WINDOW);
    expect(during).toBeLessThanOrEqual(UNSAVED_WINDOW);
    expect(sends).toBe(RECIPIENTS + duplicates);
    // The run held a valid lease while Postgres was away (nobody could claim): it may have gone on, at its pace only.
    expect(busiest(all, 1000)).toBeLessThanOrEqual(48);
  }, 90_000);
});
