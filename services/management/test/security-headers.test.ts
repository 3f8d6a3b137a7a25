/**
 * The headers of every management reply (nosniff everywhere; a CSP with frame-ancestors 'none' on every HTML page;
 * HSTS under an https PUBLIC_BASE_URL) over every kind of route, and the `__Host-` cookie names under https.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Server } from "node:http";
import { randomUUID } from "node:crypto";
import request from "supertest";
import { Browser, listen } from "./dashboard-client.js";
import { startHarness, type Harness } from "./harness.js";

const OPERATOR = "operator-token-0123456789";
const PASSWORD = "correct horse battery";
const email = () => `owner-${randomUUID().slice(0, 8)}@example.com`;

/** One request of each kind of route: what it is, and how to send it. */
const ROUTES: Array<[string, (origin: string) => request.Test]> = [
  ["/apiv3 401", (o) => request(o).get("/apiv3/listBots")],
  ["/apiv3 unknown op", (o) => request(o).post("/apiv3/nope").send({})],
  ["/apiv3 malformed JSON", (o) => request(o).post("/apiv3/listBots").type("json").send("{oops")],
  ["/apiv3 405", (o) => request(o).put("/apiv3/listBots")],
  ["/api 401", (o) => request(o).get("/api/auth/session")],
  ["/api 404", (o) => request(o).get("/api/nope")],
  ["/openapi.json", (o) => request(o).get("/openapi.json")],
  ["/docs", (o) => request(o).get("/docs")],
  ["/docs/init.js", (o) => request(o).get("/docs/init.js")],
  ["/docs asset", (o) => request(o).get("/docs/assets/swagger-ui.css")],
  ["/admin/login", (o) => request(o).get("/admin/login")],
  ["/admin/queues without a login", (o) => request(o).get("/admin/queues").set("Accept", "application/json")],
  ["/admin/queues with the token", (o) => request(o).get("/admin/queues").set("Authorization", `Bearer ${OPERATOR}`)],
  ["POST /broadcast 401", (o) => request(o).post("/broadcast").send({})],
  ["GET /jobs 401", (o) => request(o).get("/jobs/nope")],
  ["/healthz", (o) => request(o).get("/healthz")],
  ["/metrics", (o) => request(o).get("/metrics")],
  ["/ (the dashboard)", (o) => request(o).get("/")],
  ["404", (o) => request(o).get("/no/such/thing.json")],
];

/** Pages a browser renders: each must forbid framing. */
const HTML_PAGES = ["/docs", "/admin/login", "/admin/queues with the token", "/ (the dashboard)"];

describe("over http (the default PUBLIC_BASE_URL)", () => {
  let h: Harness;
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    h = await startHarness({ operatorToken: OPERATOR });
    ({ server, origin } = await listen(h.app));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await h.close();
  });

  it.each(ROUTES)("%s: nosniff, a CSP with frame-ancestors 'none', no HSTS", async (_name, send) => {
    const res = await send(origin);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it.each(HTML_PAGES)("%s is an HTML page whose CSP lets only this server load scripts", async (name) => {
    const res = await ROUTES.find(([n]) => n === name)![1](origin);
    expect(res.headers["content-type"]).toMatch(/^text\/(html|plain)/);
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/unsafe-eval/);
  });

  it("gives JSON replies a policy that allows nothing", async () => {
    const res = await request(origin).get("/openapi.json");
    expect(res.headers["content-security-policy"]).toMatch(/^default-src 'none'/);
  });

  it("keeps the plain cookie names over http", async () => {
    const b = new Browser(origin, "10.7.0.1");
    const res = await b.signUp(email());
    expect(String(res.headers["set-cookie"])).toMatch(/^botyard_session=/);
    const login = await request(origin).post("/admin/login").type("form").send({ token: OPERATOR });
    expect(String(login.headers["set-cookie"])).toMatch(/^botyard_operator=[^;]+; Path=\/admin; HttpOnly/);
  });
});

describe("under an https PUBLIC_BASE_URL", () => {
  const PUBLIC = "https://bots.example.com";
  let h: Harness;
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    h = await startHarness({ operatorToken: OPERATOR, publicBaseUrl: PUBLIC });
    ({ server, origin } = await listen(h.app));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await h.close();
  });

  it.each(ROUTES)("%s: Strict-Transport-Security for a year with subdomains", async (_name, send) => {
    const res = await send(origin);
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("names the session cookie __Host-botyard_session (Secure, Path=/, no Domain) and reads only that name", async () => {
    const res = await request(origin)
      .post("/api/auth/signup")
      .set("Origin", PUBLIC)
      .set("X-Forwarded-For", "10.7.0.2")
      .send({ email: email(), password: PASSWORD });
    expect(res.status).toBe(201);
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/^__Host-botyard_session=[^;]+;/);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).not.toMatch(/Domain=/i);
    const value = cookie.split(";")[0]!.split("=")[1]!;
    const ok = await request(origin).get("/api/auth/session").set("Cookie", `__Host-botyard_session=${value}`);
    expect(ok.status).toBe(200);
    const plain = await request(origin).get("/api/auth/session").set("Cookie", `botyard_session=${value}`);
    expect(plain.status).toBe(401);
    const out = await request(origin)
      .post("/api/auth/signout")
      .set("Origin", PUBLIC)
      .set("X-CSRF-Token", res.body.csrfToken as string)
      .set("Cookie", `__Host-botyard_session=${value}`);
    expect(String(out.headers["set-cookie"])).toMatch(/^__Host-botyard_session=;.*Path=\/.*Secure/);
  });

  it("names the operator cookie __Host-botyard_operator (Secure, Path=/) and accepts only that name", async () => {
    const login = await request(origin).post("/admin/login").type("form").send({ token: OPERATOR });
    expect(login.status).toBe(303);
    const cookie = String(login.headers["set-cookie"]);
    expect(cookie).toMatch(/^__Host-botyard_operator=[^;]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+; Secure$/);
    const value = cookie.split(";")[0]!.split("=")[1]!;
    const board = await request(origin).get("/admin/queues").set("Cookie", `__Host-botyard_operator=${value}`);
    expect(board.status).toBe(200);
    expect(board.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    const plain = await request(origin)
      .get("/admin/queues")
      .set("Accept", "application/json")
      .set("Cookie", `botyard_operator=${value}`);
    expect(plain.status).toBe(401);
  });
});
