/**
 * Contract testing from an OpenAPI document: requests generated from each operation's description (valid ones, and
 * ones broken on purpose; with credentials, wrong ones and none), and a checker that a reply's status is documented
 * and its body matches the schema documented for that status.
 *
 * @see docs/api-contract.md#contract-tests
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import fc from "fast-check";
import { arbitraryFor, type JsonSchema, resolveRef } from "./schema-arbitrary.js";
import { anyText, unstorableText } from "./text-arbitrary.js";

type Json = unknown;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** One operation of the document. */
export interface DocumentedOperation {
  method: string;
  path: string;
  operation: JsonSchema;
}

/** Every (method, path) of the document. */
export function documentedOperations(document: JsonSchema): DocumentedOperation[] {
  const out: DocumentedOperation[] = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, JsonSchema>)) {
    for (const [method, operation] of Object.entries(item)) {
      if (["get", "put", "post", "delete", "patch", "head", "options", "trace"].includes(method) && isObject(operation))
        out.push({ method, path, operation });
    }
  }
  return out;
}

/** A request ready to send: the path already holds the encoded query string; body is raw text. */
export interface GeneratedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** What the generator meant: for reports and for assertions that depend on it. */
  intent: { valid: boolean; auth: "valid" | "wrong" | "none" | "n/a"; mutation?: string };
}

/** Credentials and ids the generator may use. */
export interface ContractFixtures {
  /** Values by field or parameter name (botId, jobId, targetEmail…): arbitraries that may pick real ids. */
  values?: (name: string) => fc.Arbitrary<Json> | undefined;
  /** The credential for a security scheme by its name, e.g. ApiKeyQuery → a real key. */
  credential?: (scheme: string) => string | undefined;
}

/** Percent-encodes like encodeURIComponent, but writes an unpaired surrogate as its WTF-8 bytes instead of throwing. */
export function encodeComponent(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join("");
    } else out += encodeURIComponent(text[i]!);
  }
  return out;
}

const wrongTypeValue = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant([]),
  fc.constant({ $ne: 1 }),
  fc.string().map((s) => [s]),
  fc.constant(""),
);

/** Ways to break a valid JSON body. */
function mutateBody(body: Json, required: string[]): fc.Arbitrary<{ body: Json | string; mutation: string }> {
  const keys = isObject(body) ? Object.keys(body) : [];
  const options: Array<fc.Arbitrary<{ body: Json | string; mutation: string }>> = [
    fc.constantFrom("[1,2]", '"text"', "42", "null", "{", '{"a":', "\u0000").map((raw) => ({
      body: raw,
      mutation: `raw body ${JSON.stringify(raw)}`,
    })),
    fc.constant({ body: undefined, mutation: "no body" }),
  ];
  if (keys.length > 0 && isObject(body)) {
    options.push(
      fc.constantFrom(...keys).chain((k) =>
        fc.oneof(
          fc.constant({ body: { ...body, [k]: null }, mutation: `${k}: null` }),
          wrongTypeValue.map((v) => ({ body: { ...body, [k]: v }, mutation: `${k}: ${JSON.stringify(v)}` })),
          unstorableText().map((t) => ({ body: { ...body, [k]: t }, mutation: `${k}: unstorable text` })),
          fc.tuple(anyText(), fc.nat()).map(([t, n]) => ({
            body: injectText(body, t.text, n),
            mutation: `text in string leaf #${n} (${t.storable ? "storable" : "unstorable"})`,
          })),
        ),
      ),
    );
  }
  if (required.length > 0 && isObject(body))
    options.push(
      fc.constantFrom(...required).map((k) => {
        const { [k]: _dropped, ...rest } = body;
        return { body: rest, mutation: `without ${k}` };
      }),
    );
  return fc.oneof(...options);
}

