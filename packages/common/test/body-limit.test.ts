/**
 * limitedBodyParser (body-limit.ts) around express's parsers, with a limit of 64 bytes, on a real socket: a declared
 * Content-Length over the limit is refused before the body arrives, a chunked body once it crosses the limit, with the
 * parser's own 413 and a closed connection; the parser's other answers, and bodies within the limit, are as before.
 * And closeUnreadBodies, which `listen` installs: a reply sent before a large or chunked body is read closes the
 * connection; one before a small body keeps it (the body is read and discarded), as does one after the body.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createHash } from "node:crypto";
import { Agent, createServer, type IncomingMessage, type Server } from "node:http";
import { gzipSync } from "node:zlib";
import express from "express";
import {
  BodyTooLargeError,
  DRAINED_BODY_BYTES,
  declaredLength,
  errorHandler,
  limitedBodyParser,
  toProblem,
  tooLongToDrain,
  wireLimit,
} from "../src/http/index.js";
import { boundPort, listen } from "../src/service/index.js";
import { createLogger } from "../src/logging.js";
import { partialUpload, replyBeforeBody, sendBody } from "@botyard/testing";

const LIMIT = 64;

let server: Server;
let port: number;
beforeAll(async () => {
  const app = express();
  const json = limitedBodyParser(express.json, { limit: LIMIT, type: () => true });
  const form = limitedBodyParser(express.urlencoded, { limit: LIMIT, extended: false });
  app.post("/json", json, (req, res) => {
    res.json({ ok: true, body: req.body });
  });
  app.post("/form", form, (req, res) => {
    res.json({ ok: true, parsed: req.body !== undefined });
  });
  // Replies that never read the body, as a 404 or 401 decided from the request head does.
  app.post("/early", (_req, res) => {
    res.status(404).json({ ok: false, message: "Not here" });
  });
  app.post("/raw-early", (_req, res) => {
    res.writeHead(403, { "Content-Type": "text/plain", "Content-Length": "2" }).end("no");
  });
  app.post("/large", limitedBodyParser(express.raw, { limit: 1024 * 1024, type: () => true }), (req, res) => {
    res.json({ ok: true, bytes: (req.body as Buffer).length });
  });
  app.get("/get", (_req, res) => {
    res.json({ ok: true });
  });
  app.use(
    errorHandler({
      envelope: (p) => ({ ok: false, message: p.message }),
      logger: createLogger("test", "silent"),
      context: "test",
      bodyLimit: `${LIMIT} bytes`,
    }),
  );
  server = await listen(app, 0, "127.0.0.1");
  port = boundPort(server);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const TOO_LARGE = { ok: false, message: "Request body is larger than 64 bytes" };
const json = { "Content-Type": "application/json" };
/** A JSON body of exactly `size` bytes. */
const jsonOf = (size: number) => Buffer.from(`{"s":"${"x".repeat(size - 8)}"}`);
const request = (headers: Record<string, string | string[]>) => ({ headers }) as IncomingMessage;

describe("what the request declares", () => {
  it("reads Content-Length as the body parser does; none for a chunked body", () => {
    expect(declaredLength(request({ "content-length": "104857600" }))).toBe(104857600);
    expect(declaredLength(request({ "content-length": "0" }))).toBe(0);
    expect(declaredLength(request({}))).toBeUndefined();
    expect(declaredLength(request({ "transfer-encoding": "chunked" }))).toBeUndefined();
  });

  it("allows a compressed body twice the limit on the wire, any other body the limit", () => {
    expect(wireLimit(request({}), LIMIT)).toBe(LIMIT);
    expect(wireLimit(request({ "content-encoding": "identity" }), LIMIT)).toBe(LIMIT);
    expect(wireLimit(request({ "content-encoding": "GZIP" }), LIMIT)).toBe(2 * LIMIT);
    expect(wireLimit(request({ "content-encoding": "br" }), LIMIT)).toBe(2 * LIMIT);
  });

  it("its error is the body parser's 413, which every route family already answers", () => {
    expect(toProblem(new BodyTooLargeError(LIMIT, 100), "1 MiB")).toEqual({
      problem: { status: 413, code: "BODY_TOO_LARGE", message: "Request body is larger than 1 MiB" },
      unexpected: false,
    });
  });
});

