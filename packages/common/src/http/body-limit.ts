/**
 * Request bodies over a route's limit, refused as soon as that is known. express's body parsers check the limit, but
 * on a refusal they read the rest of the body before they report it (so that the connection can serve the next
 * request): a client that declares 100 MiB, or streams chunks without end, gets its 413 only after it has sent them
 * all, and the server reads every byte. {@link limitedBodyParser} answers instead:
 * - at once when the declared Content-Length is over the limit, without reading the body;
 * - when a body without one (chunked) crosses the limit, without waiting for its end;
 * and the reply closes the connection: keeping it would mean reading the rest of the body first, to find where a next
 * request starts. The error is the body parser's own 413 (`entity.too.large`), so each route family answers it, in its
 * own envelope and words, as it always did.
 *
 * Any other reply that goes out before its request's body is read (a 404 for an unknown bot, a 405, a 401 checked
 * before the parser) would have Node read and discard the rest of the body to keep the connection, for as long as the
 * client sends: {@link closeUnreadBodies}, which `listen` installs on every server, closes the connection instead,
 * unless the body is small enough to drain ({@link DRAINED_BODY_BYTES}).
 *
 * @see docs/api-contract.md#bodies-over-the-limit
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";

/** An express body-parser middleware (`express.json`, `express.raw`, …): it sets `req.body` or calls back an error. */
export type BodyParser = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * A compressed body's limit is on its inflated bytes, which only the parser sees. On the wire it may take up to this
 * many times the limit: no body within the limit grows that much when compressed (deflate, brotli and zstd add a few
 * bytes per block to data they cannot compress), and a client cannot make the server read without end either.
 */
export const COMPRESSED_WIRE_FACTOR = 2;

/** The body parser's 413, as `toProblem` knows it: status 413, type `entity.too.large`. */
export class BodyTooLargeError extends Error {
  override readonly name = "BodyTooLargeError";
  readonly status = 413;
  readonly statusCode = 413;
  readonly type = "entity.too.large";
  readonly expose = true;

  constructor(
    /** The limit in bytes (on the wire: twice the parser's for a compressed body). */
    readonly limit: number,
    /** The declared Content-Length, or the bytes received when the body crossed the limit. */
    readonly length: number,
  ) {
    super("request entity too large");
  }
}

/** The bytes of a body the wire may carry under `limit`: the limit, or more for a compressed body (see above). */
export function wireLimit(req: IncomingMessage, limit: number): number {
  const encoding = (req.headers["content-encoding"] ?? "identity").toLowerCase();
  return encoding === "identity" ? limit : limit * COMPRESSED_WIRE_FACTOR;
}

/** The Content-Length the request declares, read as the body parser reads it; undefined for none (chunked). */
export function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers["content-length"];
  if (header === undefined || req.headers["transfer-encoding"] !== undefined) return undefined;
  const length = Number.parseInt(header, 10);
  return Number.isNaN(length) ? undefined : length;
}

/**
 * Makes the reply to this request close the connection (`Connection: close`): Node then ends the socket once the reply
 * is written and destroys it, instead of reading the rest of the body to keep the connection alive.
 */
export function closeAfterReply(res: ServerResponse): void {
  if (!res.headersSent) res.setHeader("Connection", "close");
}

/**
 * The largest declared body that a reply sent before reading it leaves to Node to read and discard, keeping the
 * connection alive for the client's next request.
 * @defaultValue 64 KiB: what a client that sends a small request and gets an early 404 or 401 pays for a new
 * connection (a TCP and maybe a TLS handshake) is worth more than reading a few packets; and no client holds the
 * server longer this way than with a body the route reads, which the same request timeout bounds. Past it, or with a
 * chunked body of unknown length, the connection closes.
 */
export const DRAINED_BODY_BYTES = 64 * 1024;

