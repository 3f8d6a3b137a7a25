/**
 * Bodies over the 1 MiB limit of custom webhooks and the Telegram intake, on a real socket. A declared Content-Length
 * over the limit is answered 413 before the body arrives, a chunked body as soon as it crosses the limit: the client
 * never finishes its body here, so any reply proves the server did not wait for the end. The 413 says what it always
 * said, the connection closes after it, and other connections and bodies within the limit go on as before.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Agent, type Server } from "node:http";
import { gzipSync } from "node:zlib";
import { boundPort, listen } from "@botyard/common/service";
import { partialUpload, type PartialUploadResult, replyBeforeBody, sendBody } from "@botyard/testing";
import { startGatewayHarness, type GatewayHarness, type TestBot } from "./harness.js";

const LIMIT = 1024 * 1024;
/** What a client that ignores replies would go on to upload: far beyond what socket buffers take in. */
const REST = 32 * 1024 * 1024;
const TOO_LARGE = { ok: false, message: "Request body is larger than 1 MiB" };

let h: GatewayHarness;
let server: Server;
let port: number;
let echo: TestBot;
let updates: TestBot;
beforeAll(async () => {
  h = await startGatewayHarness();
  server = await listen(h.app, 0, "127.0.0.1");
  port = boundPort(server);
  echo = await h.bot(
    "logic['echo'] = async (query, body, db, response, params) => ({ bytes: params.rawBody.length });",
  );
  updates = await h.bot("bot.on('message', () => {});");
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

/** The 413 came while the body was unfinished, said what it always says, and closed the connection. */
function expectRefusedEarly(result: PartialUploadResult): void {
  expect(result.reply).toMatchObject({ status: 413, headers: { connection: "close" } });
  expect(JSON.parse(result.reply?.body ?? "null")).toEqual(TOO_LARGE);
  expect(result.closed).toBe(true);
  // The server stopped taking the body: the client could not upload the rest.
  expect(result.sentAfterReply).toBeLessThan(REST);
}

const customHead = (length?: number) =>
  `POST /custom/${echo.botId}/echo HTTP/1.1\r\nContent-Type: application/json` +
  (length === undefined ? "" : `\r\nContent-Length: ${length}`);
const intakeHead = (length?: number) =>
  `POST /telegram/${updates.botId} HTTP/1.1\r\nContent-Type: application/json\r\n` +
  `X-Telegram-Bot-Api-Secret-Token: ${updates.webhookSecret}` +
  (length === undefined ? "" : `\r\nContent-Length: ${length}`);

/** POSTs `body` (JSON) to `path`, declared or chunked; resolves with the status, the parsed body and reuse. */
async function call(
  path: string,
  body: Buffer,
  options: { chunked?: boolean; agent?: Agent; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown; reused: boolean }> {
  const headers = { "Content-Type": "application/json", ...options.headers };
  const reply = await sendBody(port, { path, body, headers, chunked: options.chunked, agent: options.agent });
  return { status: reply.status, body: JSON.parse(reply.body), reused: reply.reusedSocket };
}

/** A JSON body of exactly `size` bytes. */
const jsonOf = (size: number) => Buffer.from(`{"s":"${"x".repeat(size - 8)}"}`);

describe("custom webhooks", () => {
  it("a declared Content-Length over 1 MiB is answered 413 before the body arrives, and the connection closes", async () => {
    const result = await partialUpload(port, { head: customHead(100 * LIMIT), send: 4096, thenSend: REST });
    expectRefusedEarly(result);
    expect(result.sentBeforeReply).toBeLessThanOrEqual(4096);
  });

  it("a chunked body is answered 413 once it crosses 1 MiB, not when it ends", async () => {
    const result = await partialUpload(port, { head: customHead(), chunked: true, send: 4 * LIMIT, thenSend: REST });
    expectRefusedEarly(result);
    expect(result.sentBeforeReply).toBeGreaterThan(LIMIT);
  });

  it("a body of exactly 1 MiB still passes, declared or chunked; one byte more is the same 413", async () => {
    for (const chunked of [false, true]) {
      const path = `/custom/${echo.botId}/echo`;
      expect(await call(path, jsonOf(LIMIT), { chunked })).toMatchObject({
        status: 200,
        body: { data: { bytes: LIMIT } },
      });
      expect(await call(path, jsonOf(LIMIT + 1), { chunked })).toMatchObject({ status: 413, body: TOO_LARGE });
    }
  });

  it("a compressed body within the limit still passes; a declared length past twice the limit is refused at once", async () => {
    const body = gzipSync(jsonOf(LIMIT));
    const passed = await call(`/custom/${echo.botId}/echo`, body, { headers: { "Content-Encoding": "gzip" } });
    expect(passed).toMatchObject({ status: 200, body: { data: { bytes: LIMIT } } });
    const head = `${customHead(100 * LIMIT)}\r\nContent-Encoding: gzip`;
    expectRefusedEarly(await partialUpload(port, { head, send: 4096, thenSend: REST }));
  });

  it("keep-alive connections and other requests go on while a body is refused", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const path = `/custom/${echo.botId}/echo`;
      expect(await call(path, Buffer.from("{}"), { agent })).toMatchObject({ status: 200, reused: false });
      const refused = partialUpload(port, { head: customHead(100 * LIMIT), send: 4096, thenSend: REST });
      // Another request while the oversized one is refused, and one after, on the same kept-alive connection.
      expect(await call(path, Buffer.from("{}"), { agent })).toMatchObject({ status: 200, reused: true });
      expectRefusedEarly(await refused);
      expect(await call(path, jsonOf(1000), { agent })).toMatchObject({
        status: 200,
        body: { data: { bytes: 1000 } },
        reused: true,
      });
    } finally {
      agent.destroy();
    }
  });

  it("malformed JSON is still a 400 on a connection that stays open", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const path = `/custom/${echo.botId}/echo`;
      const bad = await call(path, Buffer.from("{nope"), { agent });
      expect(bad).toMatchObject({ status: 400, body: { ok: false, message: "Malformed JSON body" } });
      expect(await call(path, Buffer.from("{}"), { agent })).toMatchObject({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });
});

describe("Expect: 100-continue, as curl sends it before a body over 1 MiB", () => {
  /** POSTs `body` (JSON) to `path`, sending it only once the server answers 100 Continue, as curl does. */
  async function askFirst(path: string, body: Buffer) {
    const headers = { "Content-Type": "application/json" };
    const reply = await sendBody(port, { path, body, headers, askFirst: true });
    return { continues: reply.continues, status: reply.status, body: JSON.parse(reply.body) as unknown };
  }

  it("a body over 1 MiB is refused with 413 before the client sends it, not after", async () => {
    const result = await askFirst(`/custom/${echo.botId}/echo`, jsonOf(2 * LIMIT));
    expect(result).toEqual({ continues: 0, status: 413, body: TOO_LARGE });
  });

  it("a body within 1 MiB gets 100 Continue, then the handler's reply", async () => {
    const result = await askFirst(`/custom/${echo.botId}/echo`, jsonOf(LIMIT));
    expect(result).toEqual({ continues: 1, status: 200, body: { ok: true, data: { bytes: LIMIT } } });
  });

  it("an unknown bot is 404 before the body is sent", async () => {
    const result = await askFirst("/custom/nosuchbot/echo", jsonOf(4096));
    expect(result).toMatchObject({ continues: 0, status: 404 });
  });
});

describe("the Telegram intake", () => {
  it("a declared Content-Length over 1 MiB is answered 413 before the body arrives, and the connection closes", async () => {
    const result = await partialUpload(port, { head: intakeHead(100 * LIMIT), send: 4096, thenSend: REST });
    expectRefusedEarly(result);
    expect(result.sentBeforeReply).toBeLessThanOrEqual(4096);
  });

  it("a chunked body is answered 413 once it crosses 1 MiB, not when it ends", async () => {
    const result = await partialUpload(port, { head: intakeHead(), chunked: true, send: 4 * LIMIT, thenSend: REST });
    expectRefusedEarly(result);
    expect(result.sentBeforeReply).toBeGreaterThan(LIMIT);
  });

  it("an update within the limit is still taken", async () => {
    const update = Buffer.from(JSON.stringify({ update_id: 1, message: { text: "x".repeat(LIMIT - 100) } }));
    const headers = { "X-Telegram-Bot-Api-Secret-Token": updates.webhookSecret };
    for (const chunked of [false, true]) {
      expect(await call(`/telegram/${updates.botId}`, update, { chunked, headers })).toEqual({
        status: 200,
        body: { ok: true },
        reused: false,
      });
    }
  });
});

describe("replies before the body is read", () => {
  const unknownBot = "00000000-0000-4000-8000-000000000000";
  /** Requests the gateway answers without reading their body, and what it answers. */
  const early = [
    {
      name: "an unknown bot",
      head: () => `POST /custom/${unknownBot}/echo HTTP/1.1\r\nContent-Type: application/json`,
      status: 404,
      body: { ok: false, message: "Bot not found" },
    },
    {
      name: "an invalid customPath",
      head: () => `POST /custom/${echo.botId}/no.dots HTTP/1.1\r\nContent-Type: application/json`,
      status: 400,
      body: { ok: false, message: "Invalid path format" },
    },
    {
      name: "a path no route serves",
      head: () => "POST /nothing/here HTTP/1.1\r\nContent-Type: application/json",
      status: 404,
      body: { ok: false, message: "Not found" },
    },
    {
      name: "a method the Telegram intake does not take",
      head: () => `PUT /telegram/${updates.botId} HTTP/1.1\r\nContent-Type: application/json`,
      status: 405,
      body: { ok: false, message: "Method PUT not allowed; use POST" },
    },
    {
      name: "a method an operator endpoint does not take",
      head: () => "POST /healthz HTTP/1.1\r\nContent-Type: application/json",
      status: 405,
      body: { ok: false, error: "Method POST not allowed; use GET" },
    },
  ];

  describe.each(early)("$name", ({ head, status, body }) => {
    it("with a large declared body: the same reply at once, then the connection closes unread", async () => {
      const result = await partialUpload(port, {
        head: `${head()}\r\nContent-Length: ${100 * LIMIT}`,
        send: 4096,
        thenSend: REST,
      });
      expect(result.reply).toMatchObject({ status, headers: { connection: "close" } });
      expect(JSON.parse(result.reply?.body ?? "null")).toEqual(body);
      expect(result.closed).toBe(true);
      expect(result.sentAfterReply).toBeLessThan(REST);
    });

    it("with a chunked body: the same, without waiting for its end", async () => {
      const result = await partialUpload(port, { head: head(), chunked: true, send: 4096, thenSend: REST });
      expect(result.reply).toMatchObject({ status, headers: { connection: "close" } });
      expect(JSON.parse(result.reply?.body ?? "null")).toEqual(body);
      expect(result.closed).toBe(true);
      expect(result.sentAfterReply).toBeLessThan(REST);
    });
  });

  it("a body of up to 64 KiB is read and discarded after the reply instead: the connection stays open", async () => {
    const result = await replyBeforeBody(port, {
      head: `POST /custom/${unknownBot}/echo HTTP/1.1\r\nContent-Type: application/json`,
      length: 64 * 1024,
      next: "GET /healthz HTTP/1.1",
    });
    expect(result.reply).toMatchObject({ status: 404, headers: { connection: "keep-alive" } });
    expect(result.nextReply).toMatchObject({ status: 200 });
    expect(result.closed).toBe(false);
  });

  it("a reply after the whole body was read keeps the connection, large or chunked", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (const chunked of [false, true]) {
        const path = `/custom/${echo.botId}/echo`;
        expect(await call(path, jsonOf(LIMIT), { chunked, agent })).toMatchObject({ status: 200 });
        expect(await call(path, Buffer.from("{}"), { agent })).toMatchObject({ status: 200, reused: true });
      }
    } finally {
      agent.destroy();
    }
  });
});
