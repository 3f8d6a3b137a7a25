/**
 * The SQL of one `db.operation` call: the WHERE condition of a filter and the ORDER BY of a sort, with every value from
 * bot code bound as a parameter. A filter becomes
 * - an exact jsonpath predicate on `data` (jsonpath.ts) for everything,
 * - SQL on `data #> path` for fields with a createIndex index (exact there: such fields hold no arrays), which that
 *   partial index serves, and
 * - for equality on other fields, a containment hint on `docstore_scoped(...)`, which the scoped GIN index serves.
 *
 * @see docs/bot-runtime.md#db
 */
import { excerpt, invalid } from "./errors.js";
import {
  FilterCompiler,
  isOperatorObject,
  isPlainObject,
  isScalar,
  member,
  PathTarget,
  scalarLiteral,
  TRUE,
} from "./jsonpath.js";
import { isIndexPart, parsePath, textArrayLiteral } from "./paths.js";

/** Positional parameters of one statement. */
export class Params {
  readonly values: unknown[] = [];
  /** `$n` (with a cast) for `value`. */
  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return `$${this.values.length}${cast ? `::${cast}` : ""}`;
  }
}

/** What the compiler knows of the collection: its createIndex fields (dotted field → parts). */
export interface CollectionInfo {
  /** `${botId}/${collection}`: the key of the scoped GIN index. */
  scopeKey: string;
  indexed: ReadonlyMap<string, readonly string[]>;
}

/**
 * `data #> path` for parts, as SQL. Plain names are written as a literal, as createIndex writes them, so that the
 * planner matches the expression to the index; anything else is a parameter.
 */
export const valueAt = (params: Params, parts: readonly string[]): string =>
  parts.every((p) => /^[A-Za-z0-9_-]{1,64}$/.test(p))
    ? `(data #> '${textArrayLiteral([...parts])}'::text[])`
    : `(data #> ${params.add(textArrayLiteral([...parts]), "text[]")})`;

/** The sort key columns of a value: MongoDB's type order, then numbers, then strings by code point. */
export const sortKey = (v: string): string[] => [
  `docstore_rank(${v})`,
  `docstore_num(${v})`,
  `docstore_str(${v}) COLLATE "C"`,
];

/** The WHERE condition (without the bot and collection scope) for `filter`. */
export function whereSql(filter: unknown, info: CollectionInfo, params: Params): string {
  if (filter === undefined || filter === null) return "true";
  if (!isPlainObject(filter)) throw invalid("filter must be an object such as { name: 'Ann' }");
  const compiler = new FilterCompiler();
  const sqlParts: string[] = [];
  const pathParts: string[] = [];
  const hints: string[] = [];
  for (const [field, condition] of Object.entries(filter)) {
    if (field.startsWith("$")) {
      pathParts.push(compiler.logical(field, condition, 0));
      continue;
    }
    // Equality on `_id` is a probe of the unique (bot, collection, doc_id) index; the predicate below keeps it exact.
    const docId = field === "_id" ? idEquality(condition)?.docId : undefined;
    if (docId !== undefined) sqlParts.push(`doc_id = ${params.add(docId, "text")}`);
    const indexed = info.indexed.get(field);
    const direct = indexed ? indexedFieldSql(valueAt(params, indexed), field, condition, params) : null;
    if (direct !== null) {
      sqlParts.push(direct);
      continue;
    }
    pathParts.push(compiler.field(field, condition, 0));
    const hint = docId === undefined ? equalityHint(field, condition) : null;
    if (hint) hints.push(hint);
  }
  const all = [...sqlParts];
  if (pathParts.length > 0) {
    const predicate = pathParts.length === 1 ? pathParts[0]! : `(${pathParts.join(" && ")})`;
    if (predicate !== TRUE) all.push(`data @? ${params.add(`lax $ ? (${predicate})`, "jsonpath")}`);
  }
  if (hints.length > 0) {
    const path = `lax $${member(info.scopeKey)} ? (${hints.join(" && ")})`;
    all.push(`docstore_scoped(bot_id, collection, data) @? ${params.add(path, "jsonpath")}`);
  }
  return all.length === 0 ? "true" : all.join(" and ");
}

/**
 * The `doc_id` column's value for equality on `_id` (`{ _id: v }` or `{ _id: { $eq: v } }` with a string or a finite
 * number: the column holds `_id` as text, `String(n)` for a number, as prepareDocument writes it), and the JSON type
 * of `_id` that matches; else undefined. The column alone does not tell `5` from `"5"`: the type does.
 */
export function idEquality(condition: unknown): { docId: string; type: "string" | "number" } | undefined {
  let value = condition;
  if (isOperatorObject(condition, "_id")) {
    const keys = Object.keys(condition);
    if (keys.length !== 1 || keys[0] !== "$eq") return undefined;
    value = condition.$eq;
  }
  if (typeof value === "string") return { docId: value, type: "string" };
  if (typeof value === "number" && Number.isFinite(value)) return { docId: String(value), type: "number" };
  return undefined;
}

