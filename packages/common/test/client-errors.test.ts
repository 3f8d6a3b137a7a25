/**
 * Requests Node's HTTP parser refuses (client-errors.ts), sent as raw bytes to a server started by `listen`: each gets
 * its status with a JSON reason and a closed connection, a reply already under way on the connection goes out first
 * and whole, and the server answers the next client as before.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Server } from "node:http";
import net from "node:net";
import express from "express";
import { boundPort, listen } from "../src/service/index.js";
import { describeClientError } from "../src/http/index.js";
import { waitFor } from "@botyard/testing";

let server: Server;
let port: number;
/** Releases the replies of `/slow` requests waiting for the test. */
const releases: Array<() => void> = [];
/** Requests the parser refused so far (the server's `clientError` events). */
let refusals = 0;

beforeAll(async () => {
  const app = express();
  app.get("/fast", (_req, res) => {
    res.json({ ok: true });
  });
  app.get("/slow", (_req, res) => {
    releases.push(() => res.json({ slow: true }));
  });
  server = await listen(app, 0, "127.0.0.1");
  port = boundPort(server);
  server.on("clientError", () => {
    refusals += 1;
  });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Writes `raw` on a new connection and resolves with everything the server sent until it closed the connection. */
function exchange(raw: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(raw);
    });
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    socket.on("close", () => resolve(received));
    socket.on("error", reject);
  });
}

/** Status and JSON body of the one reply in `text`. */
function parse(text: string): { status: number; headers: string; body: unknown } {
  const [head = "", body = ""] = text.split("\r\n\r\n");
  return { status: Number(head.split(" ")[1]), headers: head, body: JSON.parse(body) };
}

describe("requests the HTTP parser refuses", () => {
  it("a URL with raw bytes outside ASCII: 400, and how to send it instead", async () => {
    const reply = parse(await exchange(Buffer.from("GET /fast?name=Zoë HTTP/1.1\r\nHost: a\r\n\r\n", "utf8")));
    expect(reply.status).toBe(400);
    expect(reply.headers).toMatch(/\r\nConnection: close/);
    expect(reply.headers).toMatch(/\r\nContent-Type: application\/json; charset=utf-8/);
    expect(reply.headers).toMatch(/\r\nX-Content-Type-Options: nosniff/);
    expect(reply.body).toEqual({
      ok: false,
      message:
        "Malformed HTTP request (Invalid char in url query): " +
        "percent-encode spaces, control characters and characters outside ASCII in the URL",
    });
  });

  it("a URL over Node's limit: the same 431", async () => {
    const reply = parse(await exchange(`GET /fast?q=${"a".repeat(20_000)} HTTP/1.1\r\nHost: a\r\n\r\n`));
    expect(reply.status).toBe(431);
    expect(reply.body).toEqual({
      ok: false,
      message: "The URL and headers of the request are larger than 16 KiB together",
    });
  });

  it("headers over Node's limit: 431 naming the limit", async () => {
    const raw = `GET /fast HTTP/1.1\r\nHost: a\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`;
    const reply = parse(await exchange(raw));
    expect(reply.status).toBe(431);
    expect(reply.body).toEqual({
      ok: false,
      message: "The URL and headers of the request are larger than 16 KiB together",
    });
  });

  it.each([
    ["an invalid method", "G@T /fast HTTP/1.1\r\nHost: a\r\n\r\n", "Invalid method encountered"],
    ["a space in a header name", "GET /fast HTTP/1.1\r\nHo st: a\r\n\r\n", "Invalid header token"],
    [
      "a Content-Length that is not a number",
      "POST /fast HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n\r\n",
      "Invalid character in Content-Length",
    ],
    [
      "a chunk size that is not hex",
      // express's 404 for this POST waits for the body, which never ends: the refusal does not wait for that reply.
      "POST /fast HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
      "Invalid character in chunk size",
    ],
  ])("%s: 400 with the parser's reason", async (_name, raw, reason) => {
    const reply = parse(await exchange(raw));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ ok: false, message: `Malformed HTTP request (${reason})` });
  });

  it("after a good request on the same connection, its reply goes out whole before the refusal", async () => {
    const raw = "GET /slow HTTP/1.1\r\nHost: a\r\n\r\nG@T /fast HTTP/1.1\r\nHost: a\r\n\r\n";
    // The slow reply is released only once the server has refused the second request.
    const before = refusals;
    const exchanged = exchange(raw);
    await waitFor(() => refusals > before && releases.length === 1, { what: "the second request refused" });
    releases.shift()?.();
    const text = await exchanged;
    const [first, second] = text.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(first).toMatch(/\{"slow":true\}$/);
    expect(parse(second ?? "")).toMatchObject({ status: 400, body: { ok: false } });
  });

  it("the server answers the next client as before", async () => {
    const text = await exchange("GET /fast HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n");
    expect(text).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(text).toMatch(/\{"ok":true\}$/);
  });

  it("a connection reset is not answered", () => {
    expect(describeClientError(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }))).toBeUndefined();
  });
});
