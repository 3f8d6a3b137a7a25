/** REDIS_URL and REDIS_CLUSTER: which settings are refused and why, and what a cluster client is built from. */
import { describe, expect, it } from "@jest/globals";
import { Cluster, Redis } from "ioredis";
import { baseConfigSchema, ConfigError, loadConfig, redisConnectionConfig } from "../src/config/index.js";
import {
  clusterSeeds,
  createRedisConnection,
  type RedisConnection,
  RedisNames,
  redisSeedUrls,
  redisUrlProblem,
} from "../src/redis/index.js";

const env = (extra: Record<string, string>) => ({ NODE_ENV: "production", SECRET_KEY: "k".repeat(32), ...extra });

describe("redisUrlProblem", () => {
  it("accepts one server without REDIS_CLUSTER, whatever ioredis can read", () => {
    expect(redisUrlProblem("redis://127.0.0.1:6379", false)).toBeUndefined();
    expect(redisUrlProblem("redis://:pw@redis:6379/2", false)).toBeUndefined();
  });

  it("refuses several servers without REDIS_CLUSTER", () => {
    expect(redisUrlProblem("redis://a:7000,redis://b:7001", false)).toMatch(/set REDIS_CLUSTER=1/);
  });

  it("accepts one or more seed nodes with REDIS_CLUSTER, spaces around commas included", () => {
    expect(redisUrlProblem("redis://a:7000", true)).toBeUndefined();
    expect(redisUrlProblem("redis://a:7000, rediss://b:7001 ,redis://[::1]:7002", true)).toBeUndefined();
  });

  it.each([
    ["", /empty/],
    ["a:7000", /entry 1 must start with redis:\/\//],
    ["redis://a:7000,http://b:80", /entry 2 must start with redis:\/\//],
    ["redis://a:7000/3", /only database 0/],
    ["not a url", /entry 1 is not a URL/],
  ])("refuses the cluster seed list %j", (url, reason) => {
    expect(redisUrlProblem(url, true)).toMatch(reason);
  });
});

describe("loadConfig with REDIS_CLUSTER", () => {
  it("reads REDIS_CLUSTER=1 and gives the connection settings", () => {
    const config = loadConfig(
      baseConfigSchema,
      env({ REDIS_CLUSTER: "1", REDIS_URL: "redis://a:7000,redis://b:7001" }),
    );
    expect(redisConnectionConfig(config)).toEqual({ url: "redis://a:7000,redis://b:7001", cluster: true });
  });

  it("defaults to a single server", () => {
    expect(loadConfig(baseConfigSchema, env({})).REDIS_CLUSTER).toBe(false);
  });

  it("refuses a seed list without REDIS_CLUSTER, and never echoes the URL's password", () => {
    const load = () => loadConfig(baseConfigSchema, env({ REDIS_URL: "redis://:hunter2@a:7000,redis://b:7001" }));
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/REDIS_URL: REDIS_URL names several servers/);
    expect(load).not.toThrow(/hunter2/);
  });

  it("refuses a REDIS_CLUSTER value that is not a flag", () => {
    expect(() => loadConfig(baseConfigSchema, env({ REDIS_CLUSTER: "yes" }))).toThrow(/REDIS_CLUSTER/);
  });
});

describe("clusterSeeds", () => {
  it("takes every seed's host and port and the first seed's credentials and TLS for all nodes", () => {
    const { nodes, redisOptions } = clusterSeeds("rediss://user:p%40ss@a.example:7000,rediss://[::1]:7001,rediss://c");
    expect(nodes).toEqual([
      { host: "a.example", port: 7000 },
      { host: "::1", port: 7001 },
      { host: "c", port: 6379 },
    ]);
    expect(redisOptions).toEqual({ username: "user", password: "p@ss", tls: {} });
  });
});

describe("createRedisConnection", () => {
  it("opens a Cluster client for REDIS_CLUSTER and a plain client otherwise", () => {
    const cluster = createRedisConnection({ url: "redis://127.0.0.1:1", cluster: true }, { lazyConnect: true });
    const single = createRedisConnection({ url: "redis://127.0.0.1:1" }, { lazyConnect: true });
    try {
      expect(cluster).toBeInstanceOf(Cluster);
      expect((cluster as Cluster).options.redisOptions?.maxRetriesPerRequest).toBeNull();
      expect(single).toBeInstanceOf(Redis);
    } finally {
      cluster.disconnect();
      single.disconnect();
    }
  });
});

describe("RedisNames on a cluster", () => {
  it("hash-tags the BullMQ prefix so a queue's keys share a slot", () => {
    expect(new RedisNames("botyard").bullPrefix).toBe("{botyard}:bull");
  });
});

describe("REDIS_URL rules, exactly", () => {
  it("splits seed lists on commas and drops empty entries", () => {
    expect(redisSeedUrls(" redis://a:1 ,, redis://b:2,")).toEqual(["redis://a:1", "redis://b:2"]);
    expect(redisSeedUrls(" , ")).toEqual([]);
  });

  it("names the bad entry and the reason", () => {
    expect(redisUrlProblem(" , ", false)).toBe("REDIS_URL is empty");
    expect(redisUrlProblem("redis://a:1,redis://b:2", false)).toBe(
      "REDIS_URL names several servers: set REDIS_CLUSTER=1 for a Redis Cluster",
    );
    expect(redisUrlProblem("anything ioredis reads", false)).toBeUndefined();
    expect(redisUrlProblem("redis://a:1,nope", true)).toBe(
      "REDIS_URL entry 2 is not a URL (expected redis://host:port)",
    );
    expect(redisUrlProblem("redis://a:1,http://b", true)).toBe(
      "REDIS_URL entry 2 must start with redis:// or rediss://",
    );
    expect(redisUrlProblem("redis://a:1,redis:///x", true)).toBe("REDIS_URL entry 2 has no host");
    expect(redisUrlProblem("redis://a:1/2", true)).toBe(
      "a Redis Cluster has only database 0: remove the database number from REDIS_URL",
    );
    expect(redisUrlProblem("redis://a:1/0,rediss://b:2/", true)).toBeUndefined();
  });

  it("takes no credentials or TLS when the first seed has none, and refuses an empty list", () => {
    expect(clusterSeeds("redis://a,rediss://u:p@b:2")).toEqual({
      nodes: [
        { host: "a", port: 6379 },
        { host: "b", port: 2 },
      ],
      redisOptions: {},
    });
    expect(clusterSeeds("redis://:only%20pw@a:1").redisOptions).toEqual({ password: "only pw" });
    expect(() => clusterSeeds(" ")).toThrow("REDIS_URL names no seed node");
  });

  it("gives every cluster node the same options, the caller's last, and resolves TLS nodes by name", async () => {
    const plain = createRedisConnection(
      { url: "redis://u:p@127.0.0.1:1", cluster: true },
      { lazyConnect: true, maxRetriesPerRequest: 3 },
    );
    const tls = createRedisConnection({ url: "rediss://127.0.0.1:1", cluster: true }, { lazyConnect: true });
    try {
      const options = (plain as Cluster).options;
      expect(options.redisOptions).toMatchObject({
        maxRetriesPerRequest: 3,
        enableReadyCheck: true,
        username: "u",
        password: "p",
        lazyConnect: true,
      });
      expect(options.enableReadyCheck).toBe(true);
      expect((plain as Cluster).listenerCount("error")).toBe(1);
      const resolve = (cluster: RedisConnection, name: string) =>
        new Promise((done) => (cluster as Cluster).options.dnsLookup!(name, (err, address) => done([err, address])));
      expect(await resolve(plain, "localhost")).toEqual([null, expect.stringMatching(/^(127\.0\.0\.1|::1)$/)]);
      expect(await resolve(tls, "node.example")).toEqual([null, "node.example"]);
    } finally {
      plain.disconnect();
      tls.disconnect();
    }
  });
});
