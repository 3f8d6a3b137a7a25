/**
 * Bodies over the limits of management's routes (/apiv3 and the dashboard's /api: 1280 KiB; broadcasts: 256 KiB; the
 * operator login: 4 KiB), on a real socket. A declared Content-Length over the limit is answered 413 before the body
 * arrives, a chunked body as soon as it crosses the limit: the client never finishes its body here, so any reply
 * proves the server did not wait for the end. Each 413 has its route family's usual body, the connection closes
 * after it, and other connections and bodies within the limit go on as before.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Agent, type Server } from "node:http";
import request from "supertest";
import { boundPort, listen } from "@botyard/common/service";
import { partialUpload, type PartialUploadResult, replyBeforeBody, sendBody } from "@botyard/testing";
import { fakeToken, startHarness, type Harness } from "./harness.js";

const KIB = 1024;
/** What a client that ignores replies would go on to upload: far beyond what socket buffers take in. */
const REST = 32 * 1024 * KIB;
const DECLARED = 100 * 1024 * KIB;

let h: Harness;
let server: Server;
let port: number;
let apiKey: string;
let botId: string;
let token: string;
beforeAll(async () => {
  h = await startHarness({ operatorToken: "operator-token-0123456789abcdef" });
  server = await listen(h.app, 0, "127.0.0.1");
  port = boundPort(server);
  ({ apiKey } = await h.account());
  token = fakeToken(41);
  botId = (await request(h.app).post("/apiv3/createBot").send({ apiKey, botToken: token })).body.botId;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

/** The 413 came while the body was unfinished, with `body`, and closed the connection. */
function expectRefusedEarly(result: PartialUploadResult, body: unknown): void {
  expect(result.reply).toMatchObject({ status: 413, headers: { connection: "close" } });
  expect(JSON.parse(result.reply?.body ?? "null")).toEqual(body);
  expect(result.closed).toBe(true);
  // The server stopped taking the body: the client could not upload the rest.
  expect(result.sentAfterReply).toBeLessThan(REST);
}

/** Each route with a body, its limit, and the 413 its family has always answered. */
const routes = [
  {
    name: "/apiv3",
    head: () => "POST /apiv3/editBotCoreLogic HTTP/1.1\r\nContent-Type: application/json",
    limit: 1280 * KIB,
    tooLarge: { ok: false, msg: "Request body is larger than 1280kb", stat_code: 413 },
  },
  {
    name: "/broadcast",
    head: () => `POST /broadcast HTTP/1.1\r\nContent-Type: application/json\r\nX-Bot-Token: ${token}`,
    limit: 256 * KIB,
    tooLarge: { ok: false, error: "Request body is larger than 256kb" },
  },
  {
    name: "the dashboard's /api",
    head: () => "POST /api/auth/signin HTTP/1.1\r\nContent-Type: application/json\r\nOrigin: http://127.0.0.1",
    limit: 1280 * KIB,
    tooLarge: { ok: false, error: { code: "BODY_TOO_LARGE", message: "Request body is larger than 1280kb" } },
  },
  {
    name: "the operator login",
    head: () => "POST /admin/login HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded",
    limit: 4 * KIB,
    tooLarge: { ok: false, msg: "Request body is larger than the limit", stat_code: 413 },
  },
];

describe.each(routes)("$name", ({ head, limit, tooLarge }) => {
  it("a declared Content-Length over the limit is answered 413 before the body arrives; the connection closes", async () => {
    const result = await partialUpload(port, {
      head: `${head()}\r\nContent-Length: ${DECLARED}`,
      send: 1024,
      thenSend: REST,
    });
    expectRefusedEarly(result, tooLarge);
    expect(result.sentBeforeReply).toBeLessThanOrEqual(1024);
  });

  it("a chunked body is answered 413 once it crosses the limit, not when it ends", async () => {
    const result = await partialUpload(port, { head: head(), chunked: true, send: 4 * limit, thenSend: REST });
    expectRefusedEarly(result, tooLarge);
    expect(result.sentBeforeReply).toBeGreaterThan(limit);
  });
});

describe("bodies within the limit and other errors", () => {
  const json = { "Content-Type": "application/json" };
  /** An editBotCoreLogic body of exactly `size` bytes. */
  const editOf = (size: number) => {
    const fields = JSON.stringify({ apiKey, botId, newCode: "" });
    return Buffer.from(JSON.stringify({ apiKey, botId, newCode: "/".repeat(size - fields.length) }));
  };

  it("a body of exactly the limit still passes, declared or chunked; one byte more is the same 413", async () => {
    for (const chunked of [false, true]) {
      // The whole body at the limit; its code, a little under 1280 KiB, is then refused by its own 1 MiB rule.
      const at = await sendBody(port, {
        path: "/apiv3/editBotCoreLogic",
        body: editOf(1280 * KIB),
        headers: json,
        chunked,
      });
      expect([at.status, JSON.parse(at.body).msg]).toEqual([413, "newCode is larger than 1 MiB"]);
      const over = await sendBody(port, {
        path: "/apiv3/editBotCoreLogic",
        body: editOf(1280 * KIB + 1),
        headers: json,
        chunked,
      });
      expect([over.status, JSON.parse(over.body)]).toEqual([413, routes[0]?.tooLarge]);
      const saved = await sendBody(port, {
        path: "/apiv3/editBotCoreLogic",
        body: editOf(1024 * KIB),
        headers: json,
        chunked,
      });
      expect([saved.status, JSON.parse(saved.body)]).toEqual([
        200,
        expect.objectContaining({ ok: true, stat_code: 200 }),
      ]);
    }
  });

  it("keep-alive connections and other requests go on while a body is refused", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const list = () =>
      sendBody(port, { path: "/apiv3/listBots", body: Buffer.from(JSON.stringify({ apiKey })), headers: json, agent });
    try {
      expect(await list()).toMatchObject({ status: 200, reusedSocket: false });
      const refused = partialUpload(port, {
        head: `${routes[0]?.head()}\r\nContent-Length: ${DECLARED}`,
        send: 1024,
        thenSend: REST,
      });
      expect(await list()).toMatchObject({ status: 200, reusedSocket: true });
      expectRefusedEarly(await refused, routes[0]?.tooLarge);
      expect(await list()).toMatchObject({ status: 200, reusedSocket: true });
    } finally {
      agent.destroy();
    }
  });

  it("malformed JSON is still a 400, declared or chunked, on a connection that stays open", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (const chunked of [false, true]) {
        const bad = await sendBody(port, {
          path: "/apiv3/listBots",
          body: Buffer.from('{"apiKey": '),
          headers: json,
          chunked,
          agent,
        });
        expect([bad.status, JSON.parse(bad.body)]).toEqual([
          400,
          { ok: false, msg: "Malformed JSON body", stat_code: 400 },
        ]);
      }
      const list = await sendBody(port, {
        path: "/apiv3/listBots",
        body: Buffer.from(JSON.stringify({ apiKey })),
        headers: json,
        agent,
      });
      expect(list).toMatchObject({ status: 200, reusedSocket: true });
    } finally {
      agent.destroy();
    }
  });
});

