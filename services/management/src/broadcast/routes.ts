/**
 * `POST /broadcast`, `GET /broadcast/:jobId`, `DELETE /broadcast/:jobId`, `GET /jobs/:botId`, authenticated by the
 * `X-Bot-Token` header. Errors are `{ ok: false, error }` (CONTRACT section 3), including body-parser failures.
 */
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { HttpError, isBodyParserError, type Logger } from "@botyard/common";
import { checkBroadcastRequest } from "@botyard/broadcast";
import type { BroadcastService } from "./broadcast-service.js";

/** Largest broadcast request body. A message is at most 4096 characters; extra may carry a little more. */
export const BROADCAST_BODY_LIMIT = "256kb";

function botIdOf(value: unknown): string {
  if (value === undefined || value === null || value === "") throw new HttpError(400, "botId is required");
  if (typeof value !== "string") throw new HttpError(400, "botId must be a string");
  return value;
}

function bodyObject(req: Request): Record<string, unknown> {
  const body: unknown = req.body ?? {};
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new HttpError(400, "Request body must be a JSON object");
  return body as Record<string, unknown>;
}

/** Builds the router. */
export function broadcastRouter(service: BroadcastService, logger: Logger): Router {
  const router = express.Router();
  const json = express.json({ limit: BROADCAST_BODY_LIMIT, type: () => true });
  const token = (req: Request) => req.get("x-bot-token");

  router.post("/broadcast", json, async (req, res) => {
    const body = bodyObject(req);
    const botId = botIdOf(body.botId);
    await service.authenticate(botId, token(req));
    const check = checkBroadcastRequest(body);
    if (!check.ok) throw new HttpError(400, check.error);
    const row = await service.enqueue(botId, check.payload);
    res.json({ ok: true, jobId: row.id, status: "queued" });
  });

  router.get("/broadcast/:jobId", async (req, res) => {
    const botId = botIdOf(req.query.botId);
    await service.authenticate(botId, token(req));
    res.json({ ok: true, job: await service.get(botId, req.params.jobId as string) });
  });

  router.delete("/broadcast/:jobId", json, async (req, res) => {
    const botId = botIdOf(bodyObject(req).botId ?? req.query.botId);
    await service.authenticate(botId, token(req));
    res.json({ ok: true, job: await service.cancel(botId, req.params.jobId as string) });
  });

  router.get("/jobs/:botId", async (req, res) => {
    const botId = req.params.botId as string;
    await service.authenticate(botId, token(req));
    res.json({ ok: true, jobs: await service.list(botId) });
  });

  router.use(["/broadcast", "/jobs"], (err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof HttpError) return void res.status(err.status).json({ ok: false, error: err.message, ...err.details });
    if (isBodyParserError(err)) {
      if (err.status === 413) return void res.status(413).json({ ok: false, error: `Request body is larger than ${BROADCAST_BODY_LIMIT}` });
      if (err.type === "entity.parse.failed") return void res.status(400).json({ ok: false, error: "Malformed JSON body" });
      if (err.status < 500) return void res.status(err.status).json({ ok: false, error: "Unreadable request body" });
    }
    logger.error({ err }, "broadcast route failed");
    res.status(500).json({ ok: false, error: "Internal error" });
  });
  return router;
}
