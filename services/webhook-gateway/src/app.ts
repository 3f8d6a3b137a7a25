/** The gateway HTTP app: operator endpoints, custom webhooks and the Telegram intake, built from injected parts. */
import type { RequestListener } from "node:http";
import express, { type Express } from "express";
import { BotEventBus } from "@botyard/common/bot-events";
import { AppError } from "@botyard/common/errors";
import { errorHandler, type Problem } from "@botyard/common/http";
import { httpMetricsMiddleware, type Registry } from "@botyard/common/metrics";
import { OPERATOR_PATHS, operatorRouter, type ReadinessCheck } from "@botyard/common/service";
import { internalToken, SecretBox } from "@botyard/common/crypto";
import type { Logger } from "@botyard/common/logging";
import type { RedisConnection, RedisNames } from "@botyard/common/redis";
import { type Database, ScheduleRepository, UsageFlusher, UsageMeter, UsageRepository } from "@botyard/db";
import {
  DocumentStore,
  type DocumentStoreLimits,
  poolOf,
  StatisticsKeeper,
  type StatisticsOptions,
} from "@botyard/docstore";
import type pg from "pg";
import type { TelegramClient } from "@botyard/telegram";
import { BotLogWriter } from "./bots/bot-log.js";
import { GatewayRepository } from "./bots/gateway-repository.js";
import { HaltTracker } from "./bots/halt-tracker.js";
import { RollbackRepository } from "./bots/rollback-repository.js";
import { RollbackWatcher } from "./bots/rollback-watcher.js";
import { registerRuntimeMetrics } from "./metrics.js";
import { customWebhookRoute } from "./routes/custom-webhook.js";
import { expressBotRoutes, gatewayDispatcher } from "./routes/dispatch.js";
import { telegramIntakeRoute } from "./routes/telegram-intake.js";
import { PREVIEW_PATH, previewRouter } from "./routes/preview.js";
import { BotRuntime, type RuntimeOptions } from "./runtime/bot-runtime.js";
import { Egress } from "./runtime/egress.js";
import { registerMemoryMetrics } from "./runtime/memory-metrics.js";
import { docsRouter, OPENAPI_PATH } from "@botyard/openapi";
import { type FirerOptions, ScheduleFirer } from "./schedules/schedule-firer.js";
import { registerScheduleMetrics } from "./schedules/schedule-metrics.js";
import { DEFAULT_SCHEDULE_LIMITS, type ScheduleLimits, ScheduleService } from "./schedules/schedule-service.js";
import { gatewayDocument } from "./openapi.js";

/** What the gateway is built from. */
export interface GatewayDeps {
  db: Database;
  /**
   * The pool bot code's db.operation calls run on: one of their own, so a bot's queries (and the statement timeout
   * the store sets on its connections) never take the connections the gateway needs for its own lookups.
   * @defaultValue the pool of `db`
   */
  storePool?: pg.Pool;
  /** Per-bot limits of the document store. @defaultValue the store's defaults */
  storeLimits?: Partial<DocumentStoreLimits>;
  /**
   * When the stores have ANALYZE run after large writes (docs/bot-runtime.md#fresh-data); bench:docdb turns it off
   * with `rowsPerCollection: Infinity` to show what it buys. @defaultValue DEFAULT_STATISTICS of the store
   */
  storeStatistics?: Partial<StatisticsOptions>;
  redis: RedisConnection;
  /** A connection of its own for the bot-event subscription. */
  subscriber: RedisConnection;
  names: RedisNames;
  secretKey: string;
  telegram: TelegramClient;
  logger: Logger;
  registry: Registry;
  allowPrivateEgress: boolean;
  runtime: RuntimeOptions;
  checks: Record<string, ReadinessCheck>;
  isDraining?: () => boolean;
  /** Heartbeat and lease of the bot-event channel (tests shorten them). */
  events?: { beatMs?: number; leaseMs?: number };
  /**
   * Usage metering (docs/operations.md#usage-metering): off counts nothing and writes nothing (the benchmark's switch).
   * @defaultValue on, flushed every 10 000 ms, old rows pruned every 600 000 ms
   */
  usage?: { enabled?: boolean; flushMs?: number; pruneMs?: number };
  /**
   * Scheduled runs (docs/bot-runtime.md#scheduled-runs): the bounds of bot code's `scheduler`, and this replica's
   * firing loop (`firing: false` fires none). @defaultValue DEFAULT_SCHEDULE_LIMITS; firing on with
   * {@link defaultFirerOptions}
   */
  schedules?: { limits?: Partial<ScheduleLimits>; firing?: Partial<FirerOptions> | false };
  /**
   * BOT_VERSIONS_KEPT: an automatic rollback writes a version and prunes as management does
   * (docs/versions.md#pruning). @defaultValue 100
   */
  versionsKept?: number;
}

