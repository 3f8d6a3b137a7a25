/**
 * Values from the JSON Schemas of an OpenAPI 3.1 document, as fast-check arbitraries: the subset our documents use
 * (type, enum, const, properties/required/additionalProperties, items/minItems/maxItems, anyOf/oneOf, string length,
 * pattern and format, number bounds, $ref into components).
 */
import fc from "fast-check";
import { awkwardText } from "./text-arbitrary.js";

export type JsonSchema = Record<string, unknown>;
type Json = unknown;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Resolves `#/components/...` references against `document`. */
export function resolveRef(document: JsonSchema, schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let i = 0; i < 16 && typeof current.$ref === "string"; i++) {
    const path = (current.$ref as string).replace(/^#\//, "").split("/");
    let node: unknown = document;
    for (const part of path) node = isObject(node) ? node[part.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined;
    if (!isObject(node)) throw new Error(`unresolvable $ref ${String(current.$ref)}`);
    current = { ...node, ...Object.fromEntries(Object.entries(current).filter(([k]) => k !== "$ref")) };
  }
  return current;
}

/** Options of generation. */
export interface GenerateOptions {
  /** Overrides by property name (e.g. botId → a fixture id): consulted before the schema. */
  overrides?: (name: string) => fc.Arbitrary<Json> | undefined;
}

/** An arbitrary of values valid against `schema`. */
export function arbitraryFor(
  document: JsonSchema,
  raw: JsonSchema,
  options: GenerateOptions = {},
  name = "",
): fc.Arbitrary<Json> {
  const schema = resolveRef(document, raw);
  const override = name ? options.overrides?.(name) : undefined;
  if (override) return override;
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as Json[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((s) => arbitraryFor(document, s, options, name)));
  const type = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type as string] : [];
  if (type.length > 1)
    return fc.oneof(...type.map((t) => arbitraryFor(document, { ...schema, type: t }, options, name)));
  switch (type[0]) {
    case "string":
      return stringFor(schema);
    case "integer":
    case "number": {
      const min = typeof schema.minimum === "number" ? schema.minimum : -1e6;
      const max = typeof schema.maximum === "number" ? schema.maximum : 1e6;
      return type[0] === "integer"
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const items = isObject(schema.items) ? (schema.items as JsonSchema) : {};
      return fc.array(arbitraryFor(document, items, options, name), {
        minLength: typeof schema.minItems === "number" ? schema.minItems : 0,
        maxLength: typeof schema.maxItems === "number" ? schema.maxItems : 3,
      });
    }
    case "object":
      return objectFor(document, schema, options);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === "number" ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === "number" ? schema.maxLength : 64;
  let base: fc.Arbitrary<string>;
  if (schema.format === "email") base = fc.emailAddress();
  else if (schema.format === "date-time") base = fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  else if (typeof schema.pattern === "string") base = fc.stringMatching(new RegExp(schema.pattern as string));
  else
    base = fc.oneof(
      fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 16) }),
      awkwardText({ minLength, maxLength }),
    );
  return base.filter((s) => s.length >= minLength && s.length <= maxLength);
}

function objectFor(document: JsonSchema, schema: JsonSchema, options: GenerateOptions): fc.Arbitrary<Json> {
  const properties = (isObject(schema.properties) ? schema.properties : {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const record: Record<string, fc.Arbitrary<Json>> = {};
  for (const [key, sub] of Object.entries(properties)) {
    // `not: {}` admits no value: the property can only be absent.
    if (isObject(sub.not) && Object.keys(sub.not).length === 0) continue;
    record[key] = arbitraryFor(document, sub, options, key);
  }
  const known = fc.record(record, { requiredKeys: [...required].filter((k) => k in record) });
  const extra = schema.additionalProperties;
  if (!isObject(extra)) return known;
  const maxExtra = typeof schema.maxProperties === "number" ? Math.min(3, schema.maxProperties) : 3;
  const extras = fc.dictionary(
    fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !(k in properties) && k !== "__proto__"),
    arbitraryFor(document, extra as JsonSchema, options),
    { maxKeys: maxExtra },
  );
  return fc.tuple(known, extras).map(([a, b]) => ({ ...b, ...(a as object) }));
}
