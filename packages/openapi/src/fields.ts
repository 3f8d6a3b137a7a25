/**
 * Field schemas with the messages our APIs have always given (`botId is required`, `run_now must be a boolean`, …),
 * each in two forms: `body` for a JSON body and `query` for a query string, where booleans are `true`/`false`,
 * integers are digits and objects are JSON text. Both forms give the same value, so one handler serves GET and POST.
 *
 * `null` is never a value: on a required field it reads as missing (`botId is required`), on an optional one it is
 * refused (`name must be a string`). Strings that Postgres cannot store (NUL, unpaired surrogates) are refused with a
 * 400 naming the field where the field is owner input; ids are left to the service, which answers 404.
 *
 * @see docs/management-api.md#null-and-absent-fields
 */
import { unstorableTextProblem } from "@botyard/common/text";
import type { ZodErrorMap, ZodTypeAny, RefinementCtx } from "zod";
import { z } from "./zod.js";

/** One field in its JSON-body form and its query-string form. */
export interface Field<B extends ZodTypeAny = ZodTypeAny, Q extends ZodTypeAny = ZodTypeAny> {
  body: B;
  query: Q;
}

/** `params.status` on a custom issue picks the reply status (413 for a field over its size limit). */
export interface IssueParams {
  status?: 413;
}

/** The type error messages of a field: missing reads `is required`, the wrong type `must be <expected>`. */
export function typeErrors(name: string, expected: string, nullIsMissing: boolean): { errorMap: ZodErrorMap } {
  return {
    errorMap: (issue, ctx) => {
      if (issue.code !== "invalid_type") return { message: ctx.defaultError };
      const missing = issue.received === "undefined" || (nullIsMissing && issue.received === "null");
      return { message: missing ? `${name} is required` : `${name} must be ${expected}` };
    },
  };
}

/** Adds an issue when `value` holds text Postgres cannot store. */
export function refuseUnstorable(name: string) {
  return (value: string, ctx: RefinementCtx) => {
    const problem = unstorableTextProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: `${name} ${problem}` });
  };
}

interface StringOptions {
  /** Most UTF-16 code units. */
  max?: number;
  /** Refuse NUL and unpaired surrogates (owner text). Off for ids: an id that cannot exist is a 404, not a 400. */
  storable?: boolean;
  description?: string;
  example?: string;
}

function stringSchema(name: string, required: boolean, options: StringOptions) {
  let schema = z.string(typeErrors(name, "a string", required));
  if (required) schema = schema.min(1, `${name} is required`);
  if (options.max !== undefined) schema = schema.max(options.max, `${name} must be at most ${options.max} characters`);
  const refined = options.storable ? schema.superRefine(refuseUnstorable(name)) : schema;
  return refined.openapi({
    ...(options.description ? { description: options.description } : {}),
    ...(options.example !== undefined ? { example: options.example } : {}),
  });
}

/** A required, non-empty string. */
export function requiredString(name: string, options: StringOptions = {}) {
  const schema = stringSchema(name, true, options);
  return { body: schema, query: schema };
}

/** An optional string; absent is undefined, null is refused. */
export function optionalString(name: string, options: StringOptions = {}) {
  const schema = stringSchema(name, false, options).optional();
  return { body: schema, query: schema };
}

interface TextOptions {
  /** Most UTF-8 bytes; more answers 413. */
  maxBytes: number;
  description?: string;
  example?: string;
}

function textSchema(name: string, required: boolean, options: TextOptions) {
  const limit = options.maxBytes === 1024 * 1024 ? "1 MiB" : `${options.maxBytes} bytes`;
  return z
    .string(typeErrors(name, "a string", required))
    .superRefine((value, ctx) => {
      // Characters are at most 3 UTF-8 bytes per UTF-16 unit, so short strings skip the byte count.
      if (value.length * 3 > options.maxBytes && Buffer.byteLength(value, "utf8") > options.maxBytes) {
        const params: IssueParams = { status: 413 };
        ctx.addIssue({ code: "custom", message: `${name} is larger than ${limit}`, params, fatal: true });
        return;
      }
      refuseUnstorable(name)(value, ctx);
    })
    .openapi({
      description: `${options.description ?? ""} At most ${limit} of UTF-8; may be empty.`.trim(),
      ...(options.example !== undefined ? { example: options.example } : {}),
    });
}

/** A required string that may be empty (a code file), at most `maxBytes` UTF-8 bytes (413 beyond). */
export function requiredText(name: string, options: TextOptions) {
  const schema = textSchema(name, true, options);
  return { body: schema, query: schema };
}

/** An optional text field. */
export function optionalText(name: string, options: TextOptions) {
  const schema = textSchema(name, false, options).optional();
  return { body: schema, query: schema };
}

/** An optional boolean; in a query string `true` or `false`. */
export function optionalBoolean(name: string, description?: string) {
  const body = z.boolean(typeErrors(name, "a boolean", false)).openapi(description ? { description } : {});
  const fromQuery = (v: unknown) => (v === "true" ? true : v === "false" ? false : v);
  return { body: body.optional(), query: z.preprocess(fromQuery, body).openapi(metadataOf(body)).optional() };
}

/** An optional integer in [min, max]; in a query string, decimal digits. */
export function optionalInteger(name: string, min: number, max: number, description?: string) {
  const range = `${name} must be between ${min} and ${max}`;
  const body = z
    .number(typeErrors(name, "an integer", false))
    .int(`${name} must be an integer`)
    .min(min, range)
    .max(max, range)
    .openapi(description ? { description } : {});
  const fromQuery = (v: unknown) => (typeof v === "string" && /^-?\d+$/.test(v) ? Number(v) : v);
  return { body: body.optional(), query: z.preprocess(fromQuery, body).openapi(metadataOf(body)).optional() };
}

/**
 * A required JSON object; in a query string, JSON text of one. `value` is the object's schema (a record or an
 * object); its own type errors should say `<name> is required` / `<name> must be an object`.
 */
export function jsonObject<T extends ZodTypeAny>(name: string, value: T) {
  const fromQuery = (v: unknown, ctx: RefinementCtx) => {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: `${name} must be a JSON object`, fatal: true });
      return z.NEVER;
    }
  };
  return { body: value, query: z.preprocess(fromQuery, value).openapi(metadataOf(value)) };
}

/** The `.openapi()` metadata of a schema, to carry onto a wrapper the generator would otherwise show bare. */
function metadataOf(schema: ZodTypeAny): Record<string, unknown> {
  const def = schema._def as { openapi?: { metadata?: Record<string, unknown> } };
  return def.openapi?.metadata ?? {};
}

/** An optional JSON object (see {@link jsonObject}). */
export function optionalJsonObject<T extends ZodTypeAny>(name: string, value: T) {
  const field = jsonObject(name, value);
  return { body: field.body.optional(), query: field.query.optional() };
}

/**
 * A JSON object kept exactly as parsed (own keys such as `__proto__` stay plain keys, as JSON.parse made them; a zod
 * record would drop them). Type errors read `<name> is required` / `<name> must be an object`. Describe its contents
 * with `.openapi(...)`.
 */
export function plainObject(name: string, required: boolean) {
  return z.unknown().transform((value, ctx) => {
    if (value === undefined || (required && value === null)) {
      ctx.addIssue({ code: "custom", message: `${name} is required`, fatal: true });
      return z.NEVER;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      ctx.addIssue({ code: "custom", message: `${name} must be an object`, fatal: true });
      return z.NEVER;
    }
    return value as Record<string, unknown>;
  });
}
