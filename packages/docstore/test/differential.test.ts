/**
 * The store against mingo (MongoDB's query language in memory), on real Postgres: generated documents are inserted,
 * generated filters, sorts, projections and updates run through `run()` and through mingo, and every disagreement
 * fails the test unless a deviation of test/deviations.ts explains it for that document. fast-check shrinks a failure
 * to a small filter. Runs: DIFF_RUNS (default 400 per batch, 8 batches of 50 documents: 3,200 filters).
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { find, update as mingoUpdate } from "mingo";
import { type DocumentStore, DocumentStoreError } from "../src/index.js";
import { DEVIATIONS, explain, forMingo } from "./deviations.js";
import { document, filter, projection, sort, update } from "./generators.js";
import { harness, type Harness } from "./support.js";

type Doc = Record<string, unknown> & { _id: string };

const RUNS = Number(process.env.DIFF_RUNS ?? 400);
const BATCHES = Number(process.env.DIFF_BATCHES ?? 8);
const SEED = Number(process.env.DIFF_SEED ?? 20261123);
/** Plain JSON, as values reach the store from bot code (fast-check may build null-prototype objects). */
const json = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

let h: Harness;
let store: DocumentStore;
const batches: Doc[][] = [];
const forgiven = new Map<string, number>();

beforeAll(async () => {
  h = await harness();
  store = h.store(await h.bot());
  for (let b = 0; b < BATCHES; b += 1) {
    const docs = json(fc.sample(document, { numRuns: 50, seed: SEED + b })).map((d, i) => ({
      ...d,
      _id: `d${String(i).padStart(2, "0")}`,
    }));
    await store.run("insertMany", [`batch${b}`, docs]);
    batches.push(docs);
  }
}, 60_000);

afterAll(async () => {
  if (forgiven.size > 0) console.log(`listed deviations forgiven: ${JSON.stringify(Object.fromEntries(forgiven))}`);
  await h?.close();
});

const ids = (docs: unknown) => (docs as Doc[]).map((d) => d._id);

async function ours(op: string, args: unknown[]): Promise<{ value?: unknown; error?: string }> {
  try {
    return { value: await store.run(op, args) };
  } catch (err) {
    if (!(err instanceof DocumentStoreError)) throw err;
    return { error: err.message };
  }
}

describe("filters", () => {
  for (let b = 0; b < BATCHES; b += 1) {
    it(`batch ${b}: findAll answers as mingo does`, async () => {
      const docs = batches[b]!;
      await fc.assert(
        fc.asyncProperty(filter, async (raw) => {
          const f = json(raw);
          const got = await ours("findAll", [`batch${b}`, f]);
          expect(got.error).toBeUndefined();
          const want = new Set(ids(find(json(docs), forMingo(f) as Record<string, unknown>).all()));
          const mine = new Set(ids(got.value));
          for (const doc of docs) {
            if (want.has(doc._id) === mine.has(doc._id)) continue;
            const why = explain(doc, f);
            if (why.length === 0) {
              throw new Error(
                `disagreement on ${JSON.stringify(doc)}: store ${mine.has(doc._id)}, mingo ${want.has(doc._id)}`,
              );
            }
            for (const w of why) forgiven.set(w, (forgiven.get(w) ?? 0) + 1);
          }
        }),
        { numRuns: RUNS, seed: SEED + b },
      );
    }, 300_000);
  }
});

