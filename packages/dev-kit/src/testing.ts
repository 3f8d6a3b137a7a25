/**
 * `@botyard/dev/testing`: a bot file under test, run by the platform's own runtime (the kit's LocalBot) with an
 * in-memory document store and the fake Bot API. Plain promises and no globals, so it works from jest, vitest or
 * node's test runner alike:
 *
 * ```js
 * const bot = await loadBot("bot.js", { env: { GREETING: "hi" } });
 * const chat = bot.chat({ userId: 42, firstName: "Ada", languageCode: "en" });
 * await chat.send("/start");
 * chat.replies; // [{ method: "sendMessage", text: "hi Ada", buttons: [[{ text: "Yes", data: "yes" }]], … }]
 * await chat.press("Yes");
 * await bot.webhook("GET", "hello", { query: { name: "Ada" } }); // { status: 200, headers, body: { ok: true, … } }
 * await bot.db.findOne("users", { _id: "42" });
 * bot.logs; // [{ level: "log", message: "…", at }]
 * await bot.close();
 * ```
 *
 * isolated-vm, which runs the bot's isolate, needs Node started with `--no-node-snapshot` (Node 20 and later):
 * `node --no-node-snapshot --test`, or `NODE_OPTIONS=--no-node-snapshot` for jest and vitest.
 */
import type { DocumentStore } from "@botyard/docstore";
import {
  type BotApiCall,
  canRunIsolates,
  LocalBot,
  type LocalChat,
  type LogLine,
  type WebhookAnswer,
  type WebhookRequest,
} from "./local/local-bot.js";
import type { TestUser } from "./local/updates.js";

export type { Button, Reply, TestUser } from "./local/updates.js";
export type { BotApiCall, LocalChat as TestChat, LogLine, WebhookAnswer, WebhookRequest } from "./local/local-bot.js";
export { canRunIsolates } from "./local/local-bot.js";

/** Options of {@link loadBot}. */
export interface LoadBotOptions {
  /** The bot's environment variables (its `process.env`). @defaultValue none */
  env?: Record<string, string>;
  /** A folder to keep the bot's data in (and find it in again). @defaultValue in memory, gone at close() */
  dataDir?: string;
  /**
   * The platform's settings where a test needs others (HANDLER_TIMEOUT_MS, BOT_MEMORY_MB, ALLOW_PRIVATE_EGRESS, …, as
   * the gateway reads them). @defaultValue the platform's defaults
   */
  gatewayEnv?: Record<string, string | undefined>;
}

/** A bot under test. */
export interface TestBot {
  /** A private chat of `user` with the bot. */
  chat(user?: TestUser): LocalChat;
  /** Calls the custom webhook `logic[path]` over HTTP; answers as the gateway would. */
  webhook(method: string, path: string, request?: WebhookRequest): Promise<WebhookAnswer>;
  /** The bot's document store: `findOne`, `findAll`, `countDocuments`, `insertOne`, … as `db.operation` has them. */
  readonly db: DocumentStore;
  /** The bot's log so far, oldest first. */
  readonly logs: readonly LogLine[];
  /** Every Bot API call of the bot so far, in any chat. */
  readonly calls: readonly BotApiCall[];
  /** Loads the file again (as a restart would): a new isolate, the same data. */
  reload(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the bot in `file` (resolved against the current folder). */
export async function loadBot(file: string, options: LoadBotOptions = {}): Promise<TestBot> {
  if (!canRunIsolates()) {
    throw new Error(
      "loadBot needs Node started with --no-node-snapshot (isolated-vm requires it): " +
        "`node --no-node-snapshot --test`, or NODE_OPTIONS=--no-node-snapshot for jest or vitest",
    );
  }
  const bot = await LocalBot.start({
    file,
    ...(options.env ? { env: options.env } : {}),
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.gatewayEnv ? { gatewayEnv: options.gatewayEnv } : {}),
  });
  return {
    chat: (user) => bot.chat(user),
    webhook: (method, path, request) => bot.webhook(method, path, request),
    db: bot.db,
    get logs() {
      return bot.logs;
    },
    get calls() {
      return bot.calls;
    },
    async reload() {
      await bot.reload();
    },
    close: () => bot.close(),
  };
}
