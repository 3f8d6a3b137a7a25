/**
 * The HTTP edge of custom webhooks and the Telegram intake, on a real socket where the bytes matter: bodies that do not
 * inflate, statuses that carry no content, and headers that would reach past the bot.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createServer, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import request from "supertest";
import { startGatewayHarness, type GatewayHarness } from "./harness.js";

let h: GatewayHarness;
let server: Server;
let port: number;
beforeAll(async () => {
  h = await startGatewayHarness({ timeoutMs: 800 });
  server = createServer(h.app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

/** Sends `head` (request line and headers, without the blank line) and `body`; resolves with every byte answered. */
function exchange(head: string, body = Buffer.alloc(0)): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let out = "";
    socket.on("data", (d: Buffer) => {
      out += d.toString("latin1");
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(out));
    socket.write(Buffer.concat([Buffer.from(`${head}\r\nHost: x\r\n\r\n`, "latin1"), body]));
  });
}

/** The status line, the headers (lowercase names) and the body of one reply. */
function parse(reply: string): { status: number; headers: Record<string, string>; body: string } {
  const end = reply.indexOf("\r\n\r\n");
  const [statusLine = "", ...lines] = reply.slice(0, end).split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body: reply.slice(end + 4) };
}

describe("bodies that cannot be read", () => {
  it("a body that does not inflate as its Content-Encoding says is a 400 with a reason, never a 500", async () => {
    const { botId } = await h.bot("logic['echo'] = async (q, body) => body;");
    const telegram = await h.bot("bot.on('message', () => {});");
    const notGzip = Buffer.from('{"a":1}');
    for (const encoding of ["gzip", "deflate", "br"]) {
      const custom = parse(
        await exchange(
          `POST /custom/${botId}/echo HTTP/1.1\r\nContent-Type: application/json\r\nContent-Encoding: ${encoding}\r\n` +
            `Content-Length: ${notGzip.length}\r\nConnection: close`,
          notGzip,
        ),
      );
      expect([encoding, custom.status, JSON.parse(custom.body)]).toEqual([
        encoding,
        400,
        { ok: false, message: "Unreadable request body" },
      ]);
      const update = parse(
        await exchange(
          `POST /telegram/${telegram.botId} HTTP/1.1\r\nContent-Type: application/json\r\n` +
            `X-Telegram-Bot-Api-Secret-Token: ${telegram.webhookSecret}\r\nContent-Encoding: ${encoding}\r\n` +
            `Content-Length: ${notGzip.length}\r\nConnection: close`,
          notGzip,
        ),
      );
      expect([encoding, update.status, JSON.parse(update.body)]).toEqual([
        encoding,
        400,
        { ok: false, message: "Unreadable request body" },
      ]);
    }
  });
});

describe("statuses without content", () => {
  it("204, 205 and 304 answer no body, no Content-Type, and no Content-Length but 205's 0; keep-alive holds", async () => {
    const { botId } = await h.bot(`
      logic['s'] = async (query, body, db, response) => {
        response.statusCode = Number(query.s); response.message = 'done'; response.headers['X-Kept'] = 'yes';
        return { x: 1 };
      };
    `);
    for (const [status, length] of [
      [204, undefined],
      [205, "0"],
      [304, undefined],
    ] as const) {
      // Two requests on one connection: the second reply must start right where the first ends.
      const replies = await exchange(
        `GET /custom/${botId}/s?s=${status} HTTP/1.1\r\nHost: x\r\n\r\n` +
          `GET /custom/${botId}/s?s=200 HTTP/1.1\r\nConnection: close`,
      );
      const second = replies.indexOf("HTTP/1.1 200");
      expect(second).toBeGreaterThan(0);
      const first = parse(replies.slice(0, second));
      expect([first.status, first.headers["content-length"], first.headers["content-type"], first.body]).toEqual([
        status,
        length,
        undefined,
        "",
      ]);
      expect(first.headers["x-kept"]).toBe("yes");
      expect(JSON.parse(parse(replies.slice(second)).body)).toEqual({ ok: true, message: "done", data: { x: 1 } });
    }
  });
});

describe("headers a handler may not set", () => {
  it("Clear-Site-Data, which would wipe every bot's cookies on the shared origin, is dropped with a log line", async () => {
    const { botId } = await h.bot(`logic['wipe'] = async (q, b, db, response) => {
      response.headers['Clear-Site-Data'] = '"cookies", "storage"';
      response.headers['X-Ok'] = 'fine';
      return 1;
    };`);
    const res = await request(h.app).get(`/custom/${botId}/wipe`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, data: 1 });
    expect(res.headers["x-ok"]).toBe("fine");
    expect(res.headers["clear-site-data"]).toBeUndefined();
    await h.waitForLog(botId, /header 'Clear-Site-Data' would act on every bot's origin; dropped/);
  });
});

describe("customPath", () => {
  it("missing, empty or holding a slash is 400 Invalid path format, as any other bad customPath", async () => {
    const { botId } = await h.bot("logic['a'] = async () => 'a';");
    for (const path of [
      `/custom/${botId}`,
      `/custom/${botId}/`,
      `/custom/${botId}//a`,
      `/custom/${botId}/a/b`,
      `/custom/${botId}/a//`,
      `/custom/${botId}/%2F/x`,
    ]) {
      const res = await request(h.app).post(path).send({});
      expect([path, res.status, res.body]).toEqual([path, 400, { ok: false, message: "Invalid path format" }]);
    }
    // The ones the route serves are untouched: with one trailing slash, and in any case.
    expect((await request(h.app).get(`/custom/${botId}/a/`)).body).toEqual({ ok: true, data: "a" });
    expect((await request(h.app).get(`/CUSTOM/${botId}/a`)).body).toEqual({ ok: true, data: "a" });
  });
});