describe("bodies over the limit", () => {
  it("a declared Content-Length over the limit: 413 before the body arrives, then the connection closes", async () => {
    const head = "POST /json HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 104857600";
    const result = await partialUpload(port, { head, send: 16, thenSend: 32 * 1024 * 1024 });
    expect(result.reply).toMatchObject({ status: 413, headers: { connection: "close" } });
    expect(JSON.parse(result.reply?.body ?? "null")).toEqual(TOO_LARGE);
    expect(result.sentBeforeReply).toBeLessThanOrEqual(16);
    expect(result.closed).toBe(true);
    expect(result.sentAfterReply).toBeLessThan(32 * 1024 * 1024);
  });

  it("a chunked body: 413 once it crosses the limit, its end never sent", async () => {
    const result = await partialUpload(port, {
      head: "POST /json HTTP/1.1\r\nContent-Type: application/json",
      chunked: true,
      send: 1024 * 1024,
    });
    expect(result.reply).toMatchObject({ status: 413, headers: { connection: "close" } });
    expect(JSON.parse(result.reply?.body ?? "null")).toEqual(TOO_LARGE);
    expect(result.closed).toBe(true);
  });

  it("a compressed body past twice the limit on the wire: 413 at once", async () => {
    const head = "POST /json HTTP/1.1\r\nContent-Encoding: gzip\r\nContent-Length: 129";
    const result = await partialUpload(port, { head, send: 16 });
    expect(result.reply).toMatchObject({ status: 413, headers: { connection: "close" } });
  });
});

describe("everything else is the parser's, as before", () => {
  it("a body of exactly the limit passes, declared or chunked, and one byte more is 413", async () => {
    for (const chunked of [false, true]) {
      const at = await sendBody(port, { path: "/json", body: jsonOf(LIMIT), headers: json, chunked });
      expect([at.status, JSON.parse(at.body).ok]).toEqual([200, true]);
      const over = await sendBody(port, { path: "/json", body: jsonOf(LIMIT + 1), headers: json, chunked });
      expect([over.status, JSON.parse(over.body)]).toEqual([413, TOO_LARGE]);
    }
  });

  it("a compressed body over the limit on the wire but within it inflated passes; inflated over it is 413", async () => {
    // 64 bytes of JSON that hardly compress: gzipped, they are longer than the limit.
    const noise = createHash("sha512")
      .update("noise")
      .digest("base64")
      .slice(0, LIMIT - 8);
    const body = gzipSync(Buffer.from(`{"s":"${noise}"}`));
    expect(body.length).toBeGreaterThan(LIMIT);
    const headers = { ...json, "Content-Encoding": "gzip" };
    const ok = await sendBody(port, { path: "/json", body, headers });
    expect([ok.status, JSON.parse(ok.body)]).toEqual([200, { ok: true, body: { s: noise } }]);
    const inflatedOver = await sendBody(port, { path: "/json", body: gzipSync(jsonOf(LIMIT + 1)), headers });
    expect([inflatedOver.status, JSON.parse(inflatedOver.body)]).toEqual([413, TOO_LARGE]);
  });

  it("malformed JSON is 400 and an unreadable body 400, not 413", async () => {
    const bad = await sendBody(port, { path: "/json", body: Buffer.from("{nope"), headers: json });
    expect([bad.status, JSON.parse(bad.body).message]).toEqual([400, "Malformed JSON body"]);
    const headers = { ...json, "Content-Encoding": "gzip" };
    const unreadable = await sendBody(port, { path: "/json", body: Buffer.from('{"a":1}'), headers });
    expect([unreadable.status, JSON.parse(unreadable.body).message]).toEqual([400, "Unreadable request body"]);
  });

  it("a body the parser does not read (another type) is the route's, whatever its declared length", async () => {
    const reply = await sendBody(port, { path: "/form", body: jsonOf(LIMIT + 1), headers: json });
    expect([reply.status, JSON.parse(reply.body)]).toEqual([200, { ok: true, parsed: false }]);
  });
});

