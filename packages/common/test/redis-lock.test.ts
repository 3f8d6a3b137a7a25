/**
 * withRedisLock (redis-lock.ts) on the real Redis: holders of one key never overlap, whichever connection they use; a
 * dead holder's lock lapses after its ttl; a holder that overran never frees the next holder's lock; the lock is freed
 * when the work throws; a lock held past `waitMs` throws the caller's error without running the work.
 */
import { afterAll, describe, expect, it } from "@jest/globals";
import { randomUUID } from "node:crypto";
import { createRedis, withRedisLock } from "../src/redis/index.js";
import { waitFor } from "@botyard/testing";

const url = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
// Two connections, as two replicas would have.
const [a, b] = [createRedis(url), createRedis(url)];
afterAll(() => {
  a.disconnect();
  b.disconnect();
});

const busy = () => new Error("busy");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const freshKey = () => `botyard-test:lock:${randomUUID()}`;

describe("withRedisLock", () => {
  it("runs the works of one key one at a time, across connections, and each once", async () => {
    const key = freshKey();
    const log: string[] = [];
    let inside = 0;
    let most = 0;
    const work = (name: string) => async () => {
      inside += 1;
      most = Math.max(most, inside);
      log.push(`${name} in`);
      await sleep(30); // the work's length is what is tested: holders that overlapped would show here
      log.push(`${name} out`);
      inside -= 1;
      return name;
    };
    const names = ["w1", "w2", "w3", "w4", "w5", "w6"];
    const results = await Promise.all(
      names.map((name, i) => withRedisLock(i % 2 ? a : b, key, { ttlMs: 5000, waitMs: 5000, busy }, work(name))),
    );
    expect(results).toEqual(names);
    expect(most).toBe(1);
    // Every "in" is followed by the same work's "out".
    for (let i = 0; i < log.length; i += 2) expect(log[i + 1]).toBe(log[i]!.replace(" in", " out"));
    expect(await a.exists(key)).toBe(0);
  });

  it("does not block other keys", async () => {
    const [k1, k2] = [freshKey(), freshKey()];
    let secondRan = false;
    await withRedisLock(a, k1, { ttlMs: 5000, waitMs: 100, busy }, async () => {
      await withRedisLock(b, k2, { ttlMs: 5000, waitMs: 100, busy }, async () => {
        secondRan = true;
      });
    });
    expect(secondRan).toBe(true);
  });

  it("takes the lock of a holder that died once its ttl lapses", async () => {
    const key = freshKey();
    await a.set(key, "a-holder-that-died", "PX", 300);
    const started = Date.now();
    const ran = await withRedisLock(b, key, { ttlMs: 5000, waitMs: 3000, busy }, async () => Date.now() - started);
    expect(ran).toBeGreaterThanOrEqual(250);
  });

  it("throws the caller's error, without running the work, when the lock is still held after waitMs", async () => {
    const key = freshKey();
    await a.set(key, "someone", "PX", 10_000);
    let ran = false;
    const started = Date.now();
    await expect(
      withRedisLock(b, key, { ttlMs: 1000, waitMs: 150, busy }, async () => {
        ran = true;
      }),
    ).rejects.toThrow("busy");
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(ran).toBe(false);
    expect(await a.get(key)).toBe("someone");
  });

  it("frees the lock when the work throws", async () => {
    const key = freshKey();
    await expect(
      withRedisLock(a, key, { ttlMs: 5000, waitMs: 100, busy }, async () => {
        throw new Error("work failed");
      }),
    ).rejects.toThrow("work failed");
    expect(await a.exists(key)).toBe(0);
  });

  it("never frees the lock of the next holder when the first overran its ttl", async () => {
    const key = freshKey();
    let secondHolds = false;
    const first = withRedisLock(a, key, { ttlMs: 100, waitMs: 100, busy }, async () => {
      // Past its ttl: the second takes the lock meanwhile.
      await waitFor(() => secondHolds, { what: "the second to take the lock" });
    });
    await waitFor(async () => (await a.exists(key)) === 1, { what: "the first to take the lock" });
    const second = withRedisLock(b, key, { ttlMs: 5000, waitMs: 2000, busy }, async () => {
      secondHolds = true;
      await first; // still holding when the first finishes and releases
      return a.get(key);
    });
    await first;
    expect(secondHolds).toBe(true);
    expect(await a.exists(key)).toBe(1); // the first's release left the second's lock alone
    expect(await second).not.toBeNull();
    expect(await a.exists(key)).toBe(0);
  });
});
