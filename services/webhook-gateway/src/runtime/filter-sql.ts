/**
 * MongoDB-style filters and sorts translated to parameterised SQL over `documents.data` (jsonb). Field paths become
 * text[] parameters and values jsonb parameters, so nothing from bot code is ever spliced into SQL text.
 */
import { sql, type SQL } from "drizzle-orm";
import { documents } from "@botyard/db";

/** A refused filter: the message goes back to bot code as the rejection reason. */
export class FilterError extends Error {
  override readonly name = "FilterError";
}

const OPERATORS = new Set(["$eq", "$ne", "$gt", "$gte", "$lt", "$lte", "$in", "$nin", "$exists"]);
const MAX_DEPTH_PATH = 16;

function pathOf(field: string): string[] {
  if (field.length === 0 || field.length > 256) throw new FilterError(`invalid field name '${field.slice(0, 40)}'`);
  const parts = field.split(".");
  if (parts.length > MAX_DEPTH_PATH || parts.some((p) => p === "")) throw new FilterError(`invalid field path '${field.slice(0, 40)}'`);
  if (parts[0]!.startsWith("$")) throw new FilterError(`unknown top-level operator '${parts[0]}'`);
  return parts;
}

/** A Postgres text[] literal, bound as one parameter (drizzle would spread a JS array into a list). */
const pgTextArray = (parts: string[]) => `{${parts.map((p) => `"${p.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`;
const value = (path: string[]) => sql`(${documents.data} #> ${pgTextArray(path)}::text[])`;
const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

function comparison(path: string[], op: string, operand: unknown): SQL {
  const field = value(path);
  switch (op) {
    case "$eq":
      return operand === null ? sql`(${field} is null or ${field} = 'null'::jsonb)` : sql`${field} = ${json(operand)}`;
    case "$ne":
      return operand === null ? sql`(${field} is not null and ${field} <> 'null'::jsonb)` : sql`${field} is distinct from ${json(operand)}`;
    case "$gt":
    case "$gte":
    case "$lt":
    case "$lte": {
      if (typeof operand !== "number" && typeof operand !== "string") throw new FilterError(`${op} takes a number or a string`);
      const cmp = { $gt: sql`>`, $gte: sql`>=`, $lt: sql`<`, $lte: sql`<=` }[op];
      // Like MongoDB, compare only values of the same type: jsonb orders across types otherwise.
      return sql`(jsonb_typeof(${field}) = ${typeof operand === "number" ? "number" : "string"} and ${field} ${cmp} ${json(operand)})`;
    }
    case "$in":
    case "$nin": {
      if (!Array.isArray(operand)) throw new FilterError(`${op} takes an array`);
      if (operand.length > 1000) throw new FilterError(`${op} takes at most 1000 values`);
      const inList = sql`${field} in (select jsonb_array_elements(${json(operand)}))`;
      return op === "$in" ? sql`coalesce(${inList}, false)` : sql`not coalesce(${inList}, false)`;
    }
    case "$exists":
      return operand ? sql`${field} is not null` : sql`${field} is null`;
    default:
      throw new FilterError(`unknown operator '${op}'`);
  }
}

/** The WHERE condition for `filter` (undefined or {} matches everything). */
export function filterToSql(filter: unknown): SQL {
  if (filter === undefined || filter === null) return sql`true`;
  if (typeof filter !== "object" || Array.isArray(filter)) throw new FilterError("filter must be an object");
  const parts: SQL[] = [];
  for (const [field, condition] of Object.entries(filter as Record<string, unknown>)) {
    const path = pathOf(field);
    const isOperatorObject =
      typeof condition === "object" && condition !== null && !Array.isArray(condition) &&
      Object.keys(condition).length > 0 && Object.keys(condition).every((k) => k.startsWith("$"));
    if (isOperatorObject) {
      for (const [op, operand] of Object.entries(condition as Record<string, unknown>)) {
        if (!OPERATORS.has(op)) throw new FilterError(`unknown operator '${op}'`);
        parts.push(comparison(path, op, operand));
      }
    } else {
      parts.push(comparison(path, "$eq", condition));
    }
  }
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/** ORDER BY for `{ field: 1 | -1, … }`; insertion order when none. */
export function sortToSql(sort: unknown): SQL {
  if (sort === undefined || sort === null) return sql`${documents.id} asc`;
  if (typeof sort !== "object" || Array.isArray(sort)) throw new FilterError("sort must be an object such as { age: -1 }");
  const parts: SQL[] = [];
  for (const [field, direction] of Object.entries(sort as Record<string, unknown>)) {
    if (direction !== 1 && direction !== -1 && direction !== "asc" && direction !== "desc") throw new FilterError(`sort direction of '${field}' must be 1 or -1`);
    parts.push(direction === 1 || direction === "asc" ? sql`${value(pathOf(field))} asc nulls first` : sql`${value(pathOf(field))} desc nulls last`);
  }
  parts.push(sql`${documents.id} asc`);
  return sql.join(parts, sql`, `);
}

/** The equality fields of a filter, as a document (for setProp's insert). */
export function equalityFields(filter: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (typeof filter !== "object" || filter === null) return out;
  for (const [field, condition] of Object.entries(filter as Record<string, unknown>)) {
    const isOperator = typeof condition === "object" && condition !== null && !Array.isArray(condition) && Object.keys(condition).some((k) => k.startsWith("$"));
    if (isOperator) {
      const eq = (condition as Record<string, unknown>).$eq;
      if (eq !== undefined) setPath(out, field, eq);
    } else {
      setPath(out, field, condition);
    }
  }
  return out;
}

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** Sets a dotted path in a plain object, creating objects on the way; refuses prototype keys. */
export function setPath(target: Record<string, unknown>, field: string, v: unknown): void {
  const parts = pathOf(field);
  let node: Record<string, unknown> = target;
  for (const [i, part] of parts.entries()) {
    if (FORBIDDEN_KEYS.has(part)) throw new FilterError(`field name '${part}' is not allowed`);
    if (i === parts.length - 1) {
      node[part] = v;
      return;
    }
    const next = node[part];
    if (typeof next !== "object" || next === null || Array.isArray(next)) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
}

/** Reads a dotted path. */
export function getPath(target: Record<string, unknown>, field: string): unknown {
  let node: unknown = target;
  for (const part of pathOf(field)) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Removes a dotted path. */
export function unsetPath(target: Record<string, unknown>, field: string): void {
  const parts = pathOf(field);
  let node: unknown = target;
  for (const part of parts.slice(0, -1)) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) return;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node === "object" && node !== null) delete (node as Record<string, unknown>)[parts.at(-1)!];
}
