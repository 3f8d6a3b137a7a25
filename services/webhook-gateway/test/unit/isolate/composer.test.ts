import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { createComposer, matchTrigger, parseCommand, updateHas } from "../../../src/isolate/composer.js";
import { Context } from "../../../src/isolate/context.js";
import { createTelegram } from "../../../src/isolate/telegram.js";
import { fakeBridge } from "./fake-bridge.js";

const text = (t: string, extra: Record<string, unknown> = {}) =>
  ({ update_id: 1, message: { message_id: 7, date: 1, chat: { id: 5, type: "private" }, text: t, ...extra } }) as never;
const callback = (data: string) =>
  ({
    update_id: 2,
    callback_query: { id: "q", chat_instance: "i", data, from: { id: 5, is_bot: false, first_name: "A" } },
  }) as never;

function bot() {
  const telegram = createTelegram(fakeBridge());
  return createComposer(telegram);
}

describe("parseCommand", () => {
  it("reads /name, /name@bot and the payload", () => {
    expect(parseCommand("/start")).toEqual({ name: "start", payload: "" });
    expect(parseCommand("/start@MyBot deep-link")).toEqual({ name: "start", payload: "deep-link" });
    expect(parseCommand("/echo two\nlines")).toEqual({ name: "echo", payload: "two\nlines" });
    expect(parseCommand("start")).toBeNull();
    expect(parseCommand("/")).toBeNull();
    expect(parseCommand(undefined)).toBeNull();
  });
  it("never throws and only matches a leading slash", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const parsed = parseCommand(s);
        if (parsed) expect(s.startsWith(`/${parsed.name}`)).toBe(true);
      }),
    );
  });
});

describe("matchTrigger", () => {
  it("compares strings exactly and runs a RegExp from the start every time", () => {
    expect(matchTrigger("hi", "hi")).toEqual(["hi"]);
    expect(matchTrigger("hi", "hi there")).toBeNull();
    const global = /h(i)/g;
    expect(matchTrigger(global, "hi")?.[1]).toBe("i");
    expect(matchTrigger(global, "hi")?.[1]).toBe("i"); // lastIndex reset: a global RegExp matches twice
    expect(matchTrigger(/x/, undefined)).toBeNull();
  });
});

describe("composer", () => {
  it("runs the first matching handler only, with ctx.match and ctx.payload set", async () => {
    const seen: string[] = [];
    const b = bot();
    b.start((ctx) => void seen.push(`start:${ctx.payload}`));
    b.command(["/help", "about"], (ctx) => void seen.push(`cmd:${String(ctx.match?.[0])}`));
    b.hears(/^hi (\w+)/i, (ctx) => void seen.push(`hears:${ctx.match?.[1]}`));
    b.hears("hi bob", () => void seen.push("never: an earlier handler took it"));
    b.action(/^buy:(\d+)$/, (ctx) => void seen.push(`action:${ctx.match?.[1]}`));
    b.on("photo", () => void seen.push("photo"));
    expect(await b.handleUpdate(text("/start ref42"))).toBe(true);
    expect(await b.handleUpdate(text("/about"))).toBe(true);
    expect(await b.handleUpdate(text("Hi bob"))).toBe(true);
    expect(await b.handleUpdate(callback("buy:12"))).toBe(true);
    expect(await b.handleUpdate(text("", { photo: [] }))).toBe(true);
    expect(await b.handleUpdate(text("nothing matches"))).toBe(false);
    expect(seen).toEqual(["start:ref42", "cmd:/about", "hears:bob", "action:12", "photo"]);
  });

  it("passes the update on when a handler calls next(), as Telegraf middleware does", async () => {
    const order: string[] = [];
    const b = bot();
    b.use(async (ctx, next) => {
      order.push("use:before");
      ctx.state.user = "ada";
      await next();
      order.push("use:after");
    });
    b.on("text", async (ctx, next) => {
      order.push(`text:${String(ctx.state.user)}`);
      await next();
    });
    b.hears("go", () => void order.push("hears"));
    expect(await b.handleUpdate(text("go"))).toBe(true);
    expect(order).toEqual(["use:before", "text:ada", "hears", "use:after"]);
    // Everyone called next() and nobody stopped it: the update was not handled.
    const all = bot();
    all.use((_ctx, next) => next());
    expect(await all.handleUpdate(text("x"))).toBe(false);
  });

  it("refuses next() twice and a handler that is not a function", async () => {
    const b = bot();
    b.use(async (_ctx, next) => {
      await next();
      await next();
    });
    await expect(b.handleUpdate(text("x"))).rejects.toThrow("next() was called twice");
    const bad = bot();
    bad.on("text", "not a function" as never);
    await expect(bad.handleUpdate(text("x"))).rejects.toThrow("A handler must be a function");
  });

  it("on() matches update kinds, message fields and kind:field filters", () => {
    const ctx = new Context(text("hello", { photo: [{ file_id: "p" }] }), createTelegram(fakeBridge()));
    expect(updateHas(ctx, "message")).toBe(true);
    expect(updateHas(ctx, "photo")).toBe(true);
    expect(updateHas(ctx, "text")).toBe(true);
    expect(updateHas(ctx, "message:photo")).toBe(true);
    expect(updateHas(ctx, "message:video")).toBe(false);
    expect(updateHas(ctx, "callback_query")).toBe(false);
    expect(updateHas(ctx, "edited_message:text")).toBe(false);
  });
});
