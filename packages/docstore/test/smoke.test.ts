import { afterAll, beforeAll, expect, it } from "@jest/globals";
import { harness, type Harness } from "./support.js";

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h.close());

it("smoke", async () => {
  const s = h.store(await h.bot());
  await s.run("insertMany", [
    "users",
    [
      { _id: "a", tags: ["vip", "x"], items: [{ k: 1 }, { k: 2 }], n: 5, name: "Ann" },
      { _id: "b", tags: ["x"], n: null, name: "Bob" },
      { _id: "c", name: "Cid", n: 7 },
    ],
  ]);
  const ids = async (f: unknown, o?: unknown) =>
    ((await s.run("findAll", ["users", f, o])) as Array<{ _id: string }>).map((d) => d._id);
  expect(await ids({ tags: "vip" })).toEqual(["a"]);
  expect(await ids({ "items.k": 1 })).toEqual(["a"]);
  expect(await ids({ n: { $in: [null] } })).toEqual(["b"]);
  expect(await ids({ n: null })).toEqual(["b"]);
  expect(await ids({ "tags.0": "x" })).toEqual(["b"]);
  expect(await ids({ n: { $gt: 4 } }, { sort: { n: -1 } })).toEqual(["c", "a"]);
  expect(await ids({ name: { $regex: "^a", $options: "i" } })).toEqual(["a"]);
  expect(await ids({ tags: ["x"] })).toEqual(["b"]);
  expect(await ids({ $or: [{ n: 5 }, { name: "Bob" }] })).toEqual(["a", "b"]);
  expect(await s.run("updateOne", ["users", { _id: "a" }, { $push: { tags: "new" }, $inc: { n: 1 } }])).toEqual({
    matchedCount: 1,
    modifiedCount: 1,
  });
  expect(await s.run("findOne", ["users", { _id: "a" }, { projection: { tags: 1 } }])).toEqual({
    _id: "a",
    tags: ["vip", "x", "new"],
  });
  expect(await s.run("setProp", ["users", { name: "Bob" }, { lang: "de" }])).toEqual({ matched: true });
  expect(await s.run("createIndex", ["users", { n: 1 }])).toMatchObject({ created: true });
  expect(await ids({ n: { $gte: 6 } }, { sort: { n: 1 } })).toEqual(["a", "c"]);
  await expect(s.run("insertOne", ["users", { n: [1] }])).rejects.toThrow(/has an index/);
  await expect(s.run("findAll", ["users", { n: { $foo: 1 } }])).rejects.toThrow("unknown operator '$foo'");
  expect(await s.run("countDocuments", ["users", {}])).toBe(3);
});
