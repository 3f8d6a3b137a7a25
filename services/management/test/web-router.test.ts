/**
 * The dashboard router on its own: CSP and security headers, immutable caching of hashed assets, index.html for the
 * app's routes (never for API paths), and a clear 503 while the app is not built.
 */
import { afterAll, describe, expect, it } from "@jest/globals";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import request from "supertest";
import { DASHBOARD_CSP, webRouter } from "../src/web/router.js";

const dist = mkdtempSync(join(tmpdir(), "botyard-web-"));
mkdirSync(join(dist, "assets"));
writeFileSync(join(dist, "index.html"), "<!doctype html><title>Botyard</title>");
writeFileSync(join(dist, "assets", "index-abc123.js"), "console.log(1)");
writeFileSync(join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
afterAll(() => rmSync(dist, { recursive: true, force: true }));

function app(distDir: string) {
  const a = express();
  a.get("/apiv3/listBots", (_req, res) => {
    res.json({ ok: true });
  });
  a.use(webRouter({ distDir }));
  a.use((_req, res) => {
    res.status(404).json({ ok: false });
  });
  return a;
}

describe("dashboard router", () => {
  it("serves index.html at / and at the app's deep links, uncached, under the strict CSP", async () => {
    for (const path of ["/", "/settings", "/bots/abc/code", "/signin"]) {
      const res = await request(app(dist)).get(path);
      expect(res.status).toBe(200);
      expect(res.text).toContain("<title>Botyard</title>");
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers["content-security-policy"]).toBe(DASHBOARD_CSP);
      expect(res.headers["x-frame-options"]).toBe("DENY");
    }
    expect(DASHBOARD_CSP).toContain("script-src 'self'");
    expect(DASHBOARD_CSP).toContain("frame-ancestors 'none'");
    expect(DASHBOARD_CSP).not.toContain("unsafe-inline");
  });

  it("caches hashed assets for a year (immutable) and answers 404 for a missing one, not index.html", async () => {
    const res = await request(app(dist)).get("/assets/index-abc123.js");
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toMatch(/max-age=31536000.*immutable/);
    const missing = await request(app(dist)).get("/assets/nope.js");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ ok: false });
  });

  it("leaves API paths alone: their routes answer, and a miss there is the JSON 404", async () => {
    expect((await request(app(dist)).get("/apiv3/listBots")).body).toEqual({ ok: true });
    for (const path of ["/api/nope", "/apiv3/nope", "/broadcast/x", "/jobs/x", "/admin/x", "/docs/x"]) {
      const res = await request(app(dist)).get(path);
      expect(res.status).toBe(404);
      expect(res.headers["content-type"]).toMatch(/json/);
    }
    expect((await request(app(dist)).post("/settings")).status).toBe(404);
  });

  it("serves root files of the build (favicon) and says how to build when there is no build", async () => {
    const icon = await request(app(dist)).get("/favicon.svg");
    expect(icon.status).toBe(200);
    const none = await request(app(join(dist, "missing"))).get("/");
    expect(none.status).toBe(503);
    expect(none.text).toMatch(/pnpm start/);
  });
});
