/**
 * Headers every management reply carries, set first so that API replies, errors, 404s, health and metrics carry them
 * too:
 * - `X-Content-Type-Options: nosniff`, so no reply is ever read as another type than it says;
 * - a Content-Security-Policy that allows nothing (`default-src 'none'; frame-ancestors 'none'`), which JSON and text
 *   replies need nothing beyond; each HTML page replaces it with its own (the dashboard's in web/router.ts, /docs's
 *   in @botyard/openapi's docs router, {@link ADMIN_CSP} for the operator pages), always with frame-ancestors 'none';
 * - `X-Frame-Options: DENY` and `Referrer-Policy: same-origin` for browsers older than frame-ancestors;
 * - `Strict-Transport-Security: max-age=31536000; includeSubDomains` when PUBLIC_BASE_URL is https (never over
 *   plain http, where a browser ignores it and a local setup must keep working).
 *
 * @see docs/operations.md#security-headers
 */
import type { NextFunction, Request, Response } from "express";

/** The policy of every reply that is not an HTML page. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The operator pages (Bull Board and its login): Bull Board's page has inline styles and a `<base href>`, and loads
 * its scripts, styles and API from this server. Its Google Fonts link stays blocked: the page falls back to system
 * fonts and sends nothing to a third party.
 */
export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

/** HSTS for a year, subdomains included. */
export const HSTS = "max-age=31536000; includeSubDomains";

/** The middleware; `https` is whether PUBLIC_BASE_URL is https. */
export function securityHeaders(options: { https: boolean }) {
  return (_req: Request, res: Response, next: NextFunction): void => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Content-Security-Policy", API_CSP);
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "same-origin");
    if (options.https) res.setHeader("Strict-Transport-Security", HSTS);
    next();
  };
}
