// Unit tests of src/routes/reply.ts: how a handler's `response` becomes the HTTP reply of a custom webhook.
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { buildReply, InvalidReplyError, scopeCookie } from "../../../src/routes/reply.js";

const PATH = "/custom/bot1/";
const reply = (result: Parameters<typeof buildReply>[0]) => buildReply(result, PATH);
const refusal = (statusCode: unknown) => {
  try {
    reply({ statusCode });
  } catch (err) {
    return err;
  }
  throw new Error(`statusCode ${String(statusCode)} was accepted`);
};

describe("buildReply status", () => {
  it("answers 200 { ok: true } for an empty result", () => {
    for (const statusCode of [undefined, null])
      expect(reply({ statusCode })).toEqual({ status: 200, headers: {}, body: { ok: true }, problems: [] });
  });

  it("takes every integer status from 200 to 599, as a number or three digits, ok below 400", () => {
    fc.assert(
      fc.property(fc.integer({ min: 200, max: 599 }), fc.boolean(), (code, asText) => {
        const built = reply({ statusCode: asText ? String(code) : code });
        expect(built.status).toBe(code);
        expect(built.body.ok).toBe(code < 400);
      }),
    );
    expect(reply({ statusCode: 399 }).body.ok).toBe(true);
    expect(reply({ statusCode: "400" }).body.ok).toBe(false);
  });

  it("refuses anything else as a handler error, quoting at most 20 characters", () => {
    for (const bad of [199, 600, 0, -200, 200.5, "200.0", "20", "2000", " 404", "abc", Number.NaN, true, {}, [200]]) {
      const err = refusal(bad);
      expect(err).toBeInstanceOf(InvalidReplyError);
      expect((err as Error).name).toBe("InvalidReplyError");
      expect((err as Error).message).toBe(`response.statusCode ${String(bad)} is not an HTTP status from 200 to 599`);
    }
    expect((refusal("x".repeat(30)) as Error).message).toBe(
      `response.statusCode ${"x".repeat(20)} is not an HTTP status from 200 to 599`,
    );
  });

  it("refuses every integer outside 200..599", () => {
    const outside = fc.oneof(fc.integer({ max: 199 }), fc.integer({ min: 600 }));
    fc.assert(fc.property(outside, (code) => refusal(code) instanceof InvalidReplyError));
  });
});

describe("buildReply body", () => {
  it("carries message (as text) and data when the handler set them", () => {
    expect(reply({ message: "hi", data: { a: [1] } }).body).toEqual({ ok: true, message: "hi", data: { a: [1] } });
    expect(reply({ statusCode: 404, message: 42 }).body).toEqual({ ok: false, message: "42" });
    expect(reply({ message: null, data: null }).body).toEqual({ ok: true, data: null });
    expect(Object.keys(reply({ message: undefined, data: undefined }).body)).toEqual(["ok"]);
    expect(reply({ data: 0 }).body).toEqual({ ok: true, data: 0 });
  });
});

