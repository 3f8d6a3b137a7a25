import { describe, expect, it } from "@jest/globals";
import { buildSendCall, checkBroadcastRequest, MESSAGE_METHODS } from "../src/index.js";

describe("checkBroadcastRequest", () => {
  it("defaults to text and keeps only known fields", () => {
    const check = checkBroadcastRequest({ botId: "b", text: "hi", unknown: 1 });
    expect(check).toEqual({ ok: true, payload: { type: "text", text: "hi" } });
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
    expect(buildSendCall({ type: "video_note", media: "f" }, 1)).toEqual({
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
    expect(call).toEqual({
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
    expect(buildSendCall({ type: "sticker", media: "s", parseMode: "HTML" }, 1).params).toEqual({
      chat_id: 1,
      sticker: "s",
    });
  });
});
