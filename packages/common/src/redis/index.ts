/**
 * `@botyard/common/redis`: Redis connections (one server or a cluster, fail-fast for request paths), the key names
 * of a deployment (RedisNames), and a lock.
 */
export * from "./redis.js";
export * from "./redis-connection.js";
export * from "./redis-lock.js";
