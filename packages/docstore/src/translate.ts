/**
 * Turns whatever a statement threw into a {@link DocumentStoreError} bot code can read: the rule it broke, in words,
 * never the SQL, table or column names, or parameters of the statement. The original error stays as `cause` for the
 * gateway's own log.
 */
import { DocumentStoreError } from "./errors.js";
import type { DocumentStoreLimits } from "./limits.js";

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "57P01",
  "57P02",
  "57P03",
]);

/** A DocumentStoreError for `err`. */
export function toStoreError(err: unknown, limits: DocumentStoreLimits): DocumentStoreError {
  if (err instanceof DocumentStoreError) return err;
  const e = err as { code?: string; detail?: string; message?: string };
  const code = e.code ?? "";
  const cause = { cause: err };
  switch (code) {
    case "DS001":
      return new DocumentStoreError(
        `collection is full: it may hold at most ${limits.maxDocsPerCollection} documents`,
        "limit",
        cause,
      );
    case "DS002":
      return new DocumentStoreError(
        `this bot's data is at its limit of ${Math.floor(limits.maxBytesPerBot / 1048576)} MiB; delete documents first`,
        "limit",
        cause,
      );
    case "DS004":
    case "DS005": {
      const [limit, use] = (e.detail ?? "").split("/").map(Number);
      const quota = code === "DS004" ? "storedDocuments" : "storedBytes";
      const what = code === "DS004" ? "documents" : "bytes";
      const useText = code === "DS004" ? `${use} stored` : `${use} with this write`;
      return new DocumentStoreError(
        `Over the ${quota} quota of this account's plan (limit ${limit} ${what}, ${useText}); ` +
          "delete documents first or ask the operator for a larger plan",
        "quota",
        cause,
      );
    }
    case "DS003":
      return new DocumentStoreError(
        `field '${(e.detail ?? "").slice(0, 80)}' has an index (createIndex), so it cannot hold an array`,
        "invalid",
        cause,
      );
    case "23505":
      return new DocumentStoreError("duplicate _id in collection", "invalid", cause);
    case "57014":
      return new DocumentStoreError(
        `query took longer than ${limits.statementTimeoutMs} ms and was stopped; narrow the filter or add an index with createIndex`,
        "timeout",
        cause,
      );
    case "2201B":
      return new DocumentStoreError("$regex is not a valid pattern", "invalid", cause);
    case "54000":
    case "54001":
      return new DocumentStoreError("filter is too complex", "invalid", cause);
    case "22P02":
    case "22023":
    case "42601":
    case "22012":
    case "22003":
      return new DocumentStoreError("filter or document could not be evaluated", "invalid", cause);
    case "40001":
    case "40P01":
      return new DocumentStoreError("the operation collided with another one; try again", "unavailable", cause);
  }
  if (
    UNAVAILABLE_CODES.has(code) ||
    code.startsWith("08") ||
    code.startsWith("53") ||
    /timeout|terminat|connect/i.test(e.message ?? "")
  ) {
    return new DocumentStoreError("the database is not answering right now; try again shortly", "unavailable", cause);
  }
  return new DocumentStoreError("the database could not run this operation", "internal", cause);
}
