/** text.ts: what Postgres cannot store, checked against the platform's own oracle (String#isWellFormed). */
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { findUnstorableText, isStorableText, MAX_JSON_DEPTH, unstorableTextProblem } from "../src/text.js";

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
