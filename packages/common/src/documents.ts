/**
 * Rules for bot collections and documents, shared by the management API (transferBot's dbProps) and the bot runtime
 * (`db.operation`), so a document seeded by one is found by the other.
 */
import { randomBytes } from "node:crypto";
import { findUnstorableText, storableText, unstorableTextProblem } from "./text.js";

/** Collection names: 1 to 64 letters, digits and `-` (no `_`, no dots, no spaces). */
export const COLLECTION_NAME_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

/** Largest document, measured as its JSON text in UTF-8. */
export const MAX_DOCUMENT_BYTES = 256 * 1024;

/** Why Postgres cannot store `text`, or null when it can (the one rule lives in text.ts). */
export const textProblem = unstorableTextProblem;

/**
 * Why a JSON value cannot be stored (a string or a key Postgres refuses, or nesting past MAX_JSON_DEPTH levels),
 * naming where, or null when it can. `where` names the value in the message, e.g. "document".
 */
export function jsonTextProblem(value: unknown, where: string): string | null {
  const found = findUnstorableText(value, where);
  if (!found) return null;
  return found.key
    ? `a field name in ${found.path} ${found.problem.replace(/^has a key that /, "")}`
    : `${found.path} ${found.problem}`;
}

/** Why `name` is not a valid collection name, or null when it is. */
export function collectionNameProblem(name: unknown): string | null {
  if (typeof name !== "string") return "collection name must be a string";
  if (!COLLECTION_NAME_PATTERN.test(name)) {
    const shown = storableText(name.slice(0, 80));
    return `invalid collection name '${shown}': use 1 to 64 letters, digits and '-' (no '_')`;
  }
  return null;
}

/** A new `_id` shaped like a MongoDB ObjectId (24 hex characters), which bot code written for Mongo expects. */
export function newDocumentId(): string {
  return randomBytes(12).toString("hex");
}

/** A document ready to store: its `_id` as the key, and the data with that `_id` in it. */
export interface PreparedDocument {
  docId: string;
  data: Record<string, unknown>;
}

/**
 * Checks `value` is a JSON object within the size limit and gives it an `_id` when it has none.
 * A string or number `_id` is kept (numbers are keyed by their decimal text); anything else is refused.
 * Returns the reason as a string when the document is not acceptable.
 */
export function prepareDocument(value: unknown): PreparedDocument | string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "document must be a JSON object";
  const data = { ...(value as Record<string, unknown>) };
  const text = jsonTextProblem(data, "document");
  if (text) return text;
  const id = data._id;
  let docId: string;
  if (id === undefined || id === null) {
    docId = newDocumentId();
    data._id = docId;
  } else if (typeof id === "string" && id.length > 0 && id.length <= 256) {
    docId = id;
  } else if (typeof id === "number" && Number.isFinite(id)) {
    docId = String(id);
  } else {
    return "_id must be a non-empty string (at most 256 characters) or a number";
  }
  if (Buffer.byteLength(JSON.stringify(data), "utf8") > MAX_DOCUMENT_BYTES) return "document is larger than 256 KiB";
  return { docId, data };
}