/** The firing loop's defaults for a handler time limit of `timeoutMs` (docs/bot-runtime.md#how-runs-fire). */
export function defaultFirerOptions(timeoutMs: number): FirerOptions {
  return { pollMs: 200, maxInFlight: 32, leaseMs: timeoutMs * 2 + 30_000, maxAttempts: 3, retryMs: 1000 };
}

/** The app and what must be closed with it. */
export interface Gateway {
  /**
   * The HTTP request listener (for `http.createServer`, or supertest): the bot routes are served by
   * routes/dispatch.ts, everything else by an express app.
   */
  app: RequestListener;
  /** The express app behind `app`: operator endpoints, /openapi.json and the 404s. */
  rest: Express;
  runtime: BotRuntime;
  /** This replica's firing loop of scheduled runs; undefined when it fires none. */
  firer: ScheduleFirer | undefined;
  logs: BotLogWriter;
  events: BotEventBus;
  /** This replica's usage counts, and the flush that writes them (tests force it). */
  usage: { meter: UsageMeter; flush(): Promise<void> };
  /** Resolves once the bot-event subscription is live. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** The error body of the gateway: `{ ok: false, message }`, and a QUOTA_EXCEEDED's `code`, `quota`, `limit`, `use`. */
export const gatewayErrorBody = (p: Problem) => ({ ok: false, message: p.message, ...p.details });

/** The paths the express app serves; every other path that is not a bot route is the dispatcher's 404. */
export const REST_PATHS: readonly string[] = [...OPERATOR_PATHS, OPENAPI_PATH, PREVIEW_PATH];

/** What the log lines of a failed request call it. */
const context = "gateway request";

/** The largest body of a webhook call or an update, as 413 replies name it. */
const bodyLimit = "1 MiB";

/** The memory budget as `/readyz` shows it, in MiB (docs/operations.md#memory-budget). */
function memoryDetails(runtime: BotRuntime) {
  const { budgetBytes, isolateBytes, hostBytes, pressure } = runtime.memoryReport();
  const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
  return { pressure, budgetMb: mib(budgetBytes), isolatesMb: mib(isolateBytes), hostMb: mib(hostBytes) };
}

/** Wires the gateway. */
export function createGateway(deps: GatewayDeps): Gateway {
  const repository = new GatewayRepository(deps.db);
  const logs = new BotLogWriter(repository, deps.logger);
  const events = new BotEventBus(deps.redis, deps.subscriber, deps.names, { role: "gateway", ...deps.events });
  const meter = new UsageMeter(deps.usage?.enabled ?? true);
  const usageRepository = new UsageRepository(deps.db);
  const flusher = new UsageFlusher(meter, (deltas) => usageRepository.addUsage(deltas), {
    intervalMs: deps.usage?.flushMs,
    onError: (err, dropped) => deps.logger.warn({ err, dropped }, "usage flush failed; kept for the next one"),
  });
  // Every replica prunes: a delete of rows already gone costs an index probe.
  const pruner = meter.enabled
    ? setInterval(() => {
        usageRepository.prune().catch((err: unknown) => deps.logger.warn({ err }, "usage pruning failed"));
      }, deps.usage?.pruneMs ?? 600_000)
    : undefined;
  pruner?.unref();
  const scheduleRepository = new ScheduleRepository(deps.db);
  // One for all the bots' stores: ANALYZE after large writes (docs/bot-runtime.md#fresh-data); a failure only slows.
  const statistics = new StatisticsKeeper(poolOf(deps.storePool ?? deps.db), {
    ...deps.storeStatistics,
    onError: (err) => deps.logger.warn({ err }, "docstore ANALYZE after large writes failed"),
  });
  const watcher = new RollbackWatcher({
    redis: deps.redis,
    names: deps.names,
    repository: new RollbackRepository(deps.db, deps.versionsKept ?? 100),
    log: (botId, level, message) => logs.write(botId, level, message),
    // Every replica must drop the failed deploy at once, this one first.
    rolledBack: async (botId, rollback) => {
      const event = { type: "restart", botId, codeVersion: rollback.codeVersion } as const;
      runtime.onEvent(event);
      await events.publish(event, { awaitAcks: false });
    },
    logger: deps.logger,
  });
  const runtime = new BotRuntime(
    {
      repository,
      logs,
      halts: new HaltTracker(deps.redis, deps.names),
      box: new SecretBox(deps.secretKey),
      telegram: deps.telegram,
      egress: new Egress({ allowPrivate: deps.allowPrivateEgress }),
      events: {
        trusted: () => events.trusted,
        publish: (event) => events.publish(event, { awaitAcks: false }),
      },
      storeFor: (botId, observer, quota) =>
        new DocumentStore(deps.storePool ?? deps.db, botId, { ...deps.storeLimits, ...quota }, observer, statistics),
      logger: deps.logger,
      usage: meter,
      schedules: new ScheduleService(scheduleRepository, { ...DEFAULT_SCHEDULE_LIMITS, ...deps.schedules?.limits }),
      watcher,
    },
    deps.runtime,
  );
  const firing = deps.schedules?.firing;
  const firer =
    firing === false
      ? undefined
      : new ScheduleFirer(
          {
            repository: scheduleRepository,
            runtime,
            log: (botId, level, message) => logs.write(botId, level, message),
            logger: deps.logger,
            observer: registerScheduleMetrics(deps.registry, scheduleRepository),
          },
          { ...defaultFirerOptions(deps.runtime.limits.timeoutMs), ...firing },
        );
  registerRuntimeMetrics(deps.registry);
  events.onEvent((event) => runtime.onEvent(event));
  events.onLost(() => runtime.onResubscribed());
  // Runs fire once this replica follows bot events, so a run never starts on a stale bot row.
  const ready = events.start().then(() => firer?.start());

  const rest = express();
  rest.disable("x-powered-by");
  rest.use(httpMetricsMiddleware(deps.registry));
  registerMemoryMetrics(deps.registry, runtime);
  rest.use(
    operatorRouter({
      registry: deps.registry,
      checks: deps.checks,
      isDraining: deps.isDraining,
      details: () => ({ memory: memoryDetails(runtime) }),
    }),
  );
  rest.use(docsRouter({ document: gatewayDocument(), docsPage: false }));
  rest.use(previewRouter(runtime, logs, internalToken(deps.secretKey)));
  const custom = customWebhookRoute(runtime, logs);
  const telegram = telegramIntakeRoute(runtime, repository, deps.logger);
  const dispatcher = deps.runtime.devices?.dispatcher ?? true;
  // The plain version of the dispatcher (runtime/devices.ts), for the benchmark: the bot routes as express routes.
  if (!dispatcher) rest.use(expressBotRoutes(custom, telegram));
  rest.use(() => {
    throw new AppError("NOT_FOUND");
  });
  rest.use(errorHandler({ envelope: gatewayErrorBody, logger: deps.logger, context, bodyLimit }));
  const app = !dispatcher
    ? rest
    : gatewayDispatcher({
        custom,
        telegram,
        fallback: rest,
        fallbackPaths: REST_PATHS,
        registry: deps.registry,
        logger: deps.logger,
        envelope: gatewayErrorBody,
        bodyLimit,
        context,
      });

  return {
    app,
    rest,
    runtime,
    firer,
    logs,
    events,
    usage: { meter, flush: () => flusher.flush() },
    ready,
    async close() {
      // First: the runs under way finish (within the handler time limit) while the runtime still serves them.
      await firer?.close();
      await events.close();
      runtime.close();
      statistics.close();
      clearInterval(pruner);
      // What was counted since the last flush: written now, so a graceful shutdown loses none of it.
      await flusher.close();
      await logs.close();
    },
  };
}
