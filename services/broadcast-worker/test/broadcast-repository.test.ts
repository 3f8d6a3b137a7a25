/**
 * The worker's SQL state changes (src/broadcast-repository.ts) on real Postgres: claims (FIFO, running first, busy
 * under another owner's live lease), the audience and total its run writes once after the first claim, fenced
 * progress, release, finish and cancelled counts (which drop the audience), and the sweeper's query. Rows are arranged
 * with SQL; each test has bots of its own.
 * @see docs/broadcast.md#fencing
 * @see docs/broadcast.md#audience
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { newId } from "@botyard/common/crypto";
import { waitFor } from "@botyard/testing";
import { accounts, bots, broadcasts, createDb, recipients, schema, type DbHandle } from "@botyard/db";
import { createTestDatabase, type TestDatabase } from "@botyard/db/testing";
import type { BroadcastPayload } from "@botyard/broadcast";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { COOL_DOWN_MS, WorkerRepository } from "../src/broadcast-repository.js";
import { reusableTestDatabase } from "./support.js";

let database: TestDatabase;
let handle: DbHandle;
let repo: WorkerRepository;
let accountId: string;

beforeAll(async () => {
  database = process.env.BROADCAST_TEST_REUSE_DB ? await reusableTestDatabase() : await createTestDatabase();
  handle = createDb(database.url, { max: 4 });
  repo = new WorkerRepository(handle.db);
  accountId = newId();
  await handle.db.insert(accounts).values({ id: accountId, email: `${accountId}@example.com` });
});
afterAll(async () => {
  await handle.db.delete(accounts).where(eq(accounts.id, accountId)); // bots, jobs and recipients go with it
  await handle.pool.end();
  await database.drop();
});

/** A bot with recipients 1..n; every 5th blocked, every 3rd speaks "DE". */
async function bot(n = 0, tokenEnc: string | null = null): Promise<string> {
  const id = newId();
  await handle.db.insert(bots).values({ id, accountId, tokenEnc });
  if (n > 0) {
    const rows = Array.from({ length: n }, (_, i) => ({
      botId: id,
      chatId: i + 1,
      languageCode: (i + 1) % 3 === 0 ? "DE" : "en",
      blocked: (i + 1) % 5 === 0,
    }));
    await handle.db.insert(recipients).values(rows);
  }
  return id;
}

let created = 0;
/** A job, created `created` seconds apart so FIFO order is the insertion order unless `at` says otherwise. */
async function job(
  botId: string,
  fields: Partial<typeof broadcasts.$inferInsert> = {},
  payload: BroadcastPayload = { type: "text", text: "hi" },
): Promise<string> {
  const id = fields.id ?? newId(24);
  created += 1;
  await handle.db.insert(broadcasts).values({
    id,
    botId,
    payload: { ...payload },
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, created)),
    ...fields,
  });
  return id;
}

async function row(id: string) {
  const rows = await handle.db.select().from(broadcasts).where(eq(broadcasts.id, id));
  return rows[0]!;
}

/** Milliseconds from the database's now() to the lease end of job `id`. */
async function leaseLeft(id: string): Promise<number> {
  const { rows } = await handle.pool.query<{ ms: number }>(
    "select extract(epoch from lease_until - now()) * 1000 as ms from broadcasts where id = $1",
    [id],
  );
  return Number(rows[0]!.ms);
}

const past = () => sql`now() - interval '1 second'`;

/** The audience of job `id` as the run reads it: all of it, one page. */
const audience = (id: string) => repo.recipientsAfter(id, null, 1_000_000);

/** Claims the bot's next job for `owner` and writes its audience, as the run does before sending. */
async function claimWritten(botId: string, owner = "w1") {
  const job = await claimed(botId, owner);
  expect(await repo.writeAudience(job.id, job.fence)).toBe("written");
  return { ...job, total: (await row(job.id)).total };
}

