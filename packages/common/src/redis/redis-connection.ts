/**
 * Opens Redis the way the deployment asks: one server (REDIS_URL is one `redis://` URL), or a Redis Cluster
 * (REDIS_CLUSTER=1, REDIS_URL names one or more seed nodes, comma-separated). Every connection a service opens goes
 * through {@link createRedisConnection}, so BullMQ, pub/sub, halt counters and throttles all run on either.
 *
 * What a cluster asks of the code (key layout): every key BullMQ touches in one script must hash to one slot, so the
 * BullMQ prefix carries a hash tag ({@link RedisNames.bullPrefix}: `{botyard}:bull`); other keys are single-key
 * commands and spread over the cluster; pub/sub channels (bot events, broadcast cancels) are cluster-wide.
 * @see docs/operations.md#redis-cluster
 */
import { Cluster, type ClusterNode, type ClusterOptions, type RedisOptions } from "ioredis";
import { createRedis, type Redis } from "./redis.js";

export { Cluster } from "ioredis";

/** A connection to a single Redis server or to a Redis Cluster; both take the same commands. */
export type RedisConnection = Redis | Cluster;

/** Where Redis is and whether it is a cluster: REDIS_URL and REDIS_CLUSTER, as validated by the config schema. */
export interface RedisConnectionConfig {
  /** One `redis://` or `rediss://` URL; with `cluster`, one or more, comma-separated (seed nodes). */
  url: string;
  /**
   * Connect as a Redis Cluster client (slot map, MOVED/ASK redirections, failover).
   * @defaultValue false
   */
  cluster?: boolean;
}

/** The URLs in REDIS_URL: one, or several separated by commas (spaces around them are ignored). */
export function redisSeedUrls(url: string): string[] {
  return url
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * Why `url` is not a usable REDIS_URL for this mode, or undefined when it is. Never echoes the URL: it may carry a
 * password.
 */
export function redisUrlProblem(url: string, cluster: boolean): string | undefined {
  const seeds = redisSeedUrls(url);
  if (seeds.length === 0) return "REDIS_URL is empty";
  if (seeds.length > 1 && !cluster) return "REDIS_URL names several servers: set REDIS_CLUSTER=1 for a Redis Cluster";
  // A single server's URL is ioredis's to read (it also takes a socket path); a cluster's seeds are read here.
  if (!cluster) return undefined;
  for (const [i, seed] of seeds.entries()) {
    let parsed: URL;
    try {
      parsed = new URL(seed);
    } catch {
      return `REDIS_URL entry ${i + 1} is not a URL (expected redis://host:port)`;
    }
    if (parsed.protocol !== "redis:" && parsed.protocol !== "rediss:")
      return `REDIS_URL entry ${i + 1} must start with redis:// or rediss://`;
    if (!parsed.hostname) return `REDIS_URL entry ${i + 1} has no host`;
    if (parsed.pathname.length > 1 && parsed.pathname !== "/0")
      return "a Redis Cluster has only database 0: remove the database number from REDIS_URL";
  }
  return undefined;
}

/** Seed nodes and the connection options (credentials, TLS) shared by every node, from the seed URLs. */
export function clusterSeeds(url: string): { nodes: ClusterNode[]; redisOptions: RedisOptions } {
  const seeds = redisSeedUrls(url).map((s) => new URL(s));
  const first = seeds[0];
  if (!first) throw new Error("REDIS_URL names no seed node");
  const redisOptions: RedisOptions = {};
  if (first.username) redisOptions.username = decodeURIComponent(first.username);
  if (first.password) redisOptions.password = decodeURIComponent(first.password);
  if (first.protocol === "rediss:") redisOptions.tls = {};
  const nodes = seeds.map((u) => ({ host: u.hostname.replace(/^\[|\]$/g, ""), port: Number(u.port || 6379) }));
  return { nodes, redisOptions };
}

/**
 * Opens a connection per {@link RedisConnectionConfig}. A single server goes through {@link createRedis} (so its
 * options apply unchanged); a cluster gets the same per-node options. `maxRetriesPerRequest: null` is what BullMQ
 * requires of its connections; commands wait for a reconnect or a failover instead of failing.
 */
export function createRedisConnection(config: RedisConnectionConfig, options: RedisOptions = {}): RedisConnection {
  if (!config.cluster) return createRedis(config.url, options);
  const { nodes, redisOptions } = clusterSeeds(config.url);
  const clusterOptions: ClusterOptions = {
    redisOptions: { maxRetriesPerRequest: null, enableReadyCheck: true, ...redisOptions, ...options },
    enableReadyCheck: true,
    // Managed clusters behind TLS (e.g. with certificates for host names) must be reached by name, not by IP.
    ...(redisOptions.tls ? { dnsLookup: (address, callback) => callback(null, address) } : {}),
  };
  const cluster = new Cluster(nodes, clusterOptions);
  // Node errors are retried by ioredis; an unhandled 'error' event would otherwise kill the process.
  cluster.on("error", () => {});
  return cluster;
}
