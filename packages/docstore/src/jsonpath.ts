/**
 * MongoDB query semantics as SQL/JSON path predicates (Postgres `jsonpath`, lax mode), evaluated by Postgres on each
 * candidate document. Lax mode already walks one level of arrays at each step of a path, as MongoDB does; every
 * comparison is guarded by `.type()` so that only values of the operand's type compare ("type bracketing"), and the
 * cases lax mode gets wrong (array indexes, whole-array values, missing fields) are spelled out below.
 *
 * Every value from bot code becomes a jsonpath literal (JSON string escapes, decimal numbers): bot code never writes
 * jsonpath or SQL text.
 *
 * @see docs/bot-runtime.md#db
 */
import { textProblem } from "@botyard/common/documents";
import { excerpt, invalid } from "./errors.js";
import { isIndexPart, parsePath } from "./paths.js";
import { regexPredicate } from "./regex.js";

/** A jsonpath predicate that always holds / never holds (the current item always exists). */
export const TRUE = "exists(@)";
export const FALSE = "!exists(@)";

/** Most operator nodes and values in one filter. */
export const MAX_FILTER_NODES = 2000;
/** Deepest nesting of $and/$or/$nor/$not/$elemMatch. */
export const MAX_FILTER_DEPTH = 12;
/** Most values in one $in, $nin or $all. */
export const MAX_IN_VALUES = 1000;

/** A jsonpath member accessor for one path part. */
export const member = (part: string): string => `.${JSON.stringify(part)}`;

/** A jsonpath literal for a JSON scalar. */
export function scalarLiteral(v: string | number | boolean | null): string {
  if (v === null) return "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "number") return numberLiteral(v);
  const problem = textProblem(v);
  if (problem) throw invalid(`a string in the filter ${problem}`);
  return JSON.stringify(v);
}

