/**
 * The routes every service shares, described once: /healthz, /readyz, /metrics (from @botyard/common/service's
 * operatorRouter) and /openapi.json, /docs (from this package's docsRouter).
 */
import type { ApiRegistry } from "./registry.js";
import { z } from "./zod.js";

/** The body of a 405 on routes outside any route family. */
export const MethodNotAllowedBody = z
  .object({ ok: z.literal(false), error: z.string() })
  .openapi({ example: { ok: false, error: "Method POST not allowed; use GET" } });

const Health = z.object({ ok: z.literal(true) }).openapi("Health");
/** `/readyz`'s body; a service that adds fields of its own (`details`) extends it. */
export const Readiness = z
  .object({
    ok: z.boolean(),
    draining: z.boolean().openapi({ description: "True once shutdown began: stop sending work here." }),
    checks: z.record(z.string(), z.boolean()).openapi({ description: "Each dependency: true when it answers." }),
  })
  .openapi("Readiness");

const readyExample = { ok: true, draining: false, checks: { postgres: true, redis: true } };

/**
 * Registers /healthz, /readyz and /metrics. `readiness`: the body of `/readyz` when the service adds fields to it.
 * @defaultValue {@link Readiness}
 */
export function registerOperatorRoutes(registry: ApiRegistry, readiness: z.ZodTypeAny = Readiness): void {
  registry.route({
    method: "get",
    path: "/healthz",
    tags: ["Operations"],
    summary: "Process is up",
    operationId: "healthz",
    responses: {
      200: {
        description: "The process answers.",
        content: { "application/json": { schema: Health, example: { ok: true } } },
      },
    },
  });
  registry.route({
    method: "get",
    path: "/readyz",
    tags: ["Operations"],
    summary: "Postgres and Redis answer and the service is not draining",
    operationId: "readyz",
    responses: {
      200: {
        description: "Ready for work.",
        content: { "application/json": { schema: readiness, example: readyExample } },
      },
      503: {
        description: "A dependency does not answer, or the service is shutting down.",
        content: {
          "application/json": {
            schema: readiness,
            example: { ok: false, draining: false, checks: { postgres: true, redis: false } },
          },
        },
      },
    },
  });
  registry.route({
    method: "get",
    path: "/metrics",
    tags: ["Operations"],
    summary: "Prometheus metrics",
    operationId: "metrics",
    responses: {
      200: {
        description: "Prometheus text exposition format.",
        content: { "text/plain": { schema: z.string(), example: "# HELP http_requests_total …\n" } },
      },
    },
  });
}

/** Registers /openapi.json and, when the service serves it, /docs. */
export function registerDocumentRoutes(registry: ApiRegistry, options: { docsPage: boolean }): void {
  registry.route({
    method: "get",
    path: "/openapi.json",
    tags: ["Operations"],
    summary: "This document",
    operationId: "openapiDocument",
    responses: {
      200: {
        description: "The OpenAPI 3.1 document of this service.",
        content: {
          "application/json": {
            schema: z.object({ openapi: z.string() }).passthrough(),
            example: { openapi: "3.1.0", info: { title: "Botyard", version: "1" }, paths: {} },
          },
        },
      },
    },
  });
  if (!options.docsPage) return;
  registry.route({
    method: "get",
    path: "/docs",
    tags: ["Operations"],
    summary: "API reference page (served from this server's own assets; works offline)",
    operationId: "docsPage",
    responses: {
      200: {
        description: "An HTML page.",
        content: { "text/html": { schema: z.string(), example: '<!doctype html>\n<html lang="en">…</html>\n' } },
      },
    },
  });
}
