/**
 * The management HTTP app: operator endpoints, broadcast routes, /apiv3 and the dashboard's /api, built from injected
 * dependencies.
 */
import express, { type Express } from "express";
import { AppError } from "@botyard/common/errors";
import type { BotEventBus } from "@botyard/common/bot-events";
import { Counter, httpMetricsMiddleware, type Registry } from "@botyard/common/metrics";
import { errorHandler } from "@botyard/common/http";
import { operatorRouter, type ReadinessCheck } from "@botyard/common/service";
import type { RedisNames, RedisConnection } from "@botyard/common/redis";
import { internalToken, SecretBox } from "@botyard/common/crypto";
import type { Logger } from "@botyard/common/logging";
import { parsePlans, type Plans } from "@botyard/common/plans";
import { type Database, ScheduleRepository, UsageRepository } from "@botyard/db";
import { ScheduleService } from "./schedules/schedule-service.js";
import { QuotaRepository } from "./usage/quota-repository.js";
import { QuotaService } from "./usage/quota-service.js";
import { UsageService } from "./usage/usage-service.js";
import type { TelegramClient } from "@botyard/telegram";
import { AccountRepository } from "./accounts/account-repository.js";
import { AccountService } from "./accounts/account-service.js";
import { apiv3ErrorBody, apiv3Router } from "./apiv3/router.js";
import { BotRepository } from "./bots/bot-repository.js";
import { BotService } from "./bots/bot-service.js";
import { VersionRepository } from "./versions/version-repository.js";
import { DEFAULT_VERSIONS_KEPT, VersionService } from "./versions/version-service.js";
import { createBroadcastModule, type BroadcastModule } from "./broadcast/index.js";
import { docsRouter } from "@botyard/openapi";
import { managementDocument } from "./openapi.js";
import { type AdminModule, createAdminModule } from "./admin/router.js";
import { AuthService } from "./auth/auth-service.js";
import { SessionHttp } from "./auth/http.js";
import { SessionRepository } from "./auth/session-repository.js";
import { DEFAULT_THROTTLE, SignInThrottle, type ThrottleLimits } from "./auth/throttle.js";
import { type AddressLimits, DEFAULT_ADDRESS_LIMITS } from "./auth/auth-service.js";
import { PasswordHasher, type PasswordHasherOptions } from "./auth/password.js";
import { FixedWindowLimiter, type WindowLimit } from "./limits/fixed-window.js";
import { dashboardRouter } from "./dashboard-api/router.js";
import type { LiveStreams } from "./dashboard-api/streams.js";
import { LiveHub } from "./dashboard-api/live-hub.js";
import { StreamSlots } from "./limits/stream-slots.js";
import { webRouter } from "./web/router.js";
import { securityHeaders } from "./security-headers.js";
import { type DispatcherOptions, NotificationDispatcher } from "./notifications/dispatcher.js";
import { NotificationRepository } from "./notifications/notification-repository.js";
import { NotificationService, type NotificationServiceOptions } from "./notifications/notification-service.js";
import { NotifierBot, type NotifierBotOptions } from "./notifications/notifier-bot.js";

