/**
 * BotEventBus trust (bot-events.ts), on a virtual clock and an in-memory channel: a gateway's cache is trusted only
 * while its own heartbeats come back, and once trust has lapsed (even with the connection never dropping, as when
 * Redis is paused or unreachable) the caches are forgotten before trust returns, since events published meanwhile
 * may be lost for good.
 * @see docs/operations.md#bot-events
 */
import { afterEach, beforeEach, describe, expect, it, jest } from "@jest/globals";
import { EventEmitter } from "node:events";
import { BotEventBus } from "../src/bot-events.js";
import { type RedisConnection, RedisNames } from "../src/redis/index.js";

/** One pub/sub channel whose delivery can be cut without the connection closing. */
class Channel {
  delivering = true;
  readonly subscribers = new Set<EventEmitter>();

  connection(): RedisConnection {
    const emitter = new EventEmitter();
    const fake = Object.assign(emitter, {
      publish: async (channel: string, text: string) => {
        if (this.delivering) for (const s of this.subscribers) s.emit("message", channel, text);
        return this.subscribers.size;
      },
      subscribe: async () => {
        this.subscribers.add(emitter);
        return 1;
      },
      unsubscribe: async () => {
        this.subscribers.delete(emitter);
        return 0;
      },
    });
    return fake as unknown as RedisConnection;
  }
}

let now = 0;
function advance(ms: number): void {
  for (let i = 0; i < ms; i += 10) {
    now += 10;
    jest.advanceTimersByTime(10);
  }
}

beforeEach(() => {
  now = 0;
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe("BotEventBus trust", () => {
  it("forgets caches when trust comes back after a lapse in which the connection never dropped", async () => {
    const channel = new Channel();
    const bus = new BotEventBus(channel.connection(), channel.connection(), new RedisNames("t"), {
      role: "gateway",
      beatMs: 100,
      leaseMs: 300,
      clock: () => now,
    });
    let lost = 0;
    bus.onLost(() => {
      lost += 1;
    });
    await bus.start();
    expect(bus.trusted).toBe(true);
    const afterStart = lost;

    // While heartbeats keep coming back, trust holds and nothing is forgotten.
    advance(1_000);
    expect(bus.trusted).toBe(true);
    expect(lost).toBe(afterStart);

    // Redis stops delivering (paused, partitioned) but no connection event fires: trust runs out after the lease.
    channel.delivering = false;
    advance(400);
    expect(bus.trusted).toBe(false);
    expect(lost).toBe(afterStart);

    // The first heartbeat that comes back restores trust, and the caches were forgotten by then.
    let trustedWhenForgotten: boolean | undefined;
    bus.onLost(() => {
      trustedWhenForgotten = bus.trusted;
    });
    channel.delivering = true;
    advance(100);
    expect(bus.trusted).toBe(true);
    expect(lost).toBe(afterStart + 1);
    // Handlers run in the tick trust returns, so no caller saw a trusted stale cache.
    expect(trustedWhenForgotten).toBe(true);

    advance(1_000);
    expect(lost).toBe(afterStart + 1);
    await bus.close();
  });
});
