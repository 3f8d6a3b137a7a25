// Unit tests of src/runtime/egress.ts: the private-address table, and what a request may and may not do (an HTTP server
// on 127.0.0.1 stands in for the internet, with private egress allowed where the test needs an answer).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import dns from "node:dns";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { Egress, EgressError, fullPath, isPrivateAddress, serializeParams } from "../../../src/runtime/egress.js";

/** The ranges bot code may not reach (docs/bot-runtime.md#axios), as [first address, prefix length]. */
const PRIVATE_V4: [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata at 169.254.169.254
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

const toInt = (ip: string) => ip.split(".").reduce((n, part) => n * 256 + Number(part), 0);
const toIp = (n: number) => [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join(".");
const inTable = (n: number) =>
  PRIVATE_V4.some(([first, bits]) => {
    const size = 2 ** (32 - bits);
    return n >= toInt(first) && n < toInt(first) + size;
  });

describe("isPrivateAddress", () => {
  it.each([
    "0.0.0.0",
    "10.0.0.0",
    "10.255.255.255",
    "100.64.0.0",
    "100.127.255.255",
    "127.0.0.1",
    "127.255.255.254",
    "169.254.169.254",
    "168.63.129.16",
    "172.16.0.0",
    "172.31.255.255",
    "192.0.0.8",
    "192.168.1.1",
    "198.18.0.0",
    "198.19.255.255",
    "224.0.0.1",
    "255.255.255.255",
  ])("refuses %s", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    "1.0.0.0",
    "8.8.8.8",
    "9.255.255.255",
    "11.0.0.0",
    "100.63.255.255",
    "100.128.0.0",
    "126.255.255.255",
    "128.0.0.0",
    "169.253.255.255",
    "169.255.0.0",
    "172.15.255.255",
    "172.32.0.0",
    "192.0.1.0",
    "192.167.255.255",
    "192.169.0.0",
    "198.17.255.255",
    "198.20.0.0",
    "223.255.255.255",
  ])("lets %s through", (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it.each([
    "::",
    "::1",
    "fc00::",
    "fd12:3456:789a::1",
    "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
    "fe80::1",
    "febf:ffff::1",
    "ff02::1",
    "ffff::",
    // IPv4-mapped IPv6 reaches the IPv4 address: the IPv4 table applies, in either notation.
    "::ffff:127.0.0.1",
    "::FFFF:10.1.2.3",
    "::ffff:169.254.169.254",
    "::ffff:7f00:1",
  ])("refuses IPv6 %s", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(["::2", "fbff:ffff::1", "fec0::1", "fe7f::1", "2001:4860:4860::8888", "2606:4700::1111", "::ffff:8.8.8.8"])(
    "lets IPv6 %s through",
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  // A NAT64 gateway, a 6to4 or Teredo relay or the host's own stack delivers these to the IPv4 address they carry.
  it.each([
    "64:ff9b::7f00:1", // NAT64 (RFC 6052)
    "64:ff9b::10.0.0.1",
    "64:ff9b::a9fe:a9fe", // NAT64 of 169.254.169.254
    "64:ff9b:1::808:808", // local-use NAT64 (RFC 8215): refused whole
    "2002:7f00:1::1", // 6to4 of 127.0.0.1
    "2002:c0a8:101::", // 6to4 of 192.168.1.1
    "2001:0:4136:e378:8000:63bf:80ff:fffe", // Teredo, client 127.0.0.1 (stored inverted)
    "::127.0.0.1", // IPv4-compatible
    "::a9fe:a9fe",
    "::ffff:0:127.0.0.1", // IPv4-translated
    "::ffff:0:a00:1",
  ])("refuses IPv6 %s, which carries a private IPv4 address", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    "64:ff9b::808:808",
    "2002:808:808::1",
    "2001:0:4136:e378:8000:63bf:f7f7:f7f7",
    "::8.8.8.8",
    "::ffff:0:8.8.8.8",
  ])("lets IPv6 %s through, which carries a public IPv4 address", (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it("refuses anything that is not an IP address (a caller must resolve names first)", () => {
    for (const text of ["", "localhost", "example.com", "127.0.0.1.nip.io", "1.2.3", "[::1]"])
      expect(isPrivateAddress(text)).toBe(true);
  });

  it("agrees with the table for every IPv4 address, plain and IPv4-mapped", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (n) => {
        const ip = toIp(n);
        expect(isPrivateAddress(ip)).toBe(inTable(n));
        expect(isPrivateAddress(`::ffff:${ip}`)).toBe(inTable(n));
      }),
      { numRuns: 500 },
    );
  });

  it("refuses every address inside each private range, first and last included", () => {
    const inRange = fc
      .constantFrom(...PRIVATE_V4)
      .chain(([first, bits]) => fc.integer({ min: toInt(first), max: toInt(first) + 2 ** (32 - bits) - 1 }));
    fc.assert(fc.property(inRange, (n) => isPrivateAddress(toIp(n))));
    for (const [first, bits] of PRIVATE_V4) {
      expect(isPrivateAddress(first)).toBe(true);
      expect(isPrivateAddress(toIp(toInt(first) + 2 ** (32 - bits) - 1))).toBe(true);
    }
  });

  it("refuses every unique-local (fc00::/7) and link-local (fe80::/10) IPv6 address", () => {
    const hextet = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
    const rest = fc.array(hextet, { minLength: 7, maxLength: 7 });
    const ula = fc.tuple(fc.integer({ min: 0xfc00, max: 0xfdff }), rest);
    const linkLocal = fc.tuple(fc.integer({ min: 0xfe80, max: 0xfebf }), rest);
    fc.assert(
      fc.property(fc.oneof(ula, linkLocal), ([first, tail]) =>
        isPrivateAddress([first.toString(16), ...tail].join(":")),
      ),
    );
  });
});

// Expected values are what axios 1.x's buildFullPath and buildURL answer for the same input.
describe("fullPath", () => {
  it.each([
    ["http://h/api/", "/v1", "http://h/api/v1"],
    ["http://h/api", "v1", "http://h/api/v1"],
    ["http://h/api//", "///v1", "///v1"], // absolute (protocol-relative): not joined
    ["http://h/api///", "v1", "http://h/api//v1"], // axios drops at most two trailing slashes
    ["http://h/api", "HTTP+x://o/v1", "HTTP+x://o/v1"],
    ["http://h/api", "", "http://h/api"],
    ["", "/v1", "/v1"],
  ])("joins %j and %j as %j", (base, url, expected) => {
    expect(fullPath(base, url)).toBe(expected);
  });
});

describe("serializeParams", () => {
  it.each([
    [{ a: null, b: [1, 2] }, "b[]=1&b[]=2"],
    [{ "b[]": [1, { k: 1 }] }, "b[]=1&b[]=[object+Object]"],
    [{ " k ": { "a[]": [""] } }, "+k+[a][0]="],
    [{ o: { "x[]": 1, y: [[1, null]] } }, "o[x]=1&o[y][0][0]=1"],
    [{ t: "it's (a) ~*!" }, "t=it's+(a)+~*!"],
    [[5, 6], "0=5&1=6"],
    [{}, ""],
  ])("serializes %j as %j", (params, expected) => {
    expect(serializeParams(params)).toBe(expected);
  });
});

/** 64 MiB of zeros, gzipped to about 64 KiB. */
let bomb: Buffer | undefined;
const gzipBomb = () => {
  bomb ??= gzipSync(Buffer.alloc(64 * 1024 * 1024));
  return bomb;
};

/** What the test server saw, and how it answers a path. */
let server: Server;
let origin: string;
const seen: { method: string; url: string; headers: IncomingMessage["headers"]; body: string }[] = [];
/** Bytes the test server could not parse as a request (what a desynchronised keep-alive connection leaves). */
const unparsed: string[] = [];
const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  "/json": (_req, res) => res.setHeader("content-type", "application/json").end('{"a":1}'),
  "/text-json": (_req, res) => res.setHeader("content-type", "text/plain").end("  [1, 2]"),
  "/broken-json": (_req, res) => res.setHeader("content-type", "application/json").end("{nope"),
  "/plain": (_req, res) => res.setHeader("content-type", "text/plain").end("hello [1]"),
  "/no-type": (_req, res) => res.end('{"b":2}'),
  "/json-scalar": (_req, res) => res.setHeader("content-type", "application/json; charset=utf-8").end('"hi"'),
  "/plain-number": (_req, res) => res.setHeader("content-type", "text/plain").end("42"),
  "/plain-quoted": (_req, res) => res.setHeader("content-type", "text/plain").end('"a[b"'),
  "/bad": (_req, res) => res.writeHead(400, { "content-type": "text/plain" }).end("no"),
  "/exact": (_req, res) => res.end(Buffer.alloc(5 * 1024 * 1024, 98)),
  "/redirect": (_req, res) => res.writeHead(302, { location: "/json" }).end(),
  "/missing": (_req, res) => res.writeHead(404, "Gone Fishing", { "content-type": "application/json" }).end('{"e":1}'),
  "/huge": (_req, res) => {
    const chunk = Buffer.alloc(64 * 1024, 97);
    let sent = 0;
    const pump = () => {
      while (sent < 6 * 1024 * 1024 && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
      res.end();
    };
    pump();
  },
  "/hang": () => {},
  "/slow": (_req, res) => {
    // Late on purpose: the timeout tests need a server that answers after 300 ms.
    setTimeout(() => res.setHeader("content-type", "application/json").end('{"slow":true}'), 300);
  },
  "/gzip-bomb": (_req, res) => res.writeHead(200, { "content-encoding": "gzip" }).end(gzipBomb()),
  "/gzip-bomb-length": (_req, res) => {
    const body = gzipBomb();
    res.writeHead(200, { "content-encoding": "gzip", "content-length": body.length }).end(body);
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => {
      body += c;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const route = routes[url.pathname];
      const status = /^\/status\/(\d{3})$/.exec(url.pathname);
      if (route) route(req, res);
      else if (status) res.writeHead(Number(status[1])).end();
      else res.setHeader("content-type", "application/json").end(JSON.stringify({ echo: true }));
    });
  });
  server.on("clientError", (err: Error, socket) => {
    unparsed.push(err.message);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
  unparsed.length = 0;
});

const open = new Egress({ allowPrivate: true });
const guarded = new Egress({ allowPrivate: false });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected the request to fail");
    },
    (err: unknown) => err as EgressError,
  );

