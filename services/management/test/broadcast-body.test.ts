/** The request schemas of the broadcast routes (src/broadcast/schemas.ts): one parse applies every rule. */
import { describe, expect, it } from "@jest/globals";
import type { AppError } from "@botyard/common/errors";
import { parseOrThrow } from "@botyard/openapi";
import { botIdField, broadcastBody, cancelBody } from "../src/broadcast/schemas.js";
import { managementDocument } from "../src/openapi.js";

const refusal = (schema: Parameters<typeof parseOrThrow>[0], input: unknown) => {
  try {
    parseOrThrow(schema, input);
  } catch (err) {
    const e = err as AppError;
    return { status: e.status, message: e.message };
  }
  throw new Error("expected a refusal");
};

describe("broadcastBody", () => {
  it("gives the payload to queue", () => {
    expect(parseOrThrow(broadcastBody, { botId: "b", text: "hi", paid: true })).toEqual({
      type: "text",
      text: "hi",
      paid: true,
    });
  });

  it("refuses text Postgres cannot store, naming its field, before any other rule", () => {
    expect(refusal(broadcastBody, { type: "hologram", text: "a\u0000" })).toEqual({
      status: 400,
      message: expect.stringMatching(/^text contains a NUL/),
    });
    expect(refusal(broadcastBody, { buttons: [{ text: "\ud800" }] }).message).toMatch(/^buttons\[0\]\.text contains/);
    expect(refusal(broadcastBody, { "\u0000": 1 }).message).toMatch(/^body has a key that contains a NUL/);
  });

  it("reads null as a value, never as absent: a null type is refused, not defaulted to text", () => {
    expect(refusal(broadcastBody, { type: null, text: "hi" })).toEqual({
      status: 400,
      message: expect.stringMatching(/^type must be one of text, photo/),
    });
    expect(refusal(broadcastBody, { text: "hi", caption: null }).message).toBe("caption must be a string");
  });

  it("answers the first rule a body breaks, and that the body is an object", () => {
    expect(refusal(broadcastBody, { type: "photo" })).toEqual({
      status: 400,
      message: "media is required for type photo",
    });
    expect(refusal(broadcastBody, [1]).message).toBe("body must be an object");
    expect(refusal(broadcastBody, undefined).message).toBe("body is required");
    expect(refusal(broadcastBody, null).message).toBe("body is required");
  });
});

describe("botIdField and cancelBody", () => {
  it("botId is a required string; the cancel body is an object", () => {
    expect(refusal(botIdField, "").message).toBe("botId is required");
    expect(refusal(botIdField, 5).message).toBe("botId must be a string");
    expect(parseOrThrow(botIdField, "k3")).toBe("k3");
    expect(parseOrThrow(cancelBody, { botId: "b" })).toEqual({ botId: "b" });
    expect(refusal(cancelBody, null).message).toBe("body is required");
  });
});

describe("the document", () => {
  it("describes botId with its description and example", () => {
    const schemas = managementDocument().components?.schemas as Record<string, { properties: Record<string, object> }>;
    expect(schemas.TextBroadcast!.properties.botId).toMatchObject({
      type: "string",
      minLength: 1,
      description: "The bot whose token is in X-Bot-Token.",
      example: "k3Jx9QmZ2pL0aVb7TnRe",
    });
  });
});
