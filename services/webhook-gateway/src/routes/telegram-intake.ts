/**
 * `POST /telegram/:botId`: Telegram's updates for a bot. The secret header must match the secret_token given to
 * setWebhook at the last restart. The sender is recorded as a broadcast recipient, then the update is admitted as a
 * webhook call is, and goes to the bot's handlers in the background: Telegram gets its 200 once the update is
 * admitted, whatever the handlers do. Only a wrong secret (or an unknown bot) is the caller's fault (401); a database
 * that does not answer is ours (503). A bot over its request rate, its calls at once or its CPU budget answers 429
 * with Retry-After, as its webhooks do: Telegram keeps the update and sends it again later, where a 200 would lose it.
 * A halted or stopped bot takes no updates until it is restarted: 200, and no handler runs (a retry would only pile
 * them up at Telegram).
 *
 * @see docs/bot-runtime.md#telegram-updates
 */

import type { IncomingMessage, ServerResponse } from "node:http";
import express from "express";
import { AppError } from "@botyard/common/errors";
import { type BodyParser, limitedBodyParser, methodNotAllowedError } from "@botyard/common/http";
import { constantTimeEqual, sha256 } from "@botyard/common/crypto";
import type { Logger } from "@botyard/common/logging";
import { storableText } from "@botyard/common/text";
import type { GatewayRepository, SeenUser } from "../bots/gateway-repository.js";
import type { BotRuntime } from "../runtime/bot-runtime.js";
import { readBody, sendJson } from "./http.js";

/** Largest update body: 1 MiB, as the 413 says. */
const UPDATE_BODY_LIMIT = 1024 * 1024;

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : undefined;

/** A user's field as we store it: text with unstorable characters replaced (never refused), at most 256 characters. */
function userText(value: unknown): string | null {
  return typeof value === "string" ? storableText(value).slice(0, 256) : null;
}

/** The user an update comes from, and the chat to broadcast to them in, when there is one. */
export function userOf(update: Obj): SeenUser | undefined {
  const callback = obj(update.callback_query);
  const message = obj(update.message) ?? obj(update.edited_message) ?? obj(callback?.message);
  const from =
    obj(obj(update.message)?.from ?? obj(update.edited_message)?.from ?? callback?.from) ??
    obj(obj(update.my_chat_member)?.from);
  const chat = obj(message?.chat) ?? obj(obj(update.my_chat_member)?.chat);
  // Broadcasts go to users, in their private chat with the bot: a group's messages record their sender's private chat.
  const chatId = chat && chat.type === "private" ? Number(chat.id) : Number(from?.id);
  if (!from || !Number.isSafeInteger(chatId)) return undefined;
  return {
    chatId,
    languageCode: userText(from.language_code),
    firstName: userText(from.first_name),
    username: userText(from.username),
  };
}

/** A Telegram update for `botId`, start to reply. */
export type TelegramIntakeRoute = (req: IncomingMessage, res: ServerResponse, botId: string) => Promise<void>;

/** Builds the route. */
export function telegramIntakeRoute(
  runtime: BotRuntime,
  repository: GatewayRepository,
  logger: Logger,
): TelegramIntakeRoute {
  const json: BodyParser = limitedBodyParser(express.json, { limit: UPDATE_BODY_LIMIT, type: () => true });
  return async (req, res, botId) => {
    // Telegram only POSTs; any other method learns that instead of a 404 (docs/management-api.md#methods).
    if (req.method !== "POST") throw methodNotAllowedError(req.method ?? "", ["POST"]);
    const parsed = await readBody(json, req, res);
    // Only "no such bot" looks like a wrong secret; a lookup that failed (Postgres away) is not the caller's fault
    // and reaches the error reply (503 + Retry-After), so Telegram retries the update. A row at hand is used as the
    // runtime's own call uses it (BotDirectory.cached).
    const bot =
      runtime.cachedBot(botId) ??
      (await runtime.bot(botId).catch((err: unknown) => {
        if (err instanceof AppError && err.code === "BOT_NOT_FOUND") return undefined;
        throw err;
      }));
    const header = req.headers["x-telegram-bot-api-secret-token"];
    const secret = Array.isArray(header) ? header.join(", ") : header;
    const expected = bot?.webhookSecretHash;
    if (!expected || !secret || !constantTimeEqual(sha256(secret), expected)) {
      throw new AppError("INVALID_SECRET_TOKEN");
    }
    const update = obj(parsed);
    if (!update) throw new AppError("INVALID_INPUT", "Update must be a JSON object");
    const user = userOf(update);
    if (user) await repository.upsertRecipient(botId, user);
    const started = await runtime.startUpdate(botId, update).catch((err: unknown) => {
      if (err instanceof AppError && (err.code === "BOT_HALTED" || err.code === "BOT_NOT_RUNNING")) return undefined;
      throw err;
    });
    sendJson(req, res, 200, { ok: true });
    started?.handled.catch((err: unknown) => {
      if (!(err instanceof AppError)) logger.error({ err, botId }, "dispatching an update failed");
    });
  };
}
