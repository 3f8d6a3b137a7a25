/**
 * 405 Method Not Allowed with an `Allow` header, for every route a service answers on fixed methods. A client that
 * sends PUT to a GET route learns which methods exist instead of being told the route does not (RFC 9110 §15.5.6).
 */
import type { RequestHandler, Response } from "express";
import { AppError } from "../errors.js";

/** The `Allow` value for `methods`. List HEAD where the route answers it (express answers HEAD on every GET route). */
export function allowHeader(methods: readonly string[]): string {
  return methods.map((m) => m.toUpperCase()).join(", ");
}

/** The error a route family's translator turns into its 405 envelope. */
export function methodNotAllowedError(method: string, methods: readonly string[]): AppError {
  const allowed = methods
    .map((m) => m.toUpperCase())
    .filter((m) => m !== "HEAD")
    .join(" or ");
  return new AppError("METHOD_NOT_ALLOWED", `Method ${method} not allowed; use ${allowed}`, {
    headers: { Allow: allowHeader(methods) },
  });
}

/** Mount with `router.all(path, methodNotAllowed([...]))` after the route's own methods. */
export function methodNotAllowed(methods: readonly string[]): RequestHandler {
  return (req, _res, next) => next(methodNotAllowedError(req.method, methods));
}

/**
 * Answers 405 directly, for routes that belong to no route family (operator endpoints, /openapi.json, /docs): the same
 * `{ ok: false, error }` body on every service, whatever the host app's own envelope.
 */
export function sendMethodNotAllowed(res: Response, method: string, methods: readonly string[]): void {
  const err = methodNotAllowedError(method, methods);
  res
    .status(405)
    .set(err.headers ?? {})
    .json({ ok: false, error: err.message });
}

/** A handler answering 405 itself; mount with `router.all(paths, answerMethodNotAllowed([...]))`. */
export function answerMethodNotAllowed(methods: readonly string[]): RequestHandler {
  return (req, res) => sendMethodNotAllowed(res, req.method, methods);
}
