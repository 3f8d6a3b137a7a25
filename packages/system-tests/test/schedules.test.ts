/**
 * Scheduled runs through the real services (docs/bot-runtime.md#scheduled-runs): bot code schedules with `scheduler`
 * through a custom webhook, the gateway processes fire `scheduled[name]`, and what happened is seen only where an owner
 * or a bot user would see it: the Bot API messages each run sends (the fake Bot API's records) and management's
 * listSchedules / listScheduleRuns. Restarts, code edits, a Redis flush, a gateway killed mid-run, two replicas and a
 * stopped bot.
 *
 * The platform runs on a Redis of its own (ThrowawayRedis), so FLUSHALL touches no other suite's keys.
 *
 * @see docs/testing.md#cross-service-suite
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createRedis } from "@botyard/common/redis";
import { ThrowawayRedis } from "@botyard/faults/throwaway-redis";
import { waitFor } from "@botyard/testing";
import { System, type SystemBot } from "./support/system.js";

/**
 * `call` runs one scheduler method with the body's arguments and answers its value (or its error). Every handler
 * reports its start to chat 1 as JSON: its name, the run's key, due time and attempt, and the gateway's clock then.
 * `long` takes 3 s on its first attempt (within the handler limit below), so a kill lands mid-run.
 */
const code = (version: string) => `
logic['call'] = async (q, body) => {
  try {
    return { value: await scheduler[body.method](...body.args) };
  } catch (e) {
    return { error: e.message, code: e.code };
  }
};
const report = (name, run) => bot.telegram.sendMessage(1, JSON.stringify({
  name, version: '${version}', key: run.key, at: run.scheduledAt, attempt: run.attempt, started: Date.now(),
}));
scheduled['tick'] = async (payload, db, run) => { await report('tick', run); };
scheduled['long'] = async (payload, db, run) => {
  await report('long', run);
  if (run.attempt === 1) await new Promise((r) => setTimeout(r, 3000));
  await report('long-end', run);
};
`;

/** A handler's report, as the fake Bot API received it. */
interface Start {
  name: string;
  version: string;
  key: string;
  at: string;
  attempt: number;
  started: number;
}

/** A row of listScheduleRuns. */
interface RunRow {
  key: string;
  status: string;
  attempt: number;
  scheduledAt: string;
  error: string | null;
}

/** The lease a claim holds (SCHEDULE_LEASE_MS): above the handler limit, short enough that a retaken run comes soon. */
const LEASE_MS = 12_000;
/** Patience for a run that waits for a lease to end and a gateway to start, on a loaded machine. */
const SLOW = { timeoutMs: 90_000 };

let redis: ThrowawayRedis;
let system: System;

beforeAll(async () => {
  redis = await ThrowawayRedis.start();
  system = await System.start({
    redisUrl: redis.url,
    env: {
      "webhook-gateway": {
        HANDLER_TIMEOUT_MS: "6000",
        SCHEDULE_MIN_INTERVAL_S: "1",
        SCHEDULE_RETRY_MS: "200",
        SCHEDULE_LEASE_MS: String(LEASE_MS),
      },
    },
  });
}, 180_000);

afterAll(async () => {
  await system?.close();
  await redis?.kill();
});

