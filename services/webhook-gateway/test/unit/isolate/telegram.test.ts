import { describe, expect, it } from "@jest/globals";
import { createTelegram } from "../../../src/isolate/telegram.js";
import { fakeBridge } from "./fake-bridge.js";

describe("bot.telegram", () => {
  it("maps Telegraf's positional signatures onto Bot API parameters", () => {
    const bridge = fakeBridge();
    const tg = createTelegram(bridge);
    const calls: Array<[() => unknown, string, Record<string, unknown>]> = [
      [() => tg.getMe(), "getMe", {}],
      [() => tg.getChat(1), "getChat", { chat_id: 1 }],
      [() => tg.getChatMember(1, 2), "getChatMember", { chat_id: 1, user_id: 2 }],
      [() => tg.getChatMemberCount("@c"), "getChatMemberCount", { chat_id: "@c" }],
      [() => tg.getChatMembersCount("@c"), "getChatMemberCount", { chat_id: "@c" }],
      [() => tg.getFile("f"), "getFile", { file_id: "f" }],
      [
        () => tg.sendMessage(1, "t", { parse_mode: "HTML" }),
        "sendMessage",
        { chat_id: 1, text: "t", parse_mode: "HTML" },
      ],
      [() => tg.sendPhoto(1, "p"), "sendPhoto", { chat_id: 1, photo: "p" }],
      [() => tg.sendVideo(1, "v"), "sendVideo", { chat_id: 1, video: "v" }],
      [() => tg.sendAudio(1, "a"), "sendAudio", { chat_id: 1, audio: "a" }],
      [() => tg.sendDocument(1, "d"), "sendDocument", { chat_id: 1, document: "d" }],
      [() => tg.sendAnimation(1, "g"), "sendAnimation", { chat_id: 1, animation: "g" }],
      [() => tg.sendVoice(1, "o"), "sendVoice", { chat_id: 1, voice: "o" }],
      [() => tg.sendVideoNote(1, "n"), "sendVideoNote", { chat_id: 1, video_note: "n" }],
      [() => tg.sendSticker(1, "s"), "sendSticker", { chat_id: 1, sticker: "s" }],
      [() => tg.sendMediaGroup(1, [1]), "sendMediaGroup", { chat_id: 1, media: [1] }],
      [() => tg.sendLocation(1, 2, 3), "sendLocation", { chat_id: 1, latitude: 2, longitude: 3 }],
      [
        () => tg.sendVenue(1, 2, 3, "T", "A"),
        "sendVenue",
        { chat_id: 1, latitude: 2, longitude: 3, title: "T", address: "A" },
      ],
      [() => tg.sendContact(1, "+1", "F"), "sendContact", { chat_id: 1, phone_number: "+1", first_name: "F" }],
      [() => tg.sendPoll(1, "Q", ["a", "b"]), "sendPoll", { chat_id: 1, question: "Q", options: ["a", "b"] }],
      [() => tg.sendDice(1), "sendDice", { chat_id: 1 }],
      [() => tg.sendChatAction(1, "typing"), "sendChatAction", { chat_id: 1, action: "typing" }],
      [() => tg.forwardMessage(1, 2, 3), "forwardMessage", { chat_id: 1, from_chat_id: 2, message_id: 3 }],
      [() => tg.copyMessage(1, 2, 3), "copyMessage", { chat_id: 1, from_chat_id: 2, message_id: 3 }],
      [
        () => tg.editMessageText(1, 2, undefined, "t"),
        "editMessageText",
        { chat_id: 1, message_id: 2, inline_message_id: undefined, text: "t" },
      ],
      [
        () => tg.editMessageCaption(undefined, undefined, "i", "c"),
        "editMessageCaption",
        { chat_id: undefined, message_id: undefined, inline_message_id: "i", caption: "c" },
      ],
      [
        () => tg.editMessageReplyMarkup(1, 2, undefined, { inline_keyboard: [] }),
        "editMessageReplyMarkup",
        { chat_id: 1, message_id: 2, inline_message_id: undefined, reply_markup: { inline_keyboard: [] } },
      ],
      [() => tg.deleteMessage(1, 2), "deleteMessage", { chat_id: 1, message_id: 2 }],
      [() => tg.pinChatMessage(1, 2), "pinChatMessage", { chat_id: 1, message_id: 2 }],
      [() => tg.unpinChatMessage(1, 2), "unpinChatMessage", { chat_id: 1, message_id: 2 }],
      [() => tg.banChatMember(1, 2, 9), "banChatMember", { chat_id: 1, user_id: 2, until_date: 9 }],
      [() => tg.unbanChatMember(1, 2), "unbanChatMember", { chat_id: 1, user_id: 2 }],
      [() => tg.leaveChat(1), "leaveChat", { chat_id: 1 }],
      [
        () => tg.answerCbQuery("q", "t", { show_alert: true }),
        "answerCallbackQuery",
        { callback_query_id: "q", text: "t", show_alert: true },
      ],
      [() => tg.answerInlineQuery("q", []), "answerInlineQuery", { inline_query_id: "q", results: [] }],
      [() => tg.setMyCommands([{ command: "a" }]), "setMyCommands", { commands: [{ command: "a" }] }],
      [() => tg.callApi("getUpdates", { offset: 1 }), "getUpdates", { offset: 1 }],
    ];
    for (const [call] of calls) void call();
    expect(bridge.calls).toEqual(calls.map(([, method, params]) => ({ kind: "tg", method, params })));
  });

  it("answerCbQuery takes Telegraf 4's (callbackQueryId, text?, extra?)", () => {
    const bridge = fakeBridge();
    const tg = createTelegram(bridge);
    void tg.answerCbQuery("id", "x", { show_alert: true });
    void tg.answerCbQuery("id", undefined, { url: "t.me/bot?start=1", cache_time: 5 });
    void tg.answerCbQuery("id");
    expect(bridge.calls.map((c) => (c.kind === "tg" ? c.params : null))).toEqual([
      { callback_query_id: "id", text: "x", show_alert: true },
      { callback_query_id: "id", text: undefined, url: "t.me/bot?start=1", cache_time: 5 },
      { callback_query_id: "id", text: undefined },
    ]);
  });

  it("lets the positional text or caption win over the same field in extra, as Telegraf 4 does", () => {
    const bridge = fakeBridge();
    const tg = createTelegram(bridge);
    void tg.sendMessage(1, "shown", { text: "ignored", parse_mode: "HTML" });
    void tg.editMessageText(1, 2, undefined, "shown", { text: "ignored" });
    void tg.editMessageCaption(1, 2, undefined, "shown", { caption: "ignored" });
    expect(bridge.calls.map((c) => (c.kind === "tg" ? [c.method, c.params] : null))).toEqual([
      ["sendMessage", { chat_id: 1, text: "shown", parse_mode: "HTML" }],
      ["editMessageText", { chat_id: 1, message_id: 2, inline_message_id: undefined, text: "shown" }],
      ["editMessageCaption", { chat_id: 1, message_id: 2, inline_message_id: undefined, caption: "shown" }],
    ]);
  });
});