describe("Egress without private egress", () => {
  const port = () => new URL(origin).port;

  it.each([
    ["an IPv4 literal", () => `http://127.0.0.1:${port()}/`, "127.0.0.1"],
    ["an IPv4-mapped IPv6 literal", () => `http://[::ffff:127.0.0.1]:${port()}/`, "::ffff:7f00:1"],
    ["an IPv6 literal", () => `http://[::1]:${port()}/`, "::1"],
    ["a decimal IPv4", () => `http://2130706433:${port()}/`, "127.0.0.1"],
  ])("refuses %s before connecting", async (_name, url, shown) => {
    const err = await failure(guarded.request({ url: url() }));
    expect(err).toBeInstanceOf(EgressError);
    expect([err.code, err.message]).toEqual(["ERR_EGRESS_DENIED", `requests to ${shown} are not allowed`]);
    expect(seen).toEqual([]);
  });

  it.each([
    ["NAT64", () => `http://[64:ff9b::127.0.0.1]:${port()}/`, "64:ff9b::7f00:1"],
    ["IPv4-compatible", () => `http://[::127.0.0.1]:${port()}/`, "::7f00:1"],
    ["IPv4-translated", () => `http://[::ffff:0:127.0.0.1]:${port()}/`, "::ffff:0:7f00:1"],
    ["6to4", () => `http://[2002:7f00:1::1]:${port()}/`, "2002:7f00:1::1"],
  ])("refuses an IPv6 literal that carries 127.0.0.1 (%s), before connecting", async (_name, url, shown) => {
    const err = await failure(guarded.request({ url: url(), timeout: 2000 }));
    expect([err.code, err.message]).toEqual(["ERR_EGRESS_DENIED", `requests to ${shown} are not allowed`]);
    expect(seen).toEqual([]);
  });

  it("refuses a name when any of its addresses is private, even if another is public", async () => {
    const lookup = dns.lookup;
    const resolved: dns.LookupAddress[] = [
      { address: "93.184.215.14", family: 4 },
      { address: "127.0.0.1", family: 4 },
    ];
    // biome-ignore lint/suspicious/noExplicitAny: stands in for dns.lookup's overloads
    (dns as any).lookup = (_host: string, _opts: unknown, cb: (e: null, a: dns.LookupAddress[]) => void) =>
      cb(null, resolved);
    try {
      const err = await failure(guarded.request({ url: `http://mixed.example:${port()}/json`, timeout: 2000 }));
      expect([err.code, err.message]).toEqual(["ERR_EGRESS_DENIED", "requests to mixed.example are not allowed"]);
    } finally {
      dns.lookup = lookup;
    }
    expect(seen).toEqual([]);
  });

  it("checks https URLs too", async () => {
    const err = await failure(guarded.request({ url: `https://127.0.0.1:${port()}/` }));
    expect(err.code).toBe("ERR_EGRESS_DENIED");
  });

  it("refuses a name that resolves to a private address, at connect time", async () => {
    const err = await failure(guarded.request({ url: `http://localhost:${port()}/json` }));
    expect([err.code, err.message]).toEqual(["ERR_EGRESS_DENIED", "requests to localhost are not allowed"]);
    expect(seen).toEqual([]);
  });

  it("reports a name that does not resolve as a network error, not a denial", async () => {
    const err = await failure(guarded.request({ url: "http://no-such-host.invalid/" }));
    // ENOTFOUND, or EAI_AGAIN where the machine has no resolver at all.
    expect(["ENOTFOUND", "EAI_AGAIN"]).toContain(err.code);
    expect(err.message).toBe(`request failed: ${err.code}`);
  });
});