/** Whether a reply sent before `req`'s body was read must close the connection (see {@link DRAINED_BODY_BYTES}). */
export function tooLongToDrain(req: IncomingMessage): boolean {
  if (req.headers["transfer-encoding"] !== undefined) return true;
  const declared = declaredLength(req);
  return declared !== undefined && declared > DRAINED_BODY_BYTES;
}

/**
 * Makes every reply of `server` that goes out while its request's body is still arriving close the connection
 * (`Connection: close`), when that body is chunked or longer than {@link DRAINED_BODY_BYTES}; Node would otherwise read
 * all of it, after the reply, to keep the connection. A reply to a request whose body has arrived, or that has none,
 * keeps the connection as before; status and body are never touched.
 *
 * @see docs/api-contract.md#replies-before-the-body-is-read
 */
export function closeUnreadBodies(server: Server): void {
  // First listener, so that the hook is in place before the app can write the headers. Only the requests that may
  // need it get one: the decision is at the headers, when the app replies, and nothing else can catch that moment
  // (express swaps the response's prototype, so a ServerResponse subclass would not see it either).
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    if (!tooLongToDrain(req)) return;
    const writeHead = res.writeHead;
    // `res.end()` and `res.write()` write implicit headers through `this.writeHead` as well.
    res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
      // `complete` turns true once the parser has the whole body, read by the app or not: none is left on the wire.
      if (!req.complete) closeAfterReply(this);
      return writeHead.apply(this, args);
    } as ServerResponse["writeHead"];
  });
}

/**
 * Replies whose `100 Continue` {@link answerExpectContinue} held back, until the body parser sends it. A server without
 * the listener has sent it already (Node's default), and must not send it twice.
 */
const continueOwed = new WeakSet<ServerResponse>();

/**
 * Makes `server` leave `100 Continue` to the route: a request with `Expect: 100-continue` goes to the app as any other
 * (Node would otherwise answer 100 before any route sees it, and a client told to go on uploads a body that gets 413
 * or 404 once it has sent it all; curl asks for it before bodies over 1 MiB). {@link limitedBodyParser} sends the 100
 * when the route reads the body and the declared length is within the limit; every other reply goes out instead of
 * it, and Node closes the connection after such a reply (a 100 owed and never sent: the client may send its body
 * afterwards or never, so the next request could not be told apart from it).
 *
 * @see docs/api-contract.md#bodies-over-the-limit
 */
export function answerExpectContinue(server: Server): void {
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    continueOwed.add(res);
    server.emit("request", req, res);
  });
}

/**
 * `make(options)` (`express.json`, `express.raw`, `express.urlencoded`), refusing a body over `options.limit` bytes
 * as soon as that is known (see above). Bodies within the limit, and every other error of the parser, are the
 * parser's alone.
 */
export function limitedBodyParser<O extends { limit: number }>(
  make: (options: O) => BodyParser,
  options: O,
): BodyParser {
  const parser = make(options);
  return (req, res, next) => {
    const limit = wireLimit(req, options.limit);
    let settled = false;
    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) refuse(received);
    };
    const settle = (err?: unknown) => {
      if (settled) return;
      settled = true;
      req.off("data", count);
      next(err);
    };
    // The parser, refused or not, goes on reading to the end before it calls back; settle() makes that a no-op. The
    // pause only holds until the parser resumes the stream (body-parser does, on its own 413), so what ends the reading
    // is the connection, closed once the reply is out.
    const refuse = (length: number) => {
      closeAfterReply(res);
      req.pause();
      settle(new BodyTooLargeError(limit, length));
    };

    parser(req, res, settle);
    // The parser answered at once, as before: no body, a type it does not parse, a charset or encoding it cannot read.
    if (settled) return;
    const declared = declaredLength(req);
    if (declared !== undefined && declared > limit) return refuse(declared);
    // Counted beside the parser, chunk for chunk, as it reads the body.
    if (req.readableFlowing === true) req.on("data", count);
    // The client waits for this before it sends the body (see answerExpectContinue).
    if (continueOwed.delete(res) && !res.headersSent) res.writeContinue();
  };
}
