/**
 * The account's stored-data quotas (docs/operations.md#plans-and-quotas): documents and bytes of all the account's
 * bots together, checked by the document triggers with the limits the store puts on its connections.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { harness, type Harness, refusal } from "./support.js";

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h?.close());

describe("account quotas", () => {
  it("storedDocuments: across the account's bots, N allowed and the next refused with kind quota", async () => {
    const quota = { maxAccountDocs: 3 };
    const a = h.store(await h.bot(), quota);
    const b = h.store(await h.bot(), quota);
    await a.run("insertMany", ["c", [{ n: 1 }, { n: 2 }]]);
    await b.run("insertOne", ["c", { n: 3 }]);
    const over = await refusal(b.run("insertOne", ["c", { n: 4 }]));
    expect(over?.kind).toBe("quota");
    expect(over?.message).toBe(
      "Over the storedDocuments quota of this account's plan (limit 3 documents, 3 stored); delete documents first or ask the operator for a larger plan",
    );
    // Refused whole: an insertMany that would pass the quota stores none of its documents.
    await b.run("deleteOne", ["c", { n: 3 }]);
    expect((await refusal(a.run("insertMany", ["d", [{ n: 5 }, { n: 6 }]])))?.kind).toBe("quota");
    expect(await a.run("countDocuments", ["d", {}])).toBe(0);
    await a.run("insertOne", ["d", { n: 5 }]);
    // A writer without the quota (management's seeding without a plan) is counted, not refused.
    await h.store(await h.bot()).run("insertOne", ["c", { n: 7 }]);
  });

  it("storedBytes: a growing update past it is refused, a shrinking one is not", async () => {
    const bots = [await h.bot(), await h.bot()];
    const used = Number(
      (
        await h.pool.query(
          "select coalesce(sum(u.bytes), 0) as n from document_usage u join bots b on b.id = u.bot_id " +
            "where b.account_id = (select account_id from bots where id = $1)",
          [bots[0]],
        )
      ).rows[0].n,
    );
    // Documents under Postgres's TOAST threshold (about 2 KB), so none is compressed and sizes add as written.
    const quota = { maxAccountBytes: used + 1400 };
    const [a, b] = bots.map((id) => h.store(id, quota)) as [ReturnType<Harness["store"]>, ReturnType<Harness["store"]>];
    await a.run("insertOne", ["c", { _id: "x", s: "y".repeat(500) }]);
    await b.run("insertOne", ["c", { _id: "x", s: "y".repeat(500) }]);
    const grow = await refusal(b.run("updateOne", ["c", { _id: "x" }, { $set: { s: "y".repeat(1500) } }]));
    expect(grow?.kind).toBe("quota");
    expect(grow?.message).toMatch(
      /^Over the storedBytes quota of this account's plan \(limit \d+ bytes, \d+ with this write\)/,
    );
    await b.run("updateOne", ["c", { _id: "x" }, { $set: { s: "y" } }]);
  });
});
