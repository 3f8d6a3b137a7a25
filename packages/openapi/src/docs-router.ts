/**
 * GET /openapi.json and GET /docs. The reference page is Swagger UI served from the swagger-ui-dist package in our
 * own node_modules, never a CDN: it works offline and behind any firewall. Its "Try it out" calls the server that
 * served the page (the document's server is `/`).
 *
 * @see docs/api-contract.md#the-docs-page
 */
import { createRequire } from "node:module";
import { dirname } from "node:path";
import express, { type Router } from "express";
import { answerMethodNotAllowed } from "@botyard/common/http";
import type { OpenApiDocument } from "./registry.js";

const require = createRequire(import.meta.url);
const SWAGGER_DIR = dirname(require.resolve("swagger-ui-dist/package.json"));
// Only what the page loads: the package also ships a demo page pointing at a public petstore document.
const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui-standalone-preset.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
  "favicon-16x16.png": "image/png",
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function page(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
  <link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png" sizes="32x32">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/assets/swagger-ui-standalone-preset.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
`;
}

// A separate script rather than inline code, so a Content-Security-Policy of script-src 'self' can be applied.
const INIT = `window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  persistAuthorization: true,
  tryItOutEnabled: true,
  displayOperationId: true,
  // Swagger UI would otherwise send the document to validator.swagger.io for a badge: nothing leaves this server.
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: "BaseLayout"
});
`;

/**
 * The policy of the /docs page: Swagger UI's scripts and styles come from this server (it sets inline styles, hence
 * 'unsafe-inline' for styles only), its icons are data: URIs, and "Try it out" calls this server. Never framed.
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join("; ");

/** Where {@link docsRouter} serves the OpenAPI document. */
export const OPENAPI_PATH = "/openapi.json";

/** The /openapi.json route, and /docs when `docsPage` is set. Other methods on them answer 405. */
export function docsRouter(options: { document: OpenApiDocument; docsPage: boolean; title?: string }): Router {
  const router = express.Router();
  const json = JSON.stringify(options.document);
  router.get(OPENAPI_PATH, (_req, res) => {
    res.type("application/json").set("Cache-Control", "no-cache").send(json);
  });
  router.all(OPENAPI_PATH, answerMethodNotAllowed(["GET", "HEAD"]));
  if (!options.docsPage) return router;

  const html = page(options.title ?? "API reference");
  router.get("/docs", (_req, res) => {
    res.type("text/html").set({ "Cache-Control": "no-cache", "Content-Security-Policy": DOCS_CSP }).send(html);
  });
  router.get("/docs/init.js", (_req, res) => {
    res.type("text/javascript").send(INIT);
  });
  router.get("/docs/assets/:file", (req, res, next) => {
    const file = req.params.file as string;
    const type = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
    if (!type) return next();
    res.type(type).set("Cache-Control", "public, max-age=86400");
    // `root` rather than an absolute path: pnpm keeps the package under node_modules/.pnpm, and send refuses
    // dot-directories in an absolute path.
    res.sendFile(file, { root: SWAGGER_DIR });
  });
  router.all(["/docs", "/docs/init.js", "/docs/assets/:file"], (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    answerMethodNotAllowed(["GET", "HEAD"])(req, res, next);
  });
  return router;
}