/** The job `botId`'s claim by `owner` takes (through `repository`), or a failure naming what the claim answered. */
async function claimed(botId: string, owner = "w1", repository = repo) {
  const claim = await repository.claimNext(botId, owner, 5000);
  if (claim.kind !== "claimed") throw new Error(`no claim: ${claim.kind}`);
  return claim.job;
}

/** Ends job `id` as management's cancel does while no run holds it: cancelled, its lease lapsed, nobody to end it. */
async function cancelUnheld(id: string): Promise<void> {
  await handle.pool.query(
    "update broadcasts set status = 'cancelled', lease_until = now() - interval '1 s' where id = $1",
    [id],
  );
}

/** Sets `blocked` of recipients `chatIds` of `botId` as the worker (true) or the gateway's upsert (false) does. */
async function setBlocked(botId: string, chatIds: number[], blocked: boolean): Promise<void> {
  await handle.pool.query(
    `update recipients set blocked = $3, blocked_at = case when $3 then now() end, updated_at = now()
     where bot_id = $1 and chat_id = any($2)`,
    [botId, chatIds, blocked],
  );
}

describe("claimNext", () => {
  it("answers idle for a bot with nothing queued or running", async () => {
    const b = await bot();
    await job(b, { status: "completed" });
    await job(b, { status: "cancelled" });
    expect(await repo.claimNext(b, "w1", 5000)).toEqual({ kind: "idle" });
  });

  it("claims the oldest queued job: running, fence raised, lease taken; its audience comes after", async () => {
    const b = await bot(20);
    const first = await job(b);
    await job(b);
    const claim = await repo.claimNext(b, "w1", 5000);
    expect(claim).toEqual({
      kind: "claimed",
      job: {
        id: first,
        botId: b,
        payload: { type: "text", text: "hi" },
        total: 0,
        sent: 0,
        failed: 0,
        cursor: null,
        doneAbove: [],
        fence: 1,
        audienceWritten: false,
      },
    });
    const r = await row(first);
    expect([r.status, r.fence, r.leaseOwner, r.audienceWritten]).toEqual(["running", 1, "w1", false]);
    expect(r.startedAt).not.toBeNull();
    const left = await leaseLeft(first);
    expect(left).toBeGreaterThan(4000);
    expect(left).toBeLessThanOrEqual(5000);
    // The claim wrote no audience: the run does, with the total, in one statement.
    expect(await audience(first)).toEqual([]);
    expect(await repo.writeAudience(first, 1)).toBe("written");
    expect(await audience(first)).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 11, 12, 13, 14, 16, 17, 18, 19]);
    expect([(await row(first)).total, (await row(first)).audienceWritten]).toEqual([16, true]);
    // Once only: a second write (a run resuming the job) changes nothing, whoever blocked the bot since.
    await setBlocked(b, [1], true);
    expect(await repo.writeAudience(first, 1)).toBe("written");
    expect((await audience(first)).length).toBe(16);
    expect((await row(first)).total).toBe(16);
  });

  it("writes the audience only under the claim's fence, and not for a cancelled job", async () => {
    const b = await bot(5);
    const cancelled = await job(b);
    const { fence } = await claimed(b);
    expect(await repo.writeAudience(cancelled, fence - 1)).toBe("lost");
    await handle.pool.query("update broadcasts set status = 'cancelled' where id = $1", [cancelled]);
    expect(await repo.writeAudience(cancelled, fence)).toBe("cancelled");
    expect(await audience(cancelled)).toEqual([]);
    expect([(await row(cancelled)).total, (await row(cancelled)).audienceWritten]).toEqual([0, false]);
  });

  it("keeps no audience when another run takes the job over while the rows are being inserted", async () => {
    const b = await bot(10);
    const taken = await job(b);
    const { fence } = await claimed(b);
    // The takeover lands between the write's first check of the fence and its final UPDATE: through a pool whose
    // clients run it just before the INSERT of the rows, on another connection (the write holds no lock on the job).
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    let tookOver = false;
    pool.on("connect", (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      const hooked = (...args: unknown[]) => {
        const text = typeof args[0] === "string" ? args[0] : (args[0] as { text: string }).text;
        if (tookOver || !/^insert into "broadcast_audience"/.test(text)) return query(...args);
        tookOver = true;
        return handle.pool
          .query("update broadcasts set fence = fence + 1 where id = $1", [taken])
          .then(() => query(...args));
      };
      client.query = hooked as typeof client.query;
    });
    try {
      expect(await new WorkerRepository(drizzle(pool, { schema })).writeAudience(taken, fence)).toBe("lost");
    } finally {
      await pool.end();
    }
    expect(tookOver).toBe(true);
    expect(await audience(taken)).toEqual([]);
    expect([(await row(taken)).audienceWritten, (await row(taken)).fence]).toEqual([false, fence + 1]);
  });

  it("writes an audience that takes longer than the role's statement_timeout: a cap would never let it start", async () => {
    const b = await bot();
    await handle.pool.query("insert into recipients (bot_id, chat_id) select $1, g from generate_series(1, 150000) g", [
      b,
    ]);
    const j = await job(b);
    const capped = new pg.Pool({ connectionString: database.url, max: 2, statement_timeout: 50 });
    try {
      const cappedRepo = new WorkerRepository(drizzle(capped, { schema }));
      const { fence } = await claimed(b, "w1", cappedRepo);
      expect(await cappedRepo.writeAudience(j, fence)).toBe("written");
    } finally {
      await capped.end();
    }
    expect((await row(j)).total).toBe(150000);
  });

  it("leaves recipients recorded after the start out of the audience, when it is written later (a crash)", async () => {
    const b = await bot(3);
    const j = await job(b);
    await claimed(b);
    await handle.pool.query("insert into recipients (bot_id, chat_id) values ($1, 4)", [b]);
    // The run died before writing the audience: the claim that resumes the job leaves it to its own run.
    await handle.pool.query("update broadcasts set lease_until = now() - interval '1 s' where id = $1", [j]);
    const again = await claimWritten(b, "w2");
    expect(again).toMatchObject({ id: j, fence: 2, audienceWritten: false, total: 3 });
    expect(await audience(j)).toEqual([1, 2, 3]);
  });

  it("fixes the audience at the claim: later (un)blocks, language changes and new users change nothing", async () => {
    const b = await bot(15);
    const de = await job(b, {}, { type: "text", text: "hi", filter: { lang: "de" } });
    const claim = await claimWritten(b);
    // 3, 6, 9, 12 and 15 speak DE; 5, 10 and 15 are blocked.
    expect(claim.total).toBe(4);
    await setBlocked(b, [15], false); // writes to the bot again
    await setBlocked(b, [3], true); // the 403 of a send elsewhere
    await handle.pool.query("update recipients set language_code = 'de' where bot_id = $1 and chat_id = 1", [b]);
    await handle.pool.query("update recipients set language_code = 'en' where bot_id = $1 and chat_id = 6", [b]);
    await handle.pool.query("insert into recipients (bot_id, chat_id, language_code) values ($1, 16, 'de')", [b]);
    expect(await audience(de)).toEqual([3, 6, 9, 12]);
    expect(await repo.recipientsAfter(de, 3, 10)).toEqual([6, 9, 12]);
    expect((await row(de)).total).toBe(4);
    // A job claimed later has the recipients as they are then.
    await repo.finish(de, 1, "completed", { sent: 3, failed: 1, cursor: 12, doneAbove: [] });
    const next = await job(b, {}, { type: "text", text: "hi", filter: { lang: "DE" } });
    const again = await claimWritten(b);
    expect(again).toMatchObject({ id: next, total: 5 });
    expect(await audience(next)).toEqual([1, 9, 12, 15, 16]);
  });

  it("counts only the filter's language, without regard to case", async () => {
    const b = await bot(30);
    await job(b, {}, { type: "text", text: "hi", filter: { lang: "de" } });
    const claim = await claimWritten(b);
    // 3, 6, …, 30 speak DE; 15 and 30 are blocked.
    expect(claim.total).toBe(8);
  });

  it("takes a running job whose lease lapsed before older queued ones, keeping its counts, start and total", async () => {
    const b = await bot(10);
    const queued = await job(b);
    const startedAt = new Date(Date.UTC(2026, 0, 1));
    const running = await job(b, {
      status: "running",
      fence: 4,
      total: 99,
      sent: 5,
      failed: 2,
      cursor: 7,
      startedAt,
      leaseOwner: "dead",
      leaseUntil: new Date(Date.now() - 60_000),
    });
    const claim = await repo.claimNext(b, "w2", 5000);
    expect(claim).toEqual({
      kind: "claimed",
      job: {
        id: running,
        botId: b,
        payload: { type: "text", text: "hi" },
        total: 99,
        sent: 5,
        failed: 2,
        cursor: 7,
        doneAbove: [],
        fence: 5,
        audienceWritten: false,
      },
    });
    expect((await row(running)).startedAt).toEqual(startedAt);
    expect((await row(queued)).status).toBe("queued");
  });

  it("gives a job an older worker started (no audience) the recipients its feed had left, once", async () => {
    const b = await bot(12);
    const running = await job(b, { status: "running", fence: 2, total: 10, sent: 3, cursor: 3 });
    await handle.pool.query(
      "update broadcasts set started_at = now(), lease_until = now() - interval '1 s' where id = $1",
      [running],
    );
    // Recorded a microsecond after the start: the feed of then left them out (a JavaScript Date could not tell).
    await handle.pool.query(
      `insert into recipients (bot_id, chat_id, created_at)
       select $1, 13, started_at + interval '1 microsecond' from broadcasts where id = $2`,
      [b, running],
    );
    // What it has handled (3) and what is left: the 10 that worker counted, as nobody was blocked or unblocked since.
    expect(await claimWritten(b)).toMatchObject({ id: running, total: 10, fence: 3, audienceWritten: false });
    // Above the cursor, not blocked (5 and 10 are), recorded by the start.
    expect(await audience(running)).toEqual([4, 6, 7, 8, 9, 11, 12]);
    // Resumed again (its lease lapsed): the audience is not written again, whoever blocked the bot since.
    await setBlocked(b, [4], true);
    await handle.pool.query("update broadcasts set lease_until = now() - interval '1 s' where id = $1", [running]);
    expect(await claimWritten(b, "w2")).toMatchObject({ id: running, total: 10, audienceWritten: true });
    expect(await audience(running)).toEqual([4, 6, 7, 8, 9, 11, 12]);
    // One whose total is 0 had nobody to send to: everyone was recorded after its start.
    const empty = await job(await bot(3), { status: "running", total: 0, startedAt: new Date(Date.UTC(2020, 0, 1)) });
    expect(await claimWritten((await row(empty)).botId)).toMatchObject({ id: empty, total: 0 });
    expect(await audience(empty)).toEqual([]);
  });

  it("counts a job an older worker started anew when it resumes, so sent + failed ends at its total", async () => {
    // 1–12, with 5 and 10 blocked when that worker started: it counted 10 and handled 1–3 and, above its cursor, 6 and 8.
    const b = await bot(12);
    const running = await job(b, { status: "running", fence: 2, total: 10, sent: 4, failed: 1, cursor: 3 });
    await handle.pool.query(
      "update broadcasts set started_at = now(), lease_until = now() - interval '1 s', done_above = '{6,8}' where id = $1",
      [running],
    );
    // Since then 5 and 10 wrote to the bot again (unblocked) and 11 blocked it.
    await setBlocked(b, [5, 10], false);
    await setBlocked(b, [11], true);
    const resumed = await claimWritten(b);
    expect(await audience(running)).toEqual([4, 5, 6, 7, 8, 9, 10, 12]);
    // Handled 5, left 4, 5, 7, 9, 10 and 12 (the feed skips 6 and 8): 11, not the 10 that worker counted.
    expect(resumed).toMatchObject({ id: running, sent: 4, failed: 1, total: 11 });
  });

  it("drops the audiences of the bot's ended jobs whose lease lapsed (cancelled while no run held them)", async () => {
    const b = await bot(4);
    const lost = await job(b);
    await claimWritten(b);
    // Cancelled (by management) while its run was lost: nobody ends it, and its lease lapses.
    await cancelUnheld(lost);
    // Another bot's job, cancelled while its run holds a live lease, keeps its audience.
    const other = await bot(2);
    const otherJob = await job(other);
    await claimWritten(other);
    await handle.pool.query("update broadcasts set status = 'cancelled' where id = $1", [otherJob]);
    expect(await audience(lost)).toEqual([1, 2, 3, 4]);
    expect(await repo.claimNext(b, "w1", 5000)).toEqual({ kind: "idle" });
    expect(await audience(lost)).toEqual([]);
    expect((await row(lost)).audienceWritten).toBe(false);
    // Its own run may still be reading it: the claim of the lease's owner drops nothing either.
    expect(await repo.claimNext(other, "w1", 5000)).toEqual({ kind: "idle" });
    expect(await audience(otherJob)).toEqual([1, 2]);
  });

  it("drops a left audience outside the claim's locks: a cancel of the bot's queued job does not wait for it", async () => {
    const b = await bot(4);
    const lost = await job(b);
    await claimWritten(b);
    await cancelUnheld(lost);
    const queued = await job(b);
    // A session holding one of the left rows stands for a long delete: the drop waits for it.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query("select 1 from broadcast_audience where broadcast_id = $1 and chat_id = 1 for update", [lost]);
      const holderPid = (await holder.query("select pg_backend_pid() as pid")).rows[0].pid;
      const claim = repo.claimNext(b, "w1", 5000);
      const blocked = "select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))";
      await waitFor(async () => (await handle.pool.query(blocked, [holderPid])).rows[0].n > 0, {
        what: "the claim to wait in the drop, behind the held row",
      });
      // Management's cancel of the queued job: it would wait for the claim's row locks if the drop ran under them.
      const cancel = handle.pool.query(
        "update broadcasts set status = 'cancelled' where id = $1 and status = 'queued'",
        [queued],
      );
      const first = await Promise.race([
        cancel.then(() => "cancel"),
        new Promise((r) => setTimeout(() => r("timeout"), 5000)),
      ]);
      expect(first).toBe("cancel");
      await holder.query("commit");
      expect(await claim).toEqual({ kind: "idle" });
      expect(await audience(lost)).toEqual([]);
    } finally {
      await holder.end();
    }
  });

  it("orders queued jobs by creation time, then id", async () => {
    const b = await bot();
    const at = new Date(Date.UTC(2025, 0, 1));
    await job(b, { id: "job-b", createdAt: at });
    await job(b, { id: "job-a", createdAt: at });
    await job(b, { id: "job-0", createdAt: new Date(Date.UTC(2025, 0, 2)) });
    const claim = await repo.claimNext(b, "w1", 5000);
    expect(claim.kind === "claimed" && claim.job.id).toBe("job-a");
  });

  it("answers busy while any job of the bot holds another owner's live lease, and claims nothing", async () => {
    const b = await bot(3);
    await job(b, { status: "completed", leaseOwner: "w1", leaseUntil: new Date(Date.now() + 60_000) });
    const queued = await job(b);
    expect(await repo.claimNext(b, "w2", 5000)).toEqual({ kind: "busy" });
    expect((await row(queued)).fence).toBe(0);
    // The owner itself claims through its own cool-down.
    const claim = await repo.claimNext(b, "w1", 5000);
    expect(claim.kind === "claimed" && claim.job.id).toBe(queued);
  });

  it("claims once a lease has lapsed, and ignores leases of other bots", async () => {
    const b = await bot();
    const other = await bot();
    await job(other, { status: "running", leaseOwner: "w9", leaseUntil: new Date(Date.now() + 60_000) });
    await job(b, { status: "completed", leaseOwner: "w1", leaseUntil: new Date(Date.now() - 1000) });
    const queued = await job(b);
    const claim = await repo.claimNext(b, "w2", 5000);
    expect(claim.kind === "claimed" && claim.job.id).toBe(queued);
  });
});