describe("buildReply headers", () => {
  it("keeps valid headers, numbers and booleans as text", () => {
    const built = reply({ headers: { "X-Trace": "a b", "x-n": 5, "x-b": false, "Cache-Control": "no-store" } });
    expect(built.headers).toEqual({ "X-Trace": "a b", "x-n": "5", "x-b": "false", "Cache-Control": "no-store" });
    expect(built.problems).toEqual([]);
  });

  it("ignores headers that are not an object, saying so", () => {
    for (const headers of ["x: 1", ["x"], 3])
      expect(reply({ headers })).toMatchObject({
        headers: {},
        problems: ["response.headers must be an object; ignored"],
      });
    expect(reply({ headers: null }).problems).toEqual([]);
  });

  it("drops headers the gateway owns, in any case", () => {
    const owned = [
      "content-length",
      "Content-Type",
      "transfer-encoding",
      "CONNECTION",
      "keep-alive",
      "upgrade",
      "trailer",
      "content-encoding",
      "Host",
    ];
    const built = reply({ headers: Object.fromEntries(owned.map((n) => [n, "x"])) });
    expect(built.headers).toEqual({});
    expect(built.problems).toEqual(owned.map((n) => `header '${n}' is set by the gateway; dropped`));
  });

  it("drops invalid header names, quoting at most 40 characters", () => {
    const long = "x".repeat(129);
    const built = reply({ headers: { "bad name": "1", "": "1", é: "1", [long]: "1", ["y".repeat(128)]: "ok" } });
    expect(built.headers).toEqual({ ["y".repeat(128)]: "ok" });
    expect(built.problems).toEqual([
      "header name 'bad name' is invalid; dropped",
      "header name '' is invalid; dropped",
      "header name 'é' is invalid; dropped",
      `header name '${"x".repeat(40)}' is invalid; dropped`,
    ]);
  });

  it("drops values that are not header text: control characters, non-Latin-1, over 8 KiB, objects", () => {
    const bad = { a: "x\r\nSet-Cookie: evil=1", b: "\u0000", c: "snow ☃", d: "x".repeat(8193), e: { v: 1 }, f: ["1"] };
    const built = reply({ headers: { ...bad, ok1: "\tcafé\u00ff~", ok2: "x".repeat(8192), ok3: "" } });
    expect(Object.keys(built.headers)).toEqual(["ok1", "ok2", "ok3"]);
    expect(built.problems).toEqual(
      Object.keys(bad).map((n) => `header '${n}' has a value that is not valid HTTP header text; dropped`),
    );
  });

  it("accepts every token name and every Latin-1 text value, and nothing with a byte below 0x20 but tab", () => {
    const tchar = fc.constantFrom(..."!#$%&'*+.^_`|~0123456789abcXYZ-".split(""));
    const name = fc.array(tchar, { minLength: 1, maxLength: 128 }).map((a) => a.join(""));
    const safe = fc.integer({ min: 0x20, max: 0xff }).filter((c) => c !== 0x7f);
    const text = fc.array(fc.oneof(safe, fc.constant(9)), { maxLength: 64 });
    fc.assert(
      fc.property(name, text, (n, codes) => {
        fc.pre(!["content-length", "host", "connection", "upgrade", "trailer"].includes(n.toLowerCase()));
        const value = String.fromCharCode(...codes);
        const built = reply({ headers: { [n]: value } });
        expect(built.problems).toEqual([]);
        expect(built.headers[n]).toBe(n.toLowerCase() === "set-cookie" ? scopeCookie(value, PATH) : value);
      }),
    );
    const control = fc.integer({ min: 0, max: 0x1f }).filter((c) => c !== 9);
    fc.assert(
      fc.property(fc.string(), control, fc.string(), (before, c, after) => {
        const built = reply({ headers: { "x-v": `${before}${String.fromCharCode(c)}${after}` } });
        expect(built.headers).toEqual({});
      }),
    );
  });

  it("scopes a bot's cookies to its own path, one value or a list of at most 20", () => {
    const one = reply({ headers: { "Set-Cookie": "sid=1; Path=/; Domain=evil.example; HttpOnly" } });
    expect(one.headers).toEqual({ "Set-Cookie": `sid=1; HttpOnly; Path=${PATH}` });
    const list = reply({ headers: { "set-cookie": ["a=1", "b=2; path=/admin"] } });
    expect(list.headers).toEqual({ "set-cookie": [`a=1; Path=${PATH}`, `b=2; Path=${PATH}`] });
    const twenty = reply({ headers: { "set-cookie": Array.from({ length: 20 }, (_, i) => `c${i}=1`) } });
    expect(twenty.headers["set-cookie"]).toHaveLength(20);
    for (const value of [Array.from({ length: 21 }, (_, i) => `c${i}=1`), ["a=1", "b=\n2"], ["a=1", 2]]) {
      const built = reply({ headers: { "set-cookie": value } });
      expect(built.headers).toEqual({});
      expect(built.problems).toEqual(["header 'set-cookie' has a value that is not valid HTTP header text; dropped"]);
    }
    expect(reply({ headers: { "x-list": ["a", "b"] } }).headers).toEqual({});
  });
});

describe("scopeCookie", () => {
  it("replaces Path and Domain attributes (any case, with or without a value) and keeps the rest", () => {
    expect(scopeCookie("a=1", "/p/")).toBe("a=1; Path=/p/");
    expect(scopeCookie(" a=1 ;  Secure;PATH=/x; domain ; Max-Age=5", "/p/")).toBe("a=1; Secure; Max-Age=5; Path=/p/");
    expect(scopeCookie("a=1; Domain = x.example; Pathology=yes; Domains=1; xpath=2; my-domain", "/p/")).toBe(
      "a=1; Pathology=yes; Domains=1; xpath=2; my-domain; Path=/p/",
    );
  });

  it("keeps the first pair even when it is named path or domain", () => {
    expect(scopeCookie("path=1; Path=/", "/p/")).toBe("path=1; Path=/p/");
  });

  it("always ends with the one Path it was given", () => {
    const attribute = fc.constantFrom("Path=/", "path=/x", "Domain=a.example", "DOMAIN", "Secure", "HttpOnly", "x=1");
    fc.assert(
      fc.property(fc.array(attribute, { maxLength: 6 }), (attrs) => {
        const scoped = scopeCookie(["c=v", ...attrs].join("; "), PATH);
        const parts = scoped.split("; ");
        expect(parts.filter((p) => /^(path|domain)\b/i.test(p))).toEqual([`Path=${PATH}`]);
        expect(parts.at(-1)).toBe(`Path=${PATH}`);
        expect(parts[0]).toBe("c=v");
      }),
    );
  });
});
