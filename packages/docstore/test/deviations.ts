/**
 * Where the store and mingo answer differently on purpose: each case is one where mingo departs from MongoDB and the
 * store keeps MongoDB's answer (docs/bot-runtime.md#deviations lists the same). The differential test forgives a
 * disagreement only when one of these predicates explains it for that document; each is also written out as a case.
 */
import { isIndexPart } from "../src/paths.js";

type Doc = Record<string, unknown>;
type Filter = Record<string, unknown>;

export interface Deviation {
  id: string;
  /** What MongoDB and the store do, and what mingo does. */
  why: string;
}

export const DEVIATIONS: Deviation[] = [
  {
    id: "all-is-and",
    why:
      "$all is the $and of equalities (MongoDB): { a: { $all: [5] } } matches a: 5, and $all: [null] matches a " +
      "missing field. mingo requires an array. The test asks mingo the $and form instead.",
  },
  {
    id: "in-is-or",
    why:
      "$in is the $or of equalities and $nin the $nor (MongoDB): { a: { $in: [[]] } } matches a: []. mingo's $in " +
      "misses some of those (an empty array, null in an array reached through an array). The test asks mingo the " +
      "$or/$nor form instead.",
  },
  {
    id: "whole-array-through-array",
    why:
      "A whole-array condition ($size, equality with an array, $elemMatch) on a path that passes through an array " +
      "tests each value reached (MongoDB). mingo also tests the list of collected values as one array, so " +
      "{ 'a.b': [] } matches { a: [1] } there.",
  },
  {
    id: "array-after-array",
    why:
      "A path that passes through an array and then reaches another array: MongoDB (and the store) walk into the second " +
      "one element by element for the next part; mingo's answers differ (e.g. { 'a.b.c': { $exists: true } } on " +
      "{ a: [{ b: [] }] } is true in mingo).",
  },
  {
    id: "elemmatch-non-objects",
    why:
      "$elemMatch with a field condition ({ $elemMatch: { k: 1 } }) matches only object elements of an array (MongoDB); " +
      "mingo also matches scalar elements, and values that are not arrays.",
  },
  {
    id: "null-through-array",
    why:
      "Equality with null (null, $eq, $ne, $in, $nin, $all) on a path that passes an array that is empty or has an " +
      "element missing the rest of the path: MongoDB counts that element as null, so { 'a.b': null } matches " +
      "{ a: [{ b: 3 }, {}] } and { a: [] } (null_query_semantics.js, MongoDB 9.0). mingo does not ({ a: [{}] } either).",
  },
];

/** The values a path reaches in a document (MongoDB's walk), and whether the walk passed through an array. */
function walk(doc: unknown, parts: string[]): { throughArray: boolean; arrayAfterArray: boolean; values: unknown[] } {
  let current: unknown[] = [doc];
  let throughArray = false;
  let arrayAfterArray = false;
  parts.forEach((part, i) => {
    const next: unknown[] = [];
    for (const v of current) {
      if (Array.isArray(v)) {
        if (isIndexPart(part) && i > 0) next.push(v[Number(part)]);
        else {
          throughArray = true;
          for (const e of v) {
            if (Array.isArray(e)) arrayAfterArray = true;
            else if (typeof e === "object" && e !== null && part in e) next.push((e as Doc)[part]);
          }
        }
      } else if (typeof v === "object" && v !== null && Object.hasOwn(v, part)) {
        next.push((v as Doc)[part]);
      }
    }
    current = next.filter((x) => x !== undefined);
    if (throughArray && current.some(Array.isArray) && i < parts.length - 1) arrayAfterArray = true;
  });
  return { throughArray, arrayAfterArray, values: current };
}

/**
 * Whether the walk of `parts` from `v` passes (before the last part, not by an index) an array that is empty or has an
 * element reaching no value at the rest of the path: one that is not an object, or an object missing it.
 */
function missesInArray(v: unknown, parts: string[], i = 0): boolean {
  if (i === parts.length) return false;
  const part = parts[i]!;
  if (Array.isArray(v)) {
    if (isIndexPart(part) && i > 0) return missesInArray(v[Number(part)], parts, i + 1);
    return (
      v.length === 0 ||
      v.some(
        (e) =>
          typeof e !== "object" ||
          e === null ||
          Array.isArray(e) ||
          walk(e, parts.slice(i)).values.length === 0 ||
          missesInArray(e, parts, i),
      )
    );
  }
  if (typeof v === "object" && v !== null && Object.hasOwn(v, part))
    return missesInArray((v as Doc)[part], parts, i + 1);
  return false;
}

