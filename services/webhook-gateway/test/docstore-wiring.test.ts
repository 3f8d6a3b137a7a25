/**
 * Bot code's `db.operation` is the document store of packages/docstore (issue 14), end to end through a webhook: the
 * idioms the issue found broken answer as MongoDB does, createIndex works, a refused operator and text Postgres
 * cannot store are clean errors in bot code, and the indexes serve the bot's queries.
 *
 * @see docs/bot-runtime.md#db
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import request from "supertest";
import { startGatewayHarness, type GatewayHarness } from "./harness.js";

let h: GatewayHarness;
beforeAll(async () => {
  h = await startGatewayHarness();
});
afterAll(async () => {
  await h.close();
});

describe("db.operation in bot code is the document store", () => {
  it("answers the issue's idioms as MongoDB does, and refuses cleanly", async () => {
    const { botId } = await h.bot(`
      logic['run'] = async (q, b, db) => {
        const op = db.operation;
        await op.insertMany('users', [
          { _id: 'a', tags: ['vip', 'x'], items: [{ k: 1 }, { k: 2 }], n: 1, s: [1, 10], score: 5 },
          { _id: 'b', tags: ['x'], items: [{ k: 3 }], s: [6], score: 7 },
          { _id: 'c', tags: 'vip', n: null, score: 9 },
        ]);
        const ids = async (f, o) => (await op.findAll('users', f, o)).map((d) => d._id);
        const r = {};
        r.member = await ids({ tags: 'vip' });
        r.throughArray = await ids({ 'items.k': 1 });
        r.inNull = await ids({ n: { $in: [null] } });
        r.twoConditions = await ids({ s: { $gt: 5, $lt: 8 } });
        r.index0 = await ids({ 'tags.0': 'vip' });
        r.index = await op.createIndex('users', { score: 1 });
        r.range = await ids({ score: { $gte: 6 } }, { sort: { score: -1 }, limit: 50 });
        try { await op.findAll('users', { $where: 'true' }); } catch (e) { r.refused = e.message; }
        try { await op.insertOne('users', { name: 'a\\u0000b' }); } catch (e) { r.nul = e.message; }
        return r;
      };`);
    const res = await request(h.app).get(`/custom/${botId}/run`);
    expect(res.status).toBe(200);
    const r = res.body.data as Record<string, unknown>;
    expect(r.member).toEqual(["a", "c"]);
    expect(r.throughArray).toEqual(["a"]);
    expect(r.inNull).toEqual(["b", "c"]);
    expect(r.twoConditions).toEqual(["a", "b"]);
    expect(r.index0).toEqual(["a"]);
    expect(r.index).toMatchObject({ created: true });
    expect(r.range).toEqual(["c", "b"]);
    expect(r.refused).toMatch(/unknown (top-level )?operator '\$where'/);
    expect(r.nul).toMatch(/NUL/);
    expect(`${r.refused} ${r.nul}`).not.toMatch(/select|insert|jsonb|documents|\$1/i);
  });
});
