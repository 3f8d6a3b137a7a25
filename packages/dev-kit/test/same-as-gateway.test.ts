/**
 * The kit runs a bot as the platform does: one bot file, run under the kit (LocalBot, through its chat and webhook
 * helpers) and under the real gateway (its test harness: management's /apiv3, the gateway, the fake Bot API), gets
 * the same updates and webhook calls, and must make the same Bot API calls, answer the same replies, store the same
 * documents and log the same error (its stack naming the author's file under the kit, bot.js under the gateway).
 */
import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { DocumentStore } from "@botyard/docstore";
import { waitFor } from "@botyard/testing";
import request from "supertest";
import {
  type GatewayHarness,
  startGatewayHarness,
  type TestBot,
} from "../../../services/webhook-gateway/test/harness.js";
import { type BotApiCall, LocalBot } from "../src/local/local-bot.js";
import { callbackUpdate, findButton, messageUpdate, replyOf, type TestUser } from "../src/local/updates.js";

const FILE = fileURLToPath(new URL("./fixtures/greeter.js", import.meta.url));
const ENV = { GREETING: "Howdy" };
const ADA: TestUser = { userId: 4242, firstName: "Ada", languageCode: "en" };
const BOB: TestUser = { userId: 777, firstName: "Bob", languageCode: "de" };

/** The gateway's side of a chat: the same updates, posted to its Telegram intake as Telegram would. */
class GatewayChat {
  #next = 1;
  constructor(
    private readonly h: GatewayHarness,
    private readonly bot: TestBot,
    private readonly calls: BotApiCall[],
  ) {}

  async send(user: TestUser, text: string): Promise<void> {
    const n = this.#next++;
    await this.#post(messageUpdate(n, n, user, text, Math.floor(Date.now() / 1000)));
  }

  async press(user: TestUser, text: string): Promise<void> {
    const chatId = user.userId as number;
    const replies = this.calls
      .filter((c) => c.params.chat_id === chatId)
      .map((c) => replyOf(c.method, c.params, c.result));
    const { data, message } = findButton(replies, text, chatId);
    const n = this.#next++;
    await this.#post(callbackUpdate(n, `q${n}`, user, message, data));
  }

  async #post(update: Record<string, unknown>): Promise<void> {
    const res = await request(this.h.app)
      .post(`/telegram/${this.bot.botId}`)
      .set("X-Telegram-Bot-Api-Secret-Token", this.bot.webhookSecret)
      .send(update);
    expect(res.status).toBe(200);
  }
}

let h: GatewayHarness;
let gatewayBot: TestBot;
let local: LocalBot;
const gatewayCalls: BotApiCall[] = [];

beforeAll(async () => {
  // The gateway's defaults for what the harness shortens (the handler time limit, the isolate's memory).
  h = await startGatewayHarness({ timeoutMs: 10_000, memoryMb: 64 });
  gatewayBot = await h.bot(readFileSync(FILE, "utf8"), { env: ENV });
  h.fake.onCall((call, result) => {
    if (call.token === gatewayBot.token && !/Webhook$/.test(call.method))
      gatewayCalls.push({ method: call.method, params: call.params, result });
  });
  local = await LocalBot.start({ file: FILE, env: ENV });
  // Two platforms' start-ups (an embedded Postgres migrated from nothing among them) on a machine that may be loaded.
}, 180_000);

afterAll(async () => {
  await local?.close();
  await h?.close();
});

/** What a call is, without what the fake Bot API answered (message ids and dates of two different fakes). */
const shape = (calls: readonly BotApiCall[]) => calls.map(({ method, params }) => ({ method, params }));

