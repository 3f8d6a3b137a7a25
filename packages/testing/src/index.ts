/**
 * Test support shared by every package: wait for what a test can observe instead of sleeping for a guessed time.
 * A sleep that is long enough on an idle laptop is too short on a loaded CI machine, and always too long elsewhere.
 * Also clients for the services' tests of request bodies: one that uploads only part of a body on a raw socket, one
 * that sends a whole body, declared or chunked, on a connection that may be kept alive, and one that sends its body
 * only after the reply, then a next request on the same connection.
 */
import { type Agent, request as httpRequest } from "node:http";
import { createConnection } from "node:net";

/** Options of {@link waitFor}. */
export interface WaitForOptions {
  /**
   * What the test waits for, as the failure names it: `"the first sends"`, `` `job ${id} to complete` ``.
   * @defaultValue the condition's source text
   */
  what?: string;
  /**
   * How long the condition may take before the wait fails, in ms.
   * @defaultValue 10000: far above any condition a test waits for, so a failure means "never", not "slow".
   */
  timeoutMs?: number;
  /**
   * Pause between two checks, in ms.
   * @defaultValue 10
   */
  intervalMs?: number;
}

/**
 * The one way tests wait: checks `condition` until it returns something other than `undefined`, `null` or `false`,
 * and resolves with that value; a check that throws counts as "not yet" (the last error is in the failure message,
 * so a check can throw to say what it saw). Rejects after `timeoutMs`, naming `what` it waited for.
 */
