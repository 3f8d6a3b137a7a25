/**
 * Scheduled runs through the real gateway, management and Postgres (docs/bot-runtime.md#scheduled-runs): bot code
 * schedules with `scheduler`, the firing loops of the replicas run `scheduled[name]`, and the rows and the history
 * show what happened. Durability (a replica stopping, a Redis flush), fencing (replicas never run one occurrence
 * twice), retries, skips and every refusal of bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import request from "supertest";
import { sql } from "drizzle-orm";
import { waitFor } from "@botyard/testing";
import { ScheduleRepository } from "@botyard/db";
import type { Gateway } from "../src/app.js";
import { startGatewayHarness, type GatewayHarness } from "./harness.js";

/**
 * A bot whose `call` webhook runs one scheduler method and answers its result (or its error), whose handlers write
 * each run into the `runs` collection, and whose `runs` webhook reads them back.
 */
const CODE = `
logic['call'] = async (q, body) => {
  try {
    const args = body.args.map((a) => (a && a.$date !== undefined ? new Date(a.$date) : a));
    return { value: await scheduler[body.method](...args) };
  } catch (e) {
    return { error: e.message, code: e.code };
  }
};
logic['runs'] = async () => db.operation.findAll('runs', {}, { sort: { n: 1 }, limit: 1000 });
let n = 0;
const record = (name) => async (payload, db, run) => {
  await db.operation.insertOne('runs', { n: Date.now() * 1000 + (n++ % 1000), name, payload, run });
};
scheduled['tick'] = record('tick');
scheduled['flaky'] = async (payload, db, run) => {
  await record('flaky')(payload, db, run);
  if (run.attempt < 3) throw new Error('flaky attempt ' + run.attempt);
};
scheduled['slow'] = async (payload, db, run) => {
  await record('slow')(payload, db, run);
  await new Promise((r) => setTimeout(r, 300));
};
`;

interface Run {
  name: string;
  payload: unknown;
  run: { key: string; scheduledAt: string; attempt: number };
}

let h: GatewayHarness;
let repository: ScheduleRepository;
beforeAll(async () => {
  h = await startGatewayHarness({
    // Generous: the machine running the suite may be loaded, and a timeout here is not what these tests are about.
    timeoutMs: 5000,
    schedules: {
      limits: { minIntervalS: 1, maxOncePerBot: 300, maxCronPerBot: 3 },
      firing: { pollMs: 20, retryMs: 20, maxAttempts: 3, leaseMs: 15_000 },
    },
  });
  repository = new ScheduleRepository(h.handle.db);
});
afterAll(async () => {
  await h.close();
});

async function call(botId: string, method: string, ...args: unknown[]) {
  const res = await request(h.app)
    .post(`/custom/${botId}/call`)
    .send({ method, args: args.map((a) => (a instanceof Date ? { $date: a.getTime() } : a)) });
  expect(res.status).toBe(200);
  return res.body.data as { value?: unknown; error?: string; code?: string };
}

async function runs(botId: string): Promise<Run[]> {
  const res = await request(h.app).get(`/custom/${botId}/runs`);
  return res.body.data as Run[];
}