/** Runs `scheduler[method](...args)` in the bot's code; resolves with its value, throws with its error. */
async function schedule(bot: SystemBot, method: string, ...args: unknown[]): Promise<Record<string, unknown>> {
  const reply = await system.webhook(bot, "call", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ method, args }),
  });
  const data = (reply.body as { data?: { value?: unknown; error?: string } }).data;
  if (reply.status !== 200 || data?.error !== undefined) {
    throw new Error(`scheduler.${method} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  }
  return data?.value as Record<string, unknown>;
}

/** Every handler start the bot reported, oldest first. */
const starts = (bot: SystemBot): Start[] =>
  system.fake.callsOf("sendMessage", bot.token).map((c) => JSON.parse(String(c.params.text)) as Start);

const startsOf = (bot: SystemBot, key: string, name = "tick") =>
  starts(bot).filter((s) => s.key === key && s.name === name);

async function history(bot: SystemBot): Promise<RunRow[]> {
  return (await system.ok("listScheduleRuns", { botId: bot.botId, limit: 100 })).runs as RunRow[];
}

async function keys(bot: SystemBot): Promise<string[]> {
  const { schedules } = await system.ok("listSchedules", { botId: bot.botId });
  return (schedules as Array<{ key: string }>).map((s) => s.key);
}

/** Resolves once the history has a row of `key` with `status` (the run's end is recorded). */
const recorded = (bot: SystemBot, key: string, status: string, timeout = SLOW) =>
  waitFor(async () => (await history(bot)).find((r) => r.key === key && r.status === status), {
    ...timeout,
    what: `a ${status} run of '${key}'`,
  });

describe("scheduled runs through the real services", () => {
  it("runAfter fires once, with attempt 1, and the one-off is then gone", async () => {
    const bot = await system.createBot(code("v1"));
    const { key, at } = await schedule(bot, "runAfter", 1, "tick", { n: 1 }, { key: "once" });
    expect(key).toBe("once");

    await recorded(bot, "once", "ok");
    // Its end is recorded and its row deleted: no second start can come.
    await waitFor(async () => !(await keys(bot)).includes("once"), { what: "the one-off gone" });
    const runs = startsOf(bot, "once");
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ attempt: 1, at });
    // Never early: the handler started at or after its due time.
    expect(runs[0]?.started).toBeGreaterThanOrEqual(Date.parse(String(at)));
  });

  it("a six-field cron fires at each of its seconds, never early, and stops when cancelled", async () => {
    const bot = await system.createBot(code("v1"));
    const { next } = await schedule(bot, "cron", "*/2 * * * * *", "tick", { key: "every-2s" });
    expect(Date.parse(String(next)) % 2000).toBe(0);

    await waitFor(() => startsOf(bot, "every-2s").length >= 3, { ...SLOW, what: "three cron runs" });
    expect((await system.op("cancelSchedule", { botId: bot.botId, key: "every-2s" })).status).toBe(200);
    const runs = startsOf(bot, "every-2s");
    const due = runs.map((r) => Date.parse(r.at));
    // Each run is an occurrence of the expression (an even second), each occurrence runs once, and none starts early.
    for (const r of runs) {
      expect(Date.parse(r.at) % 2000).toBe(0);
      expect(r.started).toBeGreaterThanOrEqual(Date.parse(r.at));
      expect(r.attempt).toBe(1);
    }
    expect(new Set(due).size).toBe(due.length);
    expect(due).toEqual([...due].sort((a, b) => a - b));
  });

  it("a gateway restart and a code edit keep the schedules; the run calls the new code's handler", async () => {
    const bot = await system.createBot(code("v1"));
    await schedule(bot, "runAfter", 3600, "tick", null, { key: "later" });
    await schedule(bot, "cron", "0 9 * * *", "tick", { key: "daily", timezone: "Europe/Berlin" });
    const before = (await system.ok("listSchedules", { botId: bot.botId })).schedules;

    await system.restartGateway();
    await system.ok("editBotCoreLogic", { botId: bot.botId, newCode: code("v2") });
    await system.ok("restartBot", { botId: bot.botId });
    expect((await system.ok("listSchedules", { botId: bot.botId })).schedules).toEqual(before);

    expect((await system.op("runScheduleNow", { botId: bot.botId, key: "later" })).status).toBe(200);
    await recorded(bot, "later", "ok");
    expect(startsOf(bot, "later").map((s) => s.version)).toEqual(["v2"]);
    expect(await keys(bot)).toEqual(["daily"]);
  });

  it("Redis flushed mid-schedule: the one-off fires once and the cron goes on, each occurrence once", async () => {
    const bot = await system.createBot(code("v1"));
    await schedule(bot, "cron", "* * * * * *", "tick", { key: "each-second" });
    await waitFor(() => startsOf(bot, "each-second").length >= 1, { ...SLOW, what: "a cron run before the flush" });
    await schedule(bot, "runAfter", 2, "tick", null, { key: "across-flush" });

    const client = createRedis(redis.url);
    try {
      expect(await client.flushall()).toBe("OK");
    } finally {
      client.disconnect();
    }
    const flushedAt = Date.now();

    await recorded(bot, "across-flush", "ok");
    await waitFor(() => startsOf(bot, "each-second").some((s) => Date.parse(s.at) > flushedAt + 1000), {
      ...SLOW,
      what: "cron runs after the flush",
    });
    expect((await system.op("cancelSchedule", { botId: bot.botId, key: "each-second" })).status).toBe(200);
    expect(startsOf(bot, "across-flush")).toHaveLength(1);
    const due = startsOf(bot, "each-second").map((s) => s.at);
    expect(new Set(due).size).toBe(due.length);
  });

  it("kill -9 of the gateway mid-run: the restarted gateway runs it again with attempt 2", async () => {
    const bot = await system.createBot(code("v1"));
    await schedule(bot, "runAfter", 0, "long", null, { key: "long" });
    await waitFor(() => startsOf(bot, "long", "long").length === 1, { ...SLOW, what: "the long run's start" });

    await system.killGateway();

    await waitFor(() => startsOf(bot, "long", "long-end").length > 0, { ...SLOW, what: "the retried run's end" });
    const attempts = startsOf(bot, "long", "long").map((s) => s.attempt);
    expect(attempts).toEqual([1, 2]);
    // The first attempt never ended: its gateway died.
    expect(startsOf(bot, "long", "long-end").map((s) => s.attempt)).toEqual([2]);
    const row = await recorded(bot, "long", "ok");
    expect(row.attempt).toBe(2);
  });

  it("two gateway replicas never both run one due time", async () => {
    const replica = await system.startGatewayReplica();
    try {
      const bot = await system.createBot(code("v1"));
      // 60 one-off runs due at the same moment, and a cron each second, while both replicas claim.
      const at = new Date(Date.now() + 3000).toISOString();
      const planned = Array.from({ length: 60 }, (_, i) => `at-once-${i}`);
      for (const key of planned) await schedule(bot, "runAt", at, "tick", null, { key });
      await schedule(bot, "cron", "* * * * * *", "tick", { key: "both" });

      await waitFor(async () => (await keys(bot)).join() === "both", { ...SLOW, what: "every one-off done" });
      await waitFor(() => startsOf(bot, "both").length >= 5, { ...SLOW, what: "five cron runs" });
      expect((await system.op("cancelSchedule", { botId: bot.botId, key: "both" })).status).toBe(200);

      for (const key of planned) expect(startsOf(bot, key).map((s) => s.attempt)).toEqual([1]);
      const cron = startsOf(bot, "both").map((s) => s.at);
      expect(new Set(cron).size).toBe(cron.length);
    } finally {
      await replica.stop();
    }
  });

  it("a stopped bot's runs are recorded skipped, not run and not piled up", async () => {
    const bot = await system.createBot(code("v1"));
    await schedule(bot, "runAfter", 3600, "tick", null, { key: "while-stopped" });
    await schedule(bot, "cron", "* * * * * *", "tick", { key: "cron-stopped" });
    await system.ok("stopBot", { botId: bot.botId });

    expect((await system.op("runScheduleNow", { botId: bot.botId, key: "while-stopped" })).status).toBe(200);
    const skipped = await recorded(bot, "while-stopped", "skipped");
    expect(skipped.attempt).toBe(1);
    const cronSkipped = await recorded(bot, "cron-stopped", "skipped");

    // The one-off is gone without running; the cron schedule stays, with its next time after now.
    expect(startsOf(bot, "while-stopped")).toEqual([]);
    const { schedules } = await system.ok("listSchedules", { botId: bot.botId });
    expect(schedules).toEqual([expect.objectContaining({ key: "cron-stopped", kind: "cron" })]);
    // Runs may have started before the stop reached the gateway, but none of an occurrence from the skipped one on.
    const skippedAt = Date.parse(cronSkipped.scheduledAt);
    expect(startsOf(bot, "cron-stopped").filter((s) => Date.parse(s.at) >= skippedAt)).toEqual([]);
  });
});
