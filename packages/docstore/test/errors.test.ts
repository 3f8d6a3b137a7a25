/**
 * What reaches bot code when a call is refused or fails: a DocumentStoreError with a short message that says what to
 * change, never SQL text, table or column names, or parameters; and text Postgres cannot store (NUL, lone
 * surrogates) in any string of a call is refused the same way, before any statement runs.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { storableText } from "@botyard/common/text";
import { textProblem } from "@botyard/common/documents";
import fc from "fast-check";
import pg from "pg";
import { DocumentStore, DocumentStoreError } from "../src/index.js";
import { harness, type Harness } from "./support.js";

let h: Harness;
let store: DocumentStore;
let botId: string;
beforeAll(async () => {
  h = await harness();
  botId = await h.bot();
  store = h.store(botId);
  await store.run("insertMany", ["things", [{ _id: "x", name: "thing", n: 1, tags: ["a"] }]]);
});
afterAll(async () => h?.close());

/** Words of the SQL the store writes; none may appear in a message. */
const LEAKS =
  /select|insert|update documents|delete from|documents|bot_id|jsonb|jsonpath|docstore_|\$\d|where |::|syntax error/i;

async function failure(op: string, args: unknown[]): Promise<DocumentStoreError> {
  try {
    await store.run(op, args);
  } catch (err) {
    expect(err).toBeInstanceOf(DocumentStoreError);
    return err as DocumentStoreError;
  }
  throw new Error(`${op} ${JSON.stringify(args)} did not fail`);
}

describe("messages are short, safe and actionable", () => {
  it.each([
    ["findAll", ["things", { n: { $foo: 1 } }], "unknown operator '$foo'"],
    ["findAll", ["things", { $where: "1" }], "unknown top-level operator '$where'"],
    ["findAll", ["things", { n: { $gt: [1] } }], "$gt takes a number or a string"],
    ["findAll", ["things", { n: { $in: 5 } }], "$in takes an array"],
    ["findAll", ["things", "x"], "filter must be an object such as { name: 'Ann' }"],
    ["findAll", ["things", {}, { limit: 5000 }], "limit must be a whole number from 0 to 1000"],
    ["findAll", ["things", {}, { sort: { n: "up" } }], "sort direction of 'n' must be 1 or -1"],
    ["findAll", ["things", { name: { $regex: "(a)\\1" } }], "$regex backreferences (\\1) are not supported"],
    ["findAll", ["things", { name: { $regex: "(?=a)" } }], expect.stringContaining("lookaround")],
    ["findAll", ["bad_name"], expect.stringContaining("invalid collection name 'bad_name'")],
    ["insertOne", ["things", { _id: "x" }], "duplicate _id in collection"],
    ["insertOne", ["things", [1]], "document must be a JSON object"],
    ["updateOne", ["things", {}, { $foo: { a: 1 } }], "unknown update operator '$foo'"],
    ["updateOne", ["things", {}, { n: 2 }], "update needs operators such as $set; 'n' is a field name"],
    ["updateOne", ["things", {}, { $set: { _id: "y" } }], "_id cannot be changed"],
    ["updateOne", ["things", {}, { $inc: { name: 1 } }], "cannot $inc 'name': it holds a non-number"],
    ["updateOne", ["things", {}, { $set: { "a.b": 1 }, $unset: { a: "" } }], expect.stringContaining("overlap")],
    ["findAll", ["things", { "__proto__.x": 1 }], "field name '__proto__' is not allowed"],
    ["nope", ["things"], "unknown db operation 'nope'"],
  ])("%s %j → %s", async (op, args, message) => {
    const err = await failure(op, args);
    expect(err.message).toEqual(message);
    expect(err.kind).toBe("invalid");
  });

  it("no message carries SQL, whatever the arguments (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("findAll", "findOne", "countDocuments", "updateOne", "setProp", "deleteMany", "insertOne"),
        fc.anything({ maxDepth: 3, withNullPrototype: false }),
        fc.anything({ maxDepth: 3, withNullPrototype: false }),
        async (op, a, b) => {
          try {
            await store.run(op, [
              "junk",
              JSON.parse(JSON.stringify(a) ?? "null"),
              JSON.parse(JSON.stringify(b) ?? "null"),
            ]);
          } catch (err) {
            expect(err).toBeInstanceOf(DocumentStoreError);
            expect((err as Error).message).not.toMatch(LEAKS);
            expect((err as Error).message.length).toBeLessThan(200);
          }
        },
      ),
      { numRuns: 400, seed: 7 },
    );
  });

  it("a database that does not answer is 'not answering', not a driver message", async () => {
    const dead = new pg.Pool({ connectionString: "postgres://postgres@127.0.0.1:1/x", connectionTimeoutMillis: 500 });
    try {
      const err = (await new DocumentStore(dead, botId)
        .run("findOne", ["things", {}])
        .catch((e: unknown) => e)) as DocumentStoreError;
      expect(err).toBeInstanceOf(DocumentStoreError);
      expect(err.kind).toBe("unavailable");
      expect(err.message).toBe("the database is not answering right now; try again shortly");
    } finally {
      await dead.end();
    }
  });
});

