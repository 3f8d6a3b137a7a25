// Unit tests of src/bots/rollback-watcher.ts on a virtual clock, against the real Redis, with a recorded repository.
import { afterAll, describe, expect, it } from "@jest/globals";
import { randomUUID } from "node:crypto";
import { createRedis, RedisNames } from "@botyard/common/redis";
import { createLogger } from "@botyard/common/logging";
import { waitFor } from "@botyard/testing";
import type { AutoRollback } from "../../../src/bots/rollback-repository.js";
import { AUTO_ROLLBACK_MIN_CALLS, RollbackWatcher } from "../../../src/bots/rollback-watcher.js";

const redis = createRedis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
const prefixes: string[] = [];
afterAll(async () => {
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  redis.disconnect();
});

/** A watcher whose repository rolls back once per deploy (as the conditional UPDATE does) and records the asks. */
function watcher() {
  const names = new RedisNames(`botyard-test-${randomUUID()}`);
  prefixes.push(names.prefix);
  const clock = { now: 1_700_000_000_000 };
  const asked: Array<{ botId: string; codeVersion: number; reason: string }> = [];
  const done = new Set<string>();
  const rolledBack: Array<{ botId: string; rollback: AutoRollback }> = [];
  const lines: string[] = [];
  const w = new RollbackWatcher({
    redis,
    names,
    repository: {
      rollBack: async (botId, codeVersion, reason) => {
        asked.push({ botId, codeVersion, reason });
        if (done.has(`${botId}:${codeVersion}`)) return undefined;
        done.add(`${botId}:${codeVersion}`);
        return { version: 9, restoredFrom: 4, codeVersion: codeVersion + 1 };
      },
    },
    log: (_botId, _level, message) => lines.push(message),
    rolledBack: async (botId, rollback) => {
      rolledBack.push({ botId, rollback });
    },
    logger: createLogger("test", "silent"),
    clock: () => clock.now,
  });
  return { w, clock, asked, rolledBack, lines, names };
}

const bot = (until: number | null, codeVersion = 7) => ({ id: "bot1", codeVersion, watchUntil: until });

describe("RollbackWatcher", () => {
  it("watches only until the window ends", () => {
    const { w, clock } = watcher();
    expect(w.watching(bot(null))).toBe(false);
    expect(w.watching(bot(clock.now + 1))).toBe(true);
    expect(w.watching(bot(clock.now))).toBe(false);
  });

  it(`rolls back once more than half of at least ${AUTO_ROLLBACK_MIN_CALLS} calls failed`, async () => {
    const { w, clock, asked, rolledBack, lines } = watcher();
    const watched = bot(clock.now + 60_000);
    // 10 good calls and 10 failed ones: half is not more than half.
    for (let n = 0; n < 10; n += 1) w.observe(watched, false);
    for (let n = 0; n < 10; n += 1) w.observe(watched, true);
    // One more failure: 11 of 21.
    w.observe(watched, true);
    await waitFor(() => rolledBack.length === 1, { what: "the rollback" });
    expect(asked[0]).toEqual({ botId: "bot1", codeVersion: 7, reason: "The new code failed 11 of its first 21 calls" });
    expect(lines).toEqual([
      "Automatic rollback: The new code failed 11 of its first 21 calls. Version 4 runs again, saved as version 9.",
    ]);
  });

  it("counts nothing outside the window, and nothing for an unwatched deploy", async () => {
    const { w, clock, names } = watcher();
    for (let n = 0; n < 30; n += 1) w.observe(bot(clock.now - 1), true);
    for (let n = 0; n < 30; n += 1) w.observe(bot(null), true);
    expect(await redis.keys(`${names.prefix}:*`)).toEqual([]);
  });

  it("takes one decision per deploy however many failures ask at once; a later deploy is its own", async () => {
    const { w, asked, rolledBack } = watcher();
    const results = await Promise.all([1, 2, 3].map(() => w.trigger("bot1", 7, "failed to load: SyntaxError")));
    expect(results).toEqual([true, true, true]);
    expect(asked).toHaveLength(1);
    expect(await w.trigger("bot1", 8, "was halted: x")).toBe(true);
    expect(rolledBack.map((r) => r.rollback.codeVersion)).toEqual([8, 9]);
  });

  it("cuts a long reason to what a version's message holds", async () => {
    const { w, asked } = watcher();
    await w.trigger("bot1", 7, `failed to load: ${"x".repeat(5000)}`);
    expect(asked[0]?.reason).toHaveLength(1000);
  });
});
