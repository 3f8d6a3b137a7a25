/**
 * `ANY /custom/:botId/:customPath`: hands the call to `logic[customPath]` of the bot with (query, body, db, response,
 * params) and answers with what the handler left. Errors are `{ ok: false, message }`.
 *
 * This is the gateway's hot path, so it runs on Node's request and response without express (routes/dispatch.ts
 * routes to it): the body is read only when there is one, and the reply is written at once.
 *
 * @see docs/bot-runtime.md#custom-webhooks
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import express from "express";
import { AppError } from "@botyard/common/errors";
import { type BodyParser, limitedBodyParser } from "@botyard/common/http";
import { PLATFORM_COOKIES } from "@botyard/openapi";
import type { BotLogWriter } from "../bots/bot-log.js";
import type { LogicArgs } from "../isolate/protocol.js";
import type { BotRuntime } from "../runtime/bot-runtime.js";
import { clientIp, hasBody, queryOf, readBody, sendJson, whenWritten } from "./http.js";
import { buildReply, InvalidReplyError } from "./reply.js";

/** Largest webhook body. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;
const PATH_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
// Platform credentials that may ride along on a request; a handler has no use for them.
const HIDDEN_HEADERS = new Set(["x-telegram-bot-api-secret-token", "x-bot-token"]);

/**
 * The Cookie header without the platform's own cookies (the dashboard session and the operator login, under either
 * name): browsers send them to any port of the host name, so a bot served on the dashboard's host would otherwise
 * read a visitor's session. The bot's own cookies pass unchanged; undefined when none is left.
 */
export function withoutPlatformCookies(header: string): string | undefined {
  const kept = header.split(";").filter((pair) => {
    const eq = pair.indexOf("=");
    return !PLATFORM_COOKIES.has((eq === -1 ? pair : pair.slice(0, eq)).trim());
  });
  const joined = kept
    .map((pair) => pair.trim())
    .filter((pair) => pair !== "")
    .join("; ");
  return joined === "" ? undefined : joined;
}

/** A request to a custom webhook, as the dispatcher matched it. */
export interface CustomCall {
  botId: string;
  customPath: string;
  /** The request path, undecoded (the handler's `params.path`). */
  path: string;
  /** The query text after `?`, if any. */
  query: string | undefined;
}

/** The handler's `params` and `query` from the request. */
function argsOf(req: IncomingMessage, call: CustomCall, rawBody: string, body: unknown): LogicArgs {
  const headers: Record<string, string> = {};
  const raw = req.headers;
  for (const name of Object.keys(raw)) {
    const value = raw[name];
    if (value !== undefined && !HIDDEN_HEADERS.has(name))
      headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  const cookie = headers.cookie === undefined ? undefined : withoutPlatformCookies(headers.cookie);
  if (cookie === undefined) delete headers.cookie;
  else headers.cookie = cookie;
  const forwarded = raw["x-forwarded-for"];
  return {
    query: queryOf(call.query),
    body,
    params: {
      method: req.method ?? "GET",
      path: call.path,
      headers,
      rawBody,
      ip: clientIp(req.socket.remoteAddress, Array.isArray(forwarded) ? forwarded.join(", ") : forwarded),
      botId: call.botId,
    },
  };
}

/** A custom webhook call, start to reply. */
export type CustomWebhookRoute = (req: IncomingMessage, res: ServerResponse, call: CustomCall) => Promise<void>;

/** Builds the route. */
export function customWebhookRoute(runtime: BotRuntime, logs: BotLogWriter): CustomWebhookRoute {
  const raw: BodyParser = limitedBodyParser(express.raw, { type: () => true, limit: WEBHOOK_BODY_LIMIT });

  return async (req, res, call) => {
    const { botId, customPath: path } = call;
    if (!PATH_PATTERN.test(path)) throw new AppError("INVALID_PATH");
    if (runtime.cachedBot(botId) === undefined) await runtime.bot(botId); // 404 before the body is read
    const buffer = hasBody(req) ? await readBody(raw, req, res) : undefined;
    const rawBody = Buffer.isBuffer(buffer) ? buffer.toString("utf8") : "";
    let body: unknown = {};
    if (rawBody.trim() !== "") {
      try {
        body = JSON.parse(rawBody);
      } catch {
        throw new AppError("MALFORMED_JSON");
      }
    }
    const { result, release } = await runtime.runWebhook(botId, path, argsOf(req, call, rawBody, body));
    // The reply stays in the bot's host memory until the connection has taken it (docs/bot-runtime.md#memory).
    try {
      let reply: ReturnType<typeof buildReply>;
      try {
        reply = buildReply(result, `/custom/${botId}/`);
      } catch (err) {
        if (!(err instanceof InvalidReplyError)) throw err;
        throw runtime.replyRefused(botId, path, err.message);
      }
      for (const problem of reply.problems) logs.write(botId, "warn", `custom/${path}: ${problem}`);
      sendJson(req, res, reply.status, reply.body, reply.headers);
    } finally {
      whenWritten(res, release);
    }
  };
}
