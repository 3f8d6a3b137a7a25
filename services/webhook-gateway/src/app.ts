/** The gateway HTTP app: operator endpoints, custom webhooks and the Telegram intake, built from injected parts. */
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import { createRedis, HttpError, httpMetricsMiddleware, isBodyParserError, operatorRouter, SecretBox, type BotEvent, type Logger, type ReadinessCheck, type Redis, type RedisNames, type Registry } from "@botyard/common";
import type { Database } from "@botyard/db";
import type { TelegramClient } from "@botyard/telegram";
import { BotLogWriter } from "./bots/bot-log.js";
import { GatewayRepository } from "./bots/gateway-repository.js";
import { HaltTracker } from "./bots/halt-tracker.js";
import { customWebhookRouter } from "./routes/custom-webhook.js";
import { telegramIntakeRouter } from "./routes/telegram-intake.js";
import { BotRuntime, type RuntimeOptions } from "./runtime/bot-runtime.js";
import { Egress } from "./runtime/egress.js";

/** What the gateway is built from. */
export interface GatewayDeps {
  db: Database;
  redis: Redis;
  redisUrl: string;
  names: RedisNames;
  secretKey: string;
  telegram: TelegramClient;
  logger: Logger;
  registry: Registry;
  allowPrivateEgress: boolean;
  runtime: RuntimeOptions;
  checks: Record<string, ReadinessCheck>;
  isDraining?: () => boolean;
}

/** The app and what must be closed with it. */
export interface Gateway {
  app: Express;
  runtime: BotRuntime;
  logs: BotLogWriter;
  /** Resolves once the bot-event subscription is live. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** Wires the gateway. */
export function createGateway(deps: GatewayDeps): Gateway {
  const repository = new GatewayRepository(deps.db);
  const logs = new BotLogWriter(repository, deps.logger);
  const runtime = new BotRuntime(
    {
      db: deps.db,
      repository,
      logs,
      halts: new HaltTracker(deps.redis, deps.names),
      box: new SecretBox(deps.secretKey),
      telegram: deps.telegram,
      egress: new Egress({ allowPrivate: deps.allowPrivateEgress }),
      logger: deps.logger,
    },
    deps.runtime,
  );

  const subscriber = createRedis(deps.redisUrl);
  subscriber.on("message", (_channel: string, message: string) => {
    try {
      runtime.onEvent(JSON.parse(message) as BotEvent);
    } catch (err) {
      deps.logger.warn({ err }, "ignoring a malformed bot event");
    }
  });
  const ready = subscriber.subscribe(deps.names.botEvents).then(() => undefined);

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  app.set("query parser", "simple");
  app.use(httpMetricsMiddleware(deps.registry));
  app.use(operatorRouter({ registry: deps.registry, checks: deps.checks, isDraining: deps.isDraining }));
  app.use(customWebhookRouter(runtime, logs));
  app.use(telegramIntakeRouter(runtime, repository, deps.logger));
  app.use((_req, res) => {
    res.status(404).json({ ok: false, message: "Not found" });
  });
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof HttpError) return void res.status(err.status).json({ ok: false, message: err.message });
    if (isBodyParserError(err)) {
      if (err.status === 413) return void res.status(413).json({ ok: false, message: "Request body is larger than 1 MiB" });
      if (err.type === "entity.parse.failed") return void res.status(400).json({ ok: false, message: "Malformed JSON body" });
      if (err.status < 500) return void res.status(err.status).json({ ok: false, message: "Unreadable request body" });
    }
    deps.logger.error({ err }, "gateway request failed");
    res.status(500).json({ ok: false, message: "Internal error" });
  });

  return {
    app,
    runtime,
    logs,
    ready,
    async close() {
      subscriber.disconnect();
      runtime.close();
      await logs.close();
    },
  };
}