describe("runAfter, runAt, list, cancel", () => {
  it("runAfter(0) runs scheduled[name] once with its payload, key, due time and attempt 1, then is gone", async () => {
    const { botId } = await h.bot(CODE);
    const { value } = await call(botId, "runAfter", 0, "tick", { hello: "world" }, { key: "greet" });
    const { key, at } = value as { key: string; at: string };
    expect(key).toBe("greet");
    const [run] = await waitFor(async () => {
      const r = await runs(botId);
      return r.length > 0 && r;
    });
    expect(run).toMatchObject({
      name: "tick",
      payload: { hello: "world" },
      run: { key: "greet", scheduledAt: at, attempt: 1 },
    });
    await waitFor(async () => ((await call(botId, "list")).value as unknown[]).length === 0, {
      what: "the one-off to go",
    });
    const history = await repository.runs(botId, 10);
    expect(history).toMatchObject([{ key: "greet", name: "tick", status: "ok", attempt: 1, error: null }]);
    expect((await runs(botId)).length).toBe(1);
  });

  it("makes a key when none is given; the same key replaces; cancel answers true then false", async () => {
    const { botId } = await h.bot(CODE);
    const made = (await call(botId, "runAfter", 3600, "tick")).value as { key: string };
    expect(made.key).toMatch(/^s_[0-9a-f]{20}$/);
    const first = (await call(botId, "runAfter", 3600, "tick", 1, { key: "k" })).value as { at: string };
    const later = new Date(Date.now() + 7200_000);
    const second = (await call(botId, "runAt", later, "slow", 2, { key: "k" })).value as { key: string; at: string };
    expect(second).toEqual({ key: "k", at: later.toISOString() });
    expect(second.at).not.toBe(first.at);
    const list = (await call(botId, "list")).value as Array<Record<string, unknown>>;
    expect(list).toEqual([
      { key: made.key, name: "tick", kind: "once", next: expect.any(String) },
      { key: "k", name: "slow", kind: "once", next: later.toISOString() },
    ]);
    expect((await call(botId, "cancel", "k")).value).toBe(true);
    expect((await call(botId, "cancel", "k")).value).toBe(false);
    expect(((await call(botId, "list")).value as unknown[]).length).toBe(1);
  });

  it("runAt accepts a Date, epoch milliseconds or an ISO string; a past date runs at once", async () => {
    const { botId } = await h.bot(CODE);
    const at = Date.now() + 3600_000;
    for (const [key, date] of [
      ["a", new Date(at)],
      ["b", at],
      ["c", new Date(at).toISOString()],
    ] as const) {
      expect((await call(botId, "runAt", date, "tick", null, { key })).value).toEqual({
        key,
        at: new Date(at).toISOString(),
      });
    }
    const past = (await call(botId, "runAt", new Date(Date.now() - 86_400_000), "tick", "late", { key: "past" }))
      .value as { at: string };
    expect(Date.parse(past.at)).toBeGreaterThan(Date.now() - 60_000);
    await waitFor(async () => (await runs(botId)).some((r) => r.payload === "late"), { what: "the past run" });
  });
});

describe("cron", () => {
  it("fires on its schedule, lists as cron with its next time and zone, and stops when cancelled", async () => {
    const { botId } = await h.bot(CODE);
    const { value } = await call(botId, "cron", "* * * * * *", "tick", {
      key: "every-second",
      payload: "c",
      timezone: "Asia/Kolkata",
    });
    const { key, next } = value as { key: string; next: string };
    expect(key).toBe("every-second");
    expect(Date.parse(next) % 1000).toBe(0);
    const fired = await waitFor(
      async () => {
        const r = (await runs(botId)).filter((x) => x.run.key === "every-second");
        return r.length >= 3 && r;
      },
      { what: "three cron runs" },
    );
    const due = fired.map((r) => Date.parse(r.run.scheduledAt));
    expect(new Set(due).size).toBe(due.length);
    for (const at of due) expect(at % 1000).toBe(0);
    const [item] = (await call(botId, "list")).value as Array<Record<string, unknown>>;
    expect(item).toMatchObject({
      key,
      name: "tick",
      kind: "cron",
      expression: "* * * * * *",
      timezone: "Asia/Kolkata",
    });
    expect((await call(botId, "cancel", key)).value).toBe(true);
    const before = (await runs(botId)).length;
    expect(await repository.list(botId)).toEqual([]);
    // A one-off after the cancel: once it has run, the loops went round; at most the run already claimed ran since.
    await call(botId, "runAfter", 0, "tick", "marker");
    await waitFor(async () => (await runs(botId)).some((r) => r.payload === "marker"), { what: "the marker run" });
    const cronRuns = (await runs(botId)).filter((r) => r.run.key === key).length;
    expect(cronRuns - before).toBeLessThanOrEqual(1);
  });
});

