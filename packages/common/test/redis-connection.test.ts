/** REDIS_URL and REDIS_CLUSTER: which settings are refused and why, and what a cluster client is built from. */
import { describe, expect, it } from "@jest/globals";
import { Cluster, Redis } from "ioredis";
import {
  baseConfigSchema,
  clusterSeeds,
  ConfigError,
  createRedisConnection,
  loadConfig,
  redisConnectionConfig,
  RedisNames,
  redisUrlProblem,
} from "../src/index.js";

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
