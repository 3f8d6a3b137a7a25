/**
 * `db.operation` in the isolate: numbers that JSON cannot carry (NaN, ±Infinity) in a call's options are refused here,
 * naming the option, instead of reaching the store as `null` ("not given"): `limit: NaN` would otherwise return every
 * document. Filters and documents are the store's to judge, and pass through.
 */
import { describe, expect, it } from "@jest/globals";
import { createDb, nonFiniteOption } from "../../../src/isolate/db.js";
import { fakeBridge } from "./fake-bridge.js";

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as Error & { code?: string },
  );

describe("options JSON cannot carry", () => {
  it.each([
    ["findAll", "option 'limit' must be a finite number, not NaN", ["users", {}, { limit: Number.NaN }]],
    ["findAll", "option 'limit' must be a finite number, not Infinity", ["users", {}, { limit: 1 / 0 }]],
    ["find", "option 'skip' must be a finite number, not -Infinity", ["users", {}, { skip: Number.NEGATIVE_INFINITY }]],
    ["findOne", "option 'sort.age' must be a finite number, not NaN", ["users", {}, { sort: { age: Number.NaN } }]],
    ["updateOne", "option 'upsert' must be a finite number", ["users", {}, { $set: { a: 1 } }, { upsert: Number.NaN }]],
  ])("%s is refused in the isolate: %s", async (op, message, args) => {
    const bridge = fakeBridge();
    const db = createDb(bridge);
    const err = await refusal((db.operation as Record<string, (...a: unknown[]) => Promise<unknown>>)[op]!(...args));
    expect(err?.message).toContain(`db.operation.${op}: ${message}`);
    expect(err?.code).toBe("ERR_DB");
    expect(bridge.calls).toHaveLength(0);
  });

  it("finite options, and non-finite numbers outside options, go to the host as they are", async () => {
    const bridge = fakeBridge();
    const db = createDb(bridge);
    void db.operation.findAll("users", { n: Number.NaN }, { limit: 5, skip: 0, sort: { a: -1 } });
    void db.operation.insertOne("users", { score: Number.POSITIVE_INFINITY });
    void db.operation.countDocuments("users", { n: Number.NaN });
    expect(bridge.calls.map((c) => c.kind === "db" && c.op)).toEqual(["findAll", "insertOne", "countDocuments"]);
  });

  it("nonFiniteOption names the first such number, in arrays too", () => {
    expect(nonFiniteOption({ a: [1, Number.NaN] })).toEqual({ option: "a.1", value: Number.NaN });
    expect(nonFiniteOption({ a: 1, b: "x", c: null, d: { e: true } })).toBeUndefined();
    expect(nonFiniteOption(undefined)).toBeUndefined();
  });
});
