import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import { FakeTelegram } from "@botyard/fake-telegram";
import { TelegramApiError, TelegramClient, TelegramNetworkError } from "../src/index.js";

const TOKEN = "123456:AAHfakeTokenForTests_abcdefghijkl";
let fake: FakeTelegram;
let client: TelegramClient;

beforeAll(async () => {
  fake = await FakeTelegram.start();
  client = new TelegramClient({ apiRoot: fake.apiRoot, timeoutMs: 2000 });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

describe("TelegramClient against the fake Bot API", () => {
  it("posts JSON to /bot<token>/<method> and resolves with result", async () => {
    const message = await client.call<{ message_id: number; text: string }>(TOKEN, "sendMessage", { chat_id: 42, text: "héllo 👋" });
    expect(message.text).toBe("héllo 👋");
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]).toMatchObject({ token: TOKEN, method: "sendMessage", params: { chat_id: 42, text: "héllo 👋" } });
  });

  it("maps 429 to a rate-limit error with retry_after", async () => {
    fake.configure({ rateLimitNext: 1, retryAfter: 7 });
    const err = await client.call(TOKEN, "sendMessage", { chat_id: 1, text: "x" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TelegramApiError);
    expect((err as TelegramApiError).isRateLimit).toBe(true);
    expect((err as TelegramApiError).retryAfter).toBe(7);
  });

  it("maps 403 for blocked chats, 401 for revoked tokens and 5xx", async () => {
    fake.configure({ blockedChats: new Set([5]), revokedTokens: new Set(["999:revoked"]), failNext: 1 });
    const server = await client.call(TOKEN, "sendMessage", { chat_id: 1, text: "x" }).catch((e: unknown) => e);
    expect((server as TelegramApiError).isServerError).toBe(true);
    const blocked = await client.call(TOKEN, "sendMessage", { chat_id: 5, text: "x" }).catch((e: unknown) => e);
    expect((blocked as TelegramApiError).errorCode).toBe(403);
    const revoked = await client.call("999:revoked", "getMe").catch((e: unknown) => e);
    expect((revoked as TelegramApiError).errorCode).toBe(401);
  });

  it("enforces a per-token rate in the fake", async () => {
    fake.configure({ ratePerSecond: 5 });
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => client.call(TOKEN, "sendMessage", { chat_id: 1, text: "x" })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect(fake.rateLimited).toBe(3);
  });

  it("reports a refused connection as a network error without the token", async () => {
    const dead = new TelegramClient({ apiRoot: "http://127.0.0.1:1", timeoutMs: 1000 });
    const err = await dead.call(TOKEN, "getMe").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TelegramNetworkError);
    expect(String((err as Error).message)).not.toContain(TOKEN);
  });
});
