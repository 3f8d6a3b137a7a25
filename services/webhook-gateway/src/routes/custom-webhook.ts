/**
 * `ANY /custom/:botId/:customPath`: hands the call to `logic[customPath]` of the bot with (query, body, db, response,
 * params) and answers with what the handler left. Errors are `{ ok: false, message }`.
 *
 * @see docs/bot-runtime.md#custom-webhooks
 */
import express, { type Request, type Response, type Router } from "express";
import { AppError } from "@botyard/common";
import type { BotLogWriter } from "../bots/bot-log.js";
import type { LogicArgs } from "../isolate/protocol.js";
import type { BotRuntime } from "../runtime/bot-runtime.js";
import { buildReply, InvalidReplyError } from "./reply.js";

/** Largest webhook body. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;
const PATH_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
// Platform credentials that may ride along on a request; a handler has no use for them.
const HIDDEN_HEADERS = new Set(["x-telegram-bot-api-secret-token", "x-bot-token"]);

/** The handler's `params` and `query` from the request. */
function argsOf(req: Request, botId: string, rawBody: string, body: unknown): LogicArgs {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HIDDEN_HEADERS.has(name)) {
      headers[name] = Array.isArray(value) ? value.join(", ") : value;
    }
  }
  return {
    query: { ...(req.query as Record<string, unknown>) },
    body,
    params: { method: req.method, path: req.path, headers, rawBody, ip: req.ip ?? "", botId },
  };
}

/** Builds the router. */
export function customWebhookRouter(runtime: BotRuntime, logs: BotLogWriter): Router {
  const router = express.Router();
  const raw = express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT });

  router.all("/custom/:botId/:customPath", async (req: Request, _res: Response, next) => {
    const botId = req.params.botId as string;
    const path = req.params.customPath as string;
    if (!PATH_PATTERN.test(path)) throw new AppError("INVALID_PATH");
    await runtime.bot(botId); // 404 before the body is read
    next();
  });
  router.all("/custom/:botId/:customPath", raw, async (req: Request, res: Response) => {
    const botId = req.params.botId as string;
    const path = req.params.customPath as string;
    const rawBody = Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "";
    let body: unknown = {};
    if (rawBody.trim() !== "") {
      try {
        body = JSON.parse(rawBody);
      } catch {
        throw new AppError("MALFORMED_JSON");
      }
    }
    const result = await runtime.runWebhook(botId, path, argsOf(req, botId, rawBody, body));
    let reply: ReturnType<typeof buildReply>;
    try {
      reply = buildReply(result, `/custom/${botId}/`);
    } catch (err) {
      if (!(err instanceof InvalidReplyError)) throw err;
      logs.write(botId, "error", `custom/${path}: ${err.message}`);
      throw new AppError("HANDLER_ERROR");
    }
    for (const problem of reply.problems) logs.write(botId, "warn", `custom/${path}: ${problem}`);
    res.status(reply.status).set(reply.headers).json(reply.body);
  });
  return router;
}