describe("Egress request shaping", () => {
  it("refuses a config that is not an object", async () => {
    for (const config of [null, "http://x", 3]) {
      const err = await failure(open.request(config));
      expect([err.code, err.message]).toEqual(["ERR_BAD_OPTION", "axios config must be an object"]);
    }
  });

  it("takes the seven axios methods in any case and refuses others", async () => {
    for (const method of ["GET", "post", "Put", "patch", "delete", "head", "options"]) {
      const res = await open.request({ url: `${origin}/echo`, method });
      expect(res.status).toBe(200);
    }
    expect(seen.map((s) => s.method)).toEqual(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]);
    for (const method of ["trace", "connect", "propfind"]) {
      const err = await failure(open.request({ url: `${origin}/echo`, method }));
      expect([err.code, err.message]).toEqual(["ERR_BAD_OPTION", `unsupported method ${method}`]);
    }
    expect(seen).toHaveLength(7);
  });

  it("refuses URLs that do not parse and schemes other than http and https", async () => {
    for (const config of [{ url: "not a url" }, {}, { url: "/relative" }]) {
      const err = await failure(open.request(config));
      expect([err.code, err.message]).toEqual(["ERR_INVALID_URL", "invalid URL"]);
    }
    for (const url of ["ftp://example.com/", "file:///etc/passwd", "data:text/plain,hi"]) {
      const err = await failure(open.request({ url }));
      expect([err.code, err.message]).toEqual(["ERR_INVALID_URL", "only http and https URLs are allowed"]);
    }
  });

  it("resolves url against baseURL and appends params", async () => {
    await open.request({ url: "/echo?x=1", baseURL: origin, params: { q: "a b", n: 2 } });
    expect(seen[0]!.url).toBe("/echo?x=1&q=a+b&n=2");
    await open.request({ url: `${origin}/echo`, baseURL: 7, params: "q=1" });
    expect(seen[1]!.url).toBe("/echo");
  });

  it("joins baseURL and a relative url as axios does, and leaves an absolute url alone", async () => {
    await open.request({ url: "/v1", baseURL: `${origin}/api/` });
    await open.request({ url: "v1", baseURL: `${origin}/api` });
    await open.request({ url: "v1?x=1", baseURL: `${origin}/api//`, params: { y: 2 } });
    await open.request({ baseURL: `${origin}/api` });
    await open.request({ url: `${origin}/echo`, baseURL: "http://elsewhere.invalid/api" });
    expect(seen.map((s) => s.url)).toEqual(["/api/v1", "/api/v1", "/api/v1?x=1&y=2", "/api", "/echo"]);
    // "//host" is absolute for axios (protocol-relative), so it is not joined, and alone it is no URL.
    const err = await failure(open.request({ url: "//v1", baseURL: `${origin}/api` }));
    expect([err.code, err.message]).toEqual(["ERR_INVALID_URL", "invalid URL"]);
    expect(seen).toHaveLength(5);
  });

  it("serializes params as axios's default serializer does", async () => {
    await open.request({ url: `${origin}/echo`, params: { a: null, b: [1, 2] } });
    expect(seen[0]!.url).toBe("/echo?b[]=1&b[]=2");
    // Expected text produced by axios 1.x's buildURL for the same params.
    await open.request({
      url: `${origin}/echo`,
      params: {
        u: undefined,
        d: new Date(0),
        o: { x: 1, y: { z: 2 } },
        list: [{ k: 1 }, null, "v"],
        "j{}": { k: 1 },
        s: "a b+c,:$&=/?[]",
        t: true,
        n: 0,
        e: "",
        na: [null, 3],
        "x[]": [1],
      },
    });
    expect(seen[1]!.url).toBe(
      "/echo?d=1970-01-01T00:00:00.000Z&o[x]=1&o[y][z]=2&list[0][k]=1&list[2]=v&j%7B%7D=%7B%22k%22:1%7D" +
        "&s=a+b%2Bc,:$%26%3D%2F%3F[]&t=true&n=0&e=&na[]=3&x[]=1",
    );
  });

  it("refuses params that refer to themselves", async () => {
    const params: Record<string, unknown> = { a: 1 };
    params.self = { back: params };
    const err = await failure(open.request({ url: `${origin}/echo`, params }));
    expect([err.code, err.message]).toEqual(["ERR_BAD_OPTION", "params contain a circular reference"]);
    expect(seen).toEqual([]);
  });

  it("sends string and number headers only", async () => {
    await open.request({ url: `${origin}/echo`, headers: { "x-a": "1", "x-b": 2, "x-c": true, "x-d": { v: 1 } } });
    expect(seen[0]!.headers).toMatchObject({ "x-a": "1", "x-b": "2" });
    expect(seen[0]!.headers).not.toHaveProperty("x-c");
    expect(seen[0]!.headers).not.toHaveProperty("x-d");
    await open.request({ url: `${origin}/echo`, headers: null });
    await open.request({ url: `${origin}/echo`, headers: "x-e" });
    expect(seen[2]!.headers).not.toHaveProperty("0");
  });

  it("adds the JSON content type next to other headers", async () => {
    await open.request({ url: `${origin}/echo`, method: "post", data: { a: 1 }, headers: { "x-a": "1" } });
    expect(seen[0]!.headers).toMatchObject({ "x-a": "1", "content-type": "application/json" });
  });

  it("sends an object as JSON with a JSON content type, a string as it is, and no body on GET or HEAD", async () => {
    await open.request({ url: `${origin}/echo`, method: "post", data: { a: [1] } });
    await open.request({ url: `${origin}/echo`, method: "post", data: "raw=1" });
    await open.request({ url: `${origin}/echo`, method: "put", data: [1], headers: { "Content-Type": "text/x-mine" } });
    await open.request({ url: `${origin}/echo`, method: "get", data: { a: 1 } });
    await open.request({ url: `${origin}/echo`, method: "head", data: { a: 1 } });
    expect(seen.map((s) => [s.body, s.headers["content-type"]])).toEqual([
      ['{"a":[1]}', "application/json"],
      ["raw=1", undefined],
      ["[1]", "text/x-mine"],
      ["", undefined],
      ["", undefined],
    ]);
  });

  it("refuses a request body over 1 MiB without sending it", async () => {
    const limit = 1024 * 1024;
    const exact = await open.request({ url: `${origin}/echo`, method: "post", data: "x".repeat(limit) });
    expect(exact.status).toBe(200);
    const err = await failure(open.request({ url: `${origin}/echo`, method: "post", data: "é".repeat(limit / 2 + 1) }));
    expect([err.code, err.message]).toEqual(["ERR_BAD_REQUEST", "request body is larger than 1 MiB"]);
    expect(seen).toHaveLength(1);
  });
});

