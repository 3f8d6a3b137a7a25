/**
 * Methods on the gateway: a route answered on fixed methods gives 405 with `Allow` to any other (never a 404 that
 * says the route does not exist); the custom webhook route takes every method (docs/bot-runtime.md#custom-webhooks).
 *
 * @see docs/management-api.md#methods
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import request from "supertest";
import { startGatewayHarness, type GatewayHarness, type TestBot } from "./harness.js";

let h: GatewayHarness;
let bot: TestBot;

beforeAll(async () => {
  h = await startGatewayHarness();
  bot = await h.bot("logic['m'] = async (query, body, db, response, params) => params.method;");
});
afterAll(async () => {
  await h.close();
});

describe("405 with Allow on the gateway", () => {
  it("the Telegram intake answers 405 with Allow: POST to other methods, in the gateway's error shape", async () => {
    for (const method of ["get", "put", "patch", "delete"] as const) {
      const res = await request(h.app)[method](`/telegram/${bot.botId}`).send({});
      expect([method, res.status, res.headers.allow]).toEqual([method, 405, "POST"]);
      expect(res.body).toEqual({ ok: false, message: `Method ${method.toUpperCase()} not allowed; use POST` });
    }
    // The route's own method still works: a wrong secret is a 401, not a 405.
    expect((await request(h.app).post(`/telegram/${bot.botId}`).send({ update_id: 1 })).status).toBe(401);
  });

  it.each(["/healthz", "/readyz", "/metrics", "/openapi.json"])(
    "%s answers 405 with Allow: GET, HEAD",
    async (path) => {
      for (const method of ["post", "put", "delete"] as const) {
        const res = await request(h.app)[method](path).send({});
        expect([method, res.status, res.headers.allow]).toEqual([method, 405, "GET, HEAD"]);
        expect(res.body).toEqual({ ok: false, error: `Method ${method.toUpperCase()} not allowed; use GET` });
      }
    },
  );

  it("custom webhooks take every method and hand it to the handler", async () => {
    for (const method of ["get", "post", "put", "patch", "delete"] as const) {
      const res = await request(h.app)[method](`/custom/${bot.botId}/m`);
      expect([method, res.status, res.body]).toEqual([method, 200, { ok: true, data: method.toUpperCase() }]);
    }
  });
});
