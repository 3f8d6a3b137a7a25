// Unit tests of src/runtime/egress-headers.ts: which request headers bot code's axios may set. The framing and the
// connection are the gateway's (docs/bot-runtime.md#axios); what the server then sees is in egress.test.ts.
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { botRequestHeaders, isPlatformRequestHeader } from "../../../src/runtime/egress-headers.js";

/** Every header the gateway sets itself, as a bot might spell it. */
const PLATFORM = [
  "Content-Length",
  "Transfer-Encoding",
  "Connection",
  "Keep-Alive",
  "Upgrade",
  "TE",
  "Trailer",
  "Expect",
  "Host",
  "Proxy-Authorization",
  "Proxy-Connection",
  "proxy-anything",
];

/** Headers a server-side client (axios in Node, Workers' fetch) lets code set, some of them forbidden in browsers. */
const ALLOWED = [
  "Content-Type",
  "Authorization",
  "Cookie",
  "Origin",
  "Referer",
  "User-Agent",
  "Accept",
  "Accept-Encoding",
  "Content-Encoding",
  "Date",
  "Via",
  "X-Forwarded-For",
  "Sec-Fetch-Mode",
  "Trailers-Not",
  "Hosts",
  "X-Proxy-Authorization",
];

describe("isPlatformRequestHeader", () => {
  it.each(PLATFORM)("takes %s as the gateway's, in any case", (name) => {
    expect([name.toLowerCase(), name.toUpperCase(), name].map(isPlatformRequestHeader)).toEqual([true, true, true]);
  });

  it.each(ALLOWED)("leaves %s to bot code", (name) => {
    expect(isPlatformRequestHeader(name)).toBe(false);
  });
});

describe("botRequestHeaders", () => {
  it("keeps string and number values, and drops the platform's headers whatever their value", () => {
    const built = botRequestHeaders({
      "Content-Type": "text/plain",
      "X-N": 2,
      "X-Bool": true,
      "X-Obj": { a: 1 },
      "content-length": 3,
      "Transfer-Encoding": "chunked",
      HOST: "elsewhere.example",
      Expect: ["100-continue"],
    });
    expect(built.headers).toEqual({ "Content-Type": "text/plain", "X-N": "2" });
    expect(built.dropped).toEqual(["content-length", "Transfer-Encoding", "HOST", "Expect"]);
  });

  it("takes anything but an object as no headers", () => {
    for (const raw of [undefined, null, "x-a: 1", 3, ["Host"]]) {
      expect(botRequestHeaders(raw)).toEqual({ headers: {}, dropped: [] });
    }
  });

  it("never passes a platform header on, and passes every other string or number header as text", () => {
    const name = fc.oneof(
      fc.constantFrom(...PLATFORM, ...ALLOWED),
      fc.constantFrom(...PLATFORM).map((n) => n.toUpperCase()),
      // `__proto__` cannot be an own key of a plain object, here or in got's copy of the headers.
      fc.string({ minLength: 1, maxLength: 20 }).filter((n) => n !== "__proto__"),
    );
    const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
    fc.assert(
      fc.property(fc.dictionary(name, value), (raw) => {
        const { headers, dropped } = botRequestHeaders(raw);
        for (const key of Object.keys(headers)) expect(isPlatformRequestHeader(key)).toBe(false);
        for (const [key, v] of Object.entries(raw)) {
          if (isPlatformRequestHeader(key)) expect(dropped).toContain(key);
          else if (typeof v === "string" || typeof v === "number") expect(headers[key]).toBe(String(v));
          else expect([key, Object.hasOwn(headers, key)]).toEqual([key, false]);
        }
      }),
    );
  });
});