export async function waitFor<T>(
  condition: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  options: WaitForOptions = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const intervalMs = options.intervalMs ?? 10;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await condition();
      if (value !== undefined && value !== null && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const what = options.what ?? `\`${String(condition).replace(/\s+/g, " ").slice(0, 200)}\``;
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : "";
      throw new Error(`waited ${timeoutMs} ms for ${what}${cause}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * The message of the `ConfigError` that `load` throws, for tests of a service's settings (each service's
 * `config.test.ts`). Throws when `load` accepts its input, or fails with any other error.
 */
export function configRefusal(load: () => unknown): string {
  try {
    load();
  } catch (err) {
    if (err instanceof Error && err.name === "ConfigError") return err.message;
    throw err;
  }
  throw new Error("the configuration was accepted");
}

/** A request whose body a test sends only in part, on a raw connection, to see when and how the server answers. */
export interface PartialUpload {
  /** Request line and headers, without the blank line that ends them (`Host` is added). */
  head: string;
  /**
   * Body bytes to write before waiting for the reply: as they are (the `Content-Length` in `head` says how many the
   * whole body has), or in chunks of at most 64 KiB when `chunked`. The body is never finished (no terminating chunk,
   * never the whole declared length), so a reply can only come from a server that did not wait for its end.
   */
  send: number;
  /** Send the body with `Transfer-Encoding: chunked` (the header is added). */
  chunked?: boolean;
  /**
   * Body bytes to try to write after the reply, as a client that does not read replies goes on uploading; keep it
   * short of finishing the body.
   * @defaultValue 0
   */
  thenSend?: number;
  /**
   * How long the reply, then the close, may take, in ms.
   * @defaultValue 10000: far above what either takes, so a failure means "never", not "slow".
   */
  timeout?: number;
}

/** One HTTP reply read off a raw connection: status, headers (lowercase names) and body. */
export interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What a client of {@link partialUpload} saw. */
export interface PartialUploadResult {
  /** The whole reply (its Content-Length), when it arrived before `timeout`, the body still unfinished. */
  reply: RawReply | undefined;
  /** Body bytes written before the first byte of the reply arrived. */
  sentBeforeReply: number;
  /** Body bytes of `thenSend` written (handed to the kernel) before the connection closed. */
  sentAfterReply: number;
  /** Whether the server closed the connection (ended or reset it) before `timeout`. */
  closed: boolean;
}

const UPLOAD_PIECE = 64 * 1024;

/** The first reply in `bytes`, once all of it has arrived. */
export function completeReply(bytes: Buffer): RawReply | undefined {
  return firstReply(bytes)?.reply;
}

/** The first reply in `bytes`, once all of it has arrived, and how many bytes it took (where the next one starts). */
function firstReply(bytes: Buffer): { reply: RawReply; size: number } | undefined {
  const end = bytes.indexOf("\r\n\r\n");
  if (end === -1) return undefined;
  const [statusLine = "", ...lines] = bytes.subarray(0, end).toString("latin1").split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  // Without a Content-Length (a chunked reply), the body is what has arrived so far.
  const length = Number(headers["content-length"] ?? bytes.length - end - 4);
  const body = bytes.subarray(end + 4, end + 4 + length);
  if (body.length < length) return undefined;
  const reply = { status: Number(statusLine.split(" ")[1]), headers, body: body.toString("utf8") };
  return { reply, size: end + 4 + length };
}

/**
 * Sends `upload.head` and part of its body to `port` on 127.0.0.1 and waits for the reply without finishing the body;
 * then tries to send `thenSend` more bytes and waits for the server to close the connection.
 */
export async function partialUpload(port: number, upload: PartialUpload): Promise<PartialUploadResult> {
  const timeout = upload.timeout ?? 10_000;
  const socket = createConnection(port, "127.0.0.1");
  let received = Buffer.alloc(0);
  let sent = 0;
  let sentBeforeReply: number | undefined;
  let closed = false;
  socket.on("data", (data: Buffer) => {
    sentBeforeReply ??= sent;
    received = Buffer.concat([received, data]);
  });
  // A write the server refused (EPIPE, ECONNRESET) means it closed the connection: the close event follows.
  socket.on("error", () => {});
  socket.on("close", () => {
    closed = true;
  });
  // A write resolves false when the server refused it, closed, or took nothing for `timeout` ms (stopped reading).
  const write = (data: string | Buffer) =>
    new Promise<boolean>((resolve) => {
      if (closed || !socket.writable) return resolve(false);
      const stalled = setTimeout(() => resolve(false), timeout);
      const settle = (ok: boolean) => {
        clearTimeout(stalled);
        socket.off("close", onClose);
        resolve(ok);
      };
      const onClose = () => settle(false);
      socket.once("close", onClose);
      socket.write(data, (err) => settle(!err));
    });
  const piece = (size: number) => {
    const data = Buffer.alloc(size, "x");
    return upload.chunked ? Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), data, Buffer.from("\r\n")]) : data;
  };
  /** Writes up to `total` body bytes, piece by piece, while `more()` holds; resolves with how many went out. */
  const sendBody = async (total: number, more: () => boolean) => {
    let done = 0;
    while (done < total && more()) {
      const size = Math.min(UPLOAD_PIECE, total - done);
      if (!(await write(piece(size)))) break;
      done += size;
      sent += size;
    }
    return done;
  };

  const chunked = upload.chunked ? "\r\nTransfer-Encoding: chunked" : "";
  await write(`${upload.head}${chunked}\r\nHost: 127.0.0.1\r\n\r\n`);
  await sendBody(upload.send, () => sentBeforeReply === undefined);
  const arrived = await waitFor(() => completeReply(received) ?? (closed ? "closed" : undefined), {
    timeoutMs: timeout,
    what: "a reply while the body is unfinished",
  }).catch(() => undefined);
  const reply = typeof arrived === "object" ? arrived : undefined;
  const sentAfterReply = await sendBody(upload.thenSend ?? 0, () => !closed);
  await waitFor(() => closed, { timeoutMs: timeout }).catch(() => undefined);
  socket.destroy();
  return { reply, sentBeforeReply: sentBeforeReply ?? sent, sentAfterReply, closed };
}

/** A whole request for {@link sendBody}. */
export interface WholeRequest {
  /** @defaultValue "POST" */
  method?: string;
  path: string;
  body: Buffer;
  headers?: Record<string, string>;
  /** Send the body as chunks of 64 KiB, without a Content-Length. */
  chunked?: boolean;
  /** The agent whose kept-alive connections to use. @defaultValue none: a connection of its own, closed after */
  agent?: Agent;
  /**
   * Send `Expect: 100-continue`, and the body only once the server answers `100 Continue`, as curl does before a body
   * over 1 MiB. A server that replies instead gets no body, and the connection is dropped after the reply.
   */
  askFirst?: boolean;
}

/** A reply to {@link sendBody}: status, headers, body, and whether it came on a connection used before. */
export interface WholeReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  reusedSocket: boolean;
  /** The `100 Continue` answers that came before the reply: 1 when an `askFirst` request was told to send its body. */
  continues: number;
}

/** Sends `request` to `port` on 127.0.0.1 with Node's client and resolves with the reply. */
export function sendBody(port: number, request: WholeRequest): Promise<WholeReply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...request.headers };
    if (!request.chunked) headers["Content-Length"] = request.body.length;
    const req = httpRequest({
      host: "127.0.0.1",
      port,
      path: request.path,
      method: request.method ?? "POST",
      headers,
      agent: request.agent ?? false,
    });
    let answered = false;
    let continues = 0;
    // A server that refuses a body may close the connection: the rest of the upload then fails, after the reply.
    req.on("error", (err) => {
      if (!answered) reject(err);
    });
    req.on("response", (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("error", reject);
      res.on("end", () => {
        // A body never sent: the request cannot end, and the connection cannot carry another.
        if (request.askFirst && continues === 0) req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(parts).toString("utf8"),
          reusedSocket: req.reusedSocket,
          continues,
        });
      });
    });
    const send = () => {
      if (request.chunked) {
        // Several writes and no Content-Length: Node's client sends each as a chunk.
        for (let at = 0; at < request.body.length; at += UPLOAD_PIECE)
          req.write(request.body.subarray(at, at + UPLOAD_PIECE));
        req.end();
      } else req.end(request.body);
    };
    if (!request.askFirst) return send();
    // Node's client emits 'continue' for each 100: a second one is counted, not answered with the body again.
    req.on("continue", () => {
      continues += 1;
      if (continues === 1) send();
    });
    req.setHeader("Expect", "100-continue");
    req.flushHeaders();
  });
}

/** A request answered before its body is sent, for {@link replyBeforeBody}. */
export interface ReplyBeforeBody {
  /** Request line and headers, without the blank line that ends them (`Content-Length` and `Host` are added). */
  head: string;
  /** The body's length, as declared; none of it is sent before the reply, all of it after. */
  length: number;
  /** The next request on the same connection: request line and headers of a request without a body (`Host` added). */
  next: string;
  /**
   * How long each reply may take, in ms.
   * @defaultValue 10000: far above what either takes, so a failure means "never", not "slow".
   */
  timeout?: number;
}

/** What a client of {@link replyBeforeBody} saw. */
export interface ReplyBeforeBodyResult {
  /** The reply to the request, which came before its body was sent. */
  reply: RawReply | undefined;
  /** The reply to `next` on the same connection: undefined when the server closed it instead. */
  nextReply: RawReply | undefined;
  /** Whether the server closed the connection before the next reply (or `timeout`). */
  closed: boolean;
}

/**
 * Sends `request.head` to `port` on 127.0.0.1 with a declared body and none of it; once the reply is in, sends the
 * whole body and then `request.next` on the same connection, to see whether the server kept the connection (reading
 * and discarding the body) or closed it after the reply.
 */
export async function replyBeforeBody(port: number, request: ReplyBeforeBody): Promise<ReplyBeforeBodyResult> {
  const timeout = request.timeout ?? 10_000;
  const socket = createConnection(port, "127.0.0.1");
  let received = Buffer.alloc(0);
  let closed = false;
  socket.on("data", (data: Buffer) => {
    received = Buffer.concat([received, data]);
  });
  // A write after the server closed fails (EPIPE, ECONNRESET): the close event says so.
  socket.on("error", () => {});
  socket.on("close", () => {
    closed = true;
  });
  /** The reply that starts at byte `from` of what was received, or undefined once the connection closed. */
  const replyFrom = async (from: number) => {
    const arrived = await waitFor(() => firstReply(received.subarray(from)) ?? (closed ? "closed" : undefined), {
      timeoutMs: timeout,
      what: "a reply",
    }).catch(() => undefined);
    return typeof arrived === "object" ? arrived : undefined;
  };
  try {
    socket.write(`${request.head}\r\nContent-Length: ${request.length}\r\nHost: 127.0.0.1\r\n\r\n`);
    const first = await replyFrom(0);
    if (first === undefined) return { reply: undefined, nextReply: undefined, closed };
    socket.write(Buffer.alloc(request.length, "x"));
    socket.write(`${request.next}\r\nHost: 127.0.0.1\r\n\r\n`);
    const next = await replyFrom(first.size);
    return { reply: first.reply, nextReply: next?.reply, closed };
  } finally {
    socket.destroy();
  }
}
