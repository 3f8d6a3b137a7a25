import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { MAX_MESSAGE_CHARS } from "../../../src/isolate/protocol.js";
import { decodeFromIsolate, fromIsolateSchema } from "../../../src/runtime/host-protocol.js";

describe("decodeFromIsolate", () => {
  it("accepts every message the bootstrap sends", () => {
    const ok = (message: unknown) => expect(decodeFromIsolate(JSON.stringify(message))).toEqual({ ok: true, message });
    ok({ type: "call", id: 1, call: { kind: "db", op: "findOne", args: ["c", {}] } });
    ok({ type: "call", id: 2, call: { kind: "tg", method: "sendMessage", params: { chat_id: 1 } } });
    ok({ type: "call", id: 3, call: { kind: "http", config: { url: "https://x" } } });
    ok({ type: "call", id: 4, call: { kind: "sleep", ms: 10 } });
    ok({ type: "call", id: 5, call: { kind: "schedule", op: "runAfter", args: { seconds: 5, name: "tick" } } });
    ok({ type: "outcome", callId: 1, outcome: { status: "no-handler" } });
    ok({ type: "outcome", callId: 1, outcome: { status: "handled", handled: true } });
    ok({ type: "outcome", callId: 1, outcome: { status: "error", error: "boom" } });
    ok({ type: "log", level: "warn", message: "hi" });
  });

  it("refuses what the bootstrap never sends, naming the call when it can", () => {
    expect(decodeFromIsolate(42)).toEqual({ ok: false, reason: "message is not text" });
    expect(decodeFromIsolate("{")).toEqual({ ok: false, reason: "message is not JSON" });
    expect(decodeFromIsolate("x".repeat(MAX_MESSAGE_CHARS + 2048))).toMatchObject({ ok: false });
    const call = (c: unknown) => decodeFromIsolate(JSON.stringify({ type: "call", id: 7, call: c }));
    expect(call({ kind: "db", op: "dropTable", args: [] })).toMatchObject({ ok: false, id: 7 });
    expect(call({ kind: "tg", method: "../../getMe", params: {} })).toMatchObject({ ok: false, id: 7 });
    expect(call({ kind: "tg", method: "getMe", params: [] })).toMatchObject({ ok: false, id: 7 });
    expect(call({ kind: "sleep", ms: -1 })).toMatchObject({ ok: false, id: 7 });
    expect(call({ kind: "schedule", op: "drop", args: {} })).toMatchObject({ ok: false, id: 7 });
    expect(call({ kind: "schedule", op: "list", args: [] })).toMatchObject({ ok: false, id: 7 });
    expect(call({ kind: "exec", cmd: "id" })).toMatchObject({ ok: false, id: 7 });
    expect(decodeFromIsolate(JSON.stringify({ type: "log", level: "fatal", message: "x" }))).toMatchObject({
      ok: false,
    });
    expect(
      decodeFromIsolate(JSON.stringify({ type: "outcome", callId: 0, outcome: { status: "no-handler" } })),
    ).toMatchObject({
      ok: false,
    });
  });

  it("never throws, whatever the text", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.anything().map((v) => JSON.stringify(v) ?? ""),
        ),
        (text) => {
          const decoded = decodeFromIsolate(text);
          expect(typeof decoded.ok).toBe("boolean");
        },
      ),
    );
  });

  it("decodes a webhook's outcome by hand exactly as the schema does", () => {
    // Values near the outcome's shape, most of them valid: right and wrong types at every level, extra keys, keys
    // from Object.prototype, arrays where objects belong.
    const often = <T>(usual: fc.Arbitrary<T>, other: fc.Arbitrary<unknown>) =>
      fc.oneof({ arbitrary: usual, weight: 4 }, { arbitrary: other, weight: 1 });
    const key = fc.constantFrom("statusCode", "headers", "message", "data", "extra", "__proto__", "toString");
    const result = often(fc.dictionary(key, fc.jsonValue()), fc.oneof(fc.jsonValue(), fc.array(fc.jsonValue())));
    const status = often(fc.constant("done"), fc.constantFrom("error", "handled", "no-handler", 1));
    const outcome = often(fc.record({ status, result }, { requiredKeys: [] }), fc.jsonValue());
    const callId = often(
      fc.integer({ min: 1 }),
      fc.oneof(fc.constant(0), fc.integer({ max: -1 }), fc.double(), fc.string()),
    );
    const type = often(fc.constant("outcome"), fc.constantFrom("call", "log", "Outcome"));
    const message = fc.record({ type, callId, outcome, other: fc.jsonValue() }, { requiredKeys: ["type"] });
    fc.assert(
      fc.property(message, (m) => {
        const text = JSON.stringify(m);
        const decoded = decodeFromIsolate(text);
        const expected = fromIsolateSchema.safeParse(JSON.parse(text));
        expect(decoded.ok).toBe(expected.success);
        if (decoded.ok && expected.success) expect(decoded.message).toStrictEqual(expected.data);
      }),
      { numRuns: 2000 },
    );
    // And the common case itself, with the keys a handler leaves out left out.
    const done = { type: "outcome", callId: 3, outcome: { status: "done", result: { statusCode: 200, data: "pong" } } };
    expect(decodeFromIsolate(JSON.stringify({ ...done, extra: 1 }))).toStrictEqual({ ok: true, message: done });
    expect(decodeFromIsolate(JSON.stringify({ ...done, callId: 0 }))).toMatchObject({ ok: false });
    expect(decodeFromIsolate(JSON.stringify({ ...done, callId: 1.5 }))).toMatchObject({ ok: false });
  });

  it("decodes a db.operation call by hand exactly as the schema does", () => {
    const often = <T>(usual: fc.Arbitrary<T>, other: fc.Arbitrary<unknown>) =>
      fc.oneof({ arbitrary: usual, weight: 4 }, { arbitrary: other, weight: 1 });
    const op = often(fc.constantFrom("findOne", "findAll", "insertMany", "createIndex"), fc.constantFrom("drop", 1));
    const args = often(
      fc.array(fc.jsonValue(), { maxLength: 8 }),
      fc.oneof(fc.array(fc.jsonValue(), { minLength: 9 }), fc.jsonValue()),
    );
    const kind = often(fc.constant("db"), fc.constantFrom("tg", "http", "DB"));
    const call = often(fc.record({ kind, op, args, extra: fc.jsonValue() }, { requiredKeys: [] }), fc.jsonValue());
    const id = often(
      fc.integer({ min: 1 }),
      fc.oneof(fc.constant(0), fc.integer({ max: -1 }), fc.double(), fc.string()),
    );
    const type = often(fc.constant("call"), fc.constantFrom("outcome", "log", "Call"));
    const message = fc.record({ type, id, call, other: fc.jsonValue() }, { requiredKeys: ["type"] });
    fc.assert(
      fc.property(message, (m) => {
        const text = JSON.stringify(m);
        const decoded = decodeFromIsolate(text);
        const expected = fromIsolateSchema.safeParse(JSON.parse(text));
        expect(decoded.ok).toBe(expected.success);
        if (decoded.ok && expected.success) expect(decoded.message).toStrictEqual(expected.data);
      }),
      { numRuns: 2000 },
    );
    const findOne = { type: "call", id: 7, call: { kind: "db", op: "findOne", args: ["users", { _id: "u-1" }] } };
    expect(decodeFromIsolate(JSON.stringify({ ...findOne, extra: 1 }))).toStrictEqual({ ok: true, message: findOne });
    expect(decodeFromIsolate(JSON.stringify({ ...findOne, id: 0 }))).toMatchObject({ ok: false });
  });
});
