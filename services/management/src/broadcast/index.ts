/**
 * The broadcast routes of the management host (`POST /broadcast`, `GET /broadcast/:jobId`, `DELETE /broadcast/:jobId`,
 * `GET /jobs/:botId`). They parse their own bodies and shape their own errors (`{ ok: false, error }`), so the app
 * mounts this router before any /apiv3 body parsing.
 */
import express, { type Router } from "express";
import type { Redis, RedisNames, Logger } from "@botyard/common";
import type { Database } from "@botyard/db";

/** What the broadcast routes need from the app. */
export interface BroadcastModuleDeps {
  db: Database;
  /** A general-purpose connection (commands and publish). The module opens what else BullMQ needs from it. */
  redis: Redis;
  names: RedisNames;
  logger: Logger;
}

/** The routes and the resources they hold. */
export interface BroadcastModule {
  router: Router;
  /** Releases the queue connections; called on shutdown. */
  close(): Promise<void>;
}

/** Builds the broadcast routes. (Filled in by the broadcast feature.) */
export function createBroadcastModule(_deps: BroadcastModuleDeps): BroadcastModule {
  return { router: express.Router(), close: async () => {} };
}
