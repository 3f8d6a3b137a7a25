/** Update operators applied in memory (src/update.ts): MongoDB's result for each operator, and its refusals. */
import { describe, expect, it } from "@jest/globals";
import { applyUpdate, DocumentStoreError, parseUpdate } from "../src/index.js";

const apply = (doc: Record<string, unknown>, update: unknown) => {
  const copy = structuredClone(doc);
  const changed = applyUpdate(copy, update);
  return { doc: copy, changed };
};
const refused = (doc: Record<string, unknown>, update: unknown): string => {
  try {
    applyUpdate(structuredClone(doc), update);
  } catch (err) {
    expect(err).toBeInstanceOf(DocumentStoreError);
    return (err as Error).message;
  }
  throw new Error("not refused");
};

describe("operators", () => {
  it.each<[string, Record<string, unknown>, unknown, Record<string, unknown>]>([
    ["$set a field", { a: 1 }, { $set: { b: 2 } }, { a: 1, b: 2 }],
    ["$set creates objects on the way", {}, { $set: { "a.b.c": 1 } }, { a: { b: { c: 1 } } }],
    ["$set an array element by index", { a: [1, 2] }, { $set: { "a.1": 5 } }, { a: [1, 5] }],
    ["$set past the end pads with null", { a: [1] }, { $set: { "a.3": 4 } }, { a: [1, null, null, 4] }],
    ["$set a field of an element", { a: [{ b: 1 }] }, { $set: { "a.0.b": 2 } }, { a: [{ b: 2 }] }],
    ["$set a numeric key of an object", { a: { x: 1 } }, { $set: { "a.0": 2 } }, { a: { x: 1, "0": 2 } }],
    ["$unset a field", { a: 1, b: 2 }, { $unset: { a: "" } }, { b: 2 }],
    ["$unset a nested field", { a: { b: 1, c: 2 } }, { $unset: { "a.b": 1 } }, { a: { c: 2 } }],
    ["$unset an element leaves null", { a: [1, 2] }, { $unset: { "a.0": "" } }, { a: [null, 2] }],
    ["$unset a missing field", { a: 1 }, { $unset: { "b.c": "" } }, { a: 1 }],
    ["$inc", { n: 1 }, { $inc: { n: 2 } }, { n: 3 }],
    ["$inc a missing field", {}, { $inc: { n: -2 } }, { n: -2 }],
    ["$mul", { n: 3 }, { $mul: { n: 2 } }, { n: 6 }],
    ["$mul a missing field gives 0", {}, { $mul: { n: 5 } }, { n: 0 }],
    ["$min lowers", { n: 5 }, { $min: { n: 3 } }, { n: 3 }],
    ["$min keeps", { n: 2 }, { $min: { n: 3 } }, { n: 2 }],
    ["$min sets a missing field", {}, { $min: { n: 3 } }, { n: 3 }],
    ["$max raises", { n: 5 }, { $max: { n: 7 } }, { n: 7 }],
    ["$max keeps", { n: 9 }, { $max: { n: 7 } }, { n: 9 }],
    ["$max compares across types (strings after numbers)", { n: 9 }, { $max: { n: "a" } }, { n: "a" }],
    ["$min compares across types (null first)", { n: 9 }, { $min: { n: null } }, { n: null }],
    ["$max of strings", { s: "b" }, { $max: { s: "a" } }, { s: "b" }],
    ["$push", { a: [1] }, { $push: { a: 2 } }, { a: [1, 2] }],
    ["$push an array as one item", { a: [1] }, { $push: { a: [2, 3] } }, { a: [1, [2, 3]] }],
    ["$push $each", { a: [1] }, { $push: { a: { $each: [2, 3] } } }, { a: [1, 2, 3] }],
    ["$push to a missing field", {}, { $push: { a: 1 } }, { a: [1] }],
    ["$addToSet adds", { a: [1] }, { $addToSet: { a: 2 } }, { a: [1, 2] }],
    [
      "$addToSet skips an equal value",
      { a: [{ x: 1, y: 2 }] },
      { $addToSet: { a: { y: 2, x: 1 } } },
      { a: [{ x: 1, y: 2 }] },
    ],
    ["$addToSet $each", { a: [1] }, { $addToSet: { a: { $each: [1, 2, 2] } } }, { a: [1, 2] }],
    ["$pull a value", { a: [1, 2, 1] }, { $pull: { a: 1 } }, { a: [2] }],
    ["$pull by condition", { a: [1, 5, 7] }, { $pull: { a: { $gte: 5 } } }, { a: [1] }],
    ["$pull documents by field", { a: [{ k: 1 }, { k: 2 }, 3] }, { $pull: { a: { k: 1 } } }, { a: [{ k: 2 }, 3] }],
    [
      "$pull documents by $or of fields (a query on each element, not on its value)",
      { a: [{ k: 1 }, { k: 2 }, { j: 3 }, { k: 4 }, 5] },
      { $pull: { a: { $or: [{ k: 1 }, { j: 3 }] } } },
      { a: [{ k: 2 }, { k: 4 }, 5] },
    ],
    [
      "$pull documents by $and and $nor of fields",
      { a: [{ k: 1, j: 1 }, { k: 1, j: 2 }, { k: 2 }] },
      { $pull: { a: { $and: [{ k: 1 }], $nor: [{ j: 2 }] } } },
      { a: [{ k: 1, j: 2 }, { k: 2 }] },
    ],
    ["$pull an equal array", { a: [[1], [2]] }, { $pull: { a: [1] } }, { a: [[2]] }],
    ["$pull from a missing field", { b: 1 }, { $pull: { a: 1 } }, { b: 1 }],
    ["$rename", { a: 1, b: 2 }, { $rename: { a: "c" } }, { b: 2, c: 1 }],
    ["$rename into a nested field", { a: 1 }, { $rename: { a: "x.y" } }, { x: { y: 1 } }],
    ["$rename a missing field", { b: 2 }, { $rename: { a: "c" } }, { b: 2 }],
    [
      "several operators",
      { n: 1, a: [] },
      { $inc: { n: 1 }, $push: { a: "x" }, $set: { s: true } },
      { n: 2, a: ["x"], s: true },
    ],
  ])("%s", (_name, before, update, after) => {
    const { doc, changed } = apply(before, update);
    expect(doc).toEqual(after);
    expect(changed).toBe(JSON.stringify(before) !== JSON.stringify(after));
  });

  it("a key such as __proto__ stays data", () => {
    const { doc } = apply({}, { $set: { "a.b": 1 } });
    expect(Object.getPrototypeOf(doc.a)).toBe(Object.prototype);
    expect(refused({}, { $set: { "__proto__.x": 1 } })).toBe("field name '__proto__' is not allowed");
  });
  it("reports no change when nothing changed", () => {
    expect(apply({ n: 1 }, { $set: { n: 1 } }).changed).toBe(false);
    expect(apply({ n: 1 }, { $max: { n: 0 } }).changed).toBe(false);
  });
});