describe("the claim and the audience write among millions of other jobs' audience rows", () => {
  it("never scan broadcast_audience: every statement on it goes by the job's key", async () => {
    // Another bot's running broadcast with a large audience, and statistics that know it.
    const big = await bot();
    const bigJob = await job(big, { status: "running", fence: 1, leaseUntil: new Date(Date.now() + 60_000) });
    await handle.pool.query("insert into broadcast_audience select $1, g from generate_series(1, 200000) g", [bigJob]);
    // The bot claimed: ended jobs (two with audiences left behind, cancelled while no run held them), a job a worker
    // of before migration 0006 left running, and a queued one.
    const b = await bot(10);
    for (let i = 0; i < 3; i++) {
      const ended = await job(b, { status: "cancelled", leaseUntil: new Date(Date.now() - 60_000) });
      if (i < 2) {
        await handle.pool.query("insert into broadcast_audience select $1, g from generate_series(1, 10) g", [ended]);
        await handle.pool.query("update broadcasts set audience_written = true where id = $1", [ended]);
      }
    }
    const legacy = await job(b, { status: "running", total: 10, sent: 2, cursor: 2, startedAt: new Date() });
    await job(b);
    await handle.pool.query("analyze broadcast_audience");
    await handle.pool.query("analyze broadcasts");
    // The repository's statements, as it sends them, through a database that records them.
    const statements: Array<{ query: string; params: unknown[] }> = [];
    const recording = new WorkerRepository(
      drizzle(handle.pool, { schema, logger: { logQuery: (query, params) => statements.push({ query, params }) } }),
    );
    const claim = await recording.claimNext(b, "w1", 5000);
    expect(claim.kind === "claimed" && claim.job.id).toBe(legacy);
    expect(await recording.writeAudience(legacy, 1)).toBe("written");
    await recording.recipientsAfter(legacy, 2, 500);
    const onAudience = statements.filter((s) => /broadcast_audience/.test(s.query));
    // The cleanup's two deletes, the insert and the page read.
    expect(onAudience.length).toBeGreaterThanOrEqual(4);
    for (const { query, params } of onAudience) {
      const { rows } = await handle.pool.query<{ "QUERY PLAN": string }>(`explain ${query}`, params);
      const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
      expect({ query, plan }).not.toMatchObject({ plan: expect.stringMatching(/Seq Scan on broadcast_audience/) });
    }
  });
});

