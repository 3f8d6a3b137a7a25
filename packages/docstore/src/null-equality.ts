/**
 * MongoDB's equality with null, in memory, for `$pull` conditions (which run in mingo, in the gateway). mingo reads a
 * path through an array as the list of values its elements hold, so an element without the field is lost:
 * `{ 'a.b': null }` misses `{ a: [{ b: 3 }, {}] }`, and even `{ a: [{}] }`. MongoDB counts such an element as null.
 * Here every equality with null of a condition (`null`, `$eq`, `$ne`, `$in`, `$nin`, `$all`) is rewritten to a query
 * operator of ours that walks the path as `PathTarget.missing()` does in Postgres, so `$pull` and filters agree.
 *
 * @see docs/bot-runtime.md#filters
 */
import { Context } from "mingo/core";
import type { AnyObject, Options } from "mingo/types";
import { isOperatorObject, isPlainObject } from "./jsonpath.js";
import { isIndexPart, parsePath } from "./paths.js";

/** Our query operator: `{ path: { [NULL_EQUALS]: true } }` is MongoDB's `{ path: null }`. Refused in bot input. */
export const NULL_EQUALS = "$__docstoreEqualsNull";

/**
 * The value `v` (reached by `parts[0..i)`) is null at `parts[i..]` by MongoDB's (9.0) rule: a value reached is null
 * (or an array holding null), or the path misses: an absent field, a value neither object nor array before the last
 * part, or an array passed that is empty or has an element missing the rest (an element that is not an object too).
 */
export function equalsNull(v: unknown, parts: string[], i = 0): boolean {
  if (v === undefined) return true;
  if (i === parts.length) return v === null || (Array.isArray(v) && v.includes(null));
  const part = parts[i]!;
  if (Array.isArray(v)) {
    if (isIndexPart(part) && i > 0) return equalsNull(v[Number(part)], parts, i + 1);
    return v.length === 0 || v.some((e) => !isPlainObject(e) || equalsNull(field(e, part), parts, i + 1));
  }
  if (isPlainObject(v)) return equalsNull(field(v, part), parts, i + 1);
  return true;
}

const field = (o: Record<string, unknown>, key: string): unknown => (Object.hasOwn(o, key) ? o[key] : undefined);

/** A mingo context that knows {@link NULL_EQUALS}, besides mingo's own operators. */
export const nullEqualityContext = Context.init().addQueryOps({
  [NULL_EQUALS]: (selector: string, _value: unknown, _options: Options) => {
    const parts = parsePath(selector);
    return (obj: AnyObject) => equalsNull(obj, parts);
  },
});

type Filter = Record<string, unknown>;

/** `filter` (field conditions and $and/$or/$nor) with each equality with null written as {@link NULL_EQUALS}. */
export function withNullEquality(filter: Filter): Filter {
  const parts: Filter[] = [];
  for (const [key, condition] of Object.entries(filter)) {
    if ((key === "$and" || key === "$or" || key === "$nor") && Array.isArray(condition)) {
      parts.push({ [key]: condition.map((f) => (isPlainObject(f) ? withNullEquality(f) : f)) });
    } else if (key.startsWith("$")) {
      parts.push({ [key]: condition });
    } else {
      parts.push(fieldCondition(key, condition));
    }
  }
  return parts.length === 1 ? parts[0]! : { $and: parts };
}

function fieldCondition(path: string, condition: unknown): Filter {
  const isNull = { [path]: { [NULL_EQUALS]: true } };
  const notNull = { [path]: { $not: { [NULL_EQUALS]: true } } };
  if (condition === null) return isNull;
  if (!isOperatorObject(condition, path)) return { [path]: condition };
  const rest: Filter = {};
  const extra: Filter[] = [];
  for (const [op, operand] of Object.entries(condition)) {
    const values = Array.isArray(operand) ? operand : [];
    const others = values.filter((x) => x !== null);
    if (op === "$eq" && operand === null) extra.push(isNull);
    else if (op === "$ne" && operand === null) extra.push(notNull);
    else if (op === "$in" && values.includes(null)) extra.push({ $or: [isNull, { [path]: { $in: others } }] });
    else if (op === "$nin" && values.includes(null)) extra.push(notNull, { [path]: { $nin: others } });
    else if (op === "$all" && values.includes(null))
      extra.push(isNull, ...(others.length > 0 ? [{ [path]: { $all: others } }] : []));
    else if (op === "$not" && isPlainObject(operand)) extra.push({ $nor: [fieldCondition(path, operand)] });
    else rest[op] = operand;
  }
  const parts = [...(Object.keys(rest).length > 0 ? [{ [path]: rest }] : []), ...extra];
  return parts.length === 1 ? parts[0]! : { $and: parts };
}
