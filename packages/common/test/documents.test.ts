import { describe, expect, it } from "@jest/globals";
import {
  COLLECTION_NAME_PATTERN,
  jsonTextProblem,
  MAX_DOCUMENT_BYTES,
  newDocumentId,
  type PreparedDocument,
  textProblem,
  collectionNameProblem,
  prepareDocument,
} from "../src/documents.js";
import { unstorableTextProblem } from "../src/text.js";
import { SecretBox, constantTimeEqual, sha256 } from "../src/crypto.js";
import { scrubSecrets } from "../src/logging.js";

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

describe("document rules, exactly", () => {
  it("names a bad collection name, at most 80 characters of it, as storable text", () => {
    expect(collectionNameProblem(5)).toBe("collection name must be a string");
    expect(collectionNameProblem("a_b")).toBe(
      "invalid collection name 'a_b': use 1 to 64 letters, digits and '-' (no '_')",
    );
    expect(collectionNameProblem(`\u0000${"x".repeat(100)}`)).toBe(
      `invalid collection name '\ufffd${"x".repeat(79)}': use 1 to 64 letters, digits and '-' (no '_')`,
    );
    expect(COLLECTION_NAME_PATTERN.test("a\nb")).toBe(false);
  });

  it("says where a document's text cannot be stored: a value by its path, a key by its object", () => {
    expect(textProblem).toBe(unstorableTextProblem);
    expect(jsonTextProblem({ a: ["ok", "b\u0000"] }, "document")).toBe(
      "document.a[1] contains a NUL character (\\u0000), which cannot be stored",
    );
    expect(jsonTextProblem({ a: { "k\ud800": 1 } }, "document")).toBe(
      "a field name in document.a contains an unpaired UTF-16 surrogate, which is not valid Unicode text",
    );
    expect(jsonTextProblem({ a: [1, "fine"] }, "document")).toBeNull();
    expect(prepareDocument({ a: "\u0000" })).toBe(
      "document.a contains a NUL character (\\u0000), which cannot be stored",
    );
  });

  it("refuses what is not an object, with one message", () => {
    for (const value of [null, undefined, 1, "x", [1], true])
      expect(prepareDocument(value)).toBe("document must be a JSON object");
  });

  it("gives a fresh 24-hex _id for a missing or null one, without changing the caller's object", () => {
    const given = { a: 1, _id: null };
    const made = prepareDocument(given) as PreparedDocument;
    expect(made.docId).toMatch(/^[0-9a-f]{24}$/);
    expect(made.data).toEqual({ a: 1, _id: made.docId });
    expect(given).toEqual({ a: 1, _id: null });
    expect(newDocumentId()).toMatch(/^[0-9a-f]{24}$/);
    expect(newDocumentId()).not.toBe(newDocumentId());
  });

  it("keeps string _ids of 1 to 256 characters and finite numbers, and refuses the rest", () => {
    const idMessage = "_id must be a non-empty string (at most 256 characters) or a number";
    expect(prepareDocument({ _id: "x".repeat(256) })).toEqual({
      docId: "x".repeat(256),
      data: { _id: "x".repeat(256) },
    });
    expect(prepareDocument({ _id: "k" })).toEqual({ docId: "k", data: { _id: "k" } });
    expect(prepareDocument({ _id: -1.5 })).toEqual({ docId: "-1.5", data: { _id: -1.5 } });
    expect(prepareDocument({ _id: 0 })).toEqual({ docId: "0", data: { _id: 0 } });
    for (const _id of ["", "x".repeat(257), Number.NaN, Number.POSITIVE_INFINITY, true, [1], { a: 1 }])
      expect(prepareDocument({ _id })).toBe(idMessage);
  });

  it("takes a document of exactly 256 KiB of JSON and refuses one byte more", () => {
    const limit = MAX_DOCUMENT_BYTES;
    expect(limit).toBe(262_144);
    const overhead = Buffer.byteLength(JSON.stringify({ _id: "k", s: "" }));
    const fits = { _id: "k", s: "x".repeat(limit - overhead) };
    expect(prepareDocument(fits)).toEqual({ docId: "k", data: fits });
    const over = { _id: "k", s: `é${"x".repeat(limit - overhead - 1)}` };
    expect(prepareDocument(over)).toBe("document is larger than 256 KiB");
  });
});