describe("refusals", () => {
  it.each<[string, Record<string, unknown>, unknown, string | RegExp]>([
    ["not an object", {}, [1], "update must be an object such as { $set: { name: 'Ann' } }"],
    ["empty", {}, {}, "update must name at least one operator such as $set"],
    ["a field instead of an operator", {}, { a: 1 }, "update needs operators such as $set; 'a' is a field name"],
    ["an unknown operator", {}, { $bit: { a: 1 } }, "unknown update operator '$bit'"],
    ["fields not an object", {}, { $set: 5 }, "$set takes an object of fields"],
    ["_id", {}, { $set: { "_id.x": 1 } }, "_id cannot be changed"],
    ["$rename to _id", { a: 1 }, { $rename: { a: "_id" } }, "_id cannot be changed"],
    ["overlapping paths", {}, { $set: { a: 1 }, $inc: { "a.b": 1 } }, "update changes 'a' and 'a.b', which overlap"],
    ["the same path twice", {}, { $set: { a: 1 }, $unset: { a: "" } }, "update changes 'a' and 'a', which overlap"],
    ["$inc of a string", { n: "x" }, { $inc: { n: 1 } }, "cannot $inc 'n': it holds a non-number"],
    ["$inc by a string", { n: 1 }, { $inc: { n: "1" } }, "$inc of 'n' takes a number"],
    ["$mul overflow", { n: 1e308 }, { $mul: { n: 10 } }, "$mul of 'n' overflows"],
    ["$push to a non-array", { a: 1 }, { $push: { a: 2 } }, "cannot $push to 'a': it holds a non-array"],
    ["$push with another modifier", { a: [] }, { $push: { a: { $each: [1], $slice: 1 } } }, /only the \$each modifier/],
    ["$each not an array", { a: [] }, { $push: { a: { $each: 1 } } }, "$each of 'a' takes an array"],
    ["$pull from a non-array", { a: 1 }, { $pull: { a: 1 } }, "cannot $pull from 'a': it holds a non-array"],
    ["$pull with $regex", { a: ["x"] }, { $pull: { a: { $regex: "x" } } }, "$pull of 'a' does not take $regex or code"],
    [
      "$set inside a number",
      { a: 1 },
      { $set: { "a.b": 1 } },
      /cannot create a field inside 'a.b': a part of it holds a number/,
    ],
    ["$set inside null", { a: null }, { $set: { "a.b": 1 } }, /a part of it holds null/],
    ["$set a name in an array", { a: [] }, { $set: { "a.b": 1 } }, "cannot create field 'b' in an array ('a.b')"],
    ["$set a huge index", { a: [] }, { $set: { "a.100000": 1 } }, "array index 100000 in 'a.100000' is too large"],
    ["$rename through an array", { a: [{ b: 1 }] }, { $rename: { "a.b": "c" } }, "cannot reach 'a.b' through an array"],
    ["$rename to a non-string", { a: 1 }, { $rename: { a: 1 } }, "$rename of 'a' takes the new field name"],
    ["$min with an object", { n: 1 }, { $min: { n: {} } }, /\$min compares numbers/],
    ["$max on an array", { n: [1] }, { $max: { n: 2 } }, /\$max compares numbers/],
  ])("%s", (_name, doc, update, message) => {
    const got = refused(doc, update);
    if (typeof message === "string") expect(got).toBe(message);
    else expect(got).toMatch(message);
  });

  it("parseUpdate lists one step per field, $rename once", () => {
    expect(parseUpdate({ $set: { a: 1, b: 2 }, $rename: { c: "d" } }).map((s) => `${s.op} ${s.field}`)).toEqual([
      "$set a",
      "$set b",
      "$rename c",
    ]);
  });
});

