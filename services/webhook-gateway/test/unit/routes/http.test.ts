/**
 * The pieces of HTTP the bot routes take over from express (src/routes/http.ts): the client address must be the one
 * express's `req.ip` gives with `trust proxy: loopback` (a forged X-Forwarded-For from a remote client is ignored),
 * and the path and query must split as the router splits them.
 */
import { createRequire } from "node:module";
import { createServer, get, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { waitFor } from "@botyard/testing";
import { clientIp, queryOf, splitTarget, whenWritten } from "../../../src/routes/http.js";

// express's own implementation of req.ip, loaded from where express finds it (it is not our dependency).
const fromExpress = createRequire(createRequire(import.meta.url).resolve("express"));
const proxyaddr = fromExpress("proxy-addr") as {
  (req: IncomingMessage, trust: (addr: string, i: number) => boolean): string;
  compile(value: string): (addr: string, i: number) => boolean;
};
const loopback = proxyaddr.compile("loopback");
const expressIp = (remoteAddress: string, xff: string | undefined): string =>
  proxyaddr(
    {
      socket: { remoteAddress },
      connection: { remoteAddress },
      headers: xff === undefined ? {} : { "x-forwarded-for": xff },
    } as never,
    loopback,
  );

const address = fc.oneof(
  fc.constantFrom(
    "127.0.0.1",
    "127.9.8.7",
    "::1",
    "::ffff:127.0.0.1",
    "0:0:0:0:0:0:0:1",
    "10.0.0.1",
    "::ffff:10.1.2.3",
  ),
  fc.ipV4(),
  fc.ipV6(),
  fc.constantFrom("unknown", "", "1.2.3", "300.1.1.1", "evil.example"),
);

describe("clientIp", () => {
  it("is express's req.ip with trust proxy 'loopback', for any socket address and X-Forwarded-For chain", () => {
    fc.assert(
      fc.property(
        address,
        fc.option(fc.array(fc.tuple(address, fc.constantFrom(",", ", ", " ,", ",,")), { maxLength: 5 }), {
          nil: undefined,
        }),
        (remote, chain) => {
          const xff = chain?.map(([a, sep]) => a + sep).join("");
          expect(clientIp(remote, xff)).toBe(expressIp(remote, xff));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("believes X-Forwarded-For only from a loopback proxy", () => {
    expect(clientIp("203.0.113.9", "127.0.0.1")).toBe("203.0.113.9");
    expect(clientIp("127.0.0.1", "198.51.100.7, 127.0.0.1")).toBe("198.51.100.7");
    expect(clientIp("127.0.0.1", "1.1.1.1, 198.51.100.7")).toBe("198.51.100.7");
  });
});

describe("splitTarget and queryOf", () => {
  it("split the path (undecoded) from the query as the router does", () => {
    expect(splitTarget("/custom/a%20b/p?x=1&y=%ff")).toEqual({ path: "/custom/a%20b/p", query: "x=1&y=%ff" });
    expect(splitTarget("/custom/a/p")).toEqual({ path: "/custom/a/p", query: undefined });
    expect(splitTarget("/custom/a/p#frag?x")).toEqual({ path: "/custom/a/p", query: undefined });
    expect(splitTarget("/custom/a/p?x=1#frag")).toEqual({ path: "/custom/a/p", query: "x=1" });
  });

  it("parse the query with Node's querystring into a plain object (express's 'simple' parser)", () => {
    const query = queryOf("a=1&a=2&b=%ff&__proto__=x");
    expect(Object.getPrototypeOf(query)).toBe(Object.prototype);
    expect(query).toEqual({ a: ["1", "2"], b: "\ufffd", ["__proto__"]: "x" });
    expect(queryOf(undefined)).toEqual({});
  });
});

describe("whenWritten", () => {
  /** A server answering `chars` characters; `written` says, right after the reply is ended, whether it was done. */
  async function serve(chars: number) {
    const seen = { doneAtOnce: undefined as boolean | undefined, done: false };
    const server = createServer((_req, res) => {
      res.end("z".repeat(chars));
      whenWritten(res, () => {
        seen.done = true;
      });
      seen.doneAtOnce = seen.done;
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { seen, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
  }

  it("is done at once when the connection took the whole reply", async () => {
    const { seen, server, url } = await serve(100);
    await new Promise<void>((resolve) => get(url, (res) => res.resume().on("end", resolve)));
    server.close();
    expect(seen.doneAtOnce).toBe(true);
  });

  it("waits for a reply larger than the socket's buffers until the client has read it", async () => {
    const { seen, server, url } = await serve(32 * 1024 * 1024);
    let received = 0;
    await new Promise<void>((resolve) =>
      get(url, (res) => {
        res.on("data", (chunk: Buffer) => {
          received += chunk.length;
        });
        res.on("end", resolve);
      }),
    );
    server.close();
    expect(seen.doneAtOnce).toBe(false);
    expect(received).toBe(32 * 1024 * 1024);
    await waitFor(() => (seen.done ? true : undefined));
  });
});
