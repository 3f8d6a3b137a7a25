import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { FakeTelegram } from "@botyard/fake-telegram";
import fc from "fast-check";
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
    const err = await impatient.call(TOKEN, "getMe").catch((e: unknown) => e);
    // The client's own timer ended the call (the fake answers at 1.5 s with ok: true): no wall-clock bound needed.
    expect(err).toBeInstanceOf(TelegramNetworkError);
    expect((err as TelegramNetworkError).reason).toBe("ETIMEDOUT");
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

/** A Bot API stand-in that records each request and answers what the test scripted. */
async function scriptedApi(answer: (req: { url: string; body: string }) => { status: number; body: string }) {
  const seen: { method: string; url: string; contentType: string | undefined; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => {
      body += c;
    });
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", contentType: req.headers["content-type"], body });
      const reply = answer({ url: req.url ?? "", body });
      res.writeHead(reply.status, { "content-type": "application/json" }).end(reply.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  };
  return { seen, origin, close };
}

describe("TelegramClient requests and replies", () => {
  let api: Awaited<ReturnType<typeof scriptedApi>>;
  let reply: { status: number; body: string };
  let scripted: TelegramClient;
  beforeAll(async () => {
    api = await scriptedApi(() => reply);
    scripted = new TelegramClient({ apiRoot: api.origin, timeoutMs: 2000 });
  });
  afterAll(async () => {
    await scripted.close();
    await api.close();
  });
  beforeEach(() => {
    api.seen.length = 0;
    reply = { status: 200, body: '{"ok":true,"result":{"id":1}}' };
  });

  it("POSTs the params as JSON to /bot<token>/<method>, {} when there are none", async () => {
    expect(await scripted.call(TOKEN, "getMe")).toEqual({ id: 1 });
    await scripted.call(TOKEN, "sendMessage", { chat_id: 1, text: "a" });
    expect(api.seen).toEqual([
      { method: "POST", url: `/bot${TOKEN}/getMe`, contentType: "application/json", body: "{}" },
      {
        method: "POST",
        url: `/bot${TOKEN}/sendMessage`,
        contentType: "application/json",
        body: '{"chat_id":1,"text":"a"}',
      },
    ]);
  });

  it("refuses a method name that is not letters, digits and _ without sending anything", async () => {
    const bad = ["", "get Me", "getMe/", "/getMe", "../bot2/getMe", "getMe?x=1", "getMe#", "sendMessage\n", "méthode"];
    for (const method of bad) {
      const err = await scripted.call(TOKEN, method).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TelegramApiError);
      expect([(err as TelegramApiError).errorCode, (err as TelegramApiError).description]).toEqual([
        400,
        "Bad Request: invalid method name",
      ]);
    }
    expect(api.seen).toEqual([]);
  });

  it("sends every name made of letters, digits and _, and refuses every other", async () => {
    const allowed = fc.stringMatching(/^[A-Za-z0-9_]{1,12}$/);
    await fc.assert(
      fc.asyncProperty(allowed, async (method) => {
        api.seen.length = 0;
        await scripted.call(TOKEN, method);
        expect(api.seen.map((s) => s.url)).toEqual([`/bot${TOKEN}/${method}`]);
      }),
      { numRuns: 30 },
    );
    const other = fc
      .tuple(fc.string({ maxLength: 6 }), fc.string({ minLength: 1, maxLength: 3 }), fc.string({ maxLength: 6 }))
      .filter(([, middle]) => /[^A-Za-z0-9_]/.test(middle));
    api.seen.length = 0;
    await fc.assert(
      fc.asyncProperty(other, async ([before, middle, after]) => {
        const err = await scripted.call(TOKEN, `${before}${middle}${after}`).catch((e: unknown) => e);
        expect((err as TelegramApiError).errorCode).toBe(400);
      }),
    );
    expect(api.seen).toEqual([]);
  });

  it("maps ok: false to the error's code, description and retry_after", async () => {
    reply = {
      status: 429,
      body: '{"ok":false,"error_code":429,"description":"Too Many Requests","parameters":{"retry_after":3}}',
    };
    const limited = (await scripted.call(TOKEN, "getMe").catch((e: unknown) => e)) as TelegramApiError;
    expect([limited.method, limited.errorCode, limited.description, limited.retryAfter]).toEqual([
      "getMe",
      429,
      "Too Many Requests",
      3,
    ]);
  });

  it("falls back to the HTTP status when the reply says too little, and treats anything but ok: true as failure", async () => {
    for (const body of ['{"ok":false}', "null", '{"ok":"true","result":1}', '{"ok":1,"result":1}', "{}"]) {
      reply = { status: 200, body };
      const err = (await scripted.call(TOKEN, "getMe").catch((e: unknown) => e)) as TelegramApiError;
      expect(err).toBeInstanceOf(TelegramApiError);
      expect([err.errorCode, err.description, err.retryAfter]).toEqual([200, "HTTP 200", undefined]);
    }
    reply = { status: 502, body: '{"ok":false,"parameters":{}}' };
    const bad = (await scripted.call(TOKEN, "getMe").catch((e: unknown) => e)) as TelegramApiError;
    expect([bad.errorCode, bad.description, bad.message]).toEqual([502, "HTTP 502", "getMe: 502 HTTP 502"]);
  });

  it("resolves a result of ok: true whatever it is, falsy included", async () => {
    reply = { status: 200, body: '{"ok":true,"result":false}' };
    expect(await scripted.call(TOKEN, "deleteWebhook")).toBe(false);
    reply = { status: 200, body: '{"ok":true}' };
    expect(await scripted.call(TOKEN, "close")).toBeUndefined();
  });

  it("reports a refused connection by its code", async () => {
    const dead = new TelegramClient({ apiRoot: "http://127.0.0.1:1", timeoutMs: 1000 });
    const err = (await dead.call(TOKEN, "getMe").catch((e: unknown) => e)) as TelegramNetworkError;
    expect([err.method, err.reason]).toEqual(["getMe", "ECONNREFUSED"]);
    await dead.close();
  });

  it("drops trailing slashes of apiRoot's path, and uses no prefix for a bare origin", async () => {
    for (const root of [`${api.origin}/tg//`, `${api.origin}/`, api.origin]) {
      const client = new TelegramClient({ apiRoot: root, timeoutMs: 1000 });
      await client.call(TOKEN, "getMe");
      await client.close();
    }
    expect(api.seen.map((s) => s.url)).toEqual([`/tg/bot${TOKEN}/getMe`, `/bot${TOKEN}/getMe`, `/bot${TOKEN}/getMe`]);
  });

  it("refuses calls after close()", async () => {
    const client = new TelegramClient({ apiRoot: api.origin, timeoutMs: 1000 });
    await client.close();
    const err = (await client.call(TOKEN, "getMe").catch((e: unknown) => e)) as TelegramNetworkError;
    expect(err).toBeInstanceOf(TelegramNetworkError);
    expect(err.reason).toBe("UND_ERR_DESTROYED");
    expect(api.seen).toEqual([]);
  });
});
