/**
 * Scheduled runs under the kit: the gateway's ScheduleService stores them in the kit's Postgres and its firing loop
 * runs them in this process, on the bot's current code.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, test } from "@jest/globals";
import { waitFor } from "@botyard/testing";
import { LocalBot } from "../src/local/local-bot.js";

const FILE = fileURLToPath(new URL("./fixtures/reminders.js", import.meta.url));
let bot: LocalBot;

beforeAll(async () => {
  bot = await LocalBot.start({ file: FILE });
}, 120_000);

afterAll(async () => {
  await bot?.close();
});

test("runAfter and runAt fire in this process; a cron schedule stays", async () => {
  const chat = bot.chat({ userId: 5 });
  await chat.send("/later");
  await waitFor(() => chat.replies.length === 3, { what: "the reply and both reminders", timeoutMs: 30_000 });
  // The reminders may come before the reply on a loaded machine: a second is short.
  expect(chat.replies.map((r) => r.text).sort()).toEqual([
    "reminder after a second",
    "reminder at a time",
    "scheduled",
  ]);
  // A one-off run leaves the list once its handler has returned (a run that throws is tried again), which is a
  // moment after its message went out: the list is read until then.
  const listed = async () => (await chat.send("/list")).map((r) => r.text);
  await waitFor(async () => (await listed()).join() === "pending: tick", {
    what: "the one-off runs gone from the list, the cron schedule still on it",
    timeoutMs: 10_000,
    intervalMs: 100,
  });
}, 60_000);
