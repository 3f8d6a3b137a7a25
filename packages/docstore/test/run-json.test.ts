/**
 * runJson, the gateway's entry: findOne and findAll pass the documents' text from Postgres through unparsed, with or
 * without limit, skip and sort; what bot code reads from that text is exactly what `run` answers, and a bad option
 * is refused with the same message.
 */
import { afterAll, beforeAll, expect, it } from "@jest/globals";
import type { DocumentStore } from "../src/index.js";
import { harness, refusal, type Harness } from "./support.js";

let h: Harness;
let store: DocumentStore;
beforeAll(async () => {
  h = await harness();
  store = h.store(await h.bot());
  await store.run("insertMany", [
    "c",
    [
      { _id: "a", n: 3, s: "x", nested: { k: [1, 2.5, "z"] } },
      { _id: 2, n: 1, s: "y" },
      { _id: "c", n: 2, s: null },
      { _id: "d", s: "w" },
    ],
  ]);
});
afterAll(async () => h?.close());

it.each([
  ["findOne", ["c", { n: { $gt: 1 } }]],
  ["findOne", ["c", {}, { sort: { n: -1 } }]],
  ["findOne", ["c", {}, { sort: { n: 1 }, skip: 2 }]],
  ["findOne", ["c", { n: 99 }, { sort: { n: 1 } }]],
  ["findAll", ["c", {}, { sort: { s: 1 }, limit: 2 }]],
  ["find", ["c", {}, { sort: { n: -1 }, skip: 1, limit: 0 }]],
  ["findAll", ["c", {}, { projection: { n: 1 }, sort: { n: 1 } }]],
  ["findOne", ["c", {}, { projection: { nested: 0 } }]],
  ["findAll", ["c"]],
])("%s %j answers what run answers", async (op, args) => {
  const text = await store.runJson(op, args);
  expect(JSON.parse(text)).toEqual(await store.run(op, args));
});

it.each([
  ["findOne", ["c", {}, { limit: 2 }]],
  ["findAll", ["c", {}, { skip: -1 }]],
  ["findAll", ["c", {}, { sort: { n: 2 } }]],
  ["findAll", ["c", {}, { what: 1 }]],
  ["findAll", ["c", {}, "nope"]],
])("%s %j is refused as run refuses it", async (op, args) => {
  const viaText = await refusal(store.runJson(op, args));
  const viaRun = await refusal(store.run(op, args));
  expect(viaText?.message).toBeDefined();
  expect(viaText?.message).toBe(viaRun?.message);
});