describe("refusals in bot code", () => {
  let botId: string;
  beforeAll(async () => {
    ({ botId } = await h.bot(CODE));
  });

  it.each([
    ["runAfter", [-1, "tick"], /seconds must be 0 or more/],
    ["runAfter", ["10", "tick"], /seconds must be a number/],
    ["runAfter", [400 * 86400, "tick"], /more than 366 days away/],
    ["runAfter", [10], /name is required/],
    ["runAfter", [10, "has space"], /name must be 1 to 100 letters/],
    ["runAfter", [10, "tick", null, { key: "" }], /key must be 1 to 128/],
    ["runAfter", [10, "tick", null, { key: "x".repeat(129) }], /key must be 1 to 128/],
    ["runAfter", [10, "tick", null, "key"], /options must be an object/],
    ["runAt", ["tomorrow", "tick"], /date must be a Date/],
    ["runAt", [{}, "tick"], /date must be a Date/],
    ["cron", ["61 * * * *", "tick"], /not a valid cron expression/],
    ["cron", ["* * * *", "tick"], /has 4 fields/],
    ["cron", ["* * * * * * *", "tick"], /has 7 fields/],
    ["cron", ["0 0 31 2 *", "tick"], /not a valid cron expression|never matches/],
    ["cron", ["0 9 * * *", "tick", { timezone: "Mars/Olympus" }], /not an IANA time zone/],
    ["cron", ["*/1 * * * * *", "tick", { timezone: 5 }], /timezone must be a string/],
    ["cron", [42, "tick"], /expression must be a string/],
    ["cancel", [], /key is required/],
  ])("%s(%j) is refused: %s", async (method, args, message) => {
    const { error, code } = await call(botId, method, ...args);
    expect(error).toMatch(message);
    expect(code).toBe("ERR_SCHEDULE_INVALID");
  });

  it("refuses a payload over 64 KiB of JSON, and one that is not JSON", async () => {
    const big = await call(botId, "runAfter", 10, "tick", "x".repeat(70_000));
    expect(big).toMatchObject({ code: "ERR_SCHEDULE_INVALID", error: expect.stringMatching(/at most 65536/) });
    const res = await request(h.app).post(`/custom/${botId}/call`).send({ method: "noop", args: [] });
    expect(res.status).toBe(200);
  });

  it("holds the per-bot bound of cron schedules, and replacing by key is not a new one", async () => {
    const { botId: b } = await h.bot(CODE);
    for (const k of ["c1", "c2", "c3"])
      expect((await call(b, "cron", "0 9 * * *", "tick", { key: k })).value).toBeDefined();
    expect((await call(b, "cron", "0 10 * * *", "tick", { key: "c3" })).value).toMatchObject({ key: "c3" });
    expect(await call(b, "cron", "0 9 * * *", "tick", { key: "c4" })).toMatchObject({
      code: "ERR_SCHEDULE_LIMIT",
      error: expect.stringMatching(/3 cron schedules/),
    });
  });
});

