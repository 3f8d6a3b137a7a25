import { describe, expect, it } from "@jest/globals";
import { createDb, encodeRegExps } from "../../../src/isolate/db.js";
import { runLogic } from "../../../src/isolate/logic.js";
import { DB_OPERATIONS, type LogicArgs } from "../../../src/isolate/protocol.js";
import { fakeBridge } from "./fake-bridge.js";

const args: LogicArgs = {
  query: { q: "1" },
  body: { b: 2 },
  params: { method: "POST", path: "/custom/x/p", headers: {}, rawBody: "{}", ip: "127.0.0.1", botId: "x" },
};

describe("runLogic", () => {
  it("calls the handler with (query, body, db, response, params) and reports what it left", async () => {
    const db = createDb(fakeBridge());
    const seen: unknown[] = [];
    const logic: Record<string, unknown> = {
      p: async (...a: unknown[]) => {
        seen.push(...a);
        const response = a[3] as { statusCode: number; message: string; headers: Record<string, string> };
        response.statusCode = 201;
        response.message = "made";
        response.headers["X-A"] = "1";
        return { returned: true };
      },
    };
    const outcome = await runLogic(logic, "p", args, db);
    expect(seen).toEqual([args.query, args.body, db, expect.any(Object), args.params]);
    expect(outcome).toEqual({
      status: "done",
      result: { statusCode: 201, headers: { "X-A": "1" }, message: "made", data: { returned: true } },
    });
  });

  it("prefers response.data over the return value, and reports a missing or inherited handler", async () => {
    const db = createDb(fakeBridge());
    const withData = await runLogic(
      {
        p: (_q: unknown, _b: unknown, _d: unknown, r: { data: unknown }) => {
          r.data = "set";
          return "returned";
        },
      },
      "p",
      args,
      db,
    );
    expect(withData).toMatchObject({ result: { data: "set" } });
    expect(await runLogic({}, "p", args, db)).toEqual({ status: "no-handler" });
    expect(await runLogic({ p: "not a function" }, "p", args, db)).toEqual({ status: "no-handler" });
    // Only the bot's own entries count: nothing inherited from Object.prototype is a handler.
    expect(await runLogic({}, "toString", args, db)).toEqual({ status: "no-handler" });
    expect(await runLogic({}, "constructor", args, db)).toEqual({ status: "no-handler" });
  });

  it("lets a throwing handler's error through to the caller (the entry reports it)", async () => {
    const db = createDb(fakeBridge());
    await expect(runLogic({ p: async () => Promise.reject(new Error("x")) }, "p", args, db)).rejects.toThrow("x");
  });
});

describe("db.operation", () => {
  it("has one frozen method per operation, each a db host call with its arguments", () => {
    const bridge = fakeBridge();
    const db = createDb(bridge);
    expect(Object.keys(db.operation).sort()).toEqual([...DB_OPERATIONS].sort());
    expect(Object.isFrozen(db) && Object.isFrozen(db.operation)).toBe(true);
    void db.operation.findAll("users", { age: { $gt: 1 } }, { limit: 5 });
    expect(bridge.calls).toEqual([{ kind: "db", op: "findAll", args: ["users", { age: { $gt: 1 } }, { limit: 5 }] }]);
  });
});

describe("encodeRegExps", () => {
  it("turns RegExp values anywhere in a filter into $regex with the flags the store knows", () => {
    expect(encodeRegExps({ name: /^ad/i, tags: { $in: [/x/g] }, n: 1, s: "str", nil: null })).toEqual({
      name: { $regex: "^ad", $options: "i" },
      tags: { $in: [{ $regex: "x" }] },
      n: 1,
      s: "str",
      nil: null,
    });
    expect(encodeRegExps(/a/ms)).toEqual({ $regex: "a", $options: "ms" });
    expect(encodeRegExps("plain")).toBe("plain");
  });
});
