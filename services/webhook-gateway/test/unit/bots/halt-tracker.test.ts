// Unit tests of src/bots/halt-tracker.ts on a virtual clock, against the real Redis (each test under its own prefix).
import { afterAll, describe, expect, it } from "@jest/globals";
import { randomUUID } from "node:crypto";
import { createRedis, type RedisConnection, RedisNames } from "@botyard/common/redis";
import { HALT_AFTER_HITS, HALT_WINDOW_MS, HaltTracker } from "../../../src/bots/halt-tracker.js";

const redis = createRedis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
const prefixes: string[] = [];
afterAll(async () => {
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  redis.disconnect();
});

/** A tracker under a fresh prefix whose clock reads `clock.now`. */
function tracker() {
  const names = new RedisNames(`botyard-test-${randomUUID()}`);
  prefixes.push(names.prefix);
  const clock = { now: 1_700_000_000_000 };
  return { tracker: new HaltTracker(redis, names, () => clock.now), names, clock };
}

describe("HaltTracker", () => {
  it("halts after 3 incidents within 10 minutes", () => {
    expect([HALT_AFTER_HITS, HALT_WINDOW_MS]).toEqual([3, 600_000]);
  });

  it("answers true from the third incident on, also when they share a millisecond", async () => {
    const { tracker: t } = tracker();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await t.hit("bot1"));
    expect(answers).toEqual([false, false, true, true]);
  });

  it("counts each bot apart", async () => {
    const { tracker: t } = tracker();
    expect([await t.hit("a"), await t.hit("a"), await t.hit("b"), await t.hit("b")]).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(await t.hit("a")).toBe(true);
  });

  it("counts an incident for exactly 10 minutes: one 10 minutes old no longer counts", async () => {
    const { tracker: t, clock } = tracker();
    const start = clock.now;
    await t.hit("bot1");
    clock.now = start + 1;
    await t.hit("bot1");
    clock.now = start + HALT_WINDOW_MS - 1;
    expect(await t.hit("bot1")).toBe(true);

    const second = tracker();
    const from = second.clock.now;
    await second.tracker.hit("bot1");
    second.clock.now = from + 1;
    await second.tracker.hit("bot1");
    second.clock.now = from + HALT_WINDOW_MS;
    expect(await second.tracker.hit("bot1")).toBe(false);
    // The incident at from + 1 and the two at from + 10 minutes still count.
    expect(await second.tracker.hit("bot1")).toBe(true);
  });

  it("keeps the count under the bot's limit-hits key, pruned, and expiring with the window", async () => {
    const { tracker: t, names, clock } = tracker();
    const start = clock.now;
    await t.hit("bot1");
    clock.now = start + HALT_WINDOW_MS + 5;
    await t.hit("bot1");
    const key = names.limitHits("bot1");
    expect(await redis.zrange(key, 0, -1, "WITHSCORES")).toEqual([
      expect.stringMatching(new RegExp(`^${clock.now}-[0-9a-f-]{36}$`)),
      String(clock.now),
    ]);
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(HALT_WINDOW_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(HALT_WINDOW_MS);
  });

  it("counts no incident when the transaction answers nothing usable (never halts on a Redis oddity)", async () => {
    const names = new RedisNames("botyard-test-stub");
    for (const answer of [
      null,
      [],
      [
        [null, 1],
        [null, 0],
      ],
    ]) {
      const chain = {
        zadd: () => chain,
        zremrangebyscore: () => chain,
        zcard: () => chain,
        pexpire: () => chain,
        exec: async () => answer,
      };
      const stub = { multi: () => chain } as unknown as RedisConnection;
      expect(await new HaltTracker(stub, names).hit("bot1")).toBe(false);
    }
  });

  it("starts again from zero once restartBot deleted the key", async () => {
    const { tracker: t, names } = tracker();
    await t.hit("bot1");
    await t.hit("bot1");
    await redis.del(names.limitHits("bot1"));
    expect(await t.hit("bot1")).toBe(false);
  });
});
