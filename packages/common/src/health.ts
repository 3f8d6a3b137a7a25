/** `/healthz`, `/readyz` and `/metrics`, mounted on a service's app (or on a small app of its own for the worker). */
import express, { type Router } from "express";
import type { Registry } from "prom-client";

/** A named dependency check for `/readyz`: resolves true when the dependency answers. */
export type ReadinessCheck = () => Promise<boolean>;

/**
 * Router with the three operator endpoints. `/readyz` answers 503 while any check fails or while the service is
 * draining (`isDraining()`), so a load balancer stops sending work before shutdown.
 */
export function operatorRouter(options: {
  registry: Registry;
  checks: Record<string, ReadinessCheck>;
  isDraining?: () => boolean;
}): Router {
  const router = express.Router();
  router.get("/healthz", (_req, res) => {
    res.json({ ok: true });
  });
  router.get("/readyz", async (_req, res) => {
    const entries = await Promise.all(
      Object.entries(options.checks).map(async ([name, check]) => [name, await check().catch(() => false)] as const),
    );
    const checks = Object.fromEntries(entries);
    const draining = options.isDraining?.() ?? false;
    const ok = !draining && entries.every(([, up]) => up);
    res.status(ok ? 200 : 503).json({ ok, draining, checks });
  });
  router.get("/metrics", async (_req, res) => {
    res.set("Content-Type", options.registry.contentType);
    res.send(await options.registry.metrics());
  });
  return router;
}