describe("the same bot file under the kit and under the gateway", () => {
  test("makes the same Bot API calls for the same messages and button presses", async () => {
    const gateway = new GatewayChat(h, gatewayBot, gatewayCalls);
    const ada = local.chat(ADA);
    const bob = local.chat(BOB);
    const steps: Array<[TestUser, "send" | "press", string]> = [
      [ADA, "send", "/start"],
      [ADA, "press", "Yes"],
      [BOB, "send", "/start"],
      [BOB, "press", "No"],
      [ADA, "send", "hello there"],
      [ADA, "press", "Yes"],
      [BOB, "send", "count"],
    ];
    for (const [user, action, text] of steps) {
      const chat = user === ADA ? ada : bob;
      if (action === "send") await chat.send(text);
      else await chat.press(text);
      await (action === "send" ? gateway.send(user, text) : gateway.press(user, text));
      await waitFor(() => gatewayCalls.length >= local.calls.length, {
        what: `the gateway's Bot API calls after ${action} '${text}' (${local.calls.length} under the kit)`,
      });
    }
    expect(shape(local.calls)).toEqual(shape(gatewayCalls));
    // And what a test sees of it: Ada's chat, in order, with text, buttons and the photo.
    expect(ada.replies.map((r) => [r.method, r.text, r.photo])).toEqual([
      ["sendMessage", "Howdy Ada! Ready?", undefined],
      ["answerCallbackQuery", "Great", undefined],
      ["sendPhoto", "A cat for you", "https://example.com/cat.png"],
      ["sendMessage", "You said: hello there", undefined],
      ["answerCallbackQuery", "Great", undefined],
      ["sendPhoto", "A cat for you", "https://example.com/cat.png"],
    ]);
    expect(ada.replies[0]?.buttons).toEqual([
      [
        { text: "Yes", data: "yes" },
        { text: "No", data: "no" },
      ],
      [{ text: "Docs", url: "https://example.com/docs" }],
    ]);
  });

  test("answers custom webhooks with the same status, headers and body", async () => {
    const calls: Array<{ method: string; path: string; query?: Record<string, string>; body?: unknown }> = [
      { method: "GET", path: "hello", query: { name: "Ada", n: "1" } },
      { method: "POST", path: "hello", query: { n: "2" }, body: { a: [1, 2], b: "x" } },
      { method: "PUT", path: "teapot" },
      { method: "GET", path: "boom" },
      { method: "GET", path: "nothing" },
      { method: "GET", path: "bad.path" },
      { method: "POST", path: "hello", body: "{not json" },
    ];
    for (const call of calls) {
      const answer = await local.webhook(call.method, call.path, {
        ...(call.query ? { query: call.query } : {}),
        ...(call.body === undefined ? {} : { body: call.body }),
      });
      const search = call.query ? `?${new URLSearchParams(call.query)}` : "";
      let req = request(h.app)[call.method.toLowerCase() as "get" | "post" | "put"](
        `/custom/${gatewayBot.botId}/${call.path}${search}`,
      );
      if (call.body !== undefined) {
        req = req
          .set("Content-Type", "application/json")
          .send(typeof call.body === "string" ? call.body : JSON.stringify(call.body));
      }
      const res = await req;
      const what = `${call.method} ${call.path}`;
      expect([what, answer.status, answer.body]).toEqual([what, res.status, res.body]);
      for (const header of ["content-type", "x-hi", "retry-after"]) {
        expect([what, header, answer.headers[header]]).toEqual([what, header, res.headers[header]]);
      }
    }
  });

  test("stores the same documents", async () => {
    const store = new DocumentStore(h.handle.pool, gatewayBot.botId);
    for (const collection of ["users", "hits"]) {
      const kit = await local.db.findAll(collection, {}, { sort: { _id: 1 } });
      const gateway = await store.findAll(collection, {}, { sort: { _id: 1 } });
      expect(gateway.length).toBeGreaterThan(0);
      expect([collection, kit]).toEqual([collection, gateway]);
    }
  });

  test("logs the same handler error, naming the author's file under the kit", async () => {
    const gatewayLine = await h.waitForLog(gatewayBot.botId, /^custom\/boom:/);
    const kitLine = local.logs.find((l) => l.message.startsWith("custom/boom:"))?.message;
    expect(kitLine).toContain(`${FILE}:`);
    expect(kitLine?.replaceAll(FILE, "bot.js")).toBe(gatewayLine);
    // The line and column of the throw in the fixture.
    const line =
      readFileSync(FILE, "utf8")
        .split("\n")
        .findIndex((l) => l.includes('throw new Error("boom")')) + 1;
    expect(kitLine).toContain(`${FILE}:${line}:9`);
  });
});
