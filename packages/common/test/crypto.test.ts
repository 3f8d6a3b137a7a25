/** crypto.ts: the ciphertext format and its checks, hashes, constant-time comparison and the ids we hand out. */
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import {
  constantTimeEqual,
  ID_PATTERN,
  internalToken,
  newId,
  randomToken,
  SecretBox,
  SecretBoxError,
  sha256,
} from "../src/crypto.js";

const box = new SecretBox("botyard-test-vector-key");
// Made by this implementation with the key above: values stored by earlier releases must stay readable.
const VECTOR = "v1.HymXl6cPhfCjXL9B.Hrv50YfGDBYMc128KTMwwg.lOAaEXkIvbFVIcAM8uqO";

describe("SecretBox", () => {
  it("reads a value sealed by an earlier release (key derivation and format unchanged)", () => {
    expect(box.decrypt(VECTOR)).toBe("123456:token é");
  });

  it("seals as v1.<12-byte iv>.<16-byte tag>.<ciphertext> in base64url, a fresh iv each time", () => {
    const sealed = box.encrypt("123456:token é");
    const [version, iv, tag, body, extra] = sealed.split(".");
    expect(version).toBe("v1");
    expect(Buffer.from(iv!, "base64url")).toHaveLength(12);
    expect(Buffer.from(tag!, "base64url")).toHaveLength(16);
    expect(Buffer.from(body!, "base64url")).toHaveLength(Buffer.byteLength("123456:token é"));
    expect(extra).toBeUndefined();
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*$/);
    expect(box.encrypt("123456:token é")).not.toBe(sealed);
  });

  it("round-trips any text, the empty string included", () => {
    expect(box.decrypt(box.encrypt(""))).toBe("");
    fc.assert(fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (s) => box.decrypt(box.encrypt(s)) === s));
  });

  it("refuses what is not v1 ciphertext with one message", () => {
    const [, iv, tag, body] = VECTOR.split(".");
    for (const bad of [
      "",
      "v1",
      `v2.${iv}.${tag}.${body}`,
      `v1.${iv}.${tag}`,
      `v1..${tag}.${body}`,
      `v1.${iv}..${body}`,
    ])
      expect(() => box.decrypt(bad)).toThrow(/^Unrecognised ciphertext$/);
  });

  it("refuses another key, and any change to iv, tag or body", () => {
    expect(() => new SecretBox("another-test-vector-key").decrypt(VECTOR)).toThrow(SecretBoxError);
    const parts = VECTOR.split(".");
    for (const i of [1, 2, 3]) {
      const bytes = Buffer.from(parts[i]!, "base64url");
      bytes[0] = bytes[0]! ^ 1;
      const tampered = parts.map((p, j) => (j === i ? bytes.toString("base64url") : p)).join(".");
      expect(() => box.decrypt(tampered)).toThrow(SecretBoxError);
    }
  });
});

describe("sha256", () => {
  it("is hex SHA-256 of the UTF-8 text", () => {
    expect(sha256("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256("é")).toBe("4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c");
  });
});

describe("constantTimeEqual", () => {
  it("is true exactly for equal strings", () => {
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => constantTimeEqual(a, b) === (a === b)));
    fc.assert(fc.property(fc.string(), (a) => constantTimeEqual(a, a)));
    expect([constantTimeEqual("abc", "abd"), constantTimeEqual("abc", "abcd"), constantTimeEqual("", "")]).toEqual([
      false,
      false,
      true,
    ]);
  });
});

describe("randomToken and ids", () => {
  it("gives 24 random bytes in base64url by default, or as many as asked", () => {
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Buffer.from(randomToken(3), "base64url")).toHaveLength(3);
    expect(randomToken()).not.toBe(randomToken());
  });

  it("makes 20-character ids of letters and digits, or as long as asked, all matching ID_PATTERN", () => {
    expect(newId()).toMatch(/^[A-Za-z0-9]{20}$/);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), (n) => {
        const id = newId(n);
        return id.length === n && ID_PATTERN.test(id);
      }),
    );
    const seen = new Set(Array.from({ length: 200 }, () => newId(1)));
    expect(seen.size).toBeGreaterThan(40);
  });

  it("ID_PATTERN takes 1 to 64 letters and digits only", () => {
    for (const ok of ["a", "Z9", "x".repeat(64)]) expect(ID_PATTERN.test(ok)).toBe(true);
    for (const bad of ["", "x".repeat(65), "a_b", "a-b", "a b", "é", "a\n"]) expect(ID_PATTERN.test(bad)).toBe(false);
  });
});

describe("internalToken", () => {
  it("is the same for one SECRET_KEY, differs between keys, and reveals neither the key nor other derivations", () => {
    const key = "a-secret-key-of-the-operator";
    expect(internalToken(key)).toBe(internalToken(key));
    expect(internalToken(key)).not.toBe(internalToken(`${key}x`));
    expect(internalToken(key)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(internalToken(key)).not.toContain(key);
    expect(internalToken(key)).not.toBe(sha256(key));
  });
});
