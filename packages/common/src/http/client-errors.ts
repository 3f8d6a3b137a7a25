/**
 * Requests that Node's HTTP parser refuses never reach a route. Examples: a URL with raw bytes outside ASCII, a URL
 * and headers over the size limit, a Content-Length or chunk size that is not a number, a request that took too long
 * to arrive. Node's own answer is a bare status line with no body. Ours says why, in the plain `{ ok: false, message }`
 * envelope: the route is unknown, so no route family's envelope applies.
 *
 * @see docs/api-contract.md#replies
 */
import { type IncomingMessage, maxHeaderSize, type Server, STATUS_CODES, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { type ErrorCode, errorCatalogue } from "../errors.js";

/** How to send in a URL what the parser refused there. */
const URL_HINT = "percent-encode spaces, control characters and characters outside ASCII in the URL";

/** What Node passes to `clientError`: llhttp's code (`HPE_…`) and its short reason, or a Node error code. */
type ParserError = Error & { code?: string; reason?: string };

/** What a client whose request the parser refused is told, or undefined when nothing can be told (a reset). */
export function describeClientError(err: ParserError): { code: ErrorCode; message: string } | undefined {
  const reason = err.reason ?? err.message.replace(/^Parse Error: /, "");
  switch (err.code) {
    case "HPE_HEADER_OVERFLOW":
      return {
        code: "HEADERS_TOO_LARGE",
        message: `The URL and headers of the request are larger than ${Math.round(maxHeaderSize / 1024)} KiB together`,
      };
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return { code: "BODY_TOO_LARGE", message: "The chunk extensions of the request body are too large" };
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return { code: "REQUEST_TIMEOUT", message: "The request took too long to arrive" };
    case "HPE_INVALID_URL":
      return {
        code: "MALFORMED_REQUEST",
        message: `Malformed HTTP request (${reason}): ${URL_HINT}`,
      };
  }
  if (err.code?.startsWith("HPE_")) return { code: "MALFORMED_REQUEST", message: `Malformed HTTP request (${reason})` };
  return undefined;
}

/**
 * The reply in progress on a connection, if any. This is Node's own field, the one its default `clientError`
 * handler reads (lib/_http_server.js, socketOnError); it has no public equivalent.
 */
function replyInProgress(socket: Socket): ServerResponse<IncomingMessage> | undefined {
  return (socket as Socket & { _httpMessage?: ServerResponse<IncomingMessage> | null })._httpMessage ?? undefined;
}

/** Makes `server` answer requests its parser refuses with a JSON reason, then close the connection. */
export function answerClientErrors(server: Server): void {
  server.on("clientError", (err: ParserError, socket: Socket) => {
    const problem = describeClientError(err);
    if (!problem || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = errorCatalogue[problem.code].status;
    const body = JSON.stringify({ ok: false, message: problem.message });
    const head = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      "Content-Type: application/json; charset=utf-8",
      "X-Content-Type-Options: nosniff",
      `Content-Length: ${Buffer.byteLength(body)}`,
      "Connection: close",
    ];
    const answer = () => {
      if (socket.writable) socket.end(`${head.join("\r\n")}\r\n\r\n${body}`);
    };
    const before = replyInProgress(socket);
    if (!before || before.writableFinished) answer();
    // A later request on the connection was refused: its answer goes after the reply to this one, in order.
    else if (before.req.complete) before.once("finish", answer);
    // This request's own body was refused: the answer replaces the app's reply, which may be waiting for that body.
    else if (!before.headersSent) answer();
    else socket.destroy();
  });
}
