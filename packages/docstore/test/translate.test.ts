/**
 * toStoreError (src/translate.ts), database-free: each Postgres error code a statement can end with becomes the rule
 * in words with its kind, and nothing of the statement (SQL text, table names, parameters) reaches bot code; the
 * original error stays as `cause`. The database-backed tests reach only some of these codes (limits, timeout, regex).
 */
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { DocumentStoreError } from "../src/errors.js";
import { DEFAULT_LIMITS, resolveLimits } from "../src/limits.js";
import { toStoreError } from "../src/translate.js";

const limits = resolveLimits({ maxDocsPerCollection: 500, maxBytesPerBot: 3 * 1048576, statementTimeoutMs: 750 });

/** An error as node-postgres throws it, carrying what must never be shown. */
const pgError = (code: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error('relation "bot_documents" violates ... SELECT data FROM bot_documents WHERE $1'), {
    code,
    detail: "Key (bot_id, coll, id)=(b1, users, 7) already exists.",
    ...extra,
  });

describe("toStoreError", () => {
  it.each([
    ["DS001", "limit", "collection is full: it may hold at most 500 documents"],
    ["DS002", "limit", "this bot's data is at its limit of 3 MiB; delete documents first"],
    ["23505", "invalid", "duplicate _id in collection"],
    [
      "57014",
      "timeout",
      "query took longer than 750 ms and was stopped; narrow the filter or add an index with createIndex",
    ],
    ["2201B", "invalid", "$regex is not a valid pattern"],
    ["54000", "invalid", "filter is too complex"],
    ["54001", "invalid", "filter is too complex"],
    ["22P02", "invalid", "filter or document could not be evaluated"],
    ["22023", "invalid", "filter or document could not be evaluated"],
    ["42601", "invalid", "filter or document could not be evaluated"],
    ["22012", "invalid", "filter or document could not be evaluated"],
    ["22003", "invalid", "filter or document could not be evaluated"],
    ["40001", "unavailable", "the operation collided with another one; try again"],
    ["40P01", "unavailable", "the operation collided with another one; try again"],
  ])("%s: %s, %s", (code, kind, message) => {
    const original = pgError(code);
    const err = toStoreError(original, limits);
    expect(err).toBeInstanceOf(DocumentStoreError);
    expect({ kind: err.kind, message: err.message }).toEqual({ kind, message });
    expect(err.cause).toBe(original);
  });

  it("names the indexed field of DS003 (cut to 80 characters), not the statement", () => {
    const err = toStoreError(pgError("DS003", { detail: "tags" }), limits);
    expect({ kind: err.kind, message: err.message }).toEqual({
      kind: "invalid",
      message: "field 'tags' has an index (createIndex), so it cannot hold an array",
    });
    const long = toStoreError(pgError("DS003", { detail: "f".repeat(200) }), limits);
    expect(long.message).toBe(`field '${"f".repeat(80)}' has an index (createIndex), so it cannot hold an array`);
    expect(toStoreError(pgError("DS003", { detail: undefined }), limits).message).toBe(
      "field '' has an index (createIndex), so it cannot hold an array",
    );
  });

  it("reads the limits it reports from the store's limits", () => {
    expect(toStoreError(pgError("DS001"), DEFAULT_LIMITS).message).toContain("at most 1000000 documents");
    expect(toStoreError(pgError("DS002"), DEFAULT_LIMITS).message).toContain("limit of 1024 MiB");
  });

  it.each([
    "ECONNREFUSED",
    "ECONNRESET",
    "ETIMEDOUT",
    "EPIPE",
    "ENOTFOUND",
    "57P01",
    "57P02",
    "57P03",
    "08006",
    "53300",
  ])("%s: the database is not answering (unavailable)", (code) => {
    const err = toStoreError(pgError(code), limits);
    expect({ kind: err.kind, message: err.message }).toEqual({
      kind: "unavailable",
      message: "the database is not answering right now; try again shortly",
    });
  });

  it.each(["Connection terminated unexpectedly", "timeout exceeded when trying to connect", "Query read timeout"])(
    "a driver error without a code (%s) is unavailable too",
    (message) => {
      expect(toStoreError(new Error(message), limits).kind).toBe("unavailable");
    },
  );

  it("anything else is internal, with a message that says nothing of the statement", () => {
    for (const err of [pgError("42P01"), pgError("XX000"), new TypeError("x is undefined"), "a string"]) {
      const translated = toStoreError(err, limits);
      expect({ kind: translated.kind, message: translated.message }).toEqual({
        kind: "internal",
        message: "the database could not run this operation",
      });
      expect(translated.cause).toBe(err);
    }
  });

  it("passes a DocumentStoreError through unchanged", () => {
    const refusal = new DocumentStoreError("unknown operator '$foo'", "invalid");
    expect(toStoreError(refusal, limits)).toBe(refusal);
  });

  it("never shows the statement's text, detail or parameters, whatever the code (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), fc.string(), (code, secret) => {
        const marker = `SECRET<${secret}>`;
        const err = toStoreError({ code, message: `SELECT ${marker}`, detail: marker }, limits);
        // DS003 names the field from `detail`: the one code whose message carries part of it, by design.
        if (code !== "DS003") expect(err.message).not.toContain("SECRET<");
        expect(err.message).not.toMatch(/SELECT|bot_documents/);
      }),
    );
  });
});
