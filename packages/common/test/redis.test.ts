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
  isUnavailableError,
  REDIS_RECONNECT_CAP_MS,
  type Redis,
} from "../src/index.js";

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
