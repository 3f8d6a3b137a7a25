/**
 * Field paths of filters, updates, sorts and projections ("address.city", "tags.0"): parsed and checked once, so
 * every later step works on a list of parts that is safe to put in a jsonpath literal or a text[] parameter.
 */
import { textProblem } from "@botyard/common/documents";
import { excerpt, invalid } from "./errors.js";

/** Longest field path, in characters. */
export const MAX_PATH_LENGTH = 256;
/** Most parts in a dotted path. */
export const MAX_PATH_DEPTH = 16;

const FORBIDDEN_PARTS = new Set(["__proto__", "constructor", "prototype"]);

/** True for a part that MongoDB reads as an array index ("0", "12"). */
export function isIndexPart(part: string): boolean {
  return /^(0|[1-9][0-9]{0,8})$/.test(part);
}

/** The parts of a dotted field path; refuses empty, too long or unstorable paths and operator-like parts. */
export function parsePath(field: string): string[] {
  if (field.length === 0) throw invalid("field name must not be empty");
  const problem = textProblem(field);
  if (problem) throw invalid(`field name ${problem}`);
  if (field.length > MAX_PATH_LENGTH) throw invalid(`field name '${excerpt(field)}' is longer than 256 characters`);
  const parts = field.split(".");
  if (parts.length > MAX_PATH_DEPTH) throw invalid(`field path '${excerpt(field)}' has more than 16 parts`);
  for (const part of parts) {
    if (part === "") throw invalid(`field path '${excerpt(field)}' has an empty part`);
    if (part.startsWith("$")) throw invalid(`field path '${excerpt(field)}' has a part starting with '$'`);
    if (FORBIDDEN_PARTS.has(part)) throw invalid(`field name '${part}' is not allowed`);
  }
  return parts;
}

/** A Postgres text[] literal for `#>`, bound as one parameter (parts are checked by {@link parsePath}). */
export function textArrayLiteral(parts: string[]): string {
  return `{${parts.map((p) => `"${p.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`;
}
