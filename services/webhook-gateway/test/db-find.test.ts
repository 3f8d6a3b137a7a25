/**
 * `db.operation.find`, the alias of findAll that docs/bot-runtime.md#db documents: bot code calls it in the isolate,
 * the host accepts the call and the store answers it exactly as findAll (filter, sort, skip, limit, projection).
 */
import { afterAll, beforeAll, expect, it } from "@jest/globals";
import request from "supertest";
import { startGatewayHarness, type GatewayHarness } from "./harness.js";

let h: GatewayHarness;
beforeAll(async () => {
  h = await startGatewayHarness({ allowPrivateEgress: false, timeoutMs: 2000 });
});
afterAll(async () => {
  await h.close();
});

it("bot code calls db.operation.find(collection, filter?, options?) as findAll", async () => {
  const { botId } = await h.bot(`
    logic['run'] = async (q, b, db) => {
      const op = db.operation;
      await op.insertMany('users', [
        { _id: 'a', name: 'Ann', age: 31 },
        { _id: 'b', name: 'Bob', age: 25 },
        { _id: 'c', name: 'Cid', age: 40 },
      ]);
      const ids = (docs) => docs.map((d) => d._id);
      return {
        type: typeof op.find,
        all: ids(await op.find('users')),
        filtered: ids(await op.find('users', { age: { $gt: 30 } })),
        options: await op.find('users', {}, { sort: { age: -1 }, skip: 1, limit: 1, projection: { name: 1 } }),
        same: JSON.stringify(await op.find('users', { age: { $lt: 35 } }, { sort: { name: -1 } })) ===
          JSON.stringify(await op.findAll('users', { age: { $lt: 35 } }, { sort: { name: -1 } })),
      };
    };
  `);
  const res = await request(h.app).post(`/custom/${botId}/run`);
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual({
    type: "function",
    all: ["a", "b", "c"],
    filtered: ["a", "c"],
    options: [{ _id: "a", name: "Ann" }],
    same: true,
  });
});