describe("Egress request headers", () => {
  it("frames the body itself: a bot's Content-Length or Transfer-Encoding never reaches the wire", async () => {
    // A short Content-Length would leave the rest of the body on the pooled keep-alive connection, read as the
    // next request (of this bot or another); a long one or an unknown coding would leave the server waiting.
    const framings = [
      { "Content-Length": "2" },
      { "content-length": 50 },
      { "Transfer-Encoding": "chunked" },
      { "TRANSFER-ENCODING": "gzip, chunked", "Content-Length": "1" },
    ];
    for (const headers of framings) {
      const res = await open.request({ url: `${origin}/echo`, method: "post", data: "héllo", headers, timeout: 2000 });
      expect(res.status).toBe(200);
    }
    await open.request({ url: `${origin}/echo`, method: "get" });
    expect(seen.map((s) => [s.method, s.body, s.headers["content-length"], s.headers["transfer-encoding"]])).toEqual([
      ...framings.map(() => ["POST", "héllo", "6", undefined]),
      ["GET", "", undefined, undefined],
    ]);
    expect(unparsed).toEqual([]);
  });

  it("sends an empty body when the bot claims a length for a request without data", async () => {
    const claim = { headers: { "Content-Length": "5" }, timeout: 2000 };
    const res = await open.request({ url: `${origin}/echo`, method: "post", ...claim });
    expect(res.status).toBe(200);
    await open.request({ url: `${origin}/echo`, method: "get", ...claim });
    expect(seen.map((s) => [s.method, s.body, s.headers["content-length"] ?? "0"])).toEqual([
      ["POST", "", "0"],
      ["GET", "", "0"],
    ]);
  });

  it("keeps the connection and the Host its own: Host follows the URL, hop-by-hop headers are dropped", async () => {
    const res = await open.request({
      url: `${origin}/echo`,
      method: "post",
      data: { a: 1 },
      timeout: 2000,
      headers: {
        Host: "metadata.internal",
        Connection: "upgrade, close",
        "Keep-Alive": "timeout=600",
        Upgrade: "websocket",
        TE: "trailers",
        Trailer: "X-After",
        Expect: "100-continue",
        "Proxy-Authorization": "Basic eDp5",
        "Proxy-Connection": "keep-alive",
        Authorization: "Bearer kept",
        Cookie: "a=1",
        "X-Custom": "kept",
      },
    });
    expect(res.status).toBe(200);
    const sent = seen[0]!.headers;
    expect(sent.host).toBe(new URL(origin).host);
    expect(sent.connection).toBe("keep-alive");
    for (const name of ["keep-alive", "upgrade", "te", "trailer", "expect", "proxy-authorization", "proxy-connection"])
      expect([name, sent[name]]).toEqual([name, undefined]);
    expect(sent).toMatchObject({ authorization: "Bearer kept", cookie: "a=1", "x-custom": "kept" });
    expect(seen[0]!.body).toBe('{"a":1}');
  });

  it("refuses a header that would write its own framing through CR or LF, sending nothing", async () => {
    // Node's HTTP client refuses such names and values before the request is written.
    const smuggled = [{ "X-A": "1\r\nContent-Length: 0" }, { "X-A\r\nTransfer-Encoding": "chunked" }];
    const codes: string[] = [];
    for (const headers of smuggled) {
      const err = await failure(open.request({ url: `${origin}/echo`, method: "post", data: "abc", headers }));
      codes.push(err.code);
    }
    expect(codes).toEqual(["ERR_INVALID_CHAR", "ERR_INVALID_HTTP_TOKEN"]);
    expect([seen, unparsed]).toEqual([[], []]);
  });

  it("tells the caller which headers it dropped, as the bot wrote them, and nothing when it dropped none", async () => {
    const reports: string[][] = [];
    const hooks = { droppedHeaders: (names: string[]) => reports.push(names) };
    await open.request({ url: `${origin}/echo`, headers: { "Content-Length": "0", "X-A": "1", host: "h" } }, hooks);
    await open.request({ url: `${origin}/echo`, headers: { "X-A": "1" } }, hooks);
    expect(reports).toEqual([["Content-Length", "host"]]);
    // A request refused before it is sent drops nothing worth a line in the bot's log.
    await failure(open.request({ url: "ftp://x/", headers: { Host: "h" } }, hooks));
    expect(reports).toHaveLength(1);
  });
});

