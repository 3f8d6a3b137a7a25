/**
 * The document's description of POST /broadcast (BroadcastRequestDoc) and the rules the route enforces
 * (checkBroadcastRequest from @botyard/broadcast) must agree: property-tested both ways, so neither can drift.
 */
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { checkBroadcastRequest, MESSAGE_METHODS } from "@botyard/broadcast";
import { arbitraryFor, type JsonSchema } from "@botyard/openapi/testing";
import { BroadcastRequestDoc } from "../src/broadcast/schemas.js";
import { managementDocument } from "../src/openapi.js";

const TYPES = Object.keys(MESSAGE_METHODS);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const text = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom("", "   ", "x".repeat(1025), "x".repeat(4097)));
const url = fc.oneof(fc.webUrl(), fc.constantFrom("ftp://x", "javascript:alert(1)", "HTTPS://A", ""));

/** Bodies built from the vocabulary of the rules: right and wrong values for every field. */
const body = fc
  .record({
    botId: fc.constant("bot"),
    type: maybe(fc.constantFrom(...TYPES, "hologram", 5)),
    text: maybe(fc.oneof(text, fc.integer())),
    media: maybe(fc.oneof(text, fc.integer())),
    caption: maybe(text),
    parseMode: maybe(fc.constantFrom("HTML", "Markdown", "MarkdownV2", "html")),
    buttons: maybe(
      fc.oneof(fc.array(fc.record({ text: maybe(text), url: maybe(url) }), { maxLength: 3 }), fc.constant("no")),
    ),
    extra: maybe(
      fc.oneof(
        fc.record({
          latitude: maybe(fc.oneof(fc.double({ noNaN: true }), fc.string())),
          longitude: maybe(fc.double({ noNaN: true })),
          phone_number: maybe(fc.oneof(fc.string(), fc.integer())),
          first_name: maybe(fc.string()),
          question: maybe(fc.string()),
          options: maybe(fc.oneof(fc.array(fc.string(), { maxLength: 14 }), fc.array(fc.integer(), { maxLength: 3 }))),
        }),
        fc.constant([1]),
      ),
    ),
    filter: maybe(fc.oneof(fc.record({ lang: maybe(fc.constantFrom("en", "pt-br", "e", 5, "toolonglang")) }))),
    paid: maybe(fc.oneof(fc.boolean(), fc.constant("yes"))),
  })
  .map((b) => Object.fromEntries(Object.entries(b).filter(([, v]) => v !== undefined)));

describe("BroadcastRequestDoc and checkBroadcastRequest", () => {
  it("accept and refuse exactly the same bodies", () => {
    fc.assert(
      fc.property(body, (b) => {
        const rules = checkBroadcastRequest(b).ok;
        const described = BroadcastRequestDoc.safeParse(b).success;
        expect({ body: b, rules, described }).toEqual({ body: b, rules, described: rules });
      }),
      { numRuns: 3000 },
    );
  });

  it("every body generated from the published document passes the rules", () => {
    const document = managementDocument() as unknown as JsonSchema;
    const schema = { $ref: "#/components/schemas/BroadcastRequest" };
    fc.assert(
      fc.property(arbitraryFor(document, schema), (b) => {
        const check = checkBroadcastRequest(b as Record<string, unknown>);
        expect({ body: b, check: check.ok ? "ok" : check.error }).toEqual({ body: b, check: "ok" });
      }),
      { numRuns: 2000 },
    );
  });
});