/** Decimal text for a finite number (jsonpath has no exponent notation for very large or small numbers). */
export function numberLiteral(n: number): string {
  if (!Number.isFinite(n)) throw invalid("numbers in a filter must be finite");
  if (Object.is(n, -0) || n === 0) return "0";
  const text = String(n);
  if (!/e/i.test(text)) return text;
  const [mantissa = "0", exp = "0"] = text.toLowerCase().split("e");
  const negative = mantissa.startsWith("-");
  const [int = "0", frac = ""] = mantissa.replace("-", "").split(".");
  const digits = int + frac;
  const point = int.length + Number(exp);
  let out: string;
  if (point <= 0) out = `0.${"0".repeat(-point)}${digits}`;
  else if (point >= digits.length) out = digits + "0".repeat(point - digits.length);
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${out}` : out;
}

export type Scalar = string | number | boolean | null;

export function isScalar(v: unknown): v is Scalar {
  return v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean";
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** jsonpath type name of a scalar. */
function typeName(v: Exclude<Scalar, null>): string {
  return typeof v;
}

const and = (parts: string[]): string =>
  parts.length === 0 ? TRUE : parts.length === 1 ? parts[0]! : `(${parts.join(" && ")})`;
const or = (parts: string[]): string =>
  parts.length === 0 ? FALSE : parts.length === 1 ? parts[0]! : `(${parts.join(" || ")})`;
const not = (p: string): string => `!(${p})`;

/** `subject` (a jsonpath expression without filters) equals the scalar `v`, type for type. */
export function scalarEquals(subject: string, v: Scalar): string {
  if (v === null) return `${subject}.type() == "null"`;
  return `(${subject}.type() == "${typeName(v)}" && ${subject} == ${scalarLiteral(v)})`;
}

/**
 * `subject` deep-equals `v`: arrays element by element in order, objects key by key in any order (as mingo does).
 * Built from accessors only, never filters, so lax mode unwraps nothing.
 */
export function deepEquals(subject: string, v: unknown, budget: Budget): string {
  budget.spend();
  if (isScalar(v)) return scalarEquals(subject, v);
  if (Array.isArray(v)) {
    return and([
      `${subject}.type() == "array"`,
      `${subject}.size() == ${v.length}`,
      ...v.map((item, i) => deepEquals(`${subject}[${i}]`, item, budget)),
    ]);
  }
  if (isPlainObject(v)) {
    const keys = Object.keys(v);
    for (const k of keys) {
      const problem = textProblem(k);
      if (problem) throw invalid(`a field name in the filter ${problem}`);
    }
    const others =
      keys.length === 0
        ? `!exists(${subject}.keyvalue())`
        : `!exists(${subject}.keyvalue() ? (${keys.map((k) => `@.key != ${JSON.stringify(k)}`).join(" && ")}))`;
    return and([
      `${subject}.type() == "object"`,
      others,
      ...keys.map((k) => deepEquals(`${subject}${member(k)}`, v[k], budget)),
    ]);
  }
  throw invalid("filter values must be JSON values");
}

/** Counts the nodes of a filter, so that one call cannot build an unbounded jsonpath. */
export class Budget {
  #left = MAX_FILTER_NODES;
  spend(n = 1): void {
    this.#left -= n;
    if (this.#left < 0) throw invalid(`filter is too large (more than ${MAX_FILTER_NODES} conditions and values)`);
  }
}

/** What operators test: the values a field path reaches in a document, or one array element ($elemMatch). */
export interface Target {
  /** Some value reached, or an element of an array reached, satisfies `q` (a predicate on `@`). */
  anyLeaf(q: string): string;
  /** Some value reached (arrays whole) satisfies `p(subject)`. */
  anyValue(p: (subject: string) => string): string;
  /** The path reaches at least one value. */
  exists(): string;
  /**
   * The path reaches no value somewhere, which MongoDB's equality with null counts as null: it ends at an absent field
   * or at a value that is neither an object nor an array (`{ 'a.b': null }` on `a: 4`), or it passes an array that is
   * empty or has an element missing the rest of the path (`a: [{ b: 3 }, {}]`, `a: [5]`, `a: [[]]`), as MongoDB 9.0.
   *
   * @see docs/bot-runtime.md#filters
   */
  missing(): string;
}

interface Alternative {
  /** Accessors (and filters) from `@` to the items that hold the last part. */
  holder: string;
  /** A condition on such an item, or "" for none. */
  guard: string;
  /** Accessors from that item to the value. */
  subject: string;
}

/** The values a dotted path reaches from the current document `@`. */
export class PathTarget implements Target {
  readonly #alternatives: Alternative[];

  constructor(readonly parts: string[]) {
    let alts: Alternative[] = [{ holder: "", guard: "", subject: member(parts[0]!) }];
    for (let i = 1; i < parts.length; i += 1) {
      const part = parts[i]!;
      if (isIndexPart(part)) {
        // "a.0": index 0 when `a` is an array, the key "0" when it is an object (never keys of a's elements).
        alts = alts.flatMap((a) => [
          {
            holder: a.holder,
            guard: joinGuard(a.guard, `@${a.subject}.type() == "object"`),
            subject: a.subject + member(part),
          },
          {
            holder: a.holder,
            guard: joinGuard(a.guard, `@${a.subject}.type() == "array"`),
            subject: `${a.subject}[${part}]`,
          },
        ]);
        if (alts.length > 8) throw invalid(`field path '${excerpt(parts.join("."))}' has more than 3 array indexes`);
      } else {
        alts = alts.map((a) => ({
          holder: a.holder + (a.guard ? ` ? (${a.guard})` : "") + a.subject,
          guard: "",
          subject: member(part),
        }));
      }
    }
    this.#alternatives = alts;
  }

  #each(inner: (a: Alternative) => string): string {
    return or(
      this.#alternatives.map((a) => {
        const body = a.guard ? `(${a.guard} && ${inner(a)})` : inner(a);
        return a.holder ? `exists(@${a.holder} ? (${body}))` : body;
      }),
    );
  }

  anyLeaf(q: string): string {
    return this.#each((a) => `exists(@${a.subject} ? (${q}))`);
  }

  anyValue(p: (subject: string) => string): string {
    return this.#each((a) => p(`@${a.subject}`));
  }

  exists(): string {
    return this.#each((a) => `exists(@${a.subject})`);
  }

  missing(): string {
    // Whether parts[i..] miss from the one item `at` on. In lax mode a filter unwraps an array by one level, so
    // `at ? (…)` on an array tests its elements, an element that is itself an array included.
    const miss = (i: number, at: string): string => {
      if (i === this.parts.length) return `!exists(${at})`;
      const part = this.parts[i]!;
      const inArray = isIndexPart(part)
        ? miss(i + 1, `${at}[${part}]`)
        : `(${at}.size() == 0 || exists(${at} ? (@.type() != "object" || ${miss(i + 1, `@${member(part)}`)})))`;
      return or([
        `!exists(${at})`,
        `(${at}.type() != "object" && ${at}.type() != "array")`,
        `(${at}.type() == "object" && ${miss(i + 1, at + member(part))})`,
        `(${at}.type() == "array" && ${inArray})`,
      ]);
    };
    return miss(1, `@${member(this.parts[0]!)}`);
  }
}

const joinGuard = (a: string, b: string): string => (a ? `${a} && ${b}` : b);

/** One array element under $elemMatch: tested as it is, never unwrapped further. */
export const elementTarget: Target = {
  anyLeaf: (q) => q,
  anyValue: (p) => p("@"),
  exists: () => TRUE,
  missing: () => FALSE,
};

/** True when `v` is an object whose keys are all operators (`{ $gt: 1 }`); refuses a mix of operators and fields. */
export function isOperatorObject(v: unknown, field: string): v is Record<string, unknown> {
  if (!isPlainObject(v)) return false;
  const keys = Object.keys(v);
  if (keys.length === 0) return false;
  const ops = keys.filter((k) => k.startsWith("$")).length;
  if (ops === 0) return false;
  if (ops !== keys.length) throw invalid(`the condition of '${excerpt(field)}' mixes operators and field names`);
  return true;
}

/** Compiles filters to one jsonpath predicate on the document `@`. */
export class FilterCompiler {
  readonly budget = new Budget();

  /** The predicate for a whole filter (`{}` and undefined match everything). */
  document(filter: unknown, depth = 0): string {
    if (filter === undefined || filter === null) return TRUE;
    if (!isPlainObject(filter)) throw invalid("filter must be an object such as { name: 'Ann' }");
    if (depth > MAX_FILTER_DEPTH) throw invalid(`filter is nested more than ${MAX_FILTER_DEPTH} levels deep`);
    const parts: string[] = [];
    for (const [key, condition] of Object.entries(filter)) {
      this.budget.spend();
      if (key.startsWith("$")) parts.push(this.logical(key, condition, depth));
      else parts.push(this.field(key, condition, depth));
    }
    return and(parts);
  }

  logical(op: string, operand: unknown, depth: number): string {
    if (op !== "$and" && op !== "$or" && op !== "$nor")
      throw invalid(`unknown top-level operator '${excerpt(op, 20)}'`);
    if (!Array.isArray(operand) || operand.length === 0) throw invalid(`${op} takes a non-empty array of filters`);
    const subs = operand.map((f) => {
      if (!isPlainObject(f)) throw invalid(`${op} takes a non-empty array of filters`);
      return this.document(f, depth + 1);
    });
    if (op === "$and") return and(subs);
    if (op === "$or") return or(subs);
    return not(or(subs));
  }

  /** One `field: condition` entry. */
  field(field: string, condition: unknown, depth: number): string {
    const target = new PathTarget(parsePath(field));
    if (isOperatorObject(condition, field)) return this.operators(target, condition, field, depth);
    return this.equals(target, condition);
  }

  /** An operator object such as `{ $gte: 1, $lt: 5 }` applied to `target`. */
  operators(target: Target, ops: Record<string, unknown>, field: string, depth: number): string {
    const parts: string[] = [];
    if ("$options" in ops && !("$regex" in ops)) throw invalid("$options needs $regex");
    for (const [op, operand] of Object.entries(ops)) {
      this.budget.spend();
      switch (op) {
        case "$eq":
          parts.push(this.equals(target, operand));
          break;
        case "$ne":
          parts.push(not(this.equals(target, operand)));
          break;
        case "$gt":
        case "$gte":
        case "$lt":
        case "$lte":
          parts.push(this.compare(target, op, operand));
          break;
        case "$in":
          parts.push(this.in(target, op, operand));
          break;
        case "$nin":
          parts.push(not(this.in(target, op, operand)));
          break;
        case "$exists":
          if (typeof operand !== "boolean" && typeof operand !== "number") throw invalid("$exists takes true or false");
          parts.push(operand ? target.exists() : not(target.exists()));
          break;
        case "$not":
          if (!isOperatorObject(operand, field)) throw invalid("$not takes an operator object such as { $gt: 5 }");
          if (depth >= MAX_FILTER_DEPTH) throw invalid(`filter is nested more than ${MAX_FILTER_DEPTH} levels deep`);
          parts.push(not(this.operators(target, operand, field, depth + 1)));
          break;
        case "$all":
          parts.push(this.all(target, operand));
          break;
        case "$size":
          if (typeof operand !== "number" || !Number.isInteger(operand) || operand < 0)
            throw invalid("$size takes a whole number");
          parts.push(target.anyValue((s) => `(${s}.type() == "array" && ${s}.size() == ${operand})`));
          break;
        case "$elemMatch":
          parts.push(this.elemMatch(target, operand, field, depth));
          break;
        case "$regex":
          parts.push(target.anyLeaf(`(@.type() == "string" && ${regexPredicate("@", operand, ops.$options)})`));
          break;
        case "$options":
          break;
        default:
          throw invalid(`unknown operator '${excerpt(op, 20)}'`);
      }
    }
    return and(parts);
  }

  /** MongoDB equality: a value reached, or an element of an array reached, equals `v`; null also matches missing. */
  equals(target: Target, v: unknown): string {
    if (v === undefined) throw invalid("filter values must be JSON values (undefined is not)");
    if (v === null) return or([target.anyLeaf("@ == null"), target.missing()]);
    if (isScalar(v)) return target.anyLeaf(scalarEquals("@", v));
    if (Array.isArray(v)) {
      return or([
        target.anyValue((s) => deepEquals(s, v, this.budget)),
        target.anyLeaf(deepEquals("@", v, this.budget)),
      ]);
    }
    if (isPlainObject(v)) return target.anyLeaf(deepEquals("@", v, this.budget));
    throw invalid("filter values must be JSON values");
  }

  compare(target: Target, op: "$gt" | "$gte" | "$lt" | "$lte", v: unknown): string {
    if (typeof v !== "number" && typeof v !== "string") throw invalid(`${op} takes a number or a string`);
    const cmp = { $gt: ">", $gte: ">=", $lt: "<", $lte: "<=" }[op];
    return target.anyLeaf(`(@.type() == "${typeof v}" && @ ${cmp} ${scalarLiteral(v)})`);
  }

  in(target: Target, op: string, values: unknown): string {
    if (!Array.isArray(values)) throw invalid(`${op} takes an array`);
    if (values.length > MAX_IN_VALUES) throw invalid(`${op} takes at most ${MAX_IN_VALUES} values`);
    this.budget.spend(values.length);
    const scalars = values.filter((v): v is Exclude<Scalar, null> => isScalar(v) && v !== null);
    const parts: string[] = [];
    if (scalars.length > 0) parts.push(target.anyLeaf(or(scalars.map((v) => scalarEquals("@", v)))));
    for (const v of values) {
      if (v === null || !isScalar(v)) {
        if (isPlainObject(v) && Object.keys(v).some((k) => k.startsWith("$")))
          throw invalid(`${op} takes values, not operators`);
        parts.push(this.equals(target, v));
      }
    }
    return or(parts);
  }

  all(target: Target, values: unknown): string {
    if (!Array.isArray(values)) throw invalid("$all takes an array");
    if (values.length > MAX_IN_VALUES) throw invalid(`$all takes at most ${MAX_IN_VALUES} values`);
    if (values.length === 0) return FALSE;
    return and(
      values.map((v) => {
        if (isPlainObject(v) && Object.keys(v).some((k) => k.startsWith("$")))
          throw invalid("$all takes values, not operators");
        return this.equals(target, v);
      }),
    );
  }

  elemMatch(target: Target, sub: unknown, field: string, depth: number): string {
    if (!isPlainObject(sub) || Object.keys(sub).length === 0)
      throw invalid("$elemMatch takes a non-empty object such as { $gt: 5 } or { qty: 2 }");
    if (depth >= MAX_FILTER_DEPTH) throw invalid(`filter is nested more than ${MAX_FILTER_DEPTH} levels deep`);
    const element = isOperatorObject(sub, field)
      ? this.operators(elementTarget, sub, field, depth + 1)
      : `(@.type() == "object" && ${this.document(sub, depth + 1)})`;
    return target.anyValue((s) => `(${s}.type() == "array" && exists(${s} ? (${element})))`);
  }
}
