/**
 * `/apiv3/:op` on GET (fields in the query string) and POST (JSON body). Every reply is `{ ok, msg, stat_code, … }`
 * with stat_code equal to the HTTP status. Order: unknown op (404), method (405), API key (401), fields (400), then
 * the operation; fields are read and replies shaped by the operation's zod schemas.
 */
import express, { type Request, type Response, type Router } from "express";
import { AppError } from "@botyard/common/errors";
import { errorHandler, limitedBodyParser, methodNotAllowedError, type Problem } from "@botyard/common/http";
import type { Logger } from "@botyard/common/logging";
import { parseOrThrow, shapeReply } from "@botyard/openapi";
import type { AccountService } from "../accounts/account-service.js";
import type { BotService } from "../bots/bot-service.js";
import type { ScheduleService } from "../schedules/schedule-service.js";
import type { VersionService } from "../versions/version-service.js";
import type { UsageService } from "../usage/usage-service.js";
import type { NotificationService } from "../notifications/notification-service.js";
import { operations } from "./operations.js";

/** JSON body limit in bytes: a 1 MiB code file plus its JSON escaping and the other fields. */
export const APIV3_BODY_BYTES = 1280 * 1024;
/** The JSON body limit as 413 replies name it: "1280kb". */
export const APIV3_BODY_LIMIT = `${APIV3_BODY_BYTES / 1024}kb`;

/** The error body of /apiv3: `{ ok: false, msg, stat_code }` plus any details. */
export const apiv3ErrorBody = (p: Problem) => ({ ok: false, msg: p.message, ...p.details, stat_code: p.status });

/** Builds the /apiv3 router. */
export function apiv3Router(deps: {
  accounts: AccountService;
  bots: BotService;
  versions: VersionService;
  usage: UsageService;
  schedules: ScheduleService;
  notifications: NotificationService;
  logger: Logger;
}): Router {
  const router = express.Router();
  // Any content type is read as JSON: REST clients and scripts often omit or misstate it.
  // A body over the limit is refused as soon as its length says so, or its chunks cross it (limitedBodyParser).
  router.use("/apiv3", limitedBodyParser(express.json, { limit: APIV3_BODY_BYTES, type: () => true, strict: true }));

  router.all("/apiv3/:op", async (req: Request, res: Response) => {
    if (req.method !== "GET" && req.method !== "POST") throw methodNotAllowedError(req.method, ["GET", "POST"]);
    const op = operations.get(req.params.op as string);
    if (!op) throw new AppError("UNKNOWN_OPERATION");

    const fromQuery = req.method === "GET";
    const source: unknown = fromQuery ? req.query : (req.body ?? {});
    if (typeof source !== "object" || source === null || Array.isArray(source)) {
      throw new AppError("INVALID_INPUT", "Request body must be a JSON object");
    }
    const accountId = await deps.accounts.authenticate((source as { apiKey?: unknown }).apiKey);
    if (!accountId) throw new AppError("INVALID_API_KEY");
    const values = parseOrThrow(fromQuery ? op.query : op.body, source);
    const result = await op.run(
      {
        bots: deps.bots,
        versions: deps.versions,
        usage: deps.usage,
        schedules: deps.schedules,
        notifications: deps.notifications,
      },
      accountId,
      values,
    );
    res.status(200).json(shapeReply(op.reply, { ok: true, ...result, stat_code: 200 }));
  });

  router.use(
    "/apiv3",
    errorHandler({
      envelope: apiv3ErrorBody,
      logger: deps.logger,
      context: "apiv3 operation",
      bodyLimit: APIV3_BODY_LIMIT,
    }),
  );
  return router;
}
