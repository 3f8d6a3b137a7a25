/**
 * MongoDB update operators applied to one document in memory: $set $unset $inc $mul $min $max $push $pull $addToSet
 * $rename. The store reads the document, applies the update here and writes it back in one guarded statement.
 *
 * @see docs/bot-runtime.md#updates
 */
import { Query } from "mingo";
import { excerpt, invalid } from "./errors.js";
import { isOperatorObject, isPlainObject } from "./jsonpath.js";
import { NULL_EQUALS, nullEqualityContext, withNullEquality } from "./null-equality.js";
import { isIndexPart, parsePath } from "./paths.js";
import { cloneJson, compareValues, deepEqual } from "./values.js";

type Doc = Record<string, unknown>;
type Container = Doc | unknown[];

export const UPDATE_OPERATORS = [
  "$set",
  "$unset",
  "$inc",
  "$mul",
  "$min",
  "$max",
  "$push",
  "$pull",
  "$addToSet",
  "$rename",
] as const;
export type UpdateOperator = (typeof UPDATE_OPERATORS)[number];

/** Largest array index an update may create (MongoDB pads with nulls up to it). */
export const MAX_ARRAY_PAD = 10_000;

/** One field of an update: operator, path and operand. */
interface Step {
  op: UpdateOperator;
  field: string;
  parts: string[];
  operand: unknown;
}

