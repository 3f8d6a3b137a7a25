/**
 * GET /openapi.json and GET /docs: the document validates as OpenAPI 3.1, covers every route the app answers and
 * nothing it does not, and the reference page loads only our own assets. Unsupported methods answer 405 + Allow.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { validate } from "@readme/openapi-parser";
import request from "supertest";
import { appRoutes, documentedOperations, expressPath, type JsonSchema } from "@botyard/openapi/testing";
import { operations } from "../src/apiv3/operations.js";
import { managementDocument } from "../src/openapi.js";
import { startHarness, type Harness } from "./harness.js";

let h: Harness;
let document: JsonSchema;

beforeAll(async () => {
  h = await startHarness();
  document = (await request(h.app).get("/openapi.json")).body as JsonSchema;
});
afterAll(async () => {
  await h.close();
});

// Served by the app but not API operations: the reference page's own script and assets.
const NOT_DOCUMENTED = new Set(["/docs/init.js", "/docs/assets/:file"]);

describe("GET /openapi.json", () => {
  it("is a valid OpenAPI 3.1 document, the same one the code builds", async () => {
    expect(document.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(document) as never);
    expect(result).toMatchObject({ valid: true });
    expect(document).toEqual(JSON.parse(JSON.stringify(managementDocument())));
  });

  it("documents each /apiv3 operation as its own path on GET and POST, with security schemes", () => {
    const paths = document.paths as Record<string, Record<string, JsonSchema>>;
    for (const name of operations.keys()) {
      expect(Object.keys(paths[`/apiv3/${name}`] ?? {}).sort()).toEqual(["get", "post"]);
      expect(paths[`/apiv3/${name}`]!.post!["x-botyard-api-key-in"]).toBe("body");
      expect(paths[`/apiv3/${name}`]!.get!.security).toEqual([{ ApiKeyQuery: [] }]);
    }
    const schemes = (document.components as { securitySchemes: Record<string, JsonSchema> }).securitySchemes;
    expect(schemes.ApiKeyQuery).toMatchObject({ type: "apiKey", in: "query", name: "apiKey" });
    expect(schemes.BotToken).toMatchObject({ type: "apiKey", in: "header", name: "X-Bot-Token" });
    expect(schemes.DashboardSession).toMatchObject({ type: "apiKey", in: "cookie" });
  });

  it("gives every response of every operation a body schema and an example", () => {
    const schemas = (document.components as { schemas: Record<string, JsonSchema> }).schemas;
    const missing: string[] = [];
    for (const op of documentedOperations(document)) {
      for (const [status, response] of Object.entries(op.operation.responses as Record<string, JsonSchema>)) {
        const where = `${op.method.toUpperCase()} ${op.path} ${status}`;
        const content = response.content as Record<string, JsonSchema> | undefined;
        if (content === undefined) missing.push(`${where}: no content`);
        for (const [type, media] of Object.entries(content ?? {})) {
          if (!("schema" in media)) missing.push(`${where} ${type}: no schema`);
          // An example on the media type, or on the component schema it refers to.
          const ref = (media.schema as JsonSchema | undefined)?.$ref as string | undefined;
          const component = ref === undefined ? undefined : schemas[ref.split("/").at(-1)!];
          if (media.example === undefined && component?.example === undefined)
            missing.push(`${where} ${type}: no example`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("covers every route the app answers, and nothing else", () => {
    const documented = new Map<string, Set<string>>();
    for (const op of documentedOperations(document)) {
      const path = expressPath(op.path);
      if (!documented.has(path)) documented.set(path, new Set());
      documented.get(path)!.add(op.method);
    }
    const { routes, prefixedRouters } = appRoutes(h.app);
    expect(prefixedRouters).toBe(0); // a router mounted under a prefix would hide its routes from this check
    const answered = new Set<string>();
    for (const route of routes) {
      if (NOT_DOCUMENTED.has(route.path)) continue;
      const paths = route.path === "/apiv3/:op" ? [...operations.keys()].map((op) => `/apiv3/${op}`) : [route.path];
      for (const path of paths) {
        answered.add(path);
        expect([path, documented.has(path)]).toEqual([path, true]);
        for (const method of route.methods.filter((m) => m !== "_all" && m !== "head"))
          expect([path, method, documented.get(path)!.has(method)]).toEqual([path, method, true]);
      }
    }
    expect([...documented.keys()].filter((p) => !answered.has(p))).toEqual([]);
  });

  it("describes only paths the app answers (none falls through to the 404 handler)", async () => {
    for (const op of documentedOperations(document)) {
      const path = op.path.replace(/\{[^}]+\}/g, "x");
      const res = await request(h.app)[op.method as "get"](path);
      expect([op.method, path, res.status === 404 && res.body.msg === "Not found"]).toEqual([op.method, path, false]);
      expect([op.method, path, res.status === 405]).toEqual([op.method, path, false]);
    }
  });
});

describe("405 with Allow", () => {
  const cases: Array<[string, string[], string]> = [
    ["/broadcast", ["get", "put", "patch", "delete"], "POST"],
    ["/broadcast/abc", ["post", "put", "patch"], "GET, HEAD, DELETE"],
    ["/jobs/abc", ["post", "put", "patch", "delete"], "GET, HEAD"],
    ["/healthz", ["post", "put", "delete"], "GET, HEAD"],
    ["/readyz", ["post", "put", "delete"], "GET, HEAD"],
    ["/metrics", ["post", "put", "delete"], "GET, HEAD"],
    ["/openapi.json", ["post", "put", "delete"], "GET, HEAD"],
    ["/docs", ["post", "put", "delete"], "GET, HEAD"],
    ["/apiv3/getbotCode", ["put", "patch", "delete"], "GET, POST"],
  ];
  it.each(cases)("%s answers 405 to %j with Allow: %s", async (path, methods, allow) => {
    for (const method of methods) {
      const res = await request(h.app)[method as "put"](path).send({});
      expect([method, res.status, res.headers.allow]).toEqual([method, 405, allow]);
      expect(res.body.ok).toBe(false);
      expect(JSON.stringify(res.body)).toMatch(/not allowed/);
    }
  });

  it("keeps the broadcast and /apiv3 error shapes on their 405s", async () => {
    expect((await request(h.app).put("/broadcast")).body).toEqual({
      ok: false,
      error: "Method PUT not allowed; use POST",
    });
    expect((await request(h.app).put("/apiv3/listBots")).body).toMatchObject({ ok: false, stat_code: 405 });
  });
});

describe("GET /docs", () => {
  it("is an HTML page whose scripts and styles all come from this server, and each of them loads", async () => {
    const res = await request(h.app).get("/docs");
    expect(res.status).toBe(200);
    expect(res.type).toBe("text/html");
    const refs = [...res.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThanOrEqual(4);
    for (const ref of refs) {
      expect(ref).toMatch(/^\/docs\//); // same origin: no CDN, works offline
      const asset = await request(h.app).get(ref);
      expect([ref, asset.status]).toEqual([ref, 200]);
    }
    const init = await request(h.app).get("/docs/init.js");
    expect(init.text).toContain('url: "/openapi.json"');
    // Swagger UI's default validator badge would send the document to validator.swagger.io.
    expect(init.text).toContain("validatorUrl: null");
    expect((await request(h.app).get("/docs/assets/index.html")).status).toBe(404);
  });
});