/** What the app is built from. */
export interface ManagementDeps {
  db: Database;
  redis: RedisConnection;
  names: RedisNames;
  /** The bot-event channel to the gateways (publisher side), started by the caller. */
  events: BotEventBus;
  secretKey: string;
  telegram: TelegramClient;
  logger: Logger;
  registry: Registry;
  webhookBaseUrl: string;
  checks: Record<string, ReadinessCheck>;
  isDraining?: () => boolean;
  /** Turns on the operator pages (Bull Board at /admin/queues) behind this token; unset, they do not exist. */
  operatorToken?: string;
  /** SIGNUP: whether anyone may create a dashboard account (default open). */
  signup?: "open" | "closed";
  /** PUBLIC_BASE_URL: the dashboard's own address (accepted Origin; https there makes the cookie Secure). */
  publicBaseUrl?: string;
  /** Sign-in throttle limits, over {@link DEFAULT_THROTTLE} (tests lower them). */
  signInThrottle?: Partial<ThrottleLimits>;
  /** Sign-ups and invite acceptances per client address, over {@link DEFAULT_ADDRESS_LIMITS}. */
  addressLimits?: Partial<AddressLimits>;
  /** ARGON2_CONCURRENCY and the wait queue of the argon2 gate (docs/dashboard.md#passwords). */
  argon2?: Pick<PasswordHasherOptions, "concurrency" | "queue">;
  /** transferBot's target lookups per account (default 10 a minute; tests lower it). */
  transferLookups?: WindowLimit;
  /** How long the dashboard's "Try it" waits for the gateway (default 10 s). */
  tryTimeoutMs?: number;
  /**
   * GATEWAY_INTERNAL_URL: the gateway as management reaches it, for previews (docs/versions.md#previews).
   * @defaultValue webhookBaseUrl
   */
  gatewayInternalUrl?: string;
  /** BOT_AUTO_ROLLBACK_WINDOW_S (docs/versions.md#automatic-rollback). @defaultValue 60 */
  autoRollbackWindowS?: number;
  /**
   * TRUST_PROXY: which proxies' X-Forwarded-For/-Proto to believe (express "trust proxy"; default loopback). The
   * sign-in throttle's per-IP count and the cookie's Secure flag depend on it (docs/dashboard.md#sign-in-throttling).
   */
  trustProxy?: string | number;
  /** PLANS and DEFAULT_PLAN (docs/operations.md#plans-and-quotas). @defaultValue the built-in default plan */
  plans?: Plans;
  /**
   * BOT_VERSIONS_KEPT: versions of its code each bot keeps (docs/versions.md#pruning).
   * @defaultValue {@link DEFAULT_VERSIONS_KEPT}
   */
  versionsKept?: number;
  /**
   * Notifications (docs/notifications.md): the notifier bot, delivery settings, and the loops' settings. The loops
   * (the outbox dispatcher, the notifier bot's polling) are built here and started by the caller.
   * @defaultValue no notifier bot, https webhooks on public addresses only, the 10-minute throttle
   */
  notifications?: Omit<NotificationServiceOptions, "dashboardUrl"> & {
    dispatcher?: DispatcherOptions;
    notifierPolling?: NotifierBotOptions;
  };
}

/** The notification parts the caller starts and closes. */
export interface NotificationModule {
  service: NotificationService;
  dispatcher: NotificationDispatcher;
  /** Present when the operator configured a notifier bot. */
  notifierBot?: NotifierBot;
}

/** The app and what must be closed with it. */
export interface ManagementApp {
  app: Express;
  broadcast: BroadcastModule;
  accounts: AccountService;
  /** The operator pages, when OPERATOR_TOKEN is set (they hold a queue connection to close). */
  admin?: AdminModule;
  /** Dashboard accounts and sessions (the CLI's user:invite uses the same service). */
  auth: AuthService;
  /** The live streams' poll loops (one per bot and kind) and per-account slots. */
  live: LiveStreams;
  /** Notifications: the service, and the loops to start. */
  notifications: NotificationModule;
}

