/**
 * Serves the route table of routes.ts under /api: for each route, the Origin check on state-changing calls, the
 * session and its CSRF token where the route needs them, JSON body parsing, zod validation, the handler, and the reply
 * shaped by its schema. Errors are `{ ok: false, error: { code, message, field? } }` with the catalogue's status.
 *
 * @see docs/dashboard.md
 */
import express, { type Request, type RequestHandler, type Response, type Router } from "express";
import { AppError } from "@botyard/common/errors";
import { errorHandler, limitedBodyParser, methodNotAllowed, type Problem } from "@botyard/common/http";
import type { Logger } from "@botyard/common/logging";
import { parseOrThrow, shapeReply } from "@botyard/openapi";
import { APIV3_BODY_BYTES, APIV3_BODY_LIMIT } from "../apiv3/router.js";
import type { SessionContext } from "../auth/auth-service.js";
import { type DashboardRoute, type DashboardServices, dashboardRoutes } from "./routes.js";

/** The error body of /api. Extra details (the job on a 409) sit next to `error`. */
export const dashboardErrorBody = (p: Problem) => ({
  ok: false,
  error: { code: p.code, message: p.message, ...(p.field !== undefined ? { field: p.field } : {}) },
  ...p.details,
});

function bodyObject(req: Request): Record<string, unknown> {
  const body: unknown = req.body ?? {};
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new AppError("INVALID_INPUT", "Request body must be a JSON object");
  return body as Record<string, unknown>;
}

function serve(route: DashboardRoute, services: DashboardServices): RequestHandler {
  return async (req: Request, res: Response) => {
    const params = route.params ? parseOrThrow(route.params, req.params) : {};
    const query = route.query ? parseOrThrow(route.query, req.query) : {};
    const body = route.body ? parseOrThrow(route.body, bodyObject(req)) : undefined;
    const session = res.locals.session as SessionContext;
    const reply = await route.handler(
      { req, res, params: params as Record<string, string>, query: query as Record<string, unknown>, body, session },
      services,
    );
    if (!route.reply) return; // a stream: the handler owns the response
    res.status(route.status ?? 200).json(shapeReply(route.reply, reply));
  };
}

/** Builds the /api router. */
export function dashboardRouter(services: DashboardServices, logger: Logger): Router {
  const router = express.Router();
  const json = limitedBodyParser(express.json, { limit: APIV3_BODY_BYTES, type: () => true, strict: true });
  const { http } = services;
  // Replies carry session data (the CSRF token, the API key): never cached by the browser or a proxy.
  router.use("/api", (_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  const methodsByPath = new Map<string, string[]>();
  for (const route of dashboardRoutes) {
    const chain: RequestHandler[] = [http.sameOrigin];
    if (route.access === "session") chain.push(http.requireSession, http.csrfToken);
    if (route.body) chain.push(json);
    chain.push(serve(route, services));
    router[route.method](route.path, ...chain);
    const methods = methodsByPath.get(route.path) ?? [];
    methods.push(route.method.toUpperCase(), ...(route.method === "get" ? ["HEAD"] : []));
    methodsByPath.set(route.path, methods);
  }
  for (const [path, methods] of methodsByPath) router.all(path, methodNotAllowed(methods));
  router.use("/api", () => {
    throw new AppError("NOT_FOUND");
  });
  router.use(
    "/api",
    errorHandler({ envelope: dashboardErrorBody, logger, context: "dashboard request", bodyLimit: APIV3_BODY_LIMIT }),
  );
  return router;
}
