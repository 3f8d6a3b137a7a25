/**
 * `POST /broadcast`, `GET /broadcast/:jobId`, `DELETE /broadcast/:jobId`, `GET /jobs/:botId`, authenticated by the
 * `X-Bot-Token` header. Requests are read and replies shaped by the zod schemas of schemas.ts (the same ones the
 * OpenAPI document is built from). Errors are `{ ok: false, error }` (docs/broadcast.md#errors), including body-parser
 * failures; other methods on these paths answer 405 with `Allow`.
 */
import express, { type Request, type Router } from "express";
import { AppError } from "@botyard/common/errors";
import { errorHandler, limitedBodyParser, methodNotAllowed, type Problem } from "@botyard/common/http";
import { isStorableText } from "@botyard/common/text";
import type { Logger } from "@botyard/common/logging";
import { parseOrThrow, shapeReply } from "@botyard/openapi";
import type { BroadcastService } from "./broadcast-service.js";
import { botIdField, broadcastBody, cancelBody, JobReply, JobsReply, QueuedReply } from "./schemas.js";

/** Largest broadcast request body, in bytes. A message is at most 4096 characters; extra may carry a little more. */
export const BROADCAST_BODY_BYTES = 256 * 1024;
/** The broadcast body limit as 413 replies name it: "256kb". */
export const BROADCAST_BODY_LIMIT = `${BROADCAST_BODY_BYTES / 1024}kb`;

function bodyObject(req: Request): Record<string, unknown> {
  const body: unknown = req.body ?? {};
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new AppError("INVALID_INPUT", "Request body must be a JSON object");
  return body as Record<string, unknown>;
}

/** The error body of the broadcast routes: `{ ok: false, error }` plus any details (the job on a 409). */
export const broadcastErrorBody = (p: Problem) => ({ ok: false, error: p.message, ...p.details });

/** Builds the router. */
export function broadcastRouter(service: BroadcastService, logger: Logger): Router {
  const router = express.Router();
  const json = limitedBodyParser(express.json, { limit: BROADCAST_BODY_BYTES, type: () => true });
  const token = (req: Request) => req.get("x-bot-token");
  // An id Postgres cannot store names no bot (401, as any unknown bot) and no job (404), without a query.
  const authenticate = async (botId: string, req: Request) => {
    if (!isStorableText(botId)) throw new AppError("INVALID_BOT_TOKEN");
    await service.authenticate(botId, token(req));
  };
  const jobIdOf = (req: Request) => {
    const jobId = req.params.jobId as string;
    if (!isStorableText(jobId)) throw new AppError("JOB_NOT_FOUND");
    return jobId;
  };

  router.post("/broadcast", json, async (req, res) => {
    const body = bodyObject(req);
    const botId = parseOrThrow(botIdField, body.botId);
    await authenticate(botId, req);
    const payload = parseOrThrow(broadcastBody, body);
    const row = await service.enqueue(botId, payload);
    res.json(shapeReply(QueuedReply, { ok: true, jobId: row.id, status: "queued" }));
  });
  router.all("/broadcast", methodNotAllowed(["POST"]));

  router.get("/broadcast/:jobId", async (req, res) => {
    const botId = parseOrThrow(botIdField, req.query.botId);
    await authenticate(botId, req);
    res.json(shapeReply(JobReply, { ok: true, job: await service.get(botId, jobIdOf(req)) }));
  });

  router.delete("/broadcast/:jobId", json, async (req, res) => {
    const body = parseOrThrow(cancelBody, bodyObject(req));
    const botId = parseOrThrow(botIdField, body.botId ?? req.query.botId);
    await authenticate(botId, req);
    res.json(shapeReply(JobReply, { ok: true, job: await service.cancel(botId, jobIdOf(req)) }));
  });
  router.all("/broadcast/:jobId", methodNotAllowed(["GET", "HEAD", "DELETE"]));

  router.get("/jobs/:botId", async (req, res) => {
    const botId = req.params.botId as string;
    await authenticate(botId, req);
    res.json(shapeReply(JobsReply, { ok: true, jobs: await service.list(botId) }));
  });
  router.all("/jobs/:botId", methodNotAllowed(["GET", "HEAD"]));

  router.use(
    ["/broadcast", "/jobs"],
    errorHandler({ envelope: broadcastErrorBody, logger, context: "broadcast route", bodyLimit: BROADCAST_BODY_LIMIT }),
  );
  return router;
}
