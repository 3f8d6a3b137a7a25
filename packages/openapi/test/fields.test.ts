/** Field schemas: the messages our APIs have always given, the null policy, query-string forms, and the registry. */
import { describe, expect, it } from "@jest/globals";
import type { AppError } from "@botyard/common/errors";
import fc from "fast-check";
import {
  ApiRegistry,
  buildDocument,
  jsonObject,
  optionalBoolean,
  optionalInteger,
  optionalJsonObject,
  optionalString,
  optionalText,
  parseOrThrow,
  plainObject,
  requiredString,
  requiredText,
  typeErrors,
  z,
} from "../src/index.js";

const fail = (schema: z.ZodTypeAny, input: unknown) => {
  try {
    parseOrThrow(schema, input);
  } catch (err) {
    return { status: (err as AppError).status, message: (err as AppError).message, field: (err as AppError).field };
  }
  throw new Error("expected a refusal");
};

describe("messages", () => {
  const schema = z.object({
    botId: requiredString("botId").body,
    name: optionalString("name", { max: 5, storable: true }).body,
    run_now: optionalBoolean("run_now").body,
    limit: optionalInteger("limit", 1, 200).body,
    newCode: requiredText("newCode", { maxBytes: 8 }).body,
  });
  const ok = { botId: "b", newCode: "" };

  it("name the field for missing, ill-typed and out-of-range values", () => {
    expect(fail(schema, { newCode: "" })).toEqual({ status: 400, message: "botId is required", field: "botId" });
    expect(fail(schema, { ...ok, botId: "" }).message).toBe("botId is required");
    expect(fail(schema, { ...ok, botId: 12 }).message).toBe("botId must be a string");
    expect(fail(schema, { ...ok, name: "toolong" }).message).toBe("name must be at most 5 characters");
    expect(fail(schema, { ...ok, run_now: "yes" }).message).toBe("run_now must be a boolean");
    expect(fail(schema, { ...ok, limit: 1.5 }).message).toBe("limit must be an integer");
    expect(fail(schema, { ...ok, limit: 500 }).message).toBe("limit must be between 1 and 200");
    expect(fail(schema, { botId: "b" }).message).toBe("newCode is required");
  });

  it("answers 413 for text over its byte limit, counted in UTF-8", () => {
    expect(parseOrThrow(schema, { ...ok, newCode: "12345678" }).newCode).toBe("12345678");
    expect(fail(schema, { ...ok, newCode: "1234567é" })).toEqual({
      status: 413,
      message: "newCode is larger than 8 bytes",
      field: "newCode",
    });
  });

  it("refuses NUL and unpaired surrogates in owner text, naming the field", () => {
    expect(fail(schema, { ...ok, name: "a\u0000" }).message).toMatch(/^name contains a NUL/);
    expect(fail(schema, { ...ok, newCode: "\ud800" }).message).toMatch(/^newCode contains an unpaired/);
    expect(parseOrThrow(schema, { ...ok, botId: "a\u0000" }).botId).toBe("a\u0000"); // ids: the service's call
  });

  it("never reads null as absent: required reads it as missing, optional refuses it", () => {
    expect(fail(schema, { ...ok, botId: null }).message).toBe("botId is required");
    expect(fail(schema, { ...ok, name: null }).message).toBe("name must be a string");
    expect(fail(schema, { ...ok, run_now: null }).message).toBe("run_now must be a boolean");
    expect(fail(schema, { ...ok, limit: null }).message).toBe("limit must be an integer");
    expect(parseOrThrow(schema, ok)).toEqual(ok);
  });
});

