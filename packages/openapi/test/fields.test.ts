/** Field schemas: the messages our APIs have always given, the null policy, query-string forms, and the registry. */
import { describe, expect, it } from "@jest/globals";
import type { AppError } from "@botyard/common";
import {
  ApiRegistry,
  buildDocument,
  jsonObject,
  optionalBoolean,
  optionalInteger,
  optionalString,
  parseOrThrow,
  plainObject,
  requiredString,
  requiredText,
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
