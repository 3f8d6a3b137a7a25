/**
 * The gateway's GET /openapi.json: valid OpenAPI 3.1, covering every route the gateway answers, and every reply to
 * requests generated from it has a documented status and body (property-based, fast-check).
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { validate } from "@readme/openapi-parser";
import fc from "fast-check";
import request from "supertest";
import {
  appRoutes,
  documentedOperations,
  expressPath,
  type JsonSchema,
  requestsFor,
  ResponseChecker,
} from "@botyard/openapi/testing";
import { REST_PATHS } from "../src/app.js";
import { gatewayDocument } from "../src/openapi.js";
import { BOT_ROUTES } from "../src/routes/dispatch.js";
import { startGatewayHarness, type GatewayHarness, type TestBot } from "./harness.js";

const RUNS = Number(process.env.CONTRACT_RUNS ?? 20);
let h: GatewayHarness;
let document: JsonSchema;
let bot: TestBot;

beforeAll(async () => {
  h = await startGatewayHarness();
  bot = await h.bot("logic['hello'] = async (query, body) => ({ query, body });");
  document = (await request(h.app).get("/openapi.json")).body as JsonSchema;
});
afterAll(async () => {
  await h.close();
});

describe("gateway GET /openapi.json", () => {
  it("is a valid OpenAPI 3.1 document, the one the code builds", async () => {
    expect(await validate(structuredClone(document) as never)).toMatchObject({ valid: true });
    expect(document).toEqual(JSON.parse(JSON.stringify(gatewayDocument())));
  });

  it("covers every route the gateway answers, and each documented path is answered", async () => {
    const documented = new Set(documentedOperations(document).map((op) => expressPath(op.path)));
    // The bot routes are served by the dispatcher; everything else by the express app behind it.
    const { routes, prefixedRouters } = appRoutes(h.gateway.rest);
    expect(prefixedRouters).toBe(0);
    // The dispatcher answers 404 for any other path without the express app: it must know every path the app serves.
    expect([...new Set(routes.map((r) => r.path))].sort()).toEqual([...REST_PATHS].sort());
    for (const path of [...routes.map((r) => r.path), ...BOT_ROUTES]) {
      expect([path, documented.has(path)]).toEqual([path, true]);
    }
    for (const op of documentedOperations(document)) {
      const res = await request(h.app)[op.method as "get"](op.path.replace(/\{[^}]+\}/g, "x"));
      expect([op.method, op.path, res.status === 404 && res.body.message === "Not found"]).toEqual([
        op.method,
        op.path,
        false,
      ]);
    }
  });

  it("answers generated requests with documented statuses and bodies, never an unexpected 5xx", async () => {
    const checker = new ResponseChecker(document);
    const failures: string[] = [];
    for (const op of documentedOperations(document)) {
      const fixtures = {
        values: (name: string) =>
          name === "botId"
            ? fc.oneof({ weight: 4, arbitrary: fc.constant(bot.botId) }, fc.string({ minLength: 1 }))
            : name === "customPath"
              ? fc.oneof({ weight: 3, arbitrary: fc.constant("hello") }, fc.string({ minLength: 1 }))
              : undefined,
        credential: (scheme: string) => (scheme === "TelegramSecretToken" ? bot.webhookSecret : undefined),
      };
      await fc
        .assert(
          fc.asyncProperty(requestsFor(document, op, fixtures), async (req) => {
            let r = request(h.app)[req.method as "post"](req.path);
            for (const [k, v] of Object.entries(req.headers)) r = r.set(k, v);
            const res = await (req.body === undefined ? r : r.send(req.body));
            const body = res.type === "application/json" ? res.body : res.text;
            const problems = checker.check(op, res.status, res.headers["content-type"], body);
            if (res.status >= 500) problems.push(`5xx: ${res.status} ${JSON.stringify(res.body)}`);
            if (problems.length === 0) return true;
            failures.push(`${req.method} ${req.path} ${JSON.stringify(req.intent)}: ${problems.join("; ")}`);
            return false;
          }),
          { numRuns: RUNS, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
