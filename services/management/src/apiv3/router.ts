/**
 * `/apiv3/:op` on GET (fields in the query string) and POST (JSON body). Every reply is `{ ok, msg, stat_code, … }`
 * with stat_code equal to the HTTP status.
 */
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { HttpError, isBodyParserError, type Logger } from "@botyard/common";
import type { AccountService } from "../accounts/account-service.js";
import type { BotService } from "../bots/bot-service.js";
import { Fields } from "./fields.js";
import { operations } from "./operations.js";

/** JSON body limit: a 1 MiB code file plus its JSON escaping and the other fields. */
export const APIV3_BODY_LIMIT = "1280kb";

function reply(res: Response, status: number, body: Record<string, unknown>): void {
  res.status(status).json({ ok: status < 400, ...body, stat_code: status });
}

/** Builds the /apiv3 router. */
export function apiv3Router(deps: { accounts: AccountService; bots: BotService; logger: Logger }): Router {
  const router = express.Router();
  // Any content type is read as JSON: REST clients and scripts often omit or misstate it.
  router.use("/apiv3", express.json({ limit: APIV3_BODY_LIMIT, type: () => true, strict: true }));

  router.all("/apiv3/:op", async (req: Request, res: Response) => {
    if (req.method !== "GET" && req.method !== "POST") {
      res.set("Allow", "GET, POST");
      return reply(res, 405, { msg: `Method ${req.method} not allowed; use GET or POST` });
    }
    const op = operations[req.params.op as string];
    if (!op || !Object.hasOwn(operations, req.params.op as string)) return reply(res, 404, { msg: "Unknown operation" });

    const fromQuery = req.method === "GET";
    const source: unknown = fromQuery ? req.query : (req.body ?? {});
    if (typeof source !== "object" || source === null || Array.isArray(source)) {
      return reply(res, 400, { msg: "Request body must be a JSON object" });
    }
    const values = source as Record<string, unknown>;
    const accountId = await deps.accounts.authenticate(values.apiKey);
    if (!accountId) return reply(res, 401, { msg: "Invalid API Key" });
    const result = await op(deps.bots, accountId, new Fields(values, fromQuery));
    reply(res, 200, result);
  });

  router.use("/apiv3", (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof HttpError) return reply(res, err.status, { msg: err.message, ...err.details });
    if (isBodyParserError(err)) {
      if (err.status === 413) return reply(res, 413, { msg: `Request body is larger than the ${APIV3_BODY_LIMIT} limit` });
      if (err.type === "entity.parse.failed") return reply(res, 400, { msg: "Malformed JSON body" });
      if (err.status >= 400 && err.status < 500) return reply(res, err.status, { msg: "Unreadable request body" });
    }
    deps.logger.error({ err, op: req.params.op }, "apiv3 operation failed");
    reply(res, 500, { msg: "Internal error" });
  });
  return router;
}
