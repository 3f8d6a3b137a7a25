/**
 * `POST /telegram/:botId`: Telegram's updates for a bot. The secret header must match the secret_token given to
 * setWebhook at the last restart. The sender is recorded as a broadcast recipient, then the update goes to the bot's
 * handlers in the background: Telegram gets its 200 at once, whatever the handlers do.
 */
import express, { type Request, type Response, type Router } from "express";
import { constantTimeEqual, HttpError, sha256, type Logger } from "@botyard/common";
import type { GatewayRepository, SeenUser } from "../bots/gateway-repository.js";
import type { BotRuntime } from "../runtime/bot-runtime.js";

const UPDATE_BODY_LIMIT = "1mb";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : undefined);

/** The private chat's user of an update, when there is one. */
export function userOf(update: Obj): SeenUser | undefined {
  const message = obj(update.message) ?? obj(update.edited_message) ?? obj(obj(update.callback_query)?.message);
  const from = obj(update.message)?.from ?? obj(update.edited_message)?.from ?? obj(update.callback_query)?.from ?? obj(update.my_chat_member)?.from;
  const user = obj(from);
  const chat = obj(message?.chat) ?? obj(obj(update.my_chat_member)?.chat);
  const chatId = chat && chat.type === "private" ? Number(chat.id) : Number(user?.id);
  if (!user || !Number.isSafeInteger(chatId)) return undefined;
  const str = (v: unknown) => (typeof v === "string" ? v.slice(0, 256) : null);
  return { chatId, languageCode: str(user.language_code), firstName: str(user.first_name), username: str(user.username) };
}

/** Builds the router. */
export function telegramIntakeRouter(runtime: BotRuntime, repository: GatewayRepository, logger: Logger): Router {
  const router = express.Router();
  router.post("/telegram/:botId", express.json({ limit: UPDATE_BODY_LIMIT, type: () => true }), async (req: Request, res: Response) => {
    const botId = req.params.botId as string;
    const bot = await runtime.bot(botId).catch(() => undefined);
    const secret = req.get("x-telegram-bot-api-secret-token");
    if (!bot || !bot.webhookSecretHash || !secret || !constantTimeEqual(sha256(secret), bot.webhookSecretHash)) {
      throw new HttpError(401, "Invalid secret token");
    }
    const update = obj(req.body);
    if (!update) throw new HttpError(400, "Update must be a JSON object");
    const user = userOf(update);
    if (user) await repository.upsertRecipient(botId, user);
    res.json({ ok: true });
    runtime.runUpdate(botId, JSON.stringify(update)).catch((err: unknown) => {
      if (!(err instanceof HttpError)) logger.error({ err, botId }, "dispatching an update failed");
    });
  });
  return router;
}
