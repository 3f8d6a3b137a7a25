/**
 * `$regex` for bot code. Patterns run in Postgres (`like_regex`, its automaton-based engine), never in the gateway,
 * and only a subset that means the same in JavaScript and in Postgres and cannot blow up: no backreferences, no
 * lookaround, no word-boundary or Unicode-property escapes, bounded repetition counts, at most 256 characters. The
 * statement timeout bounds whatever is left.
 *
 * @see docs/bot-runtime.md#regex
 */
import { textProblem } from "@botyard/common/documents";
import { excerpt, invalid } from "./errors.js";

/** Longest pattern, in characters. */
export const MAX_REGEX_LENGTH = 256;
/** Largest `{n,m}` count (Postgres refuses above 255). */
export const MAX_REPEAT = 255;

const ALLOWED_FLAGS = new Set(["i", "m", "s"]);

/** Escapes that mean the same in both engines; anything else after `\` must be punctuation. */
const CLASS_ESCAPES = new Set(["d", "D", "w", "W", "s", "S", "n", "r", "t"]);

/** Why `pattern` is refused, or null when it is in the supported subset. */
export function regexProblem(pattern: string): string | null {
  if (pattern.length > MAX_REGEX_LENGTH) return `$regex is longer than ${MAX_REGEX_LENGTH} characters`;
  if (textProblem(pattern)) return `$regex ${textProblem(pattern)}`;
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i]!;
    if (c === "\\") {
      const next = pattern[i + 1];
      if (next === undefined) return "$regex ends with a lone backslash";
      if (/[0-9]/.test(next)) return "$regex backreferences (\\1) are not supported";
      if (/[A-Za-z]/.test(next) && !CLASS_ESCAPES.has(next)) {
        if (next === "b" || next === "B") return "$regex word boundaries (\\b) are not supported";
        return `$regex escape '\\${next}' is not supported`;
      }
      if (inClass && /[DWS]/.test(next)) return "$regex negated class escapes inside [...] are not supported";
      i += 1;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      else if (c === "[" && pattern[i + 1] === ":") return "$regex POSIX classes ([:alpha:]) are not supported";
      continue;
    }
    if (c === "[") {
      inClass = true;
      if (pattern[i + 1] === "^") i += 1;
      if (pattern[i + 1] === "]") return "$regex empty or ']'-first character classes are not supported";
      continue;
    }
    if (c === "(" && pattern[i + 1] === "?") {
      if (pattern[i + 2] === ":") continue;
      return "$regex lookaround and named or flagged groups are not supported (use (?:...) for grouping)";
    }
    if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
      if (!m) return "$regex '{' must start a repetition such as {2,5} (write \\{ for a brace)";
      if (Number(m[1]) > MAX_REPEAT || (m[3] && Number(m[3]) > MAX_REPEAT))
        return `$regex repetition counts above ${MAX_REPEAT} are not supported`;
      i += m[0].length - 1;
      continue;
    }
    if (c === "}") return "$regex '}' must close a repetition (write \\} for a brace)";
  }
  if (inClass) return "$regex has an unclosed '['";
  return null;
}

/** Checks `$options`: a string of the flags i, m and s. */
export function regexFlags(options: unknown): string {
  if (options === undefined) return "";
  if (typeof options !== "string") throw invalid("$options must be a string of flags such as 'i'");
  for (const f of options) {
    if (!ALLOWED_FLAGS.has(f)) throw invalid(`$options flag '${excerpt(f, 4)}' is not supported (use i, m or s)`);
  }
  return [...new Set(options)].join("");
}

/** `subject like_regex "…" flag "…"`: the jsonpath predicate for a checked pattern. */
export function regexPredicate(subject: string, pattern: unknown, options: unknown): string {
  if (typeof pattern !== "string")
    throw invalid("$regex takes a pattern string (a RegExp cannot cross into the store)");
  const problem = regexProblem(pattern);
  if (problem) throw invalid(problem);
  const flags = regexFlags(options);
  return `${subject} like_regex ${JSON.stringify(pattern)}${flags ? ` flag "${flags}"` : ""}`;
}