describe("query-string forms", () => {
  it("read booleans, integers and JSON objects from text, with the same messages", () => {
    const query = z.object({
      run_now: optionalBoolean("run_now").query,
      limit: optionalInteger("limit", 1, 200).query,
      env: jsonObject("env", plainObject("env", true)).query,
    });
    expect(parseOrThrow(query, { run_now: "true", limit: "3", env: '{"A":"1"}' })).toEqual({
      run_now: true,
      limit: 3,
      env: { A: "1" },
    });
    expect(fail(query, { run_now: "yes", env: "{}" }).message).toBe("run_now must be a boolean");
    expect(fail(query, { limit: "ten", env: "{}" }).message).toBe("limit must be an integer");
    expect(fail(query, { env: "{not json" }).message).toBe("env must be a JSON object");
    expect(fail(query, { env: "[1]" }).message).toBe("env must be an object");
    expect(fail(query, {}).message).toBe("env is required");
  });

  it("keep a JSON object's own __proto__ key as a plain key", () => {
    const value = parseOrThrow(plainObject("x", true), JSON.parse('{"__proto__":{"polluted":true}}'));
    expect(Object.keys(value)).toEqual(["__proto__"]);
    expect((value as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

describe("registry", () => {
  it("refuses a route registered twice, and documents object query parameters as JSON text", () => {
    const registry = new ApiRegistry();
    const route = {
      method: "get" as const,
      path: "/x",
      request: { query: z.object({ env: z.object({ A: z.string() }) }) },
      responses: { 200: { description: "ok" } },
    };
    registry.route(route);
    expect(() => registry.route(route)).toThrow(/registered twice/);
    const document = buildDocument(registry, { title: "t", version: "1", description: "d" });
    const parameter = document.paths?.["/x"]?.get?.parameters?.[0] as unknown as Record<string, unknown>;
    expect(parameter).toMatchObject({ name: "env", in: "query", content: { "application/json": { schema: {} } } });
    expect(parameter.schema).toBeUndefined();
  });
});

describe("field rules (properties)", () => {
  const outcome = (schema: z.ZodTypeAny, input: unknown) => {
    const result = schema.safeParse(input);
    return result.success ? { value: result.data as unknown } : { message: result.error.issues[0]?.message };
  };

  it("an integer field gives the same value or message in a body and in a query string", () => {
    const field = optionalInteger("limit", -5, 200);
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (n) => {
        const body = outcome(field.body, n);
        expect(outcome(field.query, String(n))).toEqual(body);
        expect(body).toEqual(n >= -5 && n <= 200 ? { value: n } : { message: "limit must be between -5 and 200" });
      }),
    );
    for (const text of ["", "1.5", "1e3", " 3", "3 ", "+3", "0x10", "--1", "3\n"]) {
      expect(outcome(field.query, text)).toEqual({ message: "limit must be an integer" });
    }
    expect(outcome(field.body, 1.5)).toEqual({ message: "limit must be an integer" });
    // A repeated or bracketed parameter arrives as an array: refused, not read as its text.
    expect(outcome(field.query, ["3"])).toEqual({ message: "limit must be an integer" });
    expect(outcome(field.body, undefined)).toEqual({ value: undefined });
    expect(outcome(field.query, undefined)).toEqual({ value: undefined });
  });

  it("a boolean field reads exactly true and false from a query string", () => {
    const field = optionalBoolean("run_now");
    expect(outcome(field.query, "true")).toEqual({ value: true });
    expect(outcome(field.query, "false")).toEqual({ value: false });
    for (const text of ["TRUE", "1", "", "yes", "False"]) {
      expect(outcome(field.query, text)).toEqual({ message: "run_now must be a boolean" });
    }
    expect(outcome(field.body, "true")).toEqual({ message: "run_now must be a boolean" });
    expect(outcome(field.query, undefined)).toEqual({ value: undefined });
  });

  it("text passes exactly while its UTF-8 fits the byte limit, and 413 names the limit", () => {
    const field = requiredText("code", { maxBytes: 12 });
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 14 }), (text) => {
        const fits = Buffer.byteLength(text, "utf8") <= 12;
        if (fits) expect(parseOrThrow(field.body, text)).toBe(text);
        else
          expect(fail(field.body, text)).toEqual({
            status: 413,
            message: "code is larger than 12 bytes",
            field: undefined,
          });
      }),
    );
    expect(fail(field.body, null).message).toBe("code is required"); // null on a required field reads as missing
    const mib = requiredText("code", { maxBytes: 1024 * 1024 });
    expect(fail(mib.body, "x".repeat(1024 * 1024 + 1)).message).toBe("code is larger than 1 MiB");
    expect(parseOrThrow(mib.body, "x".repeat(1024 * 1024))).toHaveLength(1024 * 1024);
    // Over the limit and unstorable: the size is what the reply reports.
    expect(fail(field.body, `${"x".repeat(12)}\u0000`).status).toBe(413);
  });

  it("optional text: absent is fine, null is refused, NUL is refused naming the field", () => {
    const schema = z.object({ note: optionalText("note", { maxBytes: 8 }).body });
    expect(parseOrThrow(schema, {})).toEqual({});
    expect(fail(schema, { note: null }).message).toBe("note must be a string");
    expect(fail(schema, { note: "a\u0000" })).toEqual({
      status: 400,
      message: expect.stringMatching(/^note contains a NUL/),
      field: "note",
    });
  });

  it("a required string counts UTF-16 units against its maximum; an optional one may be empty", () => {
    const schema = z.object({ id: requiredString("id", { max: 3 }).query, note: optionalString("note").body });
    expect(parseOrThrow(schema, { id: "abc", note: "" })).toEqual({ id: "abc", note: "" });
    expect(fail(schema, { id: "abcd" }).message).toBe("id must be at most 3 characters");
    expect(fail(schema, { id: "ab", note: 5 }).message).toBe("note must be a string");
    expect(parseOrThrow(schema, { id: "ab", note: "\u0000" }).note).toBe("\u0000"); // not owner text unless storable
  });

  it("plain objects: null is missing when required and refused otherwise; an optional JSON object may be absent", () => {
    expect(fail(plainObject("env", false), null).message).toBe("env must be an object");
    expect(fail(plainObject("env", true), null).message).toBe("env is required");
    expect(fail(plainObject("env", true), "x").message).toBe("env must be an object");
    expect(fail(plainObject("env", true), 3).message).toBe("env must be an object");
    const field = optionalJsonObject("env", plainObject("env", true));
    expect(parseOrThrow(z.object({ env: field.query }), {})).toEqual({});
    expect(parseOrThrow(z.object({ env: field.body }), { env: { A: "1" } })).toEqual({ env: { A: "1" } });
    expect(parseOrThrow(z.object({ env: field.query }), { env: { A: "1" } })).toEqual({ env: { A: "1" } });
  });
});

