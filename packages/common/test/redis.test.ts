/**
 * Redis connection options (redis.ts): every connection reconnects at most half a second apart, so it is back within
 * about that of Redis answering again; the default suits BullMQ's blocking Worker connections; the fail-fast options
 * make a request-path command fail at once while Redis is away, and after 1 s when Redis accepted it but does not
 * answer.
 */
import { afterAll, describe, expect, it } from "@jest/globals";
import net from "node:net";
import {
  createRedis,
  failFastRedisOptions,
  pingRedis,
  reconnectDelay,
  REDIS_RECONNECT_CAP_MS,
  RedisNames,
  type Redis,
} from "../src/redis/index.js";
import { isUnavailableError } from "../src/http/index.js";

const opened: Redis[] = [];
const servers: net.Server[] = [];
const sockets: net.Socket[] = [];
afterAll(() => {
  for (const redis of opened) redis.disconnect();
  for (const socket of sockets) socket.destroy();
  for (const server of servers) server.close();
});

function open(url: string, options = {}): Redis {
  const redis = createRedis(url, { lazyConnect: true, ...options });
  opened.push(redis);
  return redis;
}

describe("createRedis", () => {
  it("keeps maxRetriesPerRequest null by default, as a BullMQ Worker requires", () => {
    expect(open("redis://127.0.0.1:1").options.maxRetriesPerRequest).toBeNull();
  });

  it("waits at most REDIS_RECONNECT_CAP_MS (500 ms) between reconnection attempts, however many failed", () => {
    const strategy = open("redis://127.0.0.1:1").options.retryStrategy!;
    const delays = [1, 2, 3, 5, 10, 100, 10_000].map((attempt) => strategy(attempt));
    expect(REDIS_RECONNECT_CAP_MS).toBe(500);
    expect(delays).toEqual([100, 200, 300, 500, 500, 500, 500]);
  });

  it("with failFastRedisOptions, fails a command after the command timeout when Redis accepted it but does not answer", async () => {
    // Accepts the connection and never answers: a Redis that hangs after connecting.
    const hung = net.createServer((socket) => {
      sockets.push(socket);
      socket.on("data", () => {});
    });
    servers.push(hung);
    await new Promise<void>((resolve) => hung.listen(0, "127.0.0.1", resolve));
    const { port } = hung.address() as net.AddressInfo;
    const redis = open(`redis://127.0.0.1:${port}`, {
      ...failFastRedisOptions,
      commandTimeout: 100,
      enableReadyCheck: false,
    });
    await redis.connect();
    const err = await redis.publish("channel", "message").catch((e: unknown) => e);
    expect(isUnavailableError(err)).toBe(true);
    expect((err as Error).message).toBe("Command timed out");
  });
});

describe("connection options, exactly", () => {
  it("fail-fast: no offline queue, one retry, 1 s to answer and to connect", () => {
    expect(failFastRedisOptions).toEqual({
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 1000,
      connectTimeout: 1000,
    });
  });

  it("createRedis connects at once with a ready check, lets the caller override, and swallows 'error' events", () => {
    const redis = createRedis("redis://127.0.0.1:1", { lazyConnect: true });
    opened.push(redis);
    expect(redis.options).toMatchObject({ maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: true });
    expect(redis.options.retryStrategy).toBe(reconnectDelay);
    expect(redis.listenerCount("error")).toBe(1);
    expect(() => redis.emit("error", new Error("boom"))).not.toThrow();
    const eager = createRedis(`${process.env.REDIS_URL ?? "redis://127.0.0.1:6379"}`);
    opened.push(eager);
    expect(eager.options.lazyConnect).toBe(false);
  });
});

describe("pingRedis", () => {
  it("is true when Redis answers PONG", async () => {
    const redis = createRedis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
    opened.push(redis);
    expect(await pingRedis(redis)).toBe(true);
  });

  it("is false for an answer other than PONG, a rejection, or no answer within the timeout", async () => {
    const fake = (ping: () => Promise<string>) => ({ ping }) as unknown as Redis;
    expect(await pingRedis(fake(async () => "PONG"))).toBe(true);
    expect(await pingRedis(fake(async () => "LOADING"))).toBe(false);
    expect(await pingRedis(fake(() => Promise.reject(new Error("down"))))).toBe(false);
    expect(
      await pingRedis(
        fake(() => new Promise<string>(() => {})),
        20,
      ),
    ).toBe(false);
  });
});

describe("RedisNames", () => {
  it("puts every channel and key under the prefix", () => {
    const names = new RedisNames("p:1");
    expect([
      names.prefix,
      names.botEvents,
      names.bullPrefix,
      names.limitHits("b7"),
      names.key("a", "b"),
      names.key(),
    ]).toEqual(["p:1", "p:1:bot-events", "{p:1}:bull", "p:1:limit-hits:b7", "p:1:a:b", "p:1"]);
  });
});
