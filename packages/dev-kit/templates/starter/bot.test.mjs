// The bot's first test, with node's test runner and the kit's helpers: the platform's runtime and document store,
// and a fake Telegram chat. Run it with `npm test`.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { loadBot } from "@botyard/dev/testing";

test("/start greets, the button counts presses, the webhook reports users", async (t) => {
  const bot = await loadBot(fileURLToPath(new URL("bot.js", import.meta.url)), { env: {} });
  t.after(() => bot.close());

  const chat = bot.chat({ userId: 1, firstName: "Ada", languageCode: "en" });
  await chat.send("/start");
  assert.match(chat.replies.at(-1).text, /Hello, Ada!/);

  await chat.press("Count me");
  assert.equal(chat.replies.at(-1).text, "You pressed 1 time.");
  await chat.press("Count me");
  assert.equal(chat.replies.at(-1).text, "You pressed 2 times.");

  const reply = await bot.webhook("GET", "stats", { query: {} });
  assert.equal(reply.status, 200);
  assert.deepEqual(reply.body, { ok: true, data: { users: 1 } });
});
