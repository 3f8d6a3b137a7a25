/**
 * Plain JSON values as MongoDB compares them: deep equality (object keys in any order, as mingo does) and the BSON
 * order of scalar types ($min, $max): null, numbers, strings, booleans.
 */

/** MongoDB's rank of a scalar's type; missing (undefined) ranks with null. */
export function typeRank(v: unknown): number {
  if (v === null || v === undefined) return 1;
  if (typeof v === "number") return 2;
  if (typeof v === "string") return 3;
  return 6;
}

/** Negative, zero or positive as the scalar `a` sorts before, with or after `b` ($min and $max take only scalars). */
export function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "string" && typeof b === "string") return a < b ? -1 : a > b ? 1 : 0;
  return Number(a) - Number(b);
}

/** Deep equality of JSON values; object keys in any order. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  }
  if (typeof a === "object" && a !== null && typeof b === "object" && b !== null && !Array.isArray(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return (
      ka.length === kb.length &&
      ka.every(
        (k) => Object.hasOwn(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
      )
    );
  }
  return false;
}

/** A deep copy of a JSON value (own enumerable keys only; keys such as `__proto__` stay plain data). */
export function cloneJson<T>(v: T): T {
  if (Array.isArray(v)) return v.map(cloneJson) as T;
  if (typeof v === "object" && v !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v))
      Object.defineProperty(out, k, { value: cloneJson(x), enumerable: true, writable: true, configurable: true });
    return out as T;
  }
  return v;
}
