import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { MAX_MESSAGE_CHARS } from "../../../src/isolate/protocol.js";
import { decodeFromIsolate } from "../../../src/runtime/host-protocol.js";

describe("decodeFromIsolate", () => {
  it("accepts every message the bootstrap sends", () => {
    const ok = (message: unknown) => expect(decodeFromIsolate(JSON.stringify(message))).toEqual({ ok: true, message });
    ok({ type: "call", id: 1, call: { kind: "db", op: "findOne", args: ["c", {}] } });
    ok({ type: "call", id: 2, call: { kind: "tg", method: "sendMessage", params: { chat_id: 1 } } });
    ok({ type: "call", id: 3, call: { kind: "http", config: { url: "https://x" } } });
    ok({ type: "call", id: 4, call: { kind: "sleep", ms: 10 } });
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
});
