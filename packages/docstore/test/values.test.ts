/** JSON values as MongoDB compares them (src/values.ts): type order of scalars, deep equality, copies. */
import { describe, expect, it } from "@jest/globals";
import { cloneJson, compareValues, deepEqual, typeRank } from "../src/values.js";

describe("compareValues", () => {
  it("orders types: missing and null, numbers, strings, booleans", () => {
    expect([typeRank(undefined), typeRank(null), typeRank(0), typeRank(""), typeRank(false)]).toEqual([1, 1, 2, 3, 6]);
    expect(compareValues(null, 0)).toBeLessThan(0);
    expect(compareValues(5, "")).toBeLessThan(0);
    expect(compareValues("z", false)).toBeLessThan(0);
    expect(compareValues(true, 1)).toBeGreaterThan(0);
  });
  it("orders within a type", () => {
    expect(compareValues(1, 2)).toBe(-1);
    expect(compareValues(2, 1)).toBe(1);
    expect(compareValues(2, 2)).toBe(0);
    expect(compareValues("a", "b")).toBe(-1);
    expect(compareValues("b", "a")).toBe(1);
    expect(compareValues("a", "a")).toBe(0);
    expect(compareValues("B", "a")).toBe(-1);
    expect(compareValues(false, true)).toBe(-1);
    expect(compareValues(true, false)).toBe(1);
    expect(compareValues(true, true)).toBe(0);
    expect(compareValues(null, null)).toBe(0);
  });
});

describe("deepEqual", () => {
  it.each<[unknown, unknown, boolean]>([
    [1, 1, true],
    [1, "1", false],
    [null, null, true],
    [null, {}, false],
    [{}, null, false],
    [[1, 2], [1, 2], true],
    [[1, 2], [2, 1], false],
    [[1], [1, 1], false],
    [[1, 2], [1, 3], false],
    [[1], { 0: 1 }, false],
    [{ 0: 1 }, [1], false],
    [{ a: 1, b: [2] }, { b: [2], a: 1 }, true],
    [{ a: 1 }, { a: 1, b: 1 }, false],
    [{ a: 1, b: undefined }, { a: 1, c: 1 }, false],
    [{ a: 1 }, { a: 2 }, false],
    [{ a: { b: 1 } }, { a: { b: 1 } }, true],
    ["x", { x: 1 }, false],
  ])("%j %j → %s", (a, b, equal) => {
    expect(deepEqual(a, b)).toBe(equal);
    expect(deepEqual(b, a)).toBe(equal);
  });
});

describe("cloneJson", () => {
  it("copies deeply, keeps keys such as __proto__ as plain data", () => {
    const source = JSON.parse('{"a":[{"b":1}],"__proto__":{"x":1}}') as Record<string, unknown>;
    const copy = cloneJson(source);
    expect(copy).toEqual(source);
    expect(copy.a).not.toBe(source.a);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(["a", "__proto__"]);
    const d = Object.getOwnPropertyDescriptor(copy, "a");
    expect(d).toMatchObject({ enumerable: true, writable: true, configurable: true });
    (copy.a as Array<{ b: number }>)[0]!.b = 2;
    expect((source.a as Array<{ b: number }>)[0]!.b).toBe(1);
  });
});