describe("retries, missing handlers, stopped bots", () => {
  it("retries a failing run with backoff and shows attempt > 1; the history reads retrying, retrying, ok", async () => {
    const { botId } = await h.bot(CODE);
    await call(botId, "runAfter", 0, "flaky", null, { key: "f" });
    await waitFor(async () => (await repository.runs(botId, 10)).some((r) => r.status === "ok"), {
      what: "the third attempt",
    });
    const attempts = (await runs(botId)).map((r) => r.run.attempt);
    expect(attempts).toEqual([1, 2, 3]);
    const history = (await repository.runs(botId, 10)).reverse();
    expect(history.map((r) => [r.status, r.attempt])).toEqual([
      ["retrying", 1],
      ["retrying", 2],
      ["ok", 3],
    ]);
    expect(history[0]?.error).toMatch(/flaky attempt 1/);
    // The second retry waited about twice as long as the first.
    expect(history[2]!.startedAt.getTime() - history[1]!.finishedAt.getTime()).toBeGreaterThanOrEqual(40);
  });

  it("a run whose handler does not exist fails at once with a clear log line", async () => {
    const { botId } = await h.bot(CODE);
    await call(botId, "runAfter", 0, "gone", null, { key: "g" });
    await h.waitForLog(botId, /scheduled\/gone: No handler scheduled\['gone'\].*'g' failed/);
    const [run] = await repository.runs(botId, 10);
    expect(run).toMatchObject({
      status: "failed",
      attempt: 1,
      error: "No handler scheduled['gone'] in the running code",
    });
  });

  it("a stopped bot's runs are skipped and recorded, not piled up; a cron schedule goes on", async () => {
    const { botId } = await h.bot(CODE);
    await call(botId, "runAfter", 3600, "tick", null, { key: "once" });
    await call(botId, "cron", "* * * * * *", "tick", { key: "cron" });
    await h.op("stopBot", { botId });
    await h.handle.db.execute(sql`update schedules set due_at = now(), next_run_at = now() where key = 'once'`);
    const history = await waitFor(
      async () => {
        const r = await repository.runs(botId, 100);
        const skipped = r.filter((x) => x.status === "skipped");
        return skipped.some((x) => x.key === "once") && skipped.filter((x) => x.key === "cron").length >= 2 && r;
      },
      { what: "skipped runs of both" },
    );
    // A cron run may have run before the stop took effect; every run since is skipped.
    const firstSkipped = history.findLastIndex((r) => r.status === "skipped");
    expect(history.slice(0, firstSkipped + 1).every((r) => r.status === "skipped")).toBe(true);
    const left = await repository.list(botId);
    expect(left.map((s) => s.key)).toEqual(["cron"]);
    expect(left[0]!.next.getTime()).toBeGreaterThan(Date.now() - 2000);
  });
});

