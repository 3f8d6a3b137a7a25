/**
 * `POST /internal/preview`: the dashboard's Try it on a saved version, asked by management on a signed-in owner's
 * behalf (docs/versions.md#previews). It is no bot route (the dispatcher hands it to the express app), and it
 * serves only a bearer of the internal token, which management derives from the SECRET_KEY both services hold (401
 * for anyone else): a caller of the public webhook URLs cannot run a preview. The reply is what the custom webhook
 * would answer.
 */
import { type Request, type Response, Router } from "express";
import express from "express";
import { z } from "zod";
import { AppError, invalidField } from "@botyard/common/errors";
import { constantTimeEqual, ID_PATTERN } from "@botyard/common/crypto";
import type { BotLogWriter } from "../bots/bot-log.js";
import type { BotRuntime } from "../runtime/bot-runtime.js";
import { WEBHOOK_BODY_LIMIT } from "./custom-webhook.js";
import { sendJson, whenWritten } from "./http.js";
import { buildReply, InvalidReplyError } from "./reply.js";

/** The path of the route (not under /custom or /telegram). */
export const PREVIEW_PATH = "/internal/preview";

/**
 * Names the route's own refusals (their catalogue code), so management tells them from a bot's reply: a bot may
 * answer 404 itself. Management reads it under the same name (bots/bot-service.ts).
 */
export const PREVIEW_REFUSAL_HEADER = "x-botyard-preview-refusal";

/** The refusals of the preview itself. */
const REFUSALS = new Set(["INVALID_INTERNAL_TOKEN", "BOT_NOT_FOUND", "VERSION_NOT_FOUND"]);

/** Marks a refusal of the preview itself, then hands the error on. */
function refused(res: Response, err: unknown): unknown {
  if (err instanceof AppError && REFUSALS.has(err.code) && !res.headersSent) {
    res.setHeader(PREVIEW_REFUSAL_HEADER, err.code);
  }
  return err;
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** What management sends: the bot, the version and the call, as the dashboard's Try it takes it. */
const PreviewCall = z.object({
  botId: z.string().regex(ID_PATTERN, "botId must be a bot id"),
  version: z.number().int().min(1).max(2_147_483_647),
  method: z.enum(METHODS),
  path: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "Invalid path format"),
  query: z.record(z.string(), z.string()).optional(),
  body: z.unknown().optional(),
});

/** The route; `token` is the internal token (internalToken of SECRET_KEY). */
export function previewRouter(runtime: BotRuntime, logs: BotLogWriter, token: string): Router {
  const router = Router();
  const expected = `Bearer ${token}`;
  router.post(
    PREVIEW_PATH,
    (req, res, next) => {
      // Refused before the body is read: a caller without the token costs nothing, and learns nothing.
      if (!constantTimeEqual(req.headers.authorization ?? "", expected)) {
        next(refused(res, new AppError("INVALID_INTERNAL_TOKEN")));
      } else next();
    },
    // A code-sized body wrapped in the call: the webhook limit plus room for the envelope.
    express.json({ limit: WEBHOOK_BODY_LIMIT + 64 * 1024 }),
    (req: Request, res: Response, next) => {
      preview(req, res).catch((err: unknown) => next(refused(res, err)));
    },
  );

  async function preview(req: Request, res: Response): Promise<void> {
    const parsed = PreviewCall.safeParse(req.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? "body");
      throw field === "path" ? new AppError("INVALID_PATH") : invalidField(field, issue?.message ?? "invalid");
    }
    const call = parsed.data;
    const hasBody = call.body !== undefined && call.method !== "GET";
    const rawBody = hasBody ? JSON.stringify(call.body) : "";
    const { result, release } = await runtime.runPreview(call.botId, call.version, call.path, {
      query: call.query ?? {},
      body: hasBody ? call.body : {},
      params: {
        method: call.method,
        path: `/custom/${call.botId}/${call.path}`,
        // The one header a preview has: bot code can tell a preview from a real call.
        headers: {
          "x-botyard-preview": String(call.version),
          ...(hasBody ? { "content-type": "application/json" } : {}),
        },
        rawBody,
        ip: "",
        botId: call.botId,
      },
    });
    try {
      let reply: ReturnType<typeof buildReply>;
      try {
        reply = buildReply(result, `/custom/${call.botId}/`);
      } catch (err) {
        if (!(err instanceof InvalidReplyError)) throw err;
        throw runtime.replyRefused(call.botId, call.path, err.message);
      }
      for (const problem of reply.problems) {
        logs.write(call.botId, "warn", `preview of version ${call.version}: custom/${call.path}: ${problem}`);
      }
      sendJson(req, res, reply.status, reply.body, reply.headers);
    } finally {
      whenWritten(res, release);
    }
  }

  return router;
}