describe("typeErrors", () => {
  it("words only type errors; a check without a message of its own keeps zod's", () => {
    const schema = z.string(typeErrors("mail", "a string", false)).email();
    expect(fail(schema, 5).message).toBe("mail must be a string");
    expect(fail(schema, "not-an-address").message).toBe("Invalid email");
  });
});

describe("field documentation", () => {
  /** The JSON Schema the document gives each property of a body and each query parameter. */
  function documented(body: z.ZodObject<z.ZodRawShape>, query: z.ZodObject<z.ZodRawShape>) {
    const registry = new ApiRegistry();
    registry.route({
      method: "post",
      path: "/x",
      request: { body: { content: { "application/json": { schema: body } } }, query },
      responses: { 200: { description: "ok" } },
    });
    const operation = buildDocument(registry, { title: "t", version: "1", description: "d" }).paths?.["/x"]?.post;
    const content = operation?.requestBody as { content: Record<string, { schema: { properties: object } }> };
    const parameters = (operation?.parameters ?? []) as Array<{ name: string; schema?: object; description?: string }>;
    return {
      body: content.content["application/json"]!.schema.properties as Record<string, Record<string, unknown>>,
      query: Object.fromEntries(parameters.map((p) => [p.name, { description: p.description, ...p.schema }])),
    };
  }

  it("carries descriptions, examples and limits into the OpenAPI document, in query forms too", () => {
    const doc = documented(
      z.object({
        name: requiredString("name", { description: "The bot's name.", example: "Echo", max: 64 }).body,
        plain: optionalString("plain").body,
        code: requiredText("code", { maxBytes: 1024 * 1024, description: "Source.", example: "x" }).body,
        note: optionalText("note", { maxBytes: 10 }).body,
      }),
      z.object({
        run_now: optionalBoolean("run_now", "Run at once.").query,
        limit: optionalInteger("limit", 1, 200, "How many.").query,
      }),
    );
    expect(doc.body.name).toMatchObject({
      description: "The bot's name.",
      example: "Echo",
      maxLength: 64,
      minLength: 1,
    });
    expect(doc.body.plain).not.toHaveProperty("description");
    expect(doc.body.plain).not.toHaveProperty("example");
    expect(doc.body.code).toMatchObject({ description: "Source. At most 1 MiB of UTF-8; may be empty.", example: "x" });
    expect(doc.body.note).toMatchObject({ description: "At most 10 bytes of UTF-8; may be empty." });
    expect(doc.body.note).not.toHaveProperty("example");
    expect(doc.query.run_now).toMatchObject({ type: "boolean", description: "Run at once." });
    expect(doc.query.limit).toMatchObject({ type: "integer", minimum: 1, maximum: 200, description: "How many." });
  });
});