describe("durability and fencing", () => {
  /** Replicas started by these tests, beside the harness's first. */
  const started: Gateway[] = [];
  const firers = () => [h.gateway, ...started].map((g) => g.firer).filter((f) => f !== undefined);
  /** Stops every firing loop (the replicas still serve webhooks); answers how to start them again. */
  async function pauseFiring(): Promise<() => void> {
    const loops = firers();
    await Promise.all(loops.map((f) => f.close()));
    return () => {
      for (const f of loops) f.start();
    };
  }

  it("a schedule due while no replica fires, Redis flushed meanwhile, is fired once by a replica started later", async () => {
    const { botId } = await h.bot(CODE);
    const resume = await pauseFiring();
    const { value } = await call(botId, "runAfter", 0, "tick", "durable", { key: "d" });
    expect(value).toMatchObject({ key: "d" });
    const keys = await h.redis.keys(`*${h.names.prefix}*`);
    if (keys.length > 0) await h.redis.del(...keys);
    expect((await repository.list(botId)).map((s) => s.key)).toEqual(["d"]);
    expect(await runs(botId)).toEqual([]);
    started.push(await h.replica());
    await waitFor(async () => (await runs(botId)).some((r) => r.payload === "durable"), { what: "the durable run" });
    resume();
    await waitFor(async () => (await repository.list(botId)).length === 0, { what: "the run to be recorded" });
    expect((await runs(botId)).filter((r) => r.payload === "durable")).toHaveLength(1);
    expect(await repository.runs(botId, 10)).toMatchObject([{ key: "d", status: "ok", attempt: 1 }]);
  });

  it("a code edit and a restart keep the schedules; the run calls the handler of the new code", async () => {
    const { botId } = await h.bot(CODE);
    await call(botId, "runAfter", 3600, "tick", "edited", { key: "e" });
    await h.edit(
      botId,
      `${CODE}\nscheduled['tick'] = async (payload, db, run) => { await db.operation.insertOne('runs', { n: 1, name: 'v2', payload, run }); };`,
    );
    await h.restart(botId);
    expect((await repository.list(botId)).map((s) => s.key)).toEqual(["e"]);
    await h.handle.db.execute(sql`update schedules set due_at = now(), next_run_at = now() where bot_id = ${botId}`);
    const [run] = await waitFor(
      async () => {
        const r = await runs(botId);
        return r.length > 0 && r;
      },
      { what: "the run on the new code" },
    );
    expect(run).toMatchObject({ name: "v2", payload: "edited" });
  });

  it("a run cut short by a dead replica is taken again after its lease and sees attempt 2", async () => {
    const { botId } = await h.bot(CODE);
    await call(botId, "runAfter", 3600, "tick", "crashed", { key: "x" });
    // What a replica killed mid-run leaves behind: a claim that nobody will finish, its lease running out soon.
    await h.handle.db.execute(
      sql`update schedules set claim = 'dead-replica', attempt = 1, due_at = now(), next_run_at = now() + interval '300 milliseconds' where bot_id = ${botId} and key = 'x'`,
    );
    const [run] = await waitFor(
      async () => {
        const r = await runs(botId);
        return r.length > 0 && r;
      },
      { what: "the retaken run" },
    );
    expect(run?.run.attempt).toBe(2);
    await waitFor(async () => (await repository.runs(botId, 10)).length === 1);
    expect(await repository.runs(botId, 10)).toMatchObject([{ status: "ok", attempt: 2 }]);
  });

  it("a run cut short on its last attempt is recorded failed without running again", async () => {
    const { botId } = await h.bot(CODE);
    await call(botId, "runAfter", 3600, "tick", "never", { key: "y" });
    await h.handle.db.execute(
      sql`update schedules set claim = 'dead-replica', attempt = 3, due_at = now(), next_run_at = now() + interval '100 milliseconds' where bot_id = ${botId} and key = 'y'`,
    );
    const [run] = await waitFor(
      async () => {
        const r = await repository.runs(botId, 10);
        return r.length > 0 && r;
      },
      { what: "the interrupted run's record" },
    );
    expect(run).toMatchObject({
      key: "y",
      status: "failed",
      attempt: 4,
      error: "Interrupted 3 times (the gateway running it stopped)",
    });
    expect(await runs(botId)).toEqual([]);
    expect(await repository.list(botId)).toEqual([]);
  });

  it("three replicas firing 200 runs due at once run each exactly once", async () => {
    started.push(await h.replica());
    const { botId } = await h.bot(CODE);
    // Written due later, then made due at once in one statement, so every replica sees all 200 together.
    for (let i = 0; i < 200; i += 5) {
      await Promise.all(
        Array.from({ length: 5 }, (_, j) => call(botId, "runAfter", 3600, "tick", i + j, { key: `r${i + j}` })),
      );
    }
    await h.handle.db.execute(sql`update schedules set due_at = now(), next_run_at = now() where bot_id = ${botId}`);
    const done = await waitFor(
      async () => {
        const r = await runs(botId);
        return r.length >= 200 && r;
      },
      { what: "200 runs", timeoutMs: 60_000 },
    );
    await waitFor(async () => (await repository.list(botId)).length === 0, { what: "every row finished" });
    const all = await runs(botId);
    expect(all.length).toBe(200);
    expect(new Set(all.map((r) => r.run.key)).size).toBe(200);
    expect(all.every((r) => r.run.attempt === 1)).toBe(true);
    expect(done.length).toBeGreaterThanOrEqual(200);
  }, 120_000);

  it("/metrics shows lateness, endings, and a due run no replica took as overdue", async () => {
    const { botId } = await h.bot(CODE);
    await call(botId, "runAfter", 0, "tick", "metered", { key: "m" });
    await waitFor(async () => (await repository.list(botId)).length === 0, { what: "the metered run" });
    const scrape = async () => (await request(h.app).get("/metrics")).text;
    const text = await scrape();
    expect(text).toMatch(/gateway_schedule_lateness_seconds_count\{[^}]*\} \d+/);
    expect(text).toMatch(/gateway_schedule_runs_total\{[^}]*status="ok"[^}]*\} \d+/);
    expect(text).toMatch(/gateway_schedules_overdue\{[^}]*\} 0/);
    const resume = await pauseFiring();
    try {
      await call(botId, "runAfter", 3600, "tick", "missed", { key: "missed" });
      await h.handle.db.execute(
        sql`update schedules set next_run_at = now() - interval '2 minutes', due_at = now() - interval '2 minutes' where bot_id = ${botId}`,
      );
      expect(await scrape()).toMatch(/gateway_schedules_overdue\{[^}]*\} 1/);
    } finally {
      resume();
    }
    await waitFor(async () => (await repository.list(botId)).length === 0, { what: "the missed run to be taken" });
  });

  it("two claims at the same moment never share a row, and a stale claim cannot finish a run", async () => {
    const { botId } = await h.bot(CODE);
    for (let i = 0; i < 40; i++) await call(botId, "runAfter", 3600, "tick", i, { key: `c${i}` });
    const resume = await pauseFiring();
    try {
      await h.handle.db.execute(sql`update schedules set next_run_at = now(), due_at = now() where bot_id = ${botId}`);
      const claimed = await Promise.all([repository.claim(25, 60_000), repository.claim(25, 60_000)]);
      const mine = claimed.flat().filter((r) => r.botId === botId);
      const ids = mine.map((r) => r.id);
      expect(ids.length).toBe(40);
      expect(new Set(ids).size).toBe(40);
      const one = mine[0]!;
      const record = { startedAt: new Date(), finishedAt: new Date(), status: "ok" as const, error: null };
      expect(await repository.finish({ ...one, claim: "not-the-claim" }, { type: "delete" }, record)).toBe(false);
      expect(await repository.finish(one, { type: "delete" }, record)).toBe(true);
      expect(await repository.finish(one, { type: "delete" }, record)).toBe(false);
      // Replaced while claimed: the claim is gone, so the run under way records nothing.
      const two = mine[1]!;
      await call(botId, "runAfter", 3600, "tick", "new", { key: two.key });
      expect(await repository.finish(two, { type: "delete" }, record)).toBe(false);
      expect((await repository.list(botId)).find((s) => s.key === two.key)?.running).toBe(false);
    } finally {
      resume();
    }
  });
});

