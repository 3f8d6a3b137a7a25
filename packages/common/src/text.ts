/**
 * Text that Postgres cannot store. A `text` column refuses NUL (U+0000) outright, and `jsonb` refuses NUL and unpaired
 * UTF-16 surrogates (`"\ud800"`); a lone surrogate in a `text` column is silently replaced by U+FFFD, which corrupts
 * what the owner sent. Every route decides up front what such text means (a 400 naming the field for owner input, a
 * 404 for ids), so none of it ever reaches SQL.
 *
 * @see docs/management-api.md#text-postgres-cannot-store
 */

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. No `u` flag: the
// pattern must see UTF-16 code units, which is what an unpaired surrogate is.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this pattern looks for.
const UNSTORABLE_RE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why `text` cannot be stored as it is, or null when it can. */
export function unstorableTextProblem(text: string): string | null {
  const match = UNSTORABLE_RE.exec(text);
  if (!match) return null;
  return match[0] === "\u0000"
    ? "contains a NUL character (\\u0000), which cannot be stored"
    : "contains an unpaired UTF-16 surrogate, which is not valid Unicode text";
}

/** `text` as Postgres can store it: every NUL and unpaired surrogate replaced by U+FFFD. */
export function storableText(text: string): string {
  return text.replace(new RegExp(UNSTORABLE_RE.source, "g"), "\ufffd");
}

/** True when Postgres can store `text` exactly as it is. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE_RE.test(text);
}

/** Where in a JSON value the first unstorable string (or object key) is, and why. */
export interface UnstorableText {
  /** A path such as `extra.options[1]`, or `extra` with `key: true` when an object key is the problem. */
  path: string;
  key: boolean;
  problem: string;
}

/** Deepest nesting we store; Postgres' own parser gives up (stack depth) somewhere past 10,000 levels. */
export const MAX_JSON_DEPTH = 100;

/**
 * Walks a parsed JSON value and reports the first string or object key Postgres cannot store. `base` is the path of
 * `value` itself (the field name). Deeper than {@link MAX_JSON_DEPTH} levels counts as unstorable too: Postgres
 * refuses very deep JSON, and nothing a bot stores nests that deep.
 */
export function findUnstorableText(value: unknown, base: string, depth = 0): UnstorableText | null {
  if (typeof value === "string") {
    const problem = unstorableTextProblem(value);
    return problem ? { path: base, key: false, problem } : null;
  }
  if (typeof value !== "object" || value === null) return null;
  if (depth >= MAX_JSON_DEPTH) return { path: base, key: false, problem: `nests deeper than ${MAX_JSON_DEPTH} levels` };
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findUnstorableText(item, `${base}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = unstorableTextProblem(key);
    if (keyProblem) return { path: base, key: true, problem: `has a key that ${keyProblem}` };
    const found = findUnstorableText(item, base === "" ? key : `${base}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The message of a 400 about unstorable text: `text contains a NUL character …`. */
export function unstorableTextMessage(found: UnstorableText): string {
  return `${found.path} ${found.problem}`;
}