/** Wires repositories, services and routes. */
export function createManagementApp(deps: ManagementDeps): ManagementApp {
  const box = new SecretBox(deps.secretKey);
  const accountRepository = new AccountRepository(deps.db);
  const accounts = new AccountService(accountRepository, box);
  const slots = new StreamSlots(deps.redis, (accountId) => deps.names.key("live-streams", accountId));
  const quotas = new QuotaService(new QuotaRepository(deps.db), deps.plans ?? parsePlans(undefined, undefined), {
    liveStreamsOpen: (accountId) => slots.open(accountId),
  });
  const live: LiveStreams = {
    hub: new LiveHub(),
    slots,
    limitOf: async (accountId) => (await quotas.planOf(accountId)).quotas.liveStreams,
  };
  const usage = new UsageService(new UsageRepository(deps.db), new BotRepository(deps.db), quotas);
  const versionRepository = new VersionRepository(deps.db, deps.versionsKept ?? DEFAULT_VERSIONS_KEPT);
  const bots = new BotService({
    quotas,
    bots: new BotRepository(deps.db),
    versions: versionRepository,
    accounts: accountRepository,
    box,
    telegram: deps.telegram,
    redis: deps.redis,
    names: deps.names,
    events: deps.events,
    logger: deps.logger,
    webhookBaseUrl: deps.webhookBaseUrl,
    ...(deps.tryTimeoutMs !== undefined ? { tryTimeoutMs: deps.tryTimeoutMs } : {}),
    previews: {
      gatewayUrl: (deps.gatewayInternalUrl ?? deps.webhookBaseUrl).replace(/\/+$/, ""),
      token: internalToken(deps.secretKey),
    },
    ...(deps.autoRollbackWindowS !== undefined ? { autoRollbackWindowS: deps.autoRollbackWindowS } : {}),
    ...(deps.transferLookups ? { transferLookups: deps.transferLookups } : {}),
  });
  const versions = new VersionService({ versions: versionRepository, bots });
  const broadcast = createBroadcastModule({
    db: deps.db,
    redis: deps.redis,
    names: deps.names,
    logger: deps.logger,
    quotas,
  });
  const argon2Runs = new Counter({
    name: "management_argon2_runs_total",
    help: "argon2 hashes and verifications started, by kind",
    labelNames: ["kind"],
    registers: [deps.registry],
  });
  const argon2Refused = new Counter({
    name: "management_argon2_refused_total",
    help: "Password hashes refused with 429 because the argon2 gate and its queue were full",
    registers: [deps.registry],
  });
  const hasher = new PasswordHasher({
    ...deps.argon2,
    onRun: (kind) => argon2Runs.inc({ kind }),
    onRefused: () => argon2Refused.inc(),
  });
  const limiter = new FixedWindowLimiter(deps.redis);
  const auth = new AuthService({
    sessions: new SessionRepository(deps.db),
    accounts: accountRepository,
    throttle: new SignInThrottle(deps.redis, deps.names, { ...DEFAULT_THROTTLE, ...deps.signInThrottle }, deps.logger),
    limiter,
    keyOf: (...parts) => deps.names.key("auth-limit", ...parts),
    addressLimits: { ...DEFAULT_ADDRESS_LIMITS, ...deps.addressLimits },
    hasher,
    signup: deps.signup ?? "open",
  });
  const sessionHttp = new SessionHttp(auth, { publicBaseUrl: deps.publicBaseUrl ?? "http://127.0.0.1" });

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", deps.trustProxy ?? "loopback");
  app.use(securityHeaders({ https: (deps.publicBaseUrl ?? "").startsWith("https:") }));
  app.use(httpMetricsMiddleware(deps.registry));
  app.use(operatorRouter({ registry: deps.registry, checks: deps.checks, isDraining: deps.isDraining }));
  app.use(docsRouter({ document: managementDocument(), docsPage: true, title: "Botyard management API" }));
  const admin = deps.operatorToken
    ? createAdminModule({
        operatorToken: deps.operatorToken,
        redis: deps.redis,
        names: deps.names,
        publicBaseUrl: deps.publicBaseUrl ?? "http://127.0.0.1",
      })
    : undefined;
  if (admin) app.use(admin.router);
  // Broadcast routes parse their own bodies and shape their own errors, so they go before /apiv3's parser.
  app.use(broadcast.router);
  const schedules = new ScheduleService(bots, new ScheduleRepository(deps.db));
  const notifications = createNotificationModule(deps, box, quotas);
  const notify = notifications.service;
  app.use(apiv3Router({ accounts, bots, versions, usage, schedules, notifications: notify, logger: deps.logger }));
  app.use(
    dashboardRouter(
      {
        auth,
        http: sessionHttp,
        accounts,
        bots,
        versions,
        usage,
        schedules,
        broadcasts: broadcast.service,
        live,
        notifications: notify,
      },
      deps.logger,
    ),
  );
  // The dashboard at / (index.html for its routes): after every API route, before the JSON 404.
  app.use(webRouter());
  app.use(() => {
    throw new AppError("NOT_FOUND");
  });
  app.use(errorHandler({ envelope: apiv3ErrorBody, logger: deps.logger, context: "management request" }));
  return { app, broadcast, accounts, auth, live, notifications, ...(admin ? { admin } : {}) };
}

function createNotificationModule(deps: ManagementDeps, box: SecretBox, quotas: QuotaService): NotificationModule {
  const settings: NonNullable<ManagementDeps["notifications"]> = deps.notifications ?? {};
  const { dispatcher: dispatcherOptions, notifierPolling, ...options } = settings;
  const repository = new NotificationRepository(deps.db);
  const service = new NotificationService(repository, box, deps.redis, deps.names, deps.telegram, {
    ...options,
    dashboardUrl: deps.publicBaseUrl ?? "http://127.0.0.1",
  });
  const dispatcher = new NotificationDispatcher(
    repository,
    service,
    (accountId) => quotas.usage(accountId),
    deps.logger,
    dispatcherOptions,
  );
  const notifierBot = options.notifier
    ? new NotifierBot(
        deps.telegram,
        options.notifier.token,
        service,
        deps.redis,
        deps.names,
        deps.logger,
        notifierPolling,
      )
    : undefined;
  return { service, dispatcher, ...(notifierBot ? { notifierBot } : {}) };
}
