/** The management HTTP app: operator endpoints, broadcast routes and /apiv3, built from injected dependencies. */
import express, { type Express } from "express";
import { httpMetricsMiddleware, operatorRouter, RedisNames, SecretBox, type Logger, type ReadinessCheck, type Redis, type Registry } from "@botyard/common";
import type { Database } from "@botyard/db";
import type { TelegramClient } from "@botyard/telegram";
import { AccountRepository } from "./accounts/account-repository.js";
import { AccountService } from "./accounts/account-service.js";
import { apiv3Router } from "./apiv3/router.js";
import { BotRepository } from "./bots/bot-repository.js";
import { BotService } from "./bots/bot-service.js";
import { createBroadcastModule, type BroadcastModule } from "./broadcast/index.js";

/** What the app is built from. */
export interface ManagementDeps {
  db: Database;
  redis: Redis;
  names: RedisNames;
  secretKey: string;
  telegram: TelegramClient;
  logger: Logger;
  registry: Registry;
  webhookBaseUrl: string;
  checks: Record<string, ReadinessCheck>;
  isDraining?: () => boolean;
}

/** The app and what must be closed with it. */
export interface ManagementApp {
  app: Express;
  broadcast: BroadcastModule;
  accounts: AccountService;
}

/** Wires repositories, services and routes. */
export function createManagementApp(deps: ManagementDeps): ManagementApp {
  const box = new SecretBox(deps.secretKey);
  const accountRepository = new AccountRepository(deps.db);
  const accounts = new AccountService(accountRepository, box);
  const bots = new BotService({
    bots: new BotRepository(deps.db),
    accounts: accountRepository,
    box,
    telegram: deps.telegram,
    redis: deps.redis,
    names: deps.names,
    logger: deps.logger,
    webhookBaseUrl: deps.webhookBaseUrl,
  });
  const broadcast = createBroadcastModule({ db: deps.db, redis: deps.redis, names: deps.names, logger: deps.logger });

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  app.use(httpMetricsMiddleware(deps.registry));
  app.use(operatorRouter({ registry: deps.registry, checks: deps.checks, isDraining: deps.isDraining }));
  // Broadcast routes parse their own bodies and shape their own errors, so they go before /apiv3's parser.
  app.use(broadcast.router);
  app.use(apiv3Router({ accounts, bots, logger: deps.logger }));
  app.use((_req, res) => {
    res.status(404).json({ ok: false, msg: "Not found", stat_code: 404 });
  });
  return { app, broadcast, accounts };
}
