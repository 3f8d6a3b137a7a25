/**
 * The one start-up of a Botyard service process, which each `src/main.ts` calls with its own wiring: migrations,
 * the Postgres pool, a fail-fast Redis connection, the metrics registry, the listener, and on SIGTERM/SIGINT the
 * drain and the release of what was opened, in a fixed order (what the service opened first, then Redis, then
 * Postgres, then what waits for calls still under way).
 *
 * @see docs/operations.md#shutdown
 */
import type { RequestListener, Server } from "node:http";
import { createDb, type Database, type DbHandle, pingDb, prepareDatabase } from "@botyard/db";
import type { BaseConfig } from "../config/config.js";
import { redisConnectionConfig } from "../config/config.js";
import type { ReadinessCheck } from "./health.js";
import { boundPort, Lifecycle, type ShutdownSteps } from "./lifecycle.js";
import { createLogger, type Logger } from "../logging.js";
import { createMetricsRegistry, type Registry } from "../metrics.js";
import { failFastRedisOptions, pingRedis, RedisNames } from "../redis/redis.js";
import { createRedisConnection, type RedisConnection } from "../redis/redis-connection.js";

/** A release step of {@link ShutdownSteps}: a name for the log, and what to run. */
export type ReleaseStep = NonNullable<ShutdownSteps["release"]>[number];

/** What {@link startService} has opened when it calls the service's wiring. */
export interface ServiceContext<C extends BaseConfig> {
  config: C;
  logger: Logger;
  db: Database;
  /** The pool under `db`; ended at shutdown after Redis. */
  pool: DbHandle["pool"];
  /**
   * A general-purpose connection that fails at once while Redis is away (a request answers 503 rather than waiting);
   * closed at shutdown after the service's own `release` steps.
   */
  redis: RedisConnection;
  names: RedisNames;
  registry: Registry;
  /** Readiness checks of Postgres and Redis, for `/readyz`. */
  checks: { postgres: ReadinessCheck; redis: ReadinessCheck };
  /** For `/readyz`: true from the signal on. */
  isDraining: () => boolean;
}

/** What a service's wiring hands back: its HTTP app, and how to stop what it opened. */
export interface ServiceWiring {
  app: RequestListener;
  /** Fields of the "listening" log line besides `port`. */
  logFields?: Record<string, unknown>;
  /** Non-HTTP work, stopped while the server drains (see {@link ShutdownSteps.stopWork}). */
  stopWork?: () => Promise<void>;
  /** Released in order after the drain, before Redis and Postgres: queues, runtimes, subscriptions. */
  release?: ReleaseStep[];
  /**
   * Released in order after Postgres: what waits for calls still under way (the Telegram client), which only a
   * request cut at the grace can leave behind.
   */
  releaseLast?: ReleaseStep[];
}

/** Options of {@link startService}. */
export interface ServiceOptions<C extends BaseConfig> {
  /** The service's name: the logger's, the metrics', and `botyard-<name>` in pg_stat_activity. */
  name: string;
  config: C;
  /** The port to listen on (0 picks a free one, which the "listening" line gives). */
  port: number;
  /** Connections of the Postgres pool. @defaultValue 10 (createDb's) */
  poolSize?: number;
  /** The log message once the server listens: a line matching /listening|running/ that carries `port`. */
  listening: string;
  /** Ends the process after the shutdown; tests replace it. @defaultValue process.exit */
  exit?: (code: number) => void;
  /** Builds the service on what is open; the server listens once it resolves. */
  wire(context: ServiceContext<C>): Promise<ServiceWiring> | ServiceWiring;
}

/** Ends the connection after its pending replies; drops it when Redis is away. */
function closeRedis(redis: RedisConnection): Promise<void> {
  return redis.quit().then(
    () => undefined,
    () => redis.disconnect(),
  );
}

/**
 * Starts a service: prepares the database (migrations), opens the pool and Redis, calls `wire`, listens on `port`,
 * logs `listening` with the bound port, and from then on drains and exits on the first SIGTERM or SIGINT.
 */
export async function startService<C extends BaseConfig>(options: ServiceOptions<C>): Promise<Server> {
  const { config, name } = options;
  const logger = createLogger(name, config.LOG_LEVEL);
  const lifecycle = new Lifecycle({
    logger,
    graceMs: config.SHUTDOWN_GRACE_MS,
    ...(options.exit ? { exit: options.exit } : {}),
  });
  await prepareDatabase(config.DATABASE_URL);
  const { db, pool } = createDb(config.DATABASE_URL, {
    applicationName: `botyard-${name}`,
    ...(options.poolSize !== undefined ? { max: options.poolSize } : {}),
  });
  const redis = createRedisConnection(redisConnectionConfig(config), failFastRedisOptions);
  const wiring = await options.wire({
    config,
    logger,
    db,
    pool,
    redis,
    names: new RedisNames(config.REDIS_PREFIX),
    registry: createMetricsRegistry(name),
    checks: { postgres: () => pingDb(pool), redis: () => pingRedis(redis) },
    isDraining: lifecycle.isDraining,
  });
  const server = await lifecycle.listen(wiring.app, options.port);
  logger.info({ port: boundPort(server), ...wiring.logFields }, options.listening);
  lifecycle.onSignal({
    ...(wiring.stopWork ? { stopWork: wiring.stopWork } : {}),
    release: [
      ...(wiring.release ?? []),
      ["redis", () => closeRedis(redis)],
      ["postgres pool", () => pool.end()],
      ...(wiring.releaseLast ?? []),
    ],
  });
  return server;
}