describe("sorts and projections", () => {
  /** Sorting arrays, objects and paths through arrays is a listed deviation; the batch here has scalars only. */
  const scalarDocs = () =>
    json(
      fc.sample(
        fc.record(
          {
            a: fc.oneof(
              fc.integer({ min: -3, max: 3 }),
              fc.constantFrom("x", "ab", "Ab", ""),
              fc.boolean(),
              fc.constant(null),
            ),
            b: fc.integer({ min: 0, max: 2 }),
            c: fc.constantFrom("p", "q"),
          },
          { requiredKeys: [] },
        ),
        { numRuns: 60, seed: SEED },
      ),
    ).map((d, i) => ({ ...d, _id: `s${String(i).padStart(2, "0")}` }));

  it("findAll with sort, skip and limit orders as mingo does", async () => {
    const docs = scalarDocs();
    await store.run("insertMany", ["sorted", docs]);
    await fc.assert(
      fc.asyncProperty(
        sort,
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 1, max: 70 }),
        async (s, skip, limit) => {
          const spec = json(s);
          const got = await ours("findAll", ["sorted", {}, { sort: spec, skip, limit }]);
          const want = find(docs, {}).sort(spec).skip(skip).limit(limit).all();
          expect(ids(got.value)).toEqual(ids(want));
        },
      ),
      { numRuns: 200, seed: SEED },
    );
  });

  it("projections shape documents as mingo does", async () => {
    const docs = batches[0]!;
    await fc.assert(
      fc.asyncProperty(projection, async (p) => {
        const spec = json(p);
        const got = await ours("findAll", ["batch0", {}, { projection: spec }]);
        let want: unknown;
        try {
          want = find(json(docs), {}, spec).all();
        } catch (err) {
          // mingo refuses overlapping paths, as MongoDB does; so must the store.
          expect((err as Error).message).toMatch(/collision/i);
          expect(got.error).toMatch(/overlap/);
          return;
        }
        expect(got.value).toEqual(want);
      }),
      { numRuns: 100, seed: SEED },
    );
  });
});

describe("updates", () => {
  it("updateOne changes a document as mingo's update does", async () => {
    const docs = batches[1]!;
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: docs.length - 1 }), update, async (i, u) => {
        const before = docs[i]!;
        const modifier = json(u);
        const id = `u${n++}`;
        await store.run("insertOne", ["updates", { ...before, _id: id }]);
        const got = await ours("updateOne", ["updates", { _id: id }, modifier]);
        let want: Doc | undefined;
        let mingoError: string | undefined;
        try {
          want = json({ ...before, _id: id });
          mingoUpdate(want, modifier as Parameters<typeof mingoUpdate>[1]);
          want = json(want);
        } catch (err) {
          mingoError = (err as Error).message;
        }
        const stored = (await store.run("findOne", ["updates", { _id: id }])) as Doc;
        if (got.error !== undefined || mingoError !== undefined) {
          // Refusals: the store refuses what MongoDB refuses; where mingo applies something MongoDB refuses
          // (see UPDATE_REFUSALS), the stored document is unchanged.
          if (got.error !== undefined) {
            expect(stored).toEqual({ ...before, _id: id });
            if (mingoError === undefined) expect(refusedOnPurpose(got.error)).toBe(true);
          } else {
            throw new Error(`mingo refused (${mingoError}) but the store applied ${JSON.stringify(modifier)}`);
          }
          return;
        }
        expect(stored).toEqual(want);
      }),
      { numRuns: 600, seed: SEED },
    );
  }, 300_000);
});

/**
 * Updates MongoDB refuses and mingo applies (listed in docs/bot-runtime.md#updates): creating a field inside a
 * non-object, two operators on overlapping paths, $inc/$mul of a non-number, $push/$addToSet/$pull on a non-array,
 * $min/$max between an array or object and anything.
 */
const UPDATE_REFUSALS = [
  /cannot create/,
  /overlap/,
  /holds a non-number/,
  /holds a non-array/,
  /through an array/,
  /compares/,
];
const refusedOnPurpose = (message: string) => UPDATE_REFUSALS.some((r) => r.test(message));

it("every listed deviation is documented", () => {
  expect(DEVIATIONS.map((d) => d.id).sort()).toEqual([
    "all-is-and",
    "array-after-array",
    "elemmatch-non-objects",
    "in-is-or",
    "null-through-array",
    "whole-array-through-array",
  ]);
});
