import { describe, expect, it } from "@jest/globals";
import { ConcurrencyLimiter, LimitExceededError, TokenBucket } from "../../../src/runtime/limiter.js";

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};
const tick = () => new Promise((r) => setImmediate(r));

describe("ConcurrencyLimiter", () => {
  it("runs `concurrency` tasks, queues `queue` more in order, and refuses the rest at once", async () => {
    const limiter = new ConcurrencyLimiter(2, 1, "db.operation calls");
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      limiter.run(async () => {
        started.push(i);
        await g.promise;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect([limiter.active, limiter.waiting]).toEqual([2, 1]);
    await expect(limiter.run(async () => 9)).rejects.toEqual(
      new LimitExceededError("Too many db.operation calls at once (2 running, 1 waiting); await some first"),
    );
    gates[1]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect([limiter.active, limiter.waiting]).toEqual([0, 0]);
  });

  it("frees the slot of a task that throws", async () => {
    const limiter = new ConcurrencyLimiter(1, 0, "x");
    await expect(limiter.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(limiter.active).toBe(0);
    await expect(limiter.run(async () => "ok")).resolves.toBe("ok");
  });
});

describe("TokenBucket", () => {
  it("allows the burst at once, then the rate, and says how long until the next token", () => {
    let now = 0;
    const bucket = new TokenBucket(10, 3, () => now);
    expect([bucket.take(), bucket.take(), bucket.take()]).toEqual([0, 0, 0]);
    expect(bucket.take()).toBeCloseTo(0.1);
    now += 50;
    expect(bucket.take()).toBeCloseTo(0.05);
    now += 50;
    expect(bucket.take()).toBe(0);
    expect(bucket.full).toBe(false);
    now += 10_000;
    expect(bucket.full).toBe(true);
    // Never more than the burst, however long it was quiet.
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take() > 0]).toEqual([0, 0, 0, true]);
  });
});
