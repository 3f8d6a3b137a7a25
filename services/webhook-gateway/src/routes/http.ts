/**
 * What the gateway's own routes (custom webhooks, Telegram intake) need from HTTP, on Node's request and response
 * objects without express: the client address as express's `trust proxy: loopback` computes it, the query as the
 * `simple` query parser gives it, request bodies read by the same body-parser middlewares (with their limits and
 * errors; a body over its limit is refused as soon as that is known, by `limitedBodyParser`), and JSON replies written
 * with one `writeHead` and one `end`.
 *
 * @see docs/bot-runtime.md#custom-webhooks
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { BlockList, isIP } from "node:net";
import { parse as parseQuery } from "node:querystring";
import type { BodyParser } from "@botyard/common/http";

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** True for a loopback address (IPv4-mapped IPv6 included); false for anything that is not an IP address. */
function isLoopback(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 6 ? "ipv6" : "ipv4");
}

/** The addresses of an X-Forwarded-For value, nearest proxy first (as proxy-addr's `forwarded` reads them). */
function forwardedFor(header: string): string[] {
  return header
    .split(",")
    .map((a) => a.trim())
    .filter((a) => a !== "")
    .reverse();
}

/**
 * The client's address as express's `req.ip` gives it with `trust proxy` set to `loopback`: the socket's address,
 * or, while each hop is a loopback proxy, the next address of X-Forwarded-For (rightmost first), stopping at the first
 * that is not loopback.
 */
export function clientIp(remoteAddress: string | undefined, xForwardedFor: string | undefined): string {
  let ip = remoteAddress ?? "";
  if (xForwardedFor === undefined || !isLoopback(ip)) return ip;
  for (const address of forwardedFor(xForwardedFor)) {
    ip = address;
    if (!isLoopback(address)) break;
  }
  return ip;
}

/** A request target split as the router sees it: the path (undecoded) and the query text. */
export function splitTarget(url: string): { path: string; query: string | undefined } {
  const end = url.search(/[?#]/);
  if (end === -1) return { path: url, query: undefined };
  return { path: url.slice(0, end), query: url[end] === "?" ? url.slice(end + 1).split("#")[0] : undefined };
}

/** The query as express's `simple` query parser (Node's querystring) gives it, in a plain object. */
export function queryOf(query: string | undefined): Record<string, unknown> {
  return query === undefined || query === "" ? {} : { ...parseQuery(query) };
}

/** True when the request carries a body (even an empty one), as body-parser decides it. */
export function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || !Number.isNaN(Number(req.headers["content-length"]));
}

/** Runs `parser` on the request; resolves with what it put in `req.body`, rejects with its error (400, 413, …). */
export function readBody(parser: BodyParser, req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  return new Promise((resolve, reject) => {
    parser(req, res, (err?: unknown) => {
      if (err !== undefined && err !== null) reject(err);
      else resolve((req as IncomingMessage & { body?: unknown }).body);
    });
  });
}

const NON_ASCII = /[\u0080-\uffff]/;

/**
 * Calls `done` once `res` holds no more of its body: at once when the connection took it all (a small reply, or none),
 * else when the response is finished or its connection is gone.
 */
export function whenWritten(res: ServerResponse, done: () => void): void {
  if (res.writableLength === 0 || res.destroyed) done();
  else res.once("close", done);
}

/**
 * Sends `body` as JSON with `status`: `Content-Type` and `Content-Length` as express's `res.json` sets them, no ETag,
 * no body for HEAD, nor for a 204, 205 or 304 (a handler's choice: they carry no content). `headers` are set first,
 * so a name given twice in them keeps its last value.
 */
export function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
  headers?: Record<string, string | string[]>,
): void {
  const text = JSON.stringify(body);
  let latin1 = false;
  if (headers) {
    for (const name of Object.keys(headers)) {
      const value = headers[name] as string | string[];
      res.setHeader(name, value);
      latin1 ||= Array.isArray(value) ? value.some((v) => NON_ASCII.test(v)) : NON_ASCII.test(value);
    }
  }
  if (status === 204 || status === 205 || status === 304) {
    // These have no content (RFC 9110): as express's res.json, no body, and no Content-Type, nor a Content-Length
    // other than 205's 0 (a 204 must not send one; a 304's would describe a representation, not this JSON).
    res.writeHead(status, status === 205 ? { "Content-Length": 0 } : {});
    res.end();
    return;
  }
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
  });
  if (req.method === "HEAD") res.end();
  // Node writes a string body in one piece with the header block, all as UTF-8; header values are Latin-1, so a
  // header with a character above 0x7f needs the body as bytes (then the header block goes out as Latin-1 apart).
  else res.end(latin1 ? Buffer.from(text) : text);
}