/** Checks an update document and lists its steps in order; refuses conflicts and changes to `_id`. */
export function parseUpdate(update: unknown): Step[] {
  if (!isPlainObject(update)) throw invalid("update must be an object such as { $set: { name: 'Ann' } }");
  const keys = Object.keys(update);
  if (keys.length === 0) throw invalid("update must name at least one operator such as $set");
  const steps: Step[] = [];
  for (const op of keys) {
    if (!(UPDATE_OPERATORS as readonly string[]).includes(op)) {
      if (!op.startsWith("$")) throw invalid(`update needs operators such as $set; '${excerpt(op)}' is a field name`);
      throw invalid(`unknown update operator '${excerpt(op, 20)}'`);
    }
    const fields = update[op];
    if (!isPlainObject(fields)) throw invalid(`${op} takes an object of fields`);
    for (const [field, operand] of Object.entries(fields)) {
      steps.push({ op: op as UpdateOperator, field, parts: parsePath(field), operand });
      if (op === "$rename") {
        if (typeof operand !== "string") throw invalid(`$rename of '${excerpt(field)}' takes the new field name`);
        steps.push({ op: "$rename", field: operand, parts: parsePath(operand), operand: null });
      }
    }
  }
  if (steps.length > 1000) throw invalid("update changes more than 1000 fields");
  const paths = steps.map((s) => s.field);
  for (const s of steps) {
    if (s.parts[0] === "_id") throw invalid("_id cannot be changed");
  }
  for (let i = 0; i < paths.length; i += 1) {
    for (let j = i + 1; j < paths.length; j += 1) {
      const a = paths[i]!;
      const b = paths[j]!;
      if (a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`))
        throw invalid(`update changes '${excerpt(a)}' and '${excerpt(b)}', which overlap`);
    }
  }
  return steps.filter((s) => !(s.op === "$rename" && s.operand === null));
}

/** Applies `update` to `doc` in place (checked first by {@link parseUpdate}); returns true when anything changed. */
export function applyUpdate(doc: Doc, update: unknown): boolean {
  const before = cloneJson(doc);
  for (const step of parseUpdate(update)) applyStep(doc, step);
  return JSON.stringify(before) !== JSON.stringify(doc);
}

function applyStep(doc: Doc, step: Step): void {
  const { op, parts, operand, field } = step;
  switch (op) {
    case "$set":
      put(doc, parts, cloneJson(operand), field);
      return;
    case "$unset":
      remove(doc, parts);
      return;
    case "$inc":
    case "$mul": {
      if (typeof operand !== "number" || !Number.isFinite(operand))
        throw invalid(`${op} of '${excerpt(field)}' takes a number`);
      const current = read(doc, parts, field);
      if (current !== undefined && typeof current !== "number")
        throw invalid(`cannot ${op} '${excerpt(field)}': it holds a non-number`);
      const next = op === "$inc" ? (current ?? 0) + operand : (current ?? 0) * operand;
      if (!Number.isFinite(next)) throw invalid(`${op} of '${excerpt(field)}' overflows`);
      put(doc, parts, next, field);
      return;
    }
    case "$min":
    case "$max": {
      const current = read(doc, parts, field);
      if ((typeof operand === "object" && operand !== null) || (typeof current === "object" && current !== null))
        throw invalid(
          `${op} compares numbers, strings, booleans and null; '${excerpt(field)}' or the operand is not one`,
        );
      const c = current === undefined ? null : compareValues(operand, current);
      if (c === null || (op === "$min" ? c < 0 : c > 0)) put(doc, parts, cloneJson(operand), field);
      return;
    }
    case "$push":
    case "$addToSet": {
      const items = eachOf(op, operand, field);
      const current = read(doc, parts, field);
      if (current !== undefined && !Array.isArray(current))
        throw invalid(`cannot ${op} to '${excerpt(field)}': it holds a non-array`);
      const array = current ? [...current] : [];
      for (const item of items) {
        if (op === "$addToSet" && array.some((x) => deepEqual(x, item))) continue;
        array.push(cloneJson(item));
      }
      if (array.length > 100_000) throw invalid(`${op} makes '${excerpt(field)}' longer than 100,000 items`);
      put(doc, parts, array, field);
      return;
    }
    case "$pull": {
      const current = read(doc, parts, field);
      if (current === undefined) return;
      if (!Array.isArray(current)) throw invalid(`cannot $pull from '${excerpt(field)}': it holds a non-array`);
      const matches = pullMatcher(operand, field);
      put(
        doc,
        parts,
        current.filter((x) => !matches(x)),
        field,
      );
      return;
    }
    case "$rename": {
      const target = parsePath(operand as string);
      const current = read(doc, parts, field, true);
      if (current === undefined) return;
      remove(doc, parts);
      put(doc, target, current, operand as string, true);
      return;
    }
  }
}

function eachOf(op: string, operand: unknown, field: string): unknown[] {
  if (isPlainObject(operand) && Object.keys(operand).some((k) => k.startsWith("$"))) {
    const keys = Object.keys(operand);
    if (keys.length !== 1 || keys[0] !== "$each")
      throw invalid(`${op} of '${excerpt(field)}' supports only the $each modifier`);
    if (!Array.isArray(operand.$each)) throw invalid(`$each of '${excerpt(field)}' takes an array`);
    return operand.$each;
  }
  return [operand];
}

/** Query operators that combine conditions on fields rather than test a value. */
const LOGICAL = new Set(["$and", "$or", "$nor"]);

/** Which elements a $pull condition removes: equal values, or elements matching an operator or field condition. */
function pullMatcher(condition: unknown, field: string): (x: unknown) => boolean {
  const json = JSON.stringify(condition) ?? "";
  // Conditions run in the gateway (mingo); patterns could backtrack without bound there, so none are allowed.
  if (/"\$(regex|where|expr|function|accumulator|jsonSchema)"/.test(json))
    throw invalid(`$pull of '${excerpt(field)}' does not take $regex or code`);
  if (json.includes(`"${NULL_EQUALS}":`)) throw invalid(`unknown operator '${NULL_EQUALS}'`);
  // Equality with null as MongoDB sees it through arrays, which mingo does not (see null-equality.ts).
  const options = { context: nullEqualityContext };
  // As MongoDB's $pull: a condition led by a value operator ($gte, $in, …) tests each element's value; one of only
  // logical operators ($or, $and, $nor), like one of field names, is a query on each element document.
  if (isOperatorObject(condition, field) && !Object.keys(condition).every((k) => LOGICAL.has(k))) {
    const q = new Query(withNullEquality({ v: condition }), options);
    return (x) => q.test({ v: x });
  }
  if (isPlainObject(condition)) {
    const q = new Query(withNullEquality(condition), options);
    return (x) => isPlainObject(x) && q.test(x);
  }
  return (x) => deepEqual(x, condition);
}

/** The value at `parts`, or undefined. Through an array only by index; `strict` refuses other array steps. */
function read(doc: Doc, parts: string[], field: string, strict = false): unknown {
  let node: unknown = doc;
  for (const part of parts) {
    if (Array.isArray(node)) {
      if (!isIndexPart(part)) {
        if (strict) throw invalid(`cannot reach '${excerpt(field)}' through an array`);
        return undefined;
      }
      node = node[Number(part)];
    } else if (isPlainObject(node)) {
      node = Object.hasOwn(node, part) ? node[part] : undefined;
    } else {
      return undefined;
    }
    if (node === undefined) return undefined;
  }
  return node;
}

/** Sets the value at `parts`, creating objects on the way; refuses to create a field inside a non-object. */
function put(doc: Doc, parts: string[], value: unknown, field: string, noArrays = false): void {
  let node: Container = doc;
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i]!;
    const last = i === parts.length - 1;
    if (Array.isArray(node)) {
      if (!isIndexPart(part) || noArrays)
        throw invalid(`cannot create field '${excerpt(part)}' in an array ('${excerpt(field)}')`);
      const index = Number(part);
      if (index > MAX_ARRAY_PAD) throw invalid(`array index ${index} in '${excerpt(field)}' is too large`);
      while (node.length < index) node.push(null);
      if (last) {
        node[index] = value;
        return;
      }
      node = descend(node, index, field);
    } else {
      if (last) {
        Object.defineProperty(node, part, { value, enumerable: true, writable: true, configurable: true });
        return;
      }
      node = descend(node, part, field);
    }
  }
}

function descend(node: Container, key: string | number, field: string): Container {
  const holder = node as Record<string | number, unknown>;
  const next = Object.hasOwn(holder, key) ? holder[key] : undefined;
  if (next === undefined) {
    const created = {};
    Object.defineProperty(holder, key, { value: created, enumerable: true, writable: true, configurable: true });
    return created;
  }
  if (typeof next !== "object" || next === null)
    throw invalid(
      `cannot create a field inside '${excerpt(field)}': a part of it holds ${next === null ? "null" : `a ${typeof next}`}`,
    );
  return next as Container;
}

/** Removes the value at `parts` (an array element becomes null, as in MongoDB). */
function remove(doc: Doc, parts: string[]): void {
  let node: unknown = doc;
  for (const part of parts.slice(0, -1)) {
    if (Array.isArray(node) && isIndexPart(part)) node = node[Number(part)];
    else if (isPlainObject(node) && Object.hasOwn(node, part)) node = node[part];
    else return;
  }
  const last = parts.at(-1)!;
  if (Array.isArray(node)) {
    if (isIndexPart(last) && Number(last) < node.length) node[Number(last)] = null;
  } else if (isPlainObject(node) && Object.hasOwn(node, last)) {
    delete node[last];
  }
}