/** {@link idEquality} of a filter that is equality on `_id` and nothing else. */
export function idOnlyFilter(filter: unknown): { docId: string; type: "string" | "number" } | undefined {
  if (!isPlainObject(filter)) return undefined;
  const keys = Object.keys(filter);
  return keys.length === 1 && keys[0] === "_id" ? idEquality(filter._id) : undefined;
}

/**
 * A necessary condition for equality on a field, in the form the scoped GIN index answers (`@.a.b == v`, lax: any
 * value reached, or any element of an array reached). Null (which also matches missing fields), objects, arrays and
 * paths with array indexes get none.
 */
export function equalityHint(field: string, condition: unknown): string | null {
  const parts = field.split(".");
  if (parts.some(isIndexPart)) return null;
  const at = `@${parts.map(member).join("")}`;
  const eq = (v: unknown) => (isScalar(v) && v !== null ? `${at} == ${scalarLiteral(v)}` : null);
  if (!isOperatorObject(condition, field)) return eq(condition);
  const hints: string[] = [];
  for (const [op, operand] of Object.entries(condition)) {
    if (op === "$eq") {
      const h = eq(operand);
      if (h) hints.push(h);
    } else if ((op === "$in" || op === "$all") && Array.isArray(operand) && operand.length > 0) {
      const each = operand.map(eq);
      if (each.every((h): h is string => h !== null))
        hints.push(op === "$in" ? `(${each.join(" || ")})` : each.join(" && "));
    }
  }
  return hints.length > 0 ? hints.join(" && ") : null;
}

/**
 * A condition on an indexed field as SQL over `v` = `data #> path`, or null when the operators need jsonpath. Exact
 * because an indexed field never holds an array: the field has one value, or none.
 */
export function indexedFieldSql(v: string, field: string, condition: unknown, params: Params): string | null {
  const [rank, num, str] = sortKey(v);
  const eq = (x: unknown): string | null => {
    if (x === null) return `${rank} = 1`;
    if (typeof x === "number") return `(${rank} = 2 and ${num} = ${params.add(x, "numeric")})`;
    if (typeof x === "string") return `(${rank} = 3 and ${str} = ${params.add(x, "text")})`;
    if (typeof x === "boolean") return `(${rank} = 6 and ${num} = ${x ? 1 : 0})`;
    if (Array.isArray(x)) return "false";
    return null;
  };
  if (!isOperatorObject(condition, field)) return eq(condition);
  const parts: string[] = [];
  for (const [op, operand] of Object.entries(condition)) {
    switch (op) {
      case "$eq":
      case "$ne": {
        const e = eq(operand);
        if (e === null) return null;
        parts.push(op === "$eq" ? e : `not ${e}`);
        break;
      }
      case "$gt":
      case "$gte":
      case "$lt":
      case "$lte": {
        const cmp = { $gt: ">", $gte: ">=", $lt: "<", $lte: "<=" }[op];
        if (typeof operand === "number")
          parts.push(`(${rank} = 2 and ${num} ${cmp} ${params.add(operand, "numeric")})`);
        else if (typeof operand === "string")
          parts.push(`(${rank} = 3 and ${str} ${cmp} ${params.add(operand, "text")})`);
        else throw invalid(`${op} takes a number or a string`);
        break;
      }
      case "$in":
      case "$nin": {
        if (!Array.isArray(operand) || operand.length > 1000) return null;
        const each = operand.map(eq);
        if (each.some((e) => e === null)) return null;
        const any = each.length === 0 ? "false" : `(${each.join(" or ")})`;
        parts.push(op === "$in" ? any : `not ${any}`);
        break;
      }
      case "$exists":
        if (typeof operand !== "boolean" && typeof operand !== "number") return null;
        parts.push(operand ? `${v} is not null` : `${v} is null`);
        break;
      default:
        return null;
    }
  }
  return parts.length === 0 ? null : `(${parts.join(" and ")})`;
}

/** ORDER BY for `{ field: 1 | -1, … }`: MongoDB's order of types, then insertion order for ties. */
export function orderBySql(sort: unknown, params: Params): string {
  if (sort === undefined || sort === null) return "id asc";
  if (!isPlainObject(sort)) throw invalid("sort must be an object such as { age: -1 }");
  const keys = Object.entries(sort);
  if (keys.length > 8) throw invalid("sort takes at most 8 fields");
  const columns: string[] = [];
  for (const [field, direction] of keys) {
    const dir =
      direction === 1 || direction === "asc" || direction === "ascending"
        ? "asc"
        : direction === -1 || direction === "desc" || direction === "descending"
          ? "desc"
          : null;
    if (dir === null) throw invalid(`sort direction of '${excerpt(field)}' must be 1 or -1`);
    for (const column of sortKey(valueAt(params, parsePath(field)))) columns.push(`${column} ${dir}`);
  }
  columns.push("id asc");
  return columns.join(", ");
}

/** A PathTarget for `field` (re-exported for tests). */
export const targetOf = (field: string) => new PathTarget(parsePath(field));