describe("replies before the body is read", () => {
  /** What a client that ignores replies would go on to upload: far beyond what socket buffers take in. */
  const REST = 32 * 1024 * 1024;

  it("only a chunked body or one declared over 64 KiB is too long to drain", () => {
    expect(DRAINED_BODY_BYTES).toBe(64 * 1024);
    expect(tooLongToDrain(request({}))).toBe(false);
    expect(tooLongToDrain(request({ "content-length": "0" }))).toBe(false);
    expect(tooLongToDrain(request({ "content-length": "65536" }))).toBe(false);
    expect(tooLongToDrain(request({ "content-length": "65537" }))).toBe(true);
    expect(tooLongToDrain(request({ "transfer-encoding": "chunked" }))).toBe(true);
  });

  it.each([
    ["/early", 404, '{"ok":false,"message":"Not here"}'],
    ["/raw-early", 403, "no"],
  ])(
    "%s with a large declared body: the reply as ever, then the connection closes unread",
    async (path, status, body) => {
      const head = `POST ${path} HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 104857600`;
      const result = await partialUpload(port, { head, send: 4096, thenSend: REST });
      expect(result.reply).toEqual({ status, headers: expect.objectContaining({ connection: "close" }), body });
      expect(result.closed).toBe(true);
      expect(result.sentAfterReply).toBeLessThan(REST);
    },
  );

  it("with a chunked body: the same, without waiting for its end", async () => {
    const head = "POST /early HTTP/1.1\r\nContent-Type: application/json";
    const result = await partialUpload(port, { head, chunked: true, send: 4096, thenSend: REST });
    expect(result.reply).toMatchObject({ status: 404, headers: { connection: "close" } });
    expect(result.closed).toBe(true);
    expect(result.sentAfterReply).toBeLessThan(REST);
  });

  it("a body of up to 64 KiB is read and discarded after the reply; the connection serves the next one", async () => {
    const next = "GET /get HTTP/1.1";
    const drained = await replyBeforeBody(port, { head: "POST /early HTTP/1.1", length: DRAINED_BODY_BYTES, next });
    expect(drained.reply).toMatchObject({ status: 404, headers: { connection: "keep-alive" } });
    expect(drained.nextReply).toMatchObject({ status: 200, body: '{"ok":true}' });
    expect(drained.closed).toBe(false);
    // One byte more, and the connection closes after the reply: the next request never gets an answer on it.
    const closed = await replyBeforeBody(port, { head: "POST /early HTTP/1.1", length: DRAINED_BODY_BYTES + 1, next });
    expect(closed.reply).toMatchObject({ status: 404, headers: { connection: "close" } });
    expect(closed.nextReply).toBeUndefined();
    expect(closed.closed).toBe(true);
  });

  it("a reply after a large body was read, or to a request without one, keeps the connection", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const body = Buffer.alloc(512 * 1024, "x");
      for (const chunked of [false, true]) {
        const read = await sendBody(port, { path: "/large", body, chunked, agent });
        expect([read.status, read.headers.connection, JSON.parse(read.body)]).toEqual([
          200,
          "keep-alive",
          { ok: true, bytes: body.length },
        ]);
      }
      const get = await sendBody(port, { method: "GET", path: "/get", body: Buffer.alloc(0), agent });
      expect([get.status, get.headers.connection, get.reusedSocket]).toEqual([200, "keep-alive", true]);
    } finally {
      agent.destroy();
    }
  });
});

describe("Expect: 100-continue", () => {
  const expect100 = "Expect: 100-continue";
  const next = "GET /get HTTP/1.1";

  it("is Node's reading of the header: in any case, from HTTP/1.1 requests only", async () => {
    const early = await replyBeforeBody(port, {
      head: "POST /early HTTP/1.1\r\nExpect: 100-Continue",
      length: 10,
      next,
    });
    expect(early.reply).toMatchObject({ status: 404, headers: { connection: "close" } });
    // An HTTP/1.0 client sends its body at once: no 100, and the route's reply.
    const head = `POST /large HTTP/1.0\r\n${expect100}\r\nContent-Length: 1000`;
    const old = await partialUpload(port, { head, send: 1000 });
    expect(old.reply).toMatchObject({ status: 200, body: '{"ok":true,"bytes":1000}' });
  });

  it("a body within the limit: 100 Continue once the route reads it, then the route's reply", async () => {
    const head = `POST /large HTTP/1.1\r\n${expect100}`;
    const result = await replyBeforeBody(port, { head, length: 1000, next });
    expect(result.reply).toMatchObject({ status: 100 });
    expect(result.nextReply).toMatchObject({ status: 200, body: '{"ok":true,"bytes":1000}' });
    // Once: Node's client counts each 100 it gets before the reply.
    const asked = await sendBody(port, { path: "/large", body: Buffer.alloc(1000), askFirst: true });
    expect([asked.continues, asked.status, asked.body]).toEqual([1, 200, '{"ok":true,"bytes":1000}']);
  });

  it("a declared body over the limit: 413 instead of 100 Continue, and the connection closes", async () => {
    const head = `POST /large HTTP/1.1\r\n${expect100}`;
    const result = await replyBeforeBody(port, { head, length: 2 * 1024 * 1024, next });
    expect(result.reply).toMatchObject({ status: 413, headers: { connection: "close" } });
    expect(result.nextReply).toBeUndefined();
    expect(result.closed).toBe(true);
  });

  it("a server not started by listen: Node's own 100 Continue, and no second one from the body parser", async () => {
    const app = express();
    app.post("/large", limitedBodyParser(express.raw, { limit: 1024 * 1024, type: () => true }), (req, res) => {
      res.json({ ok: true, bytes: (req.body as Buffer).length });
    });
    const plain = createServer(app);
    await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
    try {
      const reply = await sendBody(boundPort(plain), { path: "/large", body: Buffer.alloc(1000), askFirst: true });
      expect([reply.continues, reply.status, reply.body]).toEqual([1, 200, '{"ok":true,"bytes":1000}']);
    } finally {
      plain.closeAllConnections();
      await new Promise((resolve) => plain.close(resolve));
    }
  });

  it("a reply decided before the body (404): no 100 Continue, and the connection closes, however small the body", async () => {
    const result = await replyBeforeBody(port, { head: `POST /early HTTP/1.1\r\n${expect100}`, length: 10, next });
    expect(result.reply).toMatchObject({ status: 404, headers: { connection: "close" } });
    expect(JSON.parse(result.reply?.body ?? "null")).toEqual({ ok: false, message: "Not here" });
    expect(result.nextReply).toBeUndefined();
    expect(result.closed).toBe(true);
  });
});