describe("owners' routes (/apiv3)", () => {
  const post = (op: string, fields: Record<string, unknown>) =>
    request(h.management)
      .post(`/apiv3/${op}`)
      .send({ apiKey: h.apiKey, ...fields });

  it("listSchedules, runScheduleNow, listScheduleRuns and cancelSchedule", async () => {
    const { botId } = await h.bot(CODE);
    await call(botId, "runAfter", 3600, "tick", "now!", { key: "later" });
    await call(botId, "cron", "0 9 * * 1-5", "tick", { key: "digest", timezone: "Europe/Berlin" });
    const listed = await h.op("listSchedules", { botId });
    expect(listed.msg).toBe("2 schedules");
    expect(listed.schedules).toEqual([
      expect.objectContaining({
        key: "later",
        name: "tick",
        kind: "once",
        attempt: 0,
        running: false,
        lastStatus: null,
      }),
      expect.objectContaining({ key: "digest", kind: "cron", expression: "0 9 * * 1-5", timezone: "Europe/Berlin" }),
    ]);
    const usage = await h.op("getAccountUsage");
    expect(usage.quotas).toContainEqual({ quota: "pendingScheduledRuns", limit: 1000, use: expect.any(Number) });

    expect(await h.op("runScheduleNow", { botId, key: "later" })).toMatchObject({ started: true });
    await waitFor(async () => (await runs(botId)).some((r) => r.payload === "now!"), { what: "the run made due now" });
    const history = await waitFor(async () => {
      const body = await h.op("listScheduleRuns", { botId, limit: 10 });
      const r = body.runs as Array<Record<string, unknown>>;
      return r.length > 0 && r;
    });
    expect(history[0]).toMatchObject({ key: "later", name: "tick", status: "ok", attempt: 1, error: null });
    for (const field of ["scheduledAt", "startedAt", "finishedAt"])
      expect(Date.parse(history[0]![field] as string)).toBeGreaterThan(0);

    expect(await h.op("cancelSchedule", { botId, key: "digest" })).toMatchObject({ msg: "Schedule digest cancelled" });
    expect((await h.op("listSchedules", { botId })).schedules).toEqual([]);
  });

  it("answers 404 for a key the bot lacks and for another account's bot, 400 for bad fields", async () => {
    const { botId } = await h.bot(CODE);
    for (const op of ["cancelSchedule", "runScheduleNow"]) {
      const res = await post(op, { botId, key: "nope" });
      expect([res.status, res.body.msg]).toEqual([404, "Schedule not found"]);
    }
    const stranger = await post("listSchedules", { botId: "no-such-bot" });
    expect([stranger.status, stranger.body.msg]).toEqual([404, "Bot not found"]);
    expect((await post("cancelSchedule", { botId })).body).toMatchObject({ stat_code: 400, msg: "key is required" });
    expect((await post("cancelSchedule", { botId, key: 5 })).body).toMatchObject({ msg: "key must be a string" });
    expect((await post("listScheduleRuns", { botId, limit: 0 })).body).toMatchObject({
      stat_code: 400,
      msg: "limit must be between 1 and 1000",
    });
    expect((await post("cancelSchedule", { botId, key: "x".repeat(129) })).status).toBe(400);
  });
});

