/**
 * `bot.telegram` for bot code: Telegraf's positional signatures for the common methods, and `callApi(method, params)`
 * for every Bot API method. Each call is a `tg` host call; the token never enters the isolate.
 *
 * @see docs/bot-runtime.md#bot-api-calls-bottelegram
 */
import type { Bridge } from "./bridge.js";

type Id = number | string;
type Extra = Record<string, unknown>;
type Call = Promise<unknown>;

/** The Telegram client of bot code. */
export interface BotTelegram {
  callApi(method: string, params?: Extra): Call;
  getMe(): Call;
  getChat(chatId: Id): Call;
  getChatMember(chatId: Id, userId: number): Call;
  getChatMemberCount(chatId: Id): Call;
  /** Telegraf 4's name of getChatMemberCount (the Bot API's name before 5.3). */
  getChatMembersCount(chatId: Id): Call;
  getFile(fileId: string): Call;
  sendMessage(chatId: Id, text: string, extra?: Extra): Call;
  sendPhoto(chatId: Id, photo: string, extra?: Extra): Call;
  sendVideo(chatId: Id, video: string, extra?: Extra): Call;
  sendAudio(chatId: Id, audio: string, extra?: Extra): Call;
  sendDocument(chatId: Id, document: string, extra?: Extra): Call;
  sendAnimation(chatId: Id, animation: string, extra?: Extra): Call;
  sendVoice(chatId: Id, voice: string, extra?: Extra): Call;
  sendVideoNote(chatId: Id, videoNote: string, extra?: Extra): Call;
  sendSticker(chatId: Id, sticker: string, extra?: Extra): Call;
  sendMediaGroup(chatId: Id, media: unknown[], extra?: Extra): Call;
  sendLocation(chatId: Id, latitude: number, longitude: number, extra?: Extra): Call;
  sendVenue(chatId: Id, latitude: number, longitude: number, title: string, address: string, extra?: Extra): Call;
  sendContact(chatId: Id, phoneNumber: string, firstName: string, extra?: Extra): Call;
  sendPoll(chatId: Id, question: string, options: unknown[], extra?: Extra): Call;
  sendDice(chatId: Id, extra?: Extra): Call;
  sendChatAction(chatId: Id, action: string, extra?: Extra): Call;
  forwardMessage(chatId: Id, fromChatId: Id, messageId: number, extra?: Extra): Call;
  copyMessage(chatId: Id, fromChatId: Id, messageId: number, extra?: Extra): Call;
  editMessageText(
    chatId: Id | undefined,
    messageId: number | undefined,
    inlineMessageId: string | undefined,
    text: string,
    extra?: Extra,
  ): Call;
  editMessageCaption(
    chatId: Id | undefined,
    messageId: number | undefined,
    inlineMessageId: string | undefined,
    caption: string,
    extra?: Extra,
  ): Call;
  editMessageReplyMarkup(
    chatId: Id | undefined,
    messageId: number | undefined,
    inlineMessageId: string | undefined,
    markup: unknown,
  ): Call;
  deleteMessage(chatId: Id, messageId: number): Call;
  pinChatMessage(chatId: Id, messageId: number, extra?: Extra): Call;
  unpinChatMessage(chatId: Id, messageId?: number): Call;
  banChatMember(chatId: Id, userId: number, untilDate?: number, extra?: Extra): Call;
  unbanChatMember(chatId: Id, userId: number, extra?: Extra): Call;
  leaveChat(chatId: Id): Call;
  /** Telegraf 4's order: `show_alert`, `url` and `cache_time` go in extra. */
  answerCbQuery(callbackQueryId: string, text?: string, extra?: Extra): Call;
  answerInlineQuery(inlineQueryId: string, results: unknown[], extra?: Extra): Call;
  setMyCommands(commands: unknown[], extra?: Extra): Call;
}