/** Appends `text` to the n-th string leaf, counting modulo the number of leaves (a new field when there is none). */
function injectText(value: Json, text: string, n: number): Json {
  let leaves = 0;
  const count = (v: Json): void => {
    if (typeof v === "string") leaves++;
    else if (Array.isArray(v)) v.forEach(count);
    else if (isObject(v)) Object.values(v).forEach(count);
  };
  count(value);
  let target = leaves === 0 ? -1 : n % leaves;
  let done = false;
  const walk = (v: Json): Json => {
    if (done) return v;
    if (typeof v === "string") {
      if (target-- !== 0) return v;
      done = true;
      return `${v}${text}`;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  const out = walk(value);
  return done ? out : isObject(out) ? { ...out, note: text } : out;
}

function queryString(params: Array<[string, string]>): string {
  return params.length === 0
    ? ""
    : `?${params.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`).join("&")}`;
}

function serialiseParam(parameter: JsonSchema, value: Json): string {
  if (isObject(parameter.content) || isObject(value) || Array.isArray(value)) return JSON.stringify(value);
  return String(value);
}

/** The schemes an operation needs, in order of preference. */
function schemesOf(operation: JsonSchema): string[] {
  const security = Array.isArray(operation.security) ? (operation.security as JsonSchema[]) : [];
  return security.flatMap((s) => Object.keys(s));
}

/** An arbitrary of requests for one documented operation. */
export function requestsFor(
  document: JsonSchema,
  op: DocumentedOperation,
  fixtures: ContractFixtures = {},
): fc.Arbitrary<GeneratedRequest> {
  const overrides = fixtures.values;
  const parameters = ((op.operation.parameters ?? []) as JsonSchema[]).map((p) => resolveRef(document, p));
  const paramArb = (p: JsonSchema) => {
    const schema = (isObject(p.content) ? (Object.values(p.content)[0] as JsonSchema).schema : p.schema) as JsonSchema;
    return arbitraryFor(document, schema ?? {}, { overrides }, p.name as string);
  };
  const pathParams = parameters.filter((p) => p.in === "path");
  const queryParams = parameters.filter((p) => p.in === "query");
  const bodySchema = (() => {
    const content = (op.operation.requestBody as JsonSchema | undefined)?.content as JsonSchema | undefined;
    const json = content?.["application/json"] as JsonSchema | undefined;
    return json?.schema as JsonSchema | undefined;
  })();
  const apiKeyInBody = op.operation["x-botyard-api-key-in"] === "body";
  const schemes = schemesOf(op.operation);
  const needsAuth = apiKeyInBody || schemes.length > 0;

  const pathValues = fc.record(
    Object.fromEntries(
      pathParams.map((p) => [
        p.name as string,
        // Never empty: an empty segment is another URL (`/broadcast/` is `/broadcast`), not this operation.
        fc
          .oneof({ weight: 4, arbitrary: paramArb(p) }, { weight: 1, arbitrary: anyText().map((t) => t.text) })
          .filter((v) => String(v).length > 0),
      ]),
    ),
  );
  const queryValues = fc.record(Object.fromEntries(queryParams.map((p) => [p.name as string, paramArb(p)])), {
    requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name as string),
  });
  const body = bodySchema ? arbitraryFor(document, bodySchema, { overrides }) : fc.constant(undefined);
  const auth = needsAuth ? fc.constantFrom("valid", "valid", "valid", "wrong", "none") : fc.constant("n/a");
  const valid = fc.boolean();

  return fc
    .record({ pathValues, queryValues, body, auth, valid })
    .chain((r) => {
      const required = Array.isArray(bodySchema?.required) ? (bodySchema.required as string[]) : [];
      const bodyBroken = r.valid ? fc.constant(undefined) : mutateBody(r.body, required);
      const queryBroken = r.valid
        ? fc.constant(undefined)
        : fc.option(
            fc.record({
              name: fc.constantFrom(...queryParams.map((p) => p.name as string), "extra"),
              value: anyText(),
            }),
          );
      return fc.tuple(fc.constant(r), bodyBroken, queryBroken);
    })
    .map(([r, broken, brokenQuery]) => {
      let path = op.path;
      for (const [name, value] of Object.entries(r.pathValues))
        path = path.replace(`{${name}}`, encodeComponent(String(value)));
      const query: Array<[string, string]> = queryParams
        .filter((p) => (r.queryValues as Record<string, Json>)[p.name as string] !== undefined)
        .map((p) => [p.name as string, serialiseParam(p, (r.queryValues as Record<string, Json>)[p.name as string])]);
      if (brokenQuery) {
        const at = query.findIndex(([k]) => k === brokenQuery.name);
        if (at >= 0 && Math.random() < 0.5) query.splice(at, 1);
        else query.push([brokenQuery.name, brokenQuery.value.text]);
      }
      const headers: Record<string, string> = {};
      const credential = (scheme: string) =>
        r.auth === "valid"
          ? fixtures.credential?.(scheme)
          : r.auth === "wrong"
            ? "byk_AAAAAAAAAAAAAAAA_wrongwrongwrongwrongwrongwrongwrong1"
            : undefined;
      for (const scheme of schemes) {
        const def = resolveRef(document, { $ref: `#/components/securitySchemes/${scheme}` });
        const value = credential(scheme);
        if (value === undefined) continue;
        if (def.in === "query") query.unshift([def.name as string, value]);
        else if (def.in === "header") headers[def.name as string] = value;
        else if (def.type === "http") headers.Authorization = `Bearer ${value}`;
      }
      let bodyValue: Json | string = broken ? broken.body : r.body;
      if (apiKeyInBody && isObject(bodyValue)) {
        const key = credential("ApiKeyQuery");
        const { apiKey: _generated, ...rest } = bodyValue;
        bodyValue = key === undefined ? rest : { apiKey: key, ...rest };
      }
      const text =
        bodyValue === undefined
          ? undefined
          : typeof bodyValue === "string" && broken?.mutation.startsWith("raw")
            ? bodyValue
            : JSON.stringify(bodyValue);
      if (text !== undefined) headers["Content-Type"] = "application/json";
      return {
        method: op.method,
        path: `${path}${queryString(query)}`,
        headers,
        ...(text !== undefined ? { body: text } : {}),
        intent: {
          valid: r.valid && !brokenQuery,
          auth: r.auth as GeneratedRequest["intent"]["auth"],
          ...(broken ? { mutation: broken.mutation } : {}),
        },
      };
    });
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** Checks replies against the document. */
export class ResponseChecker {
  readonly #ajv: Ajv2020;
  readonly #compiled = new Map<string, (data: unknown) => boolean>();

