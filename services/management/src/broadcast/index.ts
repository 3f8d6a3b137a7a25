/**
 * The broadcast routes of the management host. They parse their own bodies and shape their own errors
 * (`{ ok: false, error }`), so the app mounts this router before /apiv3's body parsing.
 */
import type { Router } from "express";
import type { Logger } from "@botyard/common/logging";
import type { RedisConnection, RedisNames } from "@botyard/common/redis";
import type { Database } from "@botyard/db";
import type { QuotaService } from "../usage/quota-service.js";
import { BroadcastRepository } from "./broadcast-repository.js";
import { BroadcastService } from "./broadcast-service.js";
import { broadcastRouter } from "./routes.js";

/** What the broadcast routes need from the app. */
export interface BroadcastModuleDeps {
  db: Database;
  /** A general-purpose connection (commands and publish); the BullMQ queue gets a duplicate of it. */
  redis: RedisConnection;
  names: RedisNames;
  logger: Logger;
  /** Broadcasts a day per account (docs/operations.md#plans-and-quotas); the app always gives it. */
  quotas?: QuotaService;
}

/** The routes and the resources they hold. */
export interface BroadcastModule {
  router: Router;
  /** The rules behind the routes (the dashboard's /api calls them too). */
  service: BroadcastService;
  /** Releases the queue connection; called on shutdown. */
  close(): Promise<void>;
}

/** Builds the broadcast routes. */
export function createBroadcastModule(deps: BroadcastModuleDeps): BroadcastModule {
  const service = new BroadcastService(new BroadcastRepository(deps.db), deps.redis, deps.names, deps.quotas);
  return { router: broadcastRouter(service, deps.logger), service, close: () => service.close() };
}