describe("NUL characters and lone surrogates give a clean error (and store nothing)", () => {
  const bad = fc
    .tuple(
      fc.string({ maxLength: 5 }),
      fc.constantFrom("\u0000", "\ud800", "\udfff", "a\ud83d"),
      fc.string({ maxLength: 5 }),
    )
    .map(([a, b, c]) => a + b + c)
    .filter((s) => textProblem(s) !== null);
  const places: Array<[string, (s: string) => [string, unknown[]]]> = [
    ["a document value", (s) => ["insertOne", ["things", { v: s }]]],
    ["a document field name", (s) => ["insertOne", ["things", { [s]: 1 }]]],
    ["an _id", (s) => ["insertOne", ["things", { _id: s }]]],
    ["a nested value", (s) => ["insertMany", ["things", [{ a: { b: [s] } }]]]],
    ["a filter value", (s) => ["findAll", ["things", { name: s }]]],
    ["a filter $in value", (s) => ["countDocuments", ["things", { name: { $in: ["x", s] } }]]],
    ["a filter field name", (s) => ["findAll", ["things", { [s]: 1 }]]],
    ["an object in a filter", (s) => ["findAll", ["things", { a: { [s]: 1 } }]]],
    ["a $regex", (s) => ["findAll", ["things", { name: { $regex: s } }]]],
    ["an update value", (s) => ["updateOne", ["things", { _id: "x" }, { $set: { name: s } }]]],
    ["an update field", (s) => ["updateOne", ["things", { _id: "x" }, { $set: { [s]: 1 } }]]],
    ["setProp props", (s) => ["setProp", ["things", { _id: "x" }, { name: s }]]],
    ["a collection name", (s) => ["findAll", [s, {}]]],
    ["a sort field", (s) => ["findAll", ["things", {}, { sort: { [s]: 1 } }]]],
    ["a projection field", (s) => ["findAll", ["things", {}, { projection: { [s]: 1 } }]]],
  ];
  for (const [where, call] of places) {
    it(`in ${where}`, async () => {
      await fc.assert(
        fc.asyncProperty(bad, async (s) => {
          const [op, args] = call(s);
          const err = await failure(op, args);
          expect(err.kind).toBe("invalid");
          expect(err.message).toMatch(
            /NUL character|unpaired UTF-16 surrogate|invalid collection name|unknown (top-level )?operator/,
          );
          expect(storableText(err.message)).toBe(err.message);
          expect(err.message).not.toMatch(LEAKS);
        }),
        { numRuns: 30, seed: 16 },
      );
      expect(await store.run("findOne", ["things", { _id: "x" }])).toEqual({
        _id: "x",
        name: "thing",
        n: 1,
        tags: ["a"],
      });
      expect(await store.run("countDocuments", ["things", {}])).toBe(1);
    });
  }
});