/** Builds `bot.telegram` over the bridge. */
export function createTelegram(bridge: Bridge): BotTelegram {
  const callApi = (method: string, params: Extra = {}) => bridge.call({ kind: "tg", method, params });
  const send =
    (method: string, field: string) =>
    (chat_id: Id, value: unknown, extra: Extra = {}) =>
      callApi(method, { chat_id, [field]: value, ...extra });
  return {
    callApi,
    getMe: () => callApi("getMe"),
    getChat: (chat_id) => callApi("getChat", { chat_id }),
    getChatMember: (chat_id, user_id) => callApi("getChatMember", { chat_id, user_id }),
    getChatMemberCount: (chat_id) => callApi("getChatMemberCount", { chat_id }),
    getChatMembersCount: (chat_id) => callApi("getChatMemberCount", { chat_id }),
    getFile: (file_id) => callApi("getFile", { file_id }),
    // As Telegraf 4, the positional text (or caption) wins over the same field in extra.
    sendMessage: (chat_id, text, extra = {}) => callApi("sendMessage", { chat_id, ...extra, text }),
    sendPhoto: send("sendPhoto", "photo"),
    sendVideo: send("sendVideo", "video"),
    sendAudio: send("sendAudio", "audio"),
    sendDocument: send("sendDocument", "document"),
    sendAnimation: send("sendAnimation", "animation"),
    sendVoice: send("sendVoice", "voice"),
    sendVideoNote: send("sendVideoNote", "video_note"),
    sendSticker: send("sendSticker", "sticker"),
    sendMediaGroup: send("sendMediaGroup", "media"),
    sendLocation: (chat_id, latitude, longitude, extra = {}) =>
      callApi("sendLocation", { chat_id, latitude, longitude, ...extra }),
    sendVenue: (chat_id, latitude, longitude, title, address, extra = {}) =>
      callApi("sendVenue", { chat_id, latitude, longitude, title, address, ...extra }),
    sendContact: (chat_id, phone_number, first_name, extra = {}) =>
      callApi("sendContact", { chat_id, phone_number, first_name, ...extra }),
    sendPoll: (chat_id, question, options, extra = {}) => callApi("sendPoll", { chat_id, question, options, ...extra }),
    sendDice: (chat_id, extra = {}) => callApi("sendDice", { chat_id, ...extra }),
    sendChatAction: send("sendChatAction", "action"),
    forwardMessage: (chat_id, from_chat_id, message_id, extra = {}) =>
      callApi("forwardMessage", { chat_id, from_chat_id, message_id, ...extra }),
    copyMessage: (chat_id, from_chat_id, message_id, extra = {}) =>
      callApi("copyMessage", { chat_id, from_chat_id, message_id, ...extra }),
    editMessageText: (chat_id, message_id, inline_message_id, text, extra = {}) =>
      callApi("editMessageText", { chat_id, message_id, inline_message_id, ...extra, text }),
    editMessageCaption: (chat_id, message_id, inline_message_id, caption, extra = {}) =>
      callApi("editMessageCaption", { chat_id, message_id, inline_message_id, ...extra, caption }),
    editMessageReplyMarkup: (chat_id, message_id, inline_message_id, reply_markup) =>
      callApi("editMessageReplyMarkup", { chat_id, message_id, inline_message_id, reply_markup }),
    deleteMessage: (chat_id, message_id) => callApi("deleteMessage", { chat_id, message_id }),
    pinChatMessage: (chat_id, message_id, extra = {}) => callApi("pinChatMessage", { chat_id, message_id, ...extra }),
    unpinChatMessage: (chat_id, message_id) => callApi("unpinChatMessage", { chat_id, message_id }),
    banChatMember: (chat_id, user_id, until_date, extra = {}) =>
      callApi("banChatMember", { chat_id, user_id, until_date, ...extra }),
    unbanChatMember: (chat_id, user_id, extra = {}) => callApi("unbanChatMember", { chat_id, user_id, ...extra }),
    leaveChat: (chat_id) => callApi("leaveChat", { chat_id }),
    answerCbQuery: (callback_query_id, text, extra = {}) =>
      callApi("answerCallbackQuery", { callback_query_id, text, ...extra }),
    answerInlineQuery: (inline_query_id, results, extra = {}) =>
      callApi("answerInlineQuery", { inline_query_id, results, ...extra }),
    setMyCommands: (commands, extra = {}) => callApi("setMyCommands", { commands, ...extra }),
  };
}