describe("limits are exact", () => {
  it("pads up to index 10000 and takes 1000 fields", () => {
    expect((apply({ a: [] }, { $set: { "a.10000": 1 } }).doc.a as unknown[]).length).toBe(10001);
    const fields = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`f${i}`, i]));
    expect(() => apply({}, { $set: fields })).not.toThrow();
    const more = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`f${i}`, i]));
    expect(refused({}, { $set: more })).toBe("update changes more than 1000 fields");
  });
  it("grows an array to 100,000 items and no further", () => {
    const big = { a: new Array(99_999).fill(0) };
    expect((apply(big, { $push: { a: 1 } }).doc.a as unknown[]).length).toBe(100_000);
    expect(refused({ a: new Array(100_000).fill(0) }, { $push: { a: 1 } })).toBe(
      "$push makes 'a' longer than 100,000 items",
    );
  });
});

describe("$pull conditions treat null as filters do (MongoDB's jstests/core/query/null_query_semantics.js)", () => {
  // The elements are the documents of null_query_semantics.js that JSON can hold; MongoDB's $pull removes the
  // elements its filter of the same condition finds (test/semantics.test.ts has the same cases as filters).
  const elements = [
    { id: "a_empty_subobject", a: {} },
    { id: "a_null", a: null },
    { id: "a_number", a: 4 },
    { id: "a_subobject_b_not_null", a: { b: "hi" } },
    { id: "a_subobject_b_null", a: { b: null } },
    { id: "no_a" },
    { id: "a_double_array", a: [[]] },
    { id: "a_empty_array", a: [] },
    { id: "a_object_array_b_mix_null_missing", a: [{ b: null }, { b: null }, {}] },
    { id: "a_object_array_no_b_nulls", a: [{ b: 1 }, { b: 3 }, { b: "string" }] },
    { id: "a_object_array_some_b_nulls", a: [{ b: null }, { b: 3 }, { b: null }] },
    { id: "a_object_array_some_b_missing", a: [{ b: 3 }, {}] },
    { id: "a_value_array_all_nulls", a: [null, null] },
    { id: "a_value_array_no_nulls", a: [1, "string", 4] },
    { id: "a_value_array_with_null", a: [1, "string", null, 4] },
  ];
  const all = elements.map((e) => e.id);
  const except = (...out: string[]) => all.filter((id) => !out.includes(id));
  const aNull = ["a_null", "no_a", "a_value_array_all_nulls", "a_value_array_with_null"];
  const abNotNull = ["a_subobject_b_not_null", "a_object_array_no_b_nulls"];
  // [condition, ids of the elements $pull removes].
  it.each<[Record<string, unknown>, string[]]>([
    [{ a: null }, aNull],
    [{ a: { $ne: null } }, except(...aNull)],
    [{ "a.b": null }, except(...abNotNull)],
    [{ "a.b": { $eq: null } }, except(...abNotNull)],
    [{ "a.b": { $ne: null } }, abNotNull],
    [{ "a.b": { $in: [null, 75] } }, except(...abNotNull)],
    [{ "a.b": { $nin: [null, 75] } }, abNotNull],
    [{ "a.b": { $not: { $eq: null } } }, abNotNull],
    [{ "a.b": { $in: [null, 3] }, id: { $ne: "no_a" } }, except("a_subobject_b_not_null", "no_a")],
    [{ "a.b": { $all: [null] } }, except(...abNotNull)],
  ])("%j", (condition, removed) => {
    const { doc } = apply({ xs: elements }, { $pull: { xs: condition } });
    expect((doc.xs as Array<{ id: string }>).map((e) => e.id)).toEqual(except(...removed));
  });
  it("an element without the field counts as null, mingo or not ({ a: [{}] })", () => {
    expect(apply({ xs: [{ a: [{}] }, { a: [{ b: 1 }] }] }, { $pull: { xs: { "a.b": null } } }).doc).toEqual({
      xs: [{ a: [{ b: 1 }] }],
    });
  });
  it("a condition on the elements themselves is unchanged", () => {
    expect(apply({ xs: [null, 1, [null], [2]] }, { $pull: { xs: { $eq: null } } }).doc).toEqual({ xs: [1, [2]] });
    expect(apply({ xs: [null, 1, 5] }, { $pull: { xs: { $in: [null, 5] } } }).doc).toEqual({ xs: [1] });
  });
  it("refuses the operator it uses inside", () => {
    expect(refused({ xs: [1] }, { $pull: { xs: { a: { $__docstoreEqualsNull: true } } } })).toBe(
      "unknown operator '$__docstoreEqualsNull'",
    );
  });
});