/** The condition tests equality with null: `null`, or `$eq`/`$ne` null, or null among `$in`/`$nin`/`$all` values. */
function equalityWithNull(condition: unknown): boolean {
  if (condition === null) return true;
  for (const ops of operatorObjects(condition)) {
    if (ops.$eq === null || ops.$ne === null) return true;
    for (const op of ["$in", "$nin", "$all"])
      if (Array.isArray(ops[op]) && (ops[op] as unknown[]).includes(null)) return true;
  }
  return false;
}

/** Field conditions anywhere in a filter, with their path. */
function* conditions(filter: unknown): Generator<[string, unknown]> {
  if (typeof filter !== "object" || filter === null) return;
  for (const [k, v] of Object.entries(filter)) {
    if (k === "$and" || k === "$or" || k === "$nor") for (const sub of v as unknown[]) yield* conditions(sub);
    else if (!k.startsWith("$")) yield [k, v];
  }
}

/** Operator objects of a condition, including those under $not. */
function* operatorObjects(condition: unknown): Generator<Record<string, unknown>> {
  if (typeof condition !== "object" || condition === null || Array.isArray(condition)) return;
  const keys = Object.keys(condition);
  if (keys.length === 0 || !keys.every((k) => k.startsWith("$"))) return;
  const ops = condition as Record<string, unknown>;
  yield ops;
  if (ops.$not) yield* operatorObjects(ops.$not);
}

function wholeArrayCondition(condition: unknown): boolean {
  if (Array.isArray(condition)) return true;
  for (const ops of operatorObjects(condition)) {
    if ("$size" in ops || "$elemMatch" in ops) return true;
    for (const op of ["$eq", "$ne"]) if (Array.isArray(ops[op])) return true;
    for (const op of ["$in", "$nin", "$all"])
      if (Array.isArray(ops[op]) && (ops[op] as unknown[]).some((x) => Array.isArray(x))) return true;
  }
  return false;
}

/** The listed deviations that explain a disagreement on `doc` for `filter` (the filter as given to the store). */
export function explain(doc: Doc, filter: Filter): string[] {
  const out = new Set<string>();
  for (const [path, condition] of conditions(filter)) {
    const w = walk(doc, path.split("."));
    if (w.arrayAfterArray) out.add("array-after-array");
    if (w.throughArray && wholeArrayCondition(condition)) out.add("whole-array-through-array");
    if (equalityWithNull(condition) && missesInArray(doc, path.split("."))) out.add("null-through-array");
    for (const ops of operatorObjects(condition)) {
      const sub = ops.$elemMatch;
      if (sub && typeof sub === "object" && !Object.keys(sub).every((k) => k.startsWith("$"))) {
        if (
          w.values.some(
            (v) => !Array.isArray(v) || v.some((e) => typeof e !== "object" || e === null || Array.isArray(e)),
          )
        )
          out.add("elemmatch-non-objects");
      }
    }
  }
  return [...out];
}

/** The filter mingo is asked: $all, $in and $nin written as the $and/$or/$nor of equalities they stand for. */
export function forMingo(filter: unknown): unknown {
  if (typeof filter !== "object" || filter === null || Array.isArray(filter)) return filter;
  const parts: Filter[] = [];
  for (const [k, v] of Object.entries(filter)) {
    if (k === "$and" || k === "$or" || k === "$nor") parts.push({ [k]: (v as unknown[]).map(forMingo) });
    else if (k.startsWith("$")) parts.push({ [k]: v });
    else parts.push(fieldForMingo(k, v));
  }
  return parts.length === 1 ? parts[0] : { $and: parts };
}

function fieldForMingo(path: string, condition: unknown): Filter {
  const ops = [...operatorObjects(condition)][0];
  if (!ops) return { [path]: condition };
  const hasAll = (o: unknown): boolean => [...operatorObjects(o)].some((x) => "$all" in x || "$in" in x || "$nin" in x);
  if (!hasAll(ops)) return { [path]: condition };
  const rest: Record<string, unknown> = {};
  const extra: Filter[] = [];
  for (const [op, v] of Object.entries(ops)) {
    if (op === "$all") {
      const values = v as unknown[];
      if (values.length === 0) extra.push({ [path]: { $in: [] } });
      for (const x of values) extra.push({ [path]: { $eq: x } });
    } else if (op === "$in" || op === "$nin") {
      const any = { $or: [...(v as unknown[]).map((x) => ({ [path]: { $eq: x } })), { $and: [{ _id: { $in: [] } }] }] };
      extra.push(op === "$in" ? any : { $nor: [any] });
    } else if (op === "$not" && hasAll(v)) {
      extra.push({ $nor: [fieldForMingo(path, v)] });
    } else {
      rest[op] = v;
    }
  }
  const parts = [...(Object.keys(rest).length > 0 ? [{ [path]: rest }] : []), ...extra];
  return parts.length === 1 ? parts[0]! : { $and: parts };
}
