export { TelegramClient, type TelegramClientOptions } from "./client.js";
export { TelegramApiError, TelegramNetworkError } from "./errors.js";
export type { Update, Message, User, Chat, CallbackQuery } from "@grammyjs/types";
