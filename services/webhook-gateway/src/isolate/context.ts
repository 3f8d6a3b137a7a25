/**
 * The Telegraf-like `ctx` handed to update handlers: typed accessors over the update (in the manner of grammY's
 * `Context`), shortcuts that answer in the update's chat, and `state` for middleware to share data.
 *
 * @see docs/bot-runtime.md#telegram-updates
 */
import type { CallbackQuery, Chat, InlineQuery, Message, Update, User } from "@grammyjs/types";
import { objectKeys } from "./intrinsics.js";
import type { BotTelegram } from "./telegram.js";

type Extra = Record<string, unknown>;

/** The kinds of update a bot can receive: `message`, `callback_query`, … */
export type UpdateType = Exclude<keyof Update, "update_id">;

/** An update and what handlers can do with it. */
export class Context {
  /** What the matching trigger captured: a RegExp match, or `[text, payload]` for commands. */
  match: RegExpExecArray | string[] | null = null;
  /** For commands: the text after the command. */
  payload = "";
  /** Shared between middleware of one update. */
  readonly state: Record<string, unknown> = {};

  constructor(
    readonly update: Update,
    readonly telegram: BotTelegram,
  ) {}

  /** The update's kind: the key beside `update_id`. */
  get updateType(): UpdateType | "unknown" {
    for (const key of objectKeys(this.update)) if (key !== "update_id") return key as UpdateType;
    return "unknown";
  }

  /** The message of a `message`, `edited_message`, `channel_post` or `edited_channel_post` update. */
  get message(): Message | undefined {
    const u = this.update;
    return u.message ?? u.edited_message ?? u.channel_post ?? u.edited_channel_post;
  }

  get editedMessage(): Message | undefined {
    return this.update.edited_message;
  }

  get callbackQuery(): CallbackQuery | undefined {
    return this.update.callback_query;
  }

  get inlineQuery(): InlineQuery | undefined {
    return this.update.inline_query;
  }

  /** Who caused the update. */
  get from(): User | undefined {
    const u = this.update;
    return (
      this.message?.from ??
      u.callback_query?.from ??
      u.inline_query?.from ??
      u.chosen_inline_result?.from ??
      u.my_chat_member?.from ??
      u.chat_member?.from ??
      u.pre_checkout_query?.from ??
      u.shipping_query?.from
    );
  }

  /** The chat the update belongs to. */
  get chat(): Chat | undefined {
    const u = this.update;
    return this.message?.chat ?? u.callback_query?.message?.chat ?? u.my_chat_member?.chat ?? u.chat_member?.chat;
  }

  /** The message text (or caption). */
  get text(): string | undefined {
    const m = this.message;
    if (m === undefined) return undefined;
    if (typeof m.text === "string") return m.text;
    return typeof m.caption === "string" ? m.caption : undefined;
  }

  #chatId(): number | string {
    const chat = this.chat;
    if (chat === undefined) throw new Error("This update has no chat to reply to");
    return chat.id;
  }

  reply(text: string, extra: Extra = {}): Promise<unknown> {
    return this.telegram.sendMessage(this.#chatId(), text, extra);
  }

  replyWithHTML(text: string, extra: Extra = {}): Promise<unknown> {
    return this.telegram.sendMessage(this.#chatId(), text, { parse_mode: "HTML", ...extra });
  }

  replyWithMarkdownV2(text: string, extra: Extra = {}): Promise<unknown> {
    return this.telegram.sendMessage(this.#chatId(), text, { parse_mode: "MarkdownV2", ...extra });
  }

  replyWithPhoto(photo: string, extra: Extra = {}): Promise<unknown> {
    return this.telegram.sendPhoto(this.#chatId(), photo, extra);
  }

  replyWithDocument(document: string, extra: Extra = {}): Promise<unknown> {
    return this.telegram.sendDocument(this.#chatId(), document, extra);
  }

  replyWithSticker(sticker: string, extra: Extra = {}): Promise<unknown> {
    return this.telegram.sendSticker(this.#chatId(), sticker, extra);
  }

  sendChatAction(action: string): Promise<unknown> {
    return this.telegram.sendChatAction(this.#chatId(), action);
  }

  /** Answers the callback query of this update (clears the button's spinner). */
  answerCbQuery(text?: string, extra: Extra = {}): Promise<unknown> {
    const query = this.callbackQuery;
    if (query === undefined) throw new Error("This update is not a callback query");
    return this.telegram.callApi("answerCallbackQuery", { callback_query_id: query.id, text, ...extra });
  }

  /** Edits the message the callback query's button belongs to. */
  editMessageText(text: string, extra: Extra = {}): Promise<unknown> {
    const message = this.callbackQuery?.message ?? this.message;
    if (message === undefined) throw new Error("This update has no message to edit");
    return this.telegram.editMessageText(message.chat.id, message.message_id, undefined, text, extra);
  }

  deleteMessage(messageId?: number): Promise<unknown> {
    const message = this.callbackQuery?.message ?? this.message;
    const id = messageId ?? message?.message_id;
    if (id === undefined) throw new Error("This update has no message to delete");
    return this.telegram.deleteMessage(this.#chatId(), id);
  }
}