describe("Egress time limit", () => {
  it("takes a timeout of 0 as axios does, as no limit of the bot's own: the platform's limit applies", async () => {
    const res = await open.request({ url: `${origin}/slow`, timeout: 0 });
    expect([res.status, res.data]).toEqual([200, { slow: true }]);
    // The same for null (what Infinity or NaN becomes on its way out of the isolate) and for no timeout at all.
    expect((await open.request({ url: `${origin}/slow`, timeout: null })).status).toBe(200);
    expect((await open.request({ url: `${origin}/slow` })).status).toBe(200);
  });

  it("answers within the platform's limit with timeout 0, and gives up past it", async () => {
    const capped = new Egress({ allowPrivate: true, maxTimeMs: 1500 });
    const res = await capped.request({ url: `${origin}/slow`, timeout: 0 });
    expect([res.status, res.data]).toEqual([200, { slow: true }]);
    const started = Date.now();
    const err = await failure(capped.request({ url: `${origin}/hang`, timeout: 0 }));
    expect([err.code, err.message]).toEqual(["ECONNABORTED", "request failed: ETIMEDOUT"]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
  });

  it("cuts a longer timeout to the platform's limit", async () => {
    // /slow answers after 300 ms: in time for the bot's 60 s, too late for a limit of 200 ms.
    const capped = new Egress({ allowPrivate: true, maxTimeMs: 200 });
    const err = await failure(capped.request({ url: `${origin}/slow`, timeout: 60_000 }));
    expect(err.code).toBe("ECONNABORTED");
  });

  it("takes a numeric string as its number, as axios parses it", async () => {
    const err = await failure(open.request({ url: `${origin}/slow`, timeout: "100" }));
    expect(err.code).toBe("ECONNABORTED");
  });

  it("refuses a negative timeout or one that is not a number, before sending, as axios fails on them", async () => {
    for (const timeout of [-1, "soon", "10s", true, { ms: 5 }]) {
      const err = await failure(open.request({ url: `${origin}/echo`, timeout }));
      expect([err.code, err.message]).toEqual([
        "ERR_BAD_OPTION_VALUE",
        "timeout must be a number of milliseconds, or 0 for the platform's limit (10000 ms)",
      ]);
    }
    expect(seen).toEqual([]);
  });
});

describe("Egress responses", () => {
  it("reports the bytes received as they arrive, and cancels the download when the bot's memory refuses them", async () => {
    const seenBytes: number[] = [];
    const whole = await open.request({ url: `${origin}/exact` }, { received: (bytes) => void seenBytes.push(bytes) });
    expect((whole.data as string).length).toBe(5 * 1024 * 1024);
    expect(seenBytes.at(-1)).toBe(5 * 1024 * 1024);
    const err = await failure(
      open.request(
        { url: `${origin}/exact` },
        { received: (bytes) => (bytes > 1024 * 1024 ? "host memory budget exceeded: test" : undefined) },
      ),
    );
    expect([err.code, err.message]).toEqual(["ERR_HOST_MEMORY", "host memory budget exceeded: test"]);
  });

  it("parses JSON by content type or by shape, unless responseType is text", async () => {
    const json = await open.request({ url: `${origin}/json` });
    expect(json).toMatchObject({ status: 200, statusText: "OK", data: { a: 1 } });
    expect(json.headers["content-type"]).toBe("application/json");
    expect((await open.request({ url: `${origin}/text-json` })).data).toEqual([1, 2]);
    expect((await open.request({ url: `${origin}/no-type` })).data).toEqual({ b: 2 });
    expect((await open.request({ url: `${origin}/plain` })).data).toBe("hello [1]");
    expect((await open.request({ url: `${origin}/broken-json` })).data).toBe("{nope");
    expect((await open.request({ url: `${origin}/json`, responseType: "text" })).data).toBe('{"a":1}');
    // A JSON content type parses any JSON; text parses only when it looks like an object or an array.
    expect((await open.request({ url: `${origin}/json-scalar` })).data).toBe("hi");
    expect((await open.request({ url: `${origin}/plain-number` })).data).toBe("42");
    expect((await open.request({ url: `${origin}/plain-quoted` })).data).toBe('"a[b"');
  });

  it("rejects a status of 400 or more like axios, with the response attached", async () => {
    const err = await failure(open.request({ url: `${origin}/missing` }));
    expect(err).toBeInstanceOf(EgressError);
    expect([err.code, err.message]).toEqual(["ERR_BAD_REQUEST", "Request failed with status code 404"]);
    expect(err.response).toMatchObject({ status: 404, statusText: "Gone Fishing", data: { e: 1 } });
    const bad = await failure(open.request({ url: `${origin}/bad` }));
    expect([bad.code, bad.response?.status, bad.response?.data]).toEqual(["ERR_BAD_REQUEST", 400, "no"]);
  });

  it("codes a 4xx ERR_BAD_REQUEST and a 5xx ERR_BAD_RESPONSE, as axios's settle does", async () => {
    const codes: Array<[number, string]> = [];
    for (const status of [400, 499, 500, 503, 599]) {
      const err = await failure(open.request({ url: `${origin}/status/${status}` }));
      codes.push([err.response?.status ?? 0, err.code]);
    }
    expect(codes).toEqual([
      [400, "ERR_BAD_REQUEST"],
      [499, "ERR_BAD_REQUEST"],
      [500, "ERR_BAD_RESPONSE"],
      [503, "ERR_BAD_RESPONSE"],
      [599, "ERR_BAD_RESPONSE"],
    ]);
    expect((await open.request({ url: `${origin}/status/399` })).status).toBe(399);
  });

  it("does not follow redirects: the bot sees the 3xx (a redirect could point at a private address)", async () => {
    const res = await open.request({ url: `${origin}/redirect` });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/json");
    expect(seen.map((s) => s.url)).toEqual(["/redirect"]);
  });

  it("takes a response of exactly 5 MiB", async () => {
    const res = await open.request({ url: `${origin}/exact` });
    expect((res.data as string).length).toBe(5 * 1024 * 1024);
  });

  it("cancels a response over 5 MiB", async () => {
    const err = await failure(open.request({ url: `${origin}/huge` }));
    expect([err.code, err.message]).toEqual(["ERR_RESPONSE_TOO_LARGE", "response is larger than 5 MiB"]);
  });

  it("counts the inflated size of a compressed response against the cap, with or without Content-Length", async () => {
    for (const path of ["/gzip-bomb", "/gzip-bomb-length"]) {
      const err = await failure(open.request({ url: `${origin}${path}` }));
      expect([path, err.code]).toEqual([path, "ERR_RESPONSE_TOO_LARGE"]);
    }
  });

  it("gives up after the bot's timeout with axios's ECONNABORTED", async () => {
    const err = await failure(open.request({ url: `${origin}/hang`, timeout: 100 }));
    expect([err.code, err.message]).toEqual(["ECONNABORTED", "request failed: ETIMEDOUT"]);
  });

  it("reports a refused connection as a network error", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const err = await failure(open.request({ url: `http://127.0.0.1:${port}/` }));
    expect([err.code, err.message]).toEqual(["ECONNREFUSED", "request failed: ECONNREFUSED"]);
  });
});
