/** text.ts: what Postgres cannot store, checked against the platform's own oracle (String#isWellFormed). */
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import {
  findUnstorableText,
  isStorableText,
  MAX_JSON_DEPTH,
  storableText,
  unstorableTextMessage,
  unstorableTextProblem,
} from "../src/text.js";

const units = fc.array(
  fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.constantFrom(0, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0x200f)),
  { maxLength: 12 },
);
const anyUtf16 = units.map((codes) => String.fromCharCode(...codes));

describe("isStorableText", () => {
  it("is true exactly for well-formed UTF-16 without NUL", () => {
    fc.assert(
      fc.property(anyUtf16, (s) => {
        const wellFormed = (s as string & { isWellFormed(): boolean }).isWellFormed();
        expect(isStorableText(s)).toBe(wellFormed && !s.includes("\u0000"));
      }),
      { numRuns: 20_000 },
    );
  });

  it("keeps 4-byte characters, RTL marks and combining marks", () => {
    for (const s of ["😀", "𝄞", "\u200f\u202e", "e\u0301", "👩‍👩‍👧", "\ufffd"]) expect(isStorableText(s)).toBe(true);
  });

  it("names the problem", () => {
    expect(unstorableTextProblem("a\u0000b")).toMatch(/NUL/);
    expect(unstorableTextProblem("a\ud800")).toMatch(/unpaired UTF-16 surrogate/);
    expect(unstorableTextProblem("\udc00a")).toMatch(/surrogate/);
    expect(unstorableTextProblem("ok 😀")).toBeNull();
  });
});

describe("findUnstorableText", () => {
  it("finds the first bad string or key with its path", () => {
    expect(findUnstorableText({ a: { b: ["x", "y\u0000"] } }, "extra")).toMatchObject({ path: "extra.a.b[1]" });
    expect(findUnstorableText({ ["k\ud800"]: 1 }, "doc")).toMatchObject({ path: "doc", key: true });
    expect(findUnstorableText({ a: [1, true, null, "fine"] }, "")).toBeNull();
  });

  it("refuses nesting deeper than MAX_JSON_DEPTH without recursing through all of it", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnstorableText(deep, "v")?.problem).toBe(`nests deeper than ${MAX_JSON_DEPTH} levels`);
    let ok: unknown = "x";
    for (let i = 0; i < MAX_JSON_DEPTH - 1; i++) ok = { a: ok };
    expect(findUnstorableText(ok, "v")).toBeNull();
  });
});

describe("text rules, exactly", () => {
  it("names a NUL first where it comes first, a surrogate otherwise", () => {
    expect(unstorableTextProblem("\u0000\ud800")).toBe("contains a NUL character (\\u0000), which cannot be stored");
    expect(unstorableTextProblem("\ud800\u0000")).toBe(
      "contains an unpaired UTF-16 surrogate, which is not valid Unicode text",
    );
    expect(unstorableTextProblem("\ud83d\ude00")).toBeNull();
  });

  it("replaces every NUL and unpaired surrogate, and nothing else", () => {
    expect(storableText("a\u0000b\ud800c\udc00\ud83d\ude00\u0000")).toBe("a\ufffdb\ufffdc\ufffd\ud83d\ude00\ufffd");
    fc.assert(
      fc.property(anyUtf16, (s) => {
        const fixed = storableText(s);
        expect(isStorableText(fixed)).toBe(true);
        expect(fixed).toHaveLength(s.length);
        if (isStorableText(s)) expect(fixed).toBe(s);
      }),
    );
  });

  it("reports paths from an empty base, keys and depth exactly", () => {
    expect(findUnstorableText({ a: { b: "\u0000" } }, "")).toEqual({
      path: "a.b",
      key: false,
      problem: "contains a NUL character (\\u0000), which cannot be stored",
    });
    expect(findUnstorableText(["ok", ["\ud800"]], "x")).toMatchObject({ path: "x[1][0]", key: false });
    expect(findUnstorableText({ ok: 1, "\u0000": 2 }, "doc")).toEqual({
      path: "doc",
      key: true,
      problem: "has a key that contains a NUL character (\\u0000), which cannot be stored",
    });
    expect(findUnstorableText("\u0000", "s")).toMatchObject({ path: "s" });
    expect([findUnstorableText(5, "n"), findUnstorableText(null, "n"), findUnstorableText("ok", "n")]).toEqual([
      null,
      null,
      null,
    ]);
    expect(unstorableTextMessage({ path: "name", key: false, problem: "is bad" })).toBe("name is bad");
  });

  it("takes exactly MAX_JSON_DEPTH levels of nesting, arrays and objects alike", () => {
    expect(MAX_JSON_DEPTH).toBe(100);
    const nest = (levels: number, wrap: (v: unknown) => unknown) => {
      let v: unknown = 1;
      for (let i = 0; i < levels; i++) v = wrap(v);
      return v;
    };
    for (const wrap of [(v: unknown) => [v], (v: unknown) => ({ a: v })]) {
      expect(findUnstorableText(nest(MAX_JSON_DEPTH, wrap), "v")).toBeNull();
      expect(findUnstorableText(nest(MAX_JSON_DEPTH + 1, wrap), "v")).toMatchObject({
        key: false,
        problem: "nests deeper than 100 levels",
      });
    }
  });
});
