/**
 * Serves the owner dashboard (the Vite build in web/dist) at /: hashed assets with immutable caching, index.html
 * (never cached) for any other GET that is not an API path, so deep links and reloads work (SPA fallback). Every
 * reply of this router carries a strict Content-Security-Policy: the app is bundled, so it needs nothing inline and
 * nothing from elsewhere. Mounted after every API route and before the JSON 404.
 *
 * @see README.md#the-dashboard
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import express, { type NextFunction, type Request, type Response, type Router } from "express";

/** The dashboard's Content-Security-Policy. */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join("; ");

/** Where `vite build` writes the dashboard. */
export const DEFAULT_DIST_DIR = fileURLToPath(new URL("../../web/dist", import.meta.url));

/** Paths that belong to an API or operator route: a miss there is a JSON 404, never the app's index.html. */
const NOT_APP = /^\/(api|apiv3|broadcast|jobs|admin|assets|docs|openapi\.json|metrics|healthz|readyz)(\/|$)/;

/** Options of {@link webRouter}. */
export interface WebRouterOptions {
  /** The built app; {@link DEFAULT_DIST_DIR} by default. */
  distDir?: string;
}

function securityHeaders(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader("Content-Security-Policy", DASHBOARD_CSP);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Referrer-Policy", "same-origin");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  next();
}

/** The dashboard router. */
export function webRouter(options: WebRouterOptions = {}): Router {
  const dist = options.distDir ?? DEFAULT_DIST_DIR;
  const index = join(dist, "index.html");
  const router = express.Router();

  // Content-hashed file names: a new build has new names, so a year of caching is safe.
  router.use(
    "/assets",
    securityHeaders,
    express.static(join(dist, "assets"), { immutable: true, maxAge: "365d", index: false, fallthrough: true }),
  );
  router.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (req.path !== "/" && NOT_APP.test(req.path)) return next();
    securityHeaders(req, res, () => {});
    if (!existsSync(index)) {
      res
        .status(503)
        .type("text/plain")
        .send("The dashboard is not built yet: run `pnpm start` or `pnpm --filter @botyard/management build:web`.\n");
      return;
    }
    // Files of the build's root (favicon.svg): short caching; anything else is a route of the app.
    if (/^\/[\w.-]+\.(svg|png|ico|txt|webmanifest)$/.test(req.path) && existsSync(join(dist, req.path))) {
      res.sendFile(join(dist, req.path), { maxAge: "1h" });
      return;
    }
    res.setHeader("Cache-Control", "no-cache");
    res.sendFile(index);
  });
  return router;
}
