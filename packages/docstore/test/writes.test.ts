/**
 * The write calls' contracts (docs/bot-runtime.md#db), on real Postgres: setProp's insert builds the document as its
 * merge would ($set semantics for dotted keys), and updateOne refuses options it does not support instead of
 * ignoring them.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type DocumentStore, DocumentStoreError } from "../src/index.js";
import { harness, type Harness } from "./support.js";

let h: Harness;
let store: DocumentStore;
beforeAll(async () => {
  h = await harness();
  store = h.store(await h.bot());
});
afterAll(async () => h?.close());

const all = async (collection: string) =>
  ((await store.run("findAll", [collection, {}])) as Array<Record<string, unknown>>).map(({ _id, ...rest }) => rest);

async function refusal(op: string, args: unknown[]): Promise<string> {
  try {
    await store.run(op, args);
  } catch (err) {
    expect(err).toBeInstanceOf(DocumentStoreError);
    return (err as Error).message;
  }
  throw new Error(`${op} ${JSON.stringify(args)} was not refused`);
}

describe("setProp nests dotted keys whether it merges or inserts", () => {
  it("two calls with a dotted key give one nested field, not a literal 'a.b' key", async () => {
    expect(await store.run("setProp", ["profiles", { uid: 1 }, { "profile.name": "A" }])).toMatchObject({
      matched: false,
    });
    expect(await all("profiles")).toEqual([{ uid: 1, profile: { name: "A" } }]);
    expect(await store.run("setProp", ["profiles", { uid: 1 }, { "profile.name": "B" }])).toEqual({ matched: true });
    expect(await all("profiles")).toEqual([{ uid: 1, profile: { name: "B" } }]);
    expect(await store.run("countDocuments", ["profiles", { "profile.name": "B" }])).toBe(1);
  });

  it("inserts dotted equality fields of the filter nested, and merges props into them", async () => {
    const inserted = await store.run("setProp", [
      "nested",
      { "user.id": 7, "user.kind": { $eq: "x" }, n: { $gt: 1 } },
      { "user.lang": "de", seen: true },
    ]);
    expect(inserted).toMatchObject({ matched: false });
    expect(await all("nested")).toEqual([{ user: { id: 7, kind: "x", lang: "de" }, seen: true }]);
  });

  it("keeps an _id given in props, and refuses a dotted key inside a non-object of the filter", async () => {
    expect(await store.run("setProp", ["ids", { n: 1 }, { _id: "k1", "a.b": 2 }])).toEqual({
      matched: false,
      upsertedId: "k1",
    });
    expect(await store.run("findOne", ["ids", { _id: "k1" }])).toEqual({ _id: "k1", n: 1, a: { b: 2 } });
    expect(await refusal("setProp", ["ids", { n: 5 }, { "n.b": 2 }])).toMatch(/cannot create a field inside 'n.b'/);
    expect(await store.run("countDocuments", ["ids", {}])).toBe(1);
  });
});

describe("updateOne refuses options rather than ignoring them", () => {
  it("refuses upsert, naming setProp as the call that inserts, and inserts nothing", async () => {
    expect(await refusal("updateOne", ["up", { uid: 1 }, { $set: { a: 1 } }, { upsert: true }])).toBe(
      "updateOne does not support the option 'upsert'; setProp inserts a document when none matches",
    );
    expect(await refusal("updateOne", ["up", { uid: 1 }, { $set: { a: 1 } }, { upsert: false }])).toMatch(/upsert/);
    expect(await store.run("countDocuments", ["up", {}])).toBe(0);
  });

  it("refuses any other option and a non-object, before any change", async () => {
    await store.run("insertOne", ["up", { _id: "u", a: 0 }]);
    expect(await refusal("updateOne", ["up", { _id: "u" }, { $set: { a: 1 } }, { multi: true }])).toBe(
      "unknown option 'multi' (updateOne takes no options)",
    );
    expect(await refusal("updateOne", ["up", { _id: "u" }, { $set: { a: 1 } }, "x"])).toBe(
      "updateOne takes no options",
    );
    expect(await store.run("findOne", ["up", { _id: "u" }])).toEqual({ _id: "u", a: 0 });
  });

  it("accepts no options, null and {}", async () => {
    await store.run("insertOne", ["up", { _id: "v", a: 0 }]);
    for (const options of [undefined, null, {}]) {
      const args = ["up", { _id: "v" }, { $inc: { a: 1 } }, ...(options === undefined ? [] : [options])];
      expect(await store.run("updateOne", args)).toEqual({ matchedCount: 1, modifiedCount: 1 });
    }
    expect(await store.run("findOne", ["up", { _id: "v" }])).toEqual({ _id: "v", a: 3 });
  });
});
