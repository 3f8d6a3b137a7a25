import { describe, expect, it } from "@jest/globals";
import { Context } from "../../../src/isolate/context.js";
import { createTelegram } from "../../../src/isolate/telegram.js";
import { fakeBridge } from "./fake-bridge.js";

const user = { id: 9, is_bot: false, first_name: "Ada" };

function ctxOf(update: Record<string, unknown>) {
  const bridge = fakeBridge();
  return { ctx: new Context({ update_id: 1, ...update } as never, createTelegram(bridge)), bridge };
}

describe("Context accessors", () => {
  it("reads message, chat, from and text (or caption) of the kinds of message updates", () => {
    for (const kind of ["message", "edited_message", "channel_post", "edited_channel_post"]) {
      const { ctx } = ctxOf({
        [kind]: { message_id: 1, date: 1, chat: { id: 3, type: "private" }, from: user, text: "t" },
      });
      expect(ctx.updateType).toBe(kind);
      expect(ctx.message?.message_id).toBe(1);
      expect(ctx.chat?.id).toBe(3);
      expect(ctx.from?.first_name).toBe("Ada");
      expect(ctx.text).toBe("t");
    }
    const { ctx: captioned } = ctxOf({
      message: { message_id: 1, date: 1, chat: { id: 3, type: "private" }, caption: "c" },
    });
    expect(captioned.text).toBe("c");
    expect(captioned.editedMessage).toBeUndefined();
  });

  it("reads from and chat of callback queries, inline queries and member updates", () => {
    const cb = ctxOf({
      callback_query: {
        id: "q",
        from: user,
        chat_instance: "i",
        message: { message_id: 4, date: 1, chat: { id: 8, type: "group" } },
      },
    }).ctx;
    expect([cb.updateType, cb.from?.id, cb.chat?.id, cb.callbackQuery?.id, cb.text]).toEqual([
      "callback_query",
      9,
      8,
      "q",
      undefined,
    ]);
    const inline = ctxOf({ inline_query: { id: "i", from: user, query: "q", offset: "" } }).ctx;
    expect([inline.inlineQuery?.id, inline.from?.id, inline.chat]).toEqual(["i", 9, undefined]);
    const member = ctxOf({ my_chat_member: { chat: { id: 2, type: "private" }, from: user, date: 1 } }).ctx;
    expect([member.from?.id, member.chat?.id]).toEqual([9, 2]);
    expect(ctxOf({}).ctx.updateType).toBe("unknown");
  });
});

describe("Context shortcuts", () => {
  it("reply and its kin send to the update's chat", () => {
    const { ctx, bridge } = ctxOf({ message: { message_id: 6, date: 1, chat: { id: 3, type: "private" }, text: "x" } });
    void ctx.reply("hi", { disable_notification: true });
    void ctx.replyWithHTML("<b>x</b>");
    void ctx.replyWithMarkdownV2("*x*");
    void ctx.replyWithPhoto("p");
    void ctx.replyWithDocument("d");
    void ctx.replyWithSticker("s");
    void ctx.sendChatAction("typing");
    void ctx.deleteMessage();
    expect(bridge.calls).toEqual([
      { kind: "tg", method: "sendMessage", params: { chat_id: 3, text: "hi", disable_notification: true } },
      { kind: "tg", method: "sendMessage", params: { chat_id: 3, text: "<b>x</b>", parse_mode: "HTML" } },
      { kind: "tg", method: "sendMessage", params: { chat_id: 3, text: "*x*", parse_mode: "MarkdownV2" } },
      { kind: "tg", method: "sendPhoto", params: { chat_id: 3, photo: "p" } },
      { kind: "tg", method: "sendDocument", params: { chat_id: 3, document: "d" } },
      { kind: "tg", method: "sendSticker", params: { chat_id: 3, sticker: "s" } },
      { kind: "tg", method: "sendChatAction", params: { chat_id: 3, action: "typing" } },
      { kind: "tg", method: "deleteMessage", params: { chat_id: 3, message_id: 6 } },
    ]);
  });

  it("answerCbQuery and editMessageText work on the callback's message", () => {
    const { ctx, bridge } = ctxOf({
      callback_query: {
        id: "q1",
        from: user,
        chat_instance: "i",
        message: { message_id: 4, date: 1, chat: { id: 8, type: "private" } },
      },
    });
    void ctx.answerCbQuery("ok", { show_alert: true });
    void ctx.editMessageText("new");
    expect(bridge.calls).toEqual([
      { kind: "tg", method: "answerCallbackQuery", params: { callback_query_id: "q1", text: "ok", show_alert: true } },
      {
        kind: "tg",
        method: "editMessageText",
        params: { chat_id: 8, message_id: 4, inline_message_id: undefined, text: "new" },
      },
    ]);
  });

  it("says plainly what an update lacks", () => {
    const { ctx } = ctxOf({ inline_query: { id: "i", from: user, query: "", offset: "" } });
    expect(() => ctx.reply("x")).toThrow("This update has no chat to reply to");
    expect(() => ctx.answerCbQuery()).toThrow("This update is not a callback query");
    expect(() => ctx.editMessageText("x")).toThrow("This update has no message to edit");
    expect(() => ctx.deleteMessage()).toThrow("This update has no message to delete");
  });
});
