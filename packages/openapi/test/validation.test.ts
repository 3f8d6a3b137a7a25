/** validation.ts: a failed parse becomes the catalogue's error naming its field; replies are shaped by their schema. */
import { describe, expect, it } from "@jest/globals";
import { AppError } from "@botyard/common/errors";
import { ZodError } from "zod";
import { appErrorFromZod, parseOrThrow, shapeReply, z } from "../src/index.js";

const thrown = (fn: () => unknown): AppError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error("expected an AppError");
};

describe("appErrorFromZod", () => {
  it("answers 400 INVALID_INPUT without a field when there is no issue or no path", () => {
    const none = appErrorFromZod(new ZodError([]));
    expect([none.code, none.status, none.field, none.message]).toEqual([
      "INVALID_INPUT",
      400,
      undefined,
      "Invalid request",
    ]);
    const top = thrown(() => parseOrThrow(z.string({ message: "body must be text" }), 5));
    expect([top.code, top.status, top.field, top.message]).toEqual([
      "INVALID_INPUT",
      400,
      undefined,
      "body must be text",
    ]);
  });

  it("names a nested field by its dotted path and keeps a message that names it", () => {
    const schema = z.object({ filter: z.object({ lang: z.string({ message: "filter.lang must be a string" }) }) });
    const err = thrown(() => parseOrThrow(schema, { filter: { lang: 1 } }));
    expect([err.status, err.field, err.message]).toEqual([400, "filter.lang", "filter.lang must be a string"]);
  });

  it("prefixes a message that does not name its field with the field's path", () => {
    const err = thrown(() => parseOrThrow(z.object({ items: z.array(z.number()) }), { items: [1, "x"] }));
    expect(err.field).toBe("items.1");
    expect(err.message).toBe("items.1: Expected number, received string");
    const first = thrown(() => parseOrThrow(z.object({ a: z.string(), b: z.string() }), {}));
    expect(first.message).toBe("a: Required"); // the first issue only
  });

  it("answers 413 BODY_TOO_LARGE for an issue marked so, with or without a field", () => {
    const big = z.string().superRefine((_v, ctx) => {
      ctx.addIssue({ code: "custom", message: "code is larger than 8 bytes", params: { status: 413 } });
    });
    const named = thrown(() => parseOrThrow(z.object({ code: big }), { code: "x" }));
    expect([named.code, named.status, named.field, named.message]).toEqual([
      "BODY_TOO_LARGE",
      413,
      "code",
      "code is larger than 8 bytes",
    ]);
    const bare = thrown(() => parseOrThrow(big, "x"));
    expect([bare.code, bare.status, bare.field]).toEqual(["BODY_TOO_LARGE", 413, undefined]);
    // Other params do not change the status.
    const other = z.string().superRefine((_v, ctx) => {
      ctx.addIssue({ code: "custom", message: "x is odd", params: { status: 418 } });
    });
    expect(thrown(() => parseOrThrow(z.object({ x: other }), { x: "" })).status).toBe(400);
  });
});

describe("parseOrThrow", () => {
  it("returns the parsed output", () => {
    expect(parseOrThrow(z.object({ n: z.coerce.number() }), { n: "4", drop: 1 })).toEqual({ n: 4 });
  });
});

describe("shapeReply", () => {
  it("drops fields the reply schema does not list", () => {
    expect(shapeReply(z.object({ ok: z.literal(true) }), { ok: true, secret: "s" } as { ok: true })).toEqual({
      ok: true,
    });
  });

  it("throws a plain error, not a client error, when a reply breaks its schema", () => {
    let caught: unknown;
    try {
      shapeReply(z.object({ ok: z.literal(true) }), { ok: false } as unknown as { ok: true });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(Error);
    expect(caught).not.toBeInstanceOf(AppError);
    expect((caught as Error).message).toMatch(/^reply does not match its schema: /);
  });
});
