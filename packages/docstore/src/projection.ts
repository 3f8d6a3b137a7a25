/**
 * findAll/findOne projection (`{ name: 1, 'address.city': 1 }` or `{ secret: 0 }`), applied to the documents a query
 * returns. Dotted paths reach into objects and into the objects of arrays, as in MongoDB.
 */
import { excerpt, invalid } from "./errors.js";
import { isPlainObject } from "./jsonpath.js";
import { parsePath } from "./paths.js";
import { cloneJson } from "./values.js";

type Tree = Map<string, Tree | true>;

/** Sets an own data property (a key such as `__proto__` stays plain data). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
type Doc = Record<string, unknown>;

/** A checked projection: applies to one document. */
export type Projector = (doc: Doc) => Doc;

/** Parses a projection; undefined/null/{} keeps documents whole. */
export function parseProjection(spec: unknown): Projector | null {
  if (spec === undefined || spec === null) return null;
  if (!isPlainObject(spec)) throw invalid("projection must be an object such as { name: 1 }");
  const entries = Object.entries(spec);
  if (entries.length === 0) return null;
  if (entries.length > 100) throw invalid("projection takes at most 100 fields");
  let idIncluded = true;
  let mode: "include" | "exclude" | null = null;
  const tree: Tree = new Map();
  for (const [field, flag] of entries) {
    if (flag !== 0 && flag !== 1 && flag !== true && flag !== false)
      throw invalid(`projection of '${excerpt(field)}' must be 1 or 0`);
    const include = flag === 1 || flag === true;
    if (field === "_id") {
      idIncluded = include;
      continue;
    }
    const m = include ? "include" : "exclude";
    if (mode !== null && mode !== m) throw invalid("projection cannot mix 1 and 0 (except for _id)");
    mode = m;
    addPath(tree, parsePath(field));
  }
  if (mode === null) mode = "exclude";
  if (mode === "include") {
    return (doc) => {
      const out = include(doc, tree) as Doc;
      if (idIncluded && Object.hasOwn(doc, "_id")) return { _id: doc._id, ...out };
      return out;
    };
  }
  if (!idIncluded) tree.set("_id", true);
  return (doc) => exclude(doc, tree) as Doc;
}

function addPath(tree: Tree, parts: string[]): void {
  let node = tree;
  const collision = () =>
    invalid(`projection paths overlap at '${excerpt(parts.join("."))}' (MongoDB refuses that too)`);
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i]!;
    const existing = node.get(part);
    if (existing === true) throw collision();
    if (i === parts.length - 1) {
      if (existing) throw collision();
      node.set(part, true);
      return;
    }
    if (existing) node = existing;
    else {
      const next: Tree = new Map();
      node.set(part, next);
      node = next;
    }
  }
}

function include(value: unknown, tree: Tree): unknown {
  if (Array.isArray(value)) {
    return value.filter((x) => typeof x === "object" && x !== null).map((x) => include(x, tree));
  }
  const doc = value as Doc;
  const out: Doc = {};
  for (const [key, sub] of tree) {
    if (!Object.hasOwn(doc, key)) continue;
    const v = doc[key];
    if (sub === true) setOwn(out, key, cloneJson(v));
    else if (typeof v === "object" && v !== null) setOwn(out, key, include(v, sub));
  }
  return out;
}

function exclude(value: unknown, tree: Tree): unknown {
  if (Array.isArray(value)) return value.map((x) => (typeof x === "object" && x !== null ? exclude(x, tree) : x));
  const out: Doc = {};
  for (const [key, v] of Object.entries(value as Doc)) {
    const sub = tree.get(key);
    if (sub === true) continue;
    setOwn(out, key, sub && typeof v === "object" && v !== null ? exclude(v, sub) : cloneJson(v));
  }
  return out;
}
