/** buildSendCall (src/send-call.ts): the Bot API call per message type and the order fields are merged in. */
import { describe, expect, it } from "@jest/globals";
import { buildSendCall, checkBroadcastRequest, MESSAGE_METHODS } from "../src/index.js";

describe("checkBroadcastRequest", () => {
  it("defaults to text and keeps only known fields", () => {
    const check = checkBroadcastRequest({ botId: "b", text: "hi", unknown: 1 });
    expect(check).toStrictEqual({ ok: true, payload: { type: "text", text: "hi" } });
  });
  it("refuses a prototype key as type", () => {
    expect(checkBroadcastRequest({ type: "toString", text: "x" })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/type must be one of/),
    });
  });
});

describe("buildSendCall", () => {
  it("maps all twelve types to their methods", () => {
    expect(Object.keys(MESSAGE_METHODS)).toHaveLength(12);
    expect(buildSendCall({ type: "video_note", media: "f" }, 1)).toStrictEqual({
      method: "sendVideoNote",
      params: { chat_id: 1, video_note: "f" },
    });
  });
  it("merges the message, then the buttons, then extra; chat_id always wins", () => {
    const call = buildSendCall(
      {
        type: "photo",
        media: "m",
        caption: "c",
        parseMode: "HTML",
        buttons: [{ text: "a", url: "https://a" }],
        paid: true,
        extra: { caption: "override", chat_id: 999 },
      },
      5,
    );
    expect(call).toStrictEqual({
      method: "sendPhoto",
      params: {
        chat_id: 5,
        photo: "m",
        caption: "override",
        parse_mode: "HTML",
        reply_markup: { inline_keyboard: [[{ text: "a", url: "https://a" }]] },
        allow_paid_broadcast: true,
      },
    });
  });
  it("leaves parse_mode off types without text or caption", () => {
    expect(buildSendCall({ type: "sticker", media: "s", parseMode: "HTML" }, 1).params).toStrictEqual({
      chat_id: 1,
      sticker: "s",
    });
  });
  it("puts the media in the field named after each media type", () => {
    const media = ["photo", "video", "audio", "document", "animation", "voice", "video_note", "sticker"] as const;
    for (const type of media) {
      expect(buildSendCall({ type, media: "m" }, 2)).toStrictEqual({
        method: MESSAGE_METHODS[type],
        params: { chat_id: 2, [type]: "m" },
      });
    }
    expect(buildSendCall({ type: "location", extra: { latitude: 1, longitude: 2 } }, 3)).toStrictEqual({
      method: "sendLocation",
      params: { chat_id: 3, latitude: 1, longitude: 2 },
    });
  });
  it("sends text with its parse mode; a caption, even empty, takes the parse mode too", () => {
    expect(buildSendCall({ type: "text", text: "t", parseMode: "MarkdownV2" }, 1).params).toStrictEqual({
      chat_id: 1,
      text: "t",
      parse_mode: "MarkdownV2",
    });
    expect(buildSendCall({ type: "photo", media: "m", caption: "", parseMode: "HTML" }, 1).params).toStrictEqual({
      chat_id: 1,
      photo: "m",
      caption: "",
      parse_mode: "HTML",
    });
    expect(buildSendCall({ type: "photo", media: "m", parseMode: "HTML" }, 1).params).toStrictEqual({
      chat_id: 1,
      photo: "m",
    });
  });
  it("sends buttons as one row of URL buttons, paid only when asked, and lets extra replace the keyboard", () => {
    const buttons = [
      { text: "a", url: "https://a" },
      { text: "b", url: "https://b" },
    ];
    expect(buildSendCall({ type: "text", text: "t", buttons, paid: false }, 1).params).toStrictEqual({
      chat_id: 1,
      text: "t",
      reply_markup: { inline_keyboard: [buttons] },
    });
    const keyboard = { keyboard: [[{ text: "k" }]] };
    expect(
      buildSendCall({ type: "text", text: "t", buttons, extra: { reply_markup: keyboard } }, 1).params,
    ).toStrictEqual({
      chat_id: 1,
      text: "t",
      reply_markup: keyboard,
    });
  });
});