describe("the plan's pendingScheduledRuns quota", () => {
  let q: GatewayHarness;
  beforeAll(async () => {
    const quotas = {
      bots: 10,
      storedDocuments: 1000,
      storedBytes: 1_000_000,
      broadcastsPerDay: 1,
      liveStreams: 1,
      pendingScheduledRuns: 3,
      requestsPerSecond: 1000,
    };
    q = await startGatewayHarness({ plans: { byName: { small: quotas }, defaultName: "small" } });
  });
  afterAll(async () => {
    await q.close();
  });

  it("counts schedules across the account's bots; the next is QUOTA_EXCEEDED, a replacement by key is not", async () => {
    const a = await q.bot(CODE);
    const b = await q.bot(CODE);
    const callOn = async (botId: string, ...args: unknown[]) =>
      (
        await request(q.app)
          .post(`/custom/${botId}/call`)
          .send({ method: args[0], args: args.slice(1) })
      ).body.data as { value?: unknown; code?: string; error?: string };
    expect((await callOn(a.botId, "runAfter", 600, "tick", null, { key: "1" })).value).toBeDefined();
    expect((await callOn(a.botId, "cron", "0 9 * * *", "tick", { key: "2" })).value).toBeDefined();
    expect((await callOn(b.botId, "runAfter", 600, "tick", null, { key: "3" })).value).toBeDefined();
    const over = await callOn(b.botId, "runAfter", 600, "tick", null, { key: "4" });
    expect(over.code).toBe("QUOTA_EXCEEDED");
    expect(over.error).toMatch(/pendingScheduledRuns quota .*limit 3, in use 3/);
    expect((await callOn(b.botId, "runAfter", 900, "tick", null, { key: "3" })).value).toMatchObject({ key: "3" });
    expect((await q.op("getAccountUsage")).quotas).toContainEqual({ quota: "pendingScheduledRuns", limit: 3, use: 3 });
    await callOn(a.botId, "cancel", "1");
    expect((await callOn(b.botId, "runAfter", 600, "tick", null, { key: "4" })).value).toMatchObject({ key: "4" });
  });
});