  constructor(private readonly document: JsonSchema) {
    this.#ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    addFormats(this.#ajv);
    this.#ajv.addSchema({ ...document, $id: "openapi" });
  }

  /**
   * Problems with a reply (empty when it is as documented): the status must be listed (or a `default` given), the
   * content type must be one documented for it, and a JSON body must match its schema.
   */
  check(op: DocumentedOperation, status: number, contentType: string | undefined, body: unknown): string[] {
    const responses = (op.operation.responses ?? {}) as Record<string, JsonSchema>;
    const key = String(status) in responses ? String(status) : "default" in responses ? "default" : undefined;
    if (!key) return [`status ${status} is not documented for ${op.method.toUpperCase()} ${op.path}`];
    const response = resolveRef(this.document, responses[key]!);
    const content = (response.content ?? {}) as Record<string, JsonSchema>;
    const types = Object.keys(content);
    if (types.length === 0) return [];
    const type = (contentType ?? "").split(";")[0]!.trim();
    if (!types.includes(type))
      return [`content type ${type || "(none)"} is not documented for ${status} (${types.join(", ")})`];
    if (type !== "application/json") return [];
    const pointer = ["paths", op.path, op.method, "responses", key, "content", type, "schema"]
      .map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1"))
      .join("/");
    let validate = this.#compiled.get(pointer);
    if (!validate) {
      const fn = this.#ajv.compile({ $ref: `openapi#/${pointer}` });
      validate = (data: unknown) => fn(data) as boolean;
      this.#compiled.set(pointer, validate);
      (validate as unknown as { errors: () => unknown }).errors = () => fn.errors;
    }
    if (validate(body)) return [];
    const errors = (validate as unknown as { errors: () => unknown }).errors();
    return [`body of ${status} does not match its schema: ${JSON.stringify(errors).slice(0, 500)}`];
  }
}
