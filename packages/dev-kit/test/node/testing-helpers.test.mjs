// @botyard/dev/testing under node's own test runner, as an author's test uses it (plain promises, no globals):
// node --no-node-snapshot --import tsx --test test/node/testing-helpers.test.mjs
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { loadBot } from "@botyard/dev/testing";

const FIXTURE = fileURLToPath(new URL("../fixtures/greeter.js", import.meta.url));

describe("loadBot", () => {
  let bot;
  before(async () => {
    bot = await loadBot(FIXTURE, { env: { GREETING: "Hi" } });
  });
  after(async () => {
    await bot?.close();
  });

  test("a chat sends messages and presses buttons; replies hold text, buttons and photos in order", async () => {
    const chat = bot.chat({ userId: 42, firstName: "Ada", languageCode: "fr" });
    await chat.send("/start");
    assert.equal(chat.replies.length, 1);
    assert.equal(chat.replies[0].text, "Hi Ada! Ready?");
    assert.deepEqual(chat.replies[0].buttons, [
      [
        { text: "Yes", data: "yes" },
        { text: "No", data: "no" },
      ],
      [{ text: "Docs", url: "https://example.com/docs" }],
    ]);
    const pressed = await chat.press("Yes");
    assert.deepEqual(
      pressed.map((r) => [r.method, r.text, r.photo]),
      [
        ["answerCallbackQuery", "Great", undefined],
        ["sendPhoto", "A cat for you", "https://example.com/cat.png"],
      ],
    );
    await assert.rejects(
      chat.press("Maybe"),
      /no inline button 'Maybe' in this chat \(there are 'Yes', 'No', 'Docs'\)/,
    );
    await assert.rejects(chat.press("Docs"), /opens https:\/\/example.com\/docs/);
    // Another user's chat is apart.
    const other = bot.chat({ userId: 43, firstName: "Bob" });
    await other.send("hello");
    assert.deepEqual(
      other.replies.map((r) => r.text),
      ["You said: hello"],
    );
    assert.equal(chat.replies.length, 3);
  });

  test("bot.db is the bot's document store", async () => {
    const ada = await bot.db.findOne("users", { _id: "42" });
    assert.deepEqual(ada, { _id: "42", name: "Ada", lang: "fr", greeting: "Hi", yes: 1 });
  });

  test("bot.webhook answers as the gateway does", async () => {
    const answer = await bot.webhook("POST", "hello", { query: { name: "Ada", n: 7 }, body: { x: 1 } });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers["x-hi"], "there");
    assert.deepEqual(answer.body, { ok: true, data: { hi: "Ada", method: "POST", path: "/custom/BOT/hello" } });
    assert.deepEqual(await bot.db.findOne("hits", { _id: "hit-7" }), { _id: "hit-7", name: "Ada", body: { x: 1 } });
    const teapot = await bot.webhook("GET", "teapot");
    assert.deepEqual([teapot.status, teapot.body], [418, { ok: false, message: "short and stout" }]);
    const missing = await bot.webhook("GET", "nothing");
    assert.deepEqual([missing.status, missing.body], [400, { ok: false, message: "No handler for path 'nothing'" }]);
  });

  test("bot.logs has the bot's console lines and its errors", async () => {
    assert.ok(bot.logs.some((l) => l.level === "log" && l.message === "echo hello"));
    const boom = await bot.webhook("GET", "boom");
    assert.deepEqual([boom.status, boom.body], [500, { ok: false, message: "Handler error" }]);
    const line = bot.logs.find((l) => l.message.startsWith("custom/boom: Error: boom"));
    assert.ok(line, "the handler's error is in the log");
    assert.match(line.message, new RegExp(`${FIXTURE.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:\\d+:\\d+`));
  });
});

describe("loadBot with a data folder", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "botyard-dev-testing-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("keeps the bot's documents between loads, and reload() runs the edited file", async () => {
    const file = path.join(dir, "bot.js");
    writeFileSync(
      file,
      'bot.on("text", async (ctx) => { await db.operation.insertOne("notes", { t: ctx.text }); });\n',
    );
    const first = await loadBot(file, { dataDir: path.join(dir, "data") });
    await first.chat().send("one");
    writeFileSync(
      file,
      'bot.on("text", async (ctx) => ctx.reply(String(await db.operation.countDocuments("notes"))));\n',
    );
    await first.reload();
    assert.deepEqual(
      (await first.chat().send("two")).map((r) => r.text),
      ["1"],
    );
    await first.close();
    const second = await loadBot(file, { dataDir: path.join(dir, "data") });
    try {
      assert.deepEqual(
        (await second.chat().send("three")).map((r) => r.text),
        ["1"],
      );
    } finally {
      await second.close();
    }
  });
});
