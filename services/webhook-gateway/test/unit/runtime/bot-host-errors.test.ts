/**
 * BotHost (src/runtime/bot-host.ts) without a database or a Bot API: what each failure of a host call looks like to
 * bot code (describe), and the Telegram call's token rules. Every failure reaches bot code as a short error with a
 * code; ours stay in our log, never SQL or a token in what the bot sees.
 */
import { describe, expect, it } from "@jest/globals";
import type { Logger } from "@botyard/common/logging";
import { DocumentStoreError } from "@botyard/docstore";
import { TelegramApiError, TelegramNetworkError, type TelegramClient } from "@botyard/telegram";
import type { HostCall } from "../../../src/isolate/protocol.js";
import { BotHost, BotHostError, DEFAULT_HOST_CALL_LIMITS } from "../../../src/runtime/bot-host.js";
import type { Egress } from "../../../src/runtime/egress.js";
import { EgressError } from "../../../src/runtime/egress.js";
import { LimitExceededError } from "../../../src/runtime/limiter.js";

const TOKEN = "123456789:AAE-secret-token-part-0123456789ab";
const dbCall: HostCall = { kind: "db", op: "findOne", args: ["users", {}] };
const tgCall: HostCall = { kind: "tg", method: "sendMessage", params: { chat_id: 1, text: "hi" } };

function host(options: { token?: string; telegram?: (method: string) => Promise<unknown> } = {}) {
  const logged: Array<{ fields: Record<string, unknown>; message: string }> = [];
  let rejected = 0;
  const logger = {
    error: (fields: Record<string, unknown>, message: string) => logged.push({ fields, message }),
  } as unknown as Logger;
  const telegram = {
    call: (_token: string, method: string) => (options.telegram ?? (async () => ({ ok: true })))(method),
  } as unknown as TelegramClient;
  const bot = new BotHost({
    botId: "bot-1",
    token: "token" in options ? options.token : TOKEN,
    store: { runJson: async () => "null" },
    telegram,
    egress: { request: async () => ({}) } as unknown as Egress,
    limits: DEFAULT_HOST_CALL_LIMITS,
    maxSleepMs: 10,
    overBudgetMs: () => 0,
    log: () => {},
    onTokenRejected: async () => {
      rejected += 1;
    },
    logger,
  });
  return { bot, logged, rejected: () => rejected };
}

describe("BotHost.describe: a failed host call as bot code sees it", () => {
  it("tells the database's refusals by kind, and hides an unavailable or internal one", () => {
    const { bot, logged } = host();
    const store = (kind: ConstructorParameters<typeof DocumentStoreError>[1]) =>
      bot.describe(new DocumentStoreError(`message of ${kind}`, kind), dbCall);
    expect(store("invalid")).toEqual({ message: "message of invalid", code: "ERR_DB" });
    expect(store("limit")).toEqual({ message: "message of limit", code: "ERR_DB_LIMIT" });
    expect(store("timeout")).toEqual({ message: "message of timeout", code: "ERR_DB_TIMEOUT" });
    expect(store("unavailable")).toEqual({
      message: "The database did not answer; try again",
      code: "ERR_DB_UNAVAILABLE",
    });
    expect(logged).toHaveLength(0);
    expect(store("internal")).toEqual({
      message: "db.operation failed because of a problem on our side; try again",
      code: "ERR_INTERNAL",
    });
    expect(logged).toEqual([
      { fields: expect.objectContaining({ botId: "bot-1", kind: "db" }), message: "host call failed" },
    ]);
  });

  it("gives Telegram's refusal as Telegraf does (code, description, response)", () => {
    const { bot } = host();
    expect(bot.describe(new TelegramApiError("sendMessage", 400, "Bad Request: chat not found"), tgCall)).toEqual({
      message: "400: Bad Request: chat not found",
      code: 400,
      description: "Bad Request: chat not found",
      response: { ok: false, error_code: 400, description: "Bad Request: chat not found" },
    });
  });

  it("reports a network failure towards Telegram without the token the library may have echoed", () => {
    const { bot } = host();
    const err = new TelegramNetworkError("sendMessage", `connect ECONNREFUSED /bot${TOKEN}/sendMessage`);
    const seen = bot.describe(err, tgCall);
    expect(seen).toEqual({
      message: "Telegram did not answer sendMessage: connect ECONNREFUSED /bot[redacted-token]/sendMessage",
      code: "ETELEGRAM",
    });
    expect(JSON.stringify(seen)).not.toContain("secret-token");
  });

  it("passes the limiter's, egress's and the host's own refusals through with their codes", () => {
    const { bot, logged } = host();
    expect(bot.describe(new LimitExceededError("too many db.operation calls waiting"), dbCall)).toEqual({
      message: "too many db.operation calls waiting",
      code: "ERR_TOO_MANY_PENDING",
    });
    const blocked = new EgressError("private address refused", "ERR_PRIVATE_ADDRESS");
    expect(bot.describe(blocked, { kind: "http", config: {} })).toEqual({
      message: "private address refused",
      code: "ERR_PRIVATE_ADDRESS",
    });
    expect(bot.describe(new BotHostError("no token", "ERR_NO_TOKEN"), tgCall)).toEqual({
      message: "no token",
      code: "ERR_NO_TOKEN",
    });
    expect(logged).toHaveLength(0);
  });

  it("keeps anything else in our log and tells the bot only which kind of call failed", () => {
    const { bot, logged } = host();
    const ours = new Error('relation "bots" does not exist; password=hunter2');
    for (const [call, what] of [
      [dbCall, "db.operation"],
      [tgCall, "bot.telegram"],
      [{ kind: "http", config: {} }, "http"],
    ] as const) {
      const seen = bot.describe(ours, call);
      expect(seen).toEqual({
        message: `${what} failed because of a problem on our side; try again`,
        code: "ERR_INTERNAL",
      });
    }
    expect(logged.map((l) => l.fields.kind)).toEqual(["db", "tg", "http"]);
    expect(logged[0]?.fields.err).toBe(ours);
  });
});

describe("BotHost.call: Telegram", () => {
  it("refuses a Telegram call of a bot without a token, before any request", async () => {
    let requests = 0;
    const { bot } = host({
      token: undefined,
      telegram: async () => {
        requests += 1;
        return {};
      },
    });
    await expect(bot.call(tgCall)).rejects.toMatchObject({ name: "BotHostError", code: "ERR_NO_TOKEN" });
    expect(requests).toBe(0);
  });

  it("halts the bot when Telegram rejects its token (401), and only then", async () => {
    const revoked = host({
      telegram: async () => {
        throw new TelegramApiError("sendMessage", 401, "Unauthorized");
      },
    });
    await expect(revoked.bot.call(tgCall)).rejects.toBeInstanceOf(TelegramApiError);
    expect(revoked.rejected()).toBe(1);

    const blocked = host({
      telegram: async () => {
        throw new TelegramApiError("sendMessage", 403, "Forbidden: bot was blocked by the user");
      },
    });
    await expect(blocked.bot.call(tgCall)).rejects.toMatchObject({ errorCode: 403 });
    expect(blocked.rejected()).toBe(0);
  });
});
