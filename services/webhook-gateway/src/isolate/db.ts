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
      return bridge.call({ kind: "db", op, args: encoded });
    };
  }
  return freeze({ operation: freeze(operation) });
}