describe("progress and outcome", () => {
  async function claimed(n = 5) {
    const b = await bot(n);
    await job(b);
    return claimWritten(b);
  }

  it("saveProgress writes counts and cursor and renews the lease under the run's fence", async () => {
    const j = await claimed();
    await handle.db.update(broadcasts).set({ leaseUntil: past() }).where(eq(broadcasts.id, j.id));
    expect(await repo.saveProgress(j.id, j.fence, { sent: 3, failed: 1, cursor: 4, doneAbove: [] }, 8000)).toBe(
      "renewed",
    );
    const r = await row(j.id);
    expect([r.sent, r.failed, r.cursor, r.status]).toEqual([3, 1, 4, "running"]);
    expect(await leaseLeft(j.id)).toBeGreaterThan(7000);
  });

  it("saveProgress writes nothing and answers lost under an old fence, cancelled when the job was cancelled", async () => {
    const j = await claimed();
    expect(await repo.saveProgress(j.id, j.fence - 1, { sent: 9, failed: 9, cursor: 9, doneAbove: [] }, 8000)).toBe(
      "lost",
    );
    expect((await row(j.id)).sent).toBe(0);
    await handle.db.update(broadcasts).set({ status: "cancelled" }).where(eq(broadcasts.id, j.id));
    expect(await repo.saveProgress(j.id, j.fence, { sent: 9, failed: 9, cursor: 9, doneAbove: [] }, 8000)).toBe(
      "cancelled",
    );
    expect(await repo.saveProgress(j.id, j.fence + 1, { sent: 9, failed: 9, cursor: 9, doneAbove: [] }, 8000)).toBe(
      "lost",
    );
    expect((await row(j.id)).sent).toBe(0);
    await handle.db.update(broadcasts).set({ status: "completed" }).where(eq(broadcasts.id, j.id));
    expect(await repo.saveProgress(j.id, j.fence, { sent: 9, failed: 9, cursor: 9, doneAbove: [] }, 8000)).toBe("lost");
    expect(await repo.saveProgress("no-such-job", 1, { sent: 0, failed: 0, cursor: null, doneAbove: [] }, 8000)).toBe(
      "lost",
    );
  });

  it("saves the recipients above the cursor already handled, and a later claim of the job returns them", async () => {
    const j = await claimed();
    expect(j.doneAbove).toEqual([]);
    await repo.release(j.id, j.fence, { sent: 4, failed: 0, cursor: 2, doneAbove: [4, 5] });
    await handle.db.update(broadcasts).set({ leaseUntil: past() }).where(eq(broadcasts.id, j.id));
    const again = await repo.claimNext(j.botId, "w2", 5000);
    if (again.kind !== "claimed") throw new Error("no claim");
    expect(again.job).toMatchObject({ id: j.id, cursor: 2, doneAbove: [4, 5], sent: 4 });
  });

  it("release saves progress and keeps the lease for the cool-down only, the job still running", async () => {
    const j = await claimed();
    await repo.release(j.id, j.fence, { sent: 2, failed: 0, cursor: 2, doneAbove: [] });
    const r = await row(j.id);
    expect([r.status, r.sent, r.cursor]).toEqual(["running", 2, 2]);
    expect(await audience(j.id)).toEqual([1, 2, 3, 4]); // for the run that resumes it
    const left = await leaseLeft(j.id);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(COOL_DOWN_MS);
    await repo.release(j.id, j.fence + 1, { sent: 7, failed: 0, cursor: 7, doneAbove: [] });
    expect((await row(j.id)).sent).toBe(2);
  });

  it("finish ends a running job as completed or failed under its fence only, dropping its audience", async () => {
    const j = await claimed();
    await repo.finish(j.id, j.fence - 1, "completed", { sent: 1, failed: 0, cursor: 1, doneAbove: [] });
    expect((await row(j.id)).status).toBe("running");
    expect(await audience(j.id)).toEqual([1, 2, 3, 4]);
    await repo.finish(j.id, j.fence, "completed", { sent: 4, failed: 0, cursor: 5, doneAbove: [] });
    expect(await audience(j.id)).toEqual([]);
    let r = await row(j.id);
    expect(r.audienceWritten).toBe(false);
    expect([r.status, r.sent, r.cursor, r.error]).toEqual(["completed", 4, 5, null]);
    expect(r.finishedAt).not.toBeNull();
    expect(await leaseLeft(j.id)).toBeLessThanOrEqual(COOL_DOWN_MS);
    expect(await leaseLeft(j.id)).toBeGreaterThan(0);
    // A finished job is not finished again.
    await repo.finish(j.id, j.fence, "failed", { sent: 0, failed: 0, cursor: null, doneAbove: [] }, "late");
    expect((await row(j.id)).status).toBe("completed");

    const k = await claimed();
    await repo.finish(k.id, k.fence, "failed", { sent: 0, failed: 1, cursor: 1, doneAbove: [] }, "token rejected");
    r = await row(k.id);
    expect([r.status, r.failed, r.error]).toEqual(["failed", 1, "token rejected"]);
  });

  it("saveCancelledCounts writes the final counts of a cancelled job under its fence, never of a running one", async () => {
    const j = await claimed();
    await repo.saveCancelledCounts(j.id, j.fence, { sent: 1, failed: 0, cursor: 1, doneAbove: [] });
    expect((await row(j.id)).sent).toBe(0);
    await handle.db.update(broadcasts).set({ status: "cancelled" }).where(eq(broadcasts.id, j.id));
    await repo.saveCancelledCounts(j.id, j.fence + 1, { sent: 5, failed: 0, cursor: 5, doneAbove: [] });
    expect((await row(j.id)).sent).toBe(0);
    expect(await audience(j.id)).toEqual([1, 2, 3, 4]);
    await repo.saveCancelledCounts(j.id, j.fence, { sent: 2, failed: 1, cursor: 3, doneAbove: [] });
    expect(await audience(j.id)).toEqual([]);
    const r = await row(j.id);
    expect([r.status, r.sent, r.failed, r.cursor]).toEqual(["cancelled", 2, 1, 3]);
    expect(await leaseLeft(j.id)).toBeLessThanOrEqual(COOL_DOWN_MS);
    expect(await leaseLeft(j.id)).toBeGreaterThan(0);
  });
});

