/**
 * `db.operation` for bot code: each method is a `db` host call. The host runs it against this bot's collections only.
 *
 * @see docs/bot-runtime.md#db
 */
import type { Bridge } from "./bridge.js";
import { callError } from "./bridge.js";
import { freeze, isArray, NativeError, NativeRegExp, objectKeys, rejectSoon } from "./intrinsics.js";
import { DB_OPERATIONS, type DbOperation } from "./protocol.js";

/** The `db` argument of handlers and the `db` global. */
export interface BotDb {
  readonly operation: Readonly<Record<DbOperation, (...args: unknown[]) => Promise<unknown>>>;
}

/**
 * A RegExp cannot travel as JSON: written in a filter (`{ name: /^ad/i }`, as MongoDB drivers allow), it becomes
 * `{ $regex: "^ad", $options: "i" }`, which the store understands.
 */
export function encodeRegExps(value: unknown, depth = 0): unknown {
  if (value instanceof NativeRegExp) {
    const options = value.flags.replace(/[^ims]/g, "");
    return options ? { $regex: value.source, $options: options } : { $regex: value.source };
  }
  if (depth > 32 || typeof value !== "object" || value === null) return value;
  if (isArray(value)) return value.map((v) => encodeRegExps(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const key of objectKeys(value)) out[key] = encodeRegExps((value as Record<string, unknown>)[key], depth + 1);
  return out;
}

/** Where each operation takes its options (findOne/findAll/find: limit, skip, sort, projection). */
const OPTIONS_AT: Partial<Record<DbOperation, number>> = { findOne: 2, findAll: 2, find: 2, updateOne: 3 };

/**
 * The dotted name and value of the first number in `options` that JSON cannot carry (NaN, Infinity, -Infinity).
 * Such a number would reach the store as `null`, which means "not given" (`limit: NaN` would return every document),
 * so it is refused here instead, naming the option.
 */
export function nonFiniteOption(value: unknown, path = "", depth = 0): { option: string; value: number } | undefined {
  if (typeof value === "number") return value - value === 0 ? undefined : { option: path, value };
  if (depth > 32 || typeof value !== "object" || value === null) return undefined;
  const keys = isArray(value) ? value.map((_, i) => String(i)) : objectKeys(value);
  for (const key of keys) {
    const found = nonFiniteOption((value as Record<string, unknown>)[key], path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Builds `db` over the bridge. */
export function createDb(bridge: Bridge): BotDb {
  const operation = {} as Record<DbOperation, (...args: unknown[]) => Promise<unknown>>;
  for (const op of DB_OPERATIONS) {
    operation[op] = (...args: unknown[]) => {
      let encoded: unknown[];
      try {
        encoded = args.map((a) => encodeRegExps(a));
      } catch (err) {
        // A getter or proxy of the bot's threw while we read its arguments: the same refusal as the bridge's.
        const reason = err instanceof NativeError ? err.message : "not serialisable";
        return rejectSoon(callError({ message: `Arguments must be JSON-serialisable: ${reason}` }));
      }
      const at = OPTIONS_AT[op];
      const bad = at === undefined ? undefined : nonFiniteOption(encoded[at]);
      if (bad !== undefined) {
        const message = `db.operation.${op}: option '${bad.option}' must be a finite number, not ${String(bad.value)}`;
        return rejectSoon(callError({ message, code: "ERR_DB" }));
      }
      return bridge.call({ kind: "db", op, args: encoded });
    };
  }
  return freeze({ operation: freeze(operation) });
}
