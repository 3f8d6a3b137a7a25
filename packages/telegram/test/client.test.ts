import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
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
  await client.close();
  await fake.close();
});
beforeEach(() => fake.reset());

describe("TelegramClient against the fake Bot API", () => {
  it("posts JSON to /bot<token>/<method> and resolves with result", async () => {
    const message = await client.call<{ message_id: number; text: string }>(TOKEN, "sendMessage", {
      chat_id: 42,
      text: "héllo 👋",
    });
    expect(message.text).toBe("héllo 👋");
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]).toMatchObject({
      token: TOKEN,
      method: "sendMessage",
      params: { chat_id: 42, text: "héllo 👋" },
    });
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
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => client.call(TOKEN, "sendMessage", { chat_id: 1, text: "x" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect(fake.rateLimited).toBe(3);
  });

  it("reports a refused connection as a network error without the token", async () => {
    const dead = new TelegramClient({ apiRoot: "http://127.0.0.1:1", timeoutMs: 1000 });
    const err = await dead.call(TOKEN, "getMe").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TelegramNetworkError);
    expect(String((err as Error).message)).not.toContain(TOKEN);
    await dead.close();
  });

  it("gives up on a slow answer after timeoutMs with a network error", async () => {
    fake.configure({ latencyMs: 1500 });
    const impatient = new TelegramClient({ apiRoot: fake.apiRoot, timeoutMs: 200 });
    const started = performance.now();
    const err = await impatient.call(TOKEN, "getMe").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TelegramNetworkError);
    expect((err as TelegramNetworkError).reason).toBe("ETIMEDOUT");
    expect(performance.now() - started).toBeLessThan(1400);
    await impatient.close();
  });

  it("keeps a path in apiRoot and reports a reply that is not JSON as a network error", async () => {
    const paths: string[] = [];
    const proxy = createServer((req, res) => {
      paths.push(req.url ?? "");
      res.writeHead(502, { "content-type": "text/html" }).end("<html>bad gateway</html>");
    });
    await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
    const { port } = proxy.address() as AddressInfo;
    const behindProxy = new TelegramClient({ apiRoot: `http://127.0.0.1:${port}/telegram/`, timeoutMs: 1000 });
    const err = await behindProxy.call(TOKEN, "getMe").catch((e: unknown) => e);
    expect(paths).toEqual([`/telegram/bot${TOKEN}/getMe`]);
    expect(err).toBeInstanceOf(TelegramNetworkError);
    expect((err as TelegramNetworkError).reason).toBe("EBADREPLY");
    await behindProxy.close();
    proxy.closeAllConnections();
    await new Promise((r) => proxy.close(r));
  });
});