describe("replies before the body is read", () => {
  /** Requests management answers without reading their body, and what it answers. */
  const early = [
    {
      name: "a method the broadcast route does not take",
      head: () => "PUT /broadcast HTTP/1.1\r\nContent-Type: application/json",
      status: 405,
      body: { ok: false, error: "Method PUT not allowed; use POST" },
    },
    {
      name: "a dashboard route without a session",
      head: () => "POST /api/bots HTTP/1.1\r\nContent-Type: application/json\r\nOrigin: http://127.0.0.1",
      status: 401,
      body: { ok: false, error: { code: "UNAUTHENTICATED", message: "Sign in first" } },
    },
    {
      name: "a dashboard route from another origin",
      head: () => "POST /api/auth/signin HTTP/1.1\r\nContent-Type: application/json\r\nOrigin: http://evil.example",
      status: 403,
      body: { ok: false, error: { code: "CSRF", message: expect.stringContaining("Cross-site request refused") } },
    },
    {
      name: "a path no route serves",
      head: () => "POST /nothing/here HTTP/1.1\r\nContent-Type: application/json",
      status: 404,
      body: { ok: false, msg: "Not found", stat_code: 404 },
    },
  ];

  describe.each(early)("$name", ({ head, status, body }) => {
    it("with a large declared body: the same reply at once, then the connection closes unread", async () => {
      const result = await partialUpload(port, {
        head: `${head()}\r\nContent-Length: ${DECLARED}`,
        send: 1024,
        thenSend: REST,
      });
      expect(result.reply).toMatchObject({ status, headers: { connection: "close" } });
      expect(JSON.parse(result.reply?.body ?? "null")).toEqual(body);
      expect(result.closed).toBe(true);
      expect(result.sentAfterReply).toBeLessThan(REST);
    });

    it("with a chunked body: the same, without waiting for its end", async () => {
      const result = await partialUpload(port, { head: head(), chunked: true, send: 1024, thenSend: REST });
      expect(result.reply).toMatchObject({ status, headers: { connection: "close" } });
      expect(JSON.parse(result.reply?.body ?? "null")).toEqual(body);
      expect(result.closed).toBe(true);
      expect(result.sentAfterReply).toBeLessThan(REST);
    });
  });

  it("a body of up to 64 KiB is read and discarded after the reply instead: the connection stays open", async () => {
    const result = await replyBeforeBody(port, {
      head: "PUT /broadcast HTTP/1.1\r\nContent-Type: application/json",
      length: 64 * KIB,
      next: "GET /healthz HTTP/1.1",
    });
    expect(result.reply).toMatchObject({ status: 405, headers: { connection: "keep-alive" } });
    expect(result.nextReply).toMatchObject({ status: 200 });
    expect(result.closed).toBe(false);
  });
});