describe("recipients and tokens", () => {
  it("recipientsAfter pages a job's audience in chat id order after a cursor", async () => {
    const b = await bot(12);
    const j = await job(b);
    await claimWritten(b);
    expect(await repo.recipientsAfter(j, null, 4)).toEqual([1, 2, 3, 4]);
    expect(await repo.recipientsAfter(j, 4, 4)).toEqual([6, 7, 8, 9]);
    expect(await repo.recipientsAfter(j, 9, 10)).toEqual([11, 12]);
    expect(await repo.recipientsAfter(j, 12, 10)).toEqual([]);
    expect(await repo.recipientsAfter("no-such-job", null, 10)).toEqual([]);
  });

  it("markBlocked blocks one recipient of one bot: the bot's next audience leaves them out", async () => {
    const b = await bot(3);
    const other = await bot(3);
    await repo.markBlocked(b, 2);
    const j = await job(b);
    await claimWritten(b);
    expect(await audience(j)).toEqual([1, 3]);
    const k = await job(other);
    await claimWritten(other);
    expect(await audience(k)).toEqual([1, 2, 3]);
    const [r] = await handle.db.select().from(recipients).where(sql`bot_id = ${b} and chat_id = 2`);
    expect(r!.blockedAt).not.toBeNull();
  });

  it("sealedToken answers the stored ciphertext, or undefined", async () => {
    expect(await repo.sealedToken(await bot(0, "sealed"))).toBe("sealed");
    expect(await repo.sealedToken(await bot())).toBeUndefined();
    expect(await repo.sealedToken("no-such-bot")).toBeUndefined();
  });
});

describe("unheldBots", () => {
  it("lists each bot with waiting jobs and no live lease once, with the job a claim would take", async () => {
    const idle = await bot();
    await job(idle, { status: "completed" });
    const waiting = await bot();
    const first = await job(waiting, { fence: 0 });
    await job(waiting);
    const resumable = await bot();
    await job(resumable);
    const running = await job(resumable, { status: "running", fence: 3, leaseUntil: new Date(Date.now() - 5000) });
    const held = await bot();
    await job(held);
    await job(held, { status: "completed", leaseUntil: new Date(Date.now() + 60_000) });
    const mine = (await repo.unheldBots()).filter((u) => [idle, waiting, resumable, held].includes(u.botId));
    expect(mine.sort((a, b) => a.botId.localeCompare(b.botId))).toEqual(
      [
        { botId: waiting, jobId: first, fence: 0 },
        { botId: resumable, jobId: running, fence: 3 },
      ].sort((a, b) => a.botId.localeCompare(b.botId)),
    );
  });
});
