import { describe, expect, it } from "@jest/globals";
import {
  collectionNameProblem,
  prepareDocument,
  SecretBox,
  constantTimeEqual,
  sha256,
  scrubSecrets,
} from "../src/index.js";

describe("collection names", () => {
  it.each(["users", "a", "A-1", "x".repeat(64)])("accepts %s", (name) =>
    expect(collectionNameProblem(name)).toBeNull(),
  );
  it.each(["", "has_underscore", "dot.ted", "sp ace", "x".repeat(65), "ünï"])("refuses %s", (name) =>
    expect(collectionNameProblem(name)).toMatch(/invalid collection name/),
  );
  it("refuses non-strings", () => expect(collectionNameProblem(5)).toMatch(/must be a string/));
});

describe("prepareDocument", () => {
  it("adds a 24-hex _id when missing and keeps given ones", () => {
    const made = prepareDocument({ a: 1 });
    expect(typeof made).toBe("object");
    expect((made as { docId: string }).docId).toMatch(/^[0-9a-f]{24}$/);
    expect(prepareDocument({ _id: "k", a: 1 })).toEqual({ docId: "k", data: { _id: "k", a: 1 } });
    expect(prepareDocument({ _id: 7 })).toEqual({ docId: "7", data: { _id: 7 } });
  });
  it("refuses non-objects, bad ids and huge documents", () => {
    expect(prepareDocument([1])).toMatch(/JSON object/);
    expect(prepareDocument("x")).toMatch(/JSON object/);
    expect(prepareDocument({ _id: { $gt: 1 } })).toMatch(/_id/);
    expect(prepareDocument({ big: "x".repeat(256 * 1024) })).toMatch(/256 KiB/);
  });
});

describe("secrets", () => {
  it("round-trips through SecretBox and refuses another key or tampering", () => {
    const box = new SecretBox("a-long-enough-secret-key");
    const sealed = box.encrypt("123:token");
    expect(sealed).not.toContain("123:token");
    expect(box.decrypt(sealed)).toBe("123:token");
    expect(() => new SecretBox("another-long-secret-key").decrypt(sealed)).toThrow();
    expect(() => box.decrypt(sealed.slice(0, -2) + "AA")).toThrow();
  });
  it("compares in constant time and hashes", () => {
    expect(constantTimeEqual("abc", "abc")).toBe(true);
    expect(constantTimeEqual("abc", "abd")).toBe(false);
    expect(constantTimeEqual("abc", "abcd")).toBe(false);
    expect(sha256("x")).toHaveLength(64);
  });
  it("scrubs token-shaped text", () => {
    expect(scrubSecrets("url /bot123456:AAHabcdefghijklmnopqrstuv/sendMessage")).not.toContain("AAHabc");
  });
});
