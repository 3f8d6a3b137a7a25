/**
 * The bot `init` writes, on the platform's own runtime (the gateway's sandbox and isolate bootstrap), with its host
 * calls answered here: /start replies with the button, a press counts in the document store and answers the
 * callback query, and the webhook reports the users. The kit's `run` and test helpers run the same file with the real
 * document store; this keeps the template honest without them.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, expect, it } from "@jest/globals";
import type { HostCall } from "../../../services/webhook-gateway/src/isolate/protocol.js";
import { isolateScript } from "../../../services/webhook-gateway/src/runtime/isolate-script.js";
import { Sandbox, type SandboxHost } from "../../../services/webhook-gateway/src/runtime/sandbox.js";
import { kitPath } from "../src/kit.js";

const calls: HostCall[] = [];
/** One collection, enough for the starter bot's findOne, setProp and countDocuments. */
const presses: Array<Record<string, unknown>> = [];
const host: SandboxHost = {
  async call(call) {
    calls.push(call);
    if (call.kind === "tg") return { message_id: calls.length };
    if (call.kind !== "db") throw new Error(`unexpected ${call.kind} call`);
    const [collection, filter, props] = call.args as [string, Record<string, unknown>, Record<string, unknown>];
    expect(collection).toBe("presses");
    const match = presses.find((d) => Object.entries(filter ?? {}).every(([k, v]) => d[k] === v));
    if (call.op === "findOne") return match ?? null;
    if (call.op === "countDocuments") return presses.length;
    if (call.op === "setProp") {
      if (match) Object.assign(match, props);
      else presses.push({ ...filter, ...props });
      return { matched: Boolean(match) };
    }
    throw new Error(`unexpected db.operation.${call.op}`);
  },
  describe: (err) => ({ message: String(err) }),
  log: () => {},
};

let sandbox: Sandbox;
beforeAll(async () => {
  const code = await readFile(kitPath("templates", "starter", "bot.js"), "utf8");
  sandbox = await Sandbox.create(await isolateScript(), code, {}, host, { memoryMb: 64, timeoutMs: 5000 });
});
afterAll(() => sandbox?.close());

const from = { id: 7, is_bot: false, first_name: "Ada" };
const chat = { id: 7, type: "private" };

it("greets with a button, counts presses, and reports users on its webhook", async () => {
  await sandbox.runUpdate({ update_id: 1, message: { message_id: 1, date: 0, chat, from, text: "/start" } });
  expect(calls.splice(0)).toEqual([
    {
      kind: "tg",
      method: "sendMessage",
      params: {
        chat_id: 7,
        text: "Hello, Ada! Press the button to count.",
        reply_markup: { inline_keyboard: [[{ text: "Count me", callback_data: "count" }]] },
      },
    },
  ]);

  for (const n of [1, 2]) {
    const message = { message_id: 2, date: 0, chat, text: "Hello, Ada! Press the button to count." };
    await sandbox.runUpdate({
      update_id: 1 + n,
      callback_query: { id: `q${n}`, from, chat_instance: "c", data: "count", message },
    });
    const replies = calls.splice(0).filter((c) => c.kind === "tg");
    expect(replies).toEqual([
      { kind: "tg", method: "answerCallbackQuery", params: { callback_query_id: `q${n}` } },
      {
        kind: "tg",
        method: "sendMessage",
        params: { chat_id: 7, text: `You pressed ${n} ${n === 1 ? "time" : "times"}.` },
      },
    ]);
  }
  expect(presses).toEqual([{ userId: 7, count: 2 }]);

  const stats = await sandbox.runLogic("stats", {
    query: {},
    body: {},
    params: { method: "GET", path: "/custom/local/stats", headers: {}, rawBody: "", ip: "127.0.0.1", botId: "local" },
  });
  expect(stats).toMatchObject({ status: "done", result: { statusCode: 200, data: { users: 1 } } });
});
