/**
 * `ANY /custom/:botId/:customPath`: hands the call to `logic[customPath]` of the bot with (query, body, db, response,
 * params) and answers with what the handler left. Errors are `{ ok: false, message }` (CONTRACT section 4).
 */
import express, { type Request, type Response, type Router } from "express";
import { HttpError } from "@botyard/common";
import type { BotRuntime } from "../runtime/bot-runtime.js";
import type { BotLogWriter } from "../bots/bot-log.js";
import { buildReply } from "./reply.js";

/** Largest webhook body. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;
const PATH_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
// Platform credentials that may ride along on a request; a handler has no use for them.
const HIDDEN_HEADERS = new Set(["x-telegram-bot-api-secret-token", "x-bot-token"]);

/** Builds the router. */
export function customWebhookRouter(runtime: BotRuntime, logs: BotLogWriter): Router {
  const router = express.Router();
  const raw = express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT });

  router.all("/custom/:botId/:customPath", raw, async (req: Request, res: Response) => {
    const botId = req.params.botId as string;
    const path = req.params.customPath as string;
    if (!PATH_PATTERN.test(path)) throw new HttpError(400, "Invalid path format");
    await runtime.bot(botId); // 404 before anything else is read
    const rawBody = Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "";
    let body: unknown = {};
    if (rawBody.trim() !== "") {
      try {
        body = JSON.parse(rawBody);
      } catch {
        throw new HttpError(400, "Malformed JSON body");
      }
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HIDDEN_HEADERS.has(name)) headers[name] = Array.isArray(value) ? value.join(", ") : value;
    }
    const params = { method: req.method, path: req.path, headers, rawBody, ip: req.ip ?? "", botId };
    const args = JSON.stringify({ query: { ...req.query }, body, params });
    const result = await runtime.runWebhook(botId, path, args);
    if (result.noHandler) throw new HttpError(400, `No handler for path '${path}'`);
    const reply = buildReply(result);
    for (const problem of reply.problems) logs.write(botId, "warn", `custom/${path}: ${problem}`);
    res.status(reply.status).set(reply.headers).json(reply.body);
  });
  return router;
}
