/** `/healthz`, `/readyz` and `/metrics`, mounted on a service's app (or on a small app of its own for the worker). */
import express, { type Router } from "express";
import type { Registry } from "prom-client";
import { answerMethodNotAllowed } from "../http/methods.js";

/** A named dependency check for `/readyz`: resolves true when the dependency answers. */
export type ReadinessCheck = () => Promise<boolean>;

/**
 * Longest a readiness check may take before it counts as failed, so `/readyz` answers within about a second even when
 * a dependency accepts connections but does not answer.
 */
export const READINESS_CHECK_TIMEOUT_MS = 1000;

/** Runs `check`, counting a rejection or an answer slower than `timeoutMs` as "down". */
export async function runCheck(check: ReadinessCheck, timeoutMs = READINESS_CHECK_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check().catch(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The paths {@link operatorRouter} serves (a dispatcher in front of it answers every other path's 404 itself). */
export const OPERATOR_PATHS: readonly string[] = Object.freeze(["/healthz", "/readyz", "/metrics"]);

/**
 * Router with the three operator endpoints (GET only; other methods answer 405 with `Allow: GET, HEAD`). `/readyz` answers 503 while any check fails, and at once (without
 * running the checks) while the service is draining (`isDraining()`), so a load balancer stops sending work before
 * shutdown.
 *
 * @see docs/operations.md#health-and-metrics
 */
export function operatorRouter(options: {
  registry: Registry;
  checks: Record<string, ReadinessCheck>;
  isDraining?: () => boolean;
  /**
   * Fields added to `/readyz`'s body that do not decide readiness (the gateway's memory pressure: a state to see and
   * alert on, not a reason to take the replica out of service). @defaultValue none
   */
  details?: () => Record<string, unknown>;
}): Router {
  const router = express.Router();
  router.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ ok: true });
  });
  router.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (options.isDraining?.()) {
      res.status(503).json({ ok: false, draining: true, checks: {} });
      return;
    }
    const entries = await Promise.all(
      Object.entries(options.checks).map(async ([name, check]) => [name, await runCheck(check)] as const),
    );
    const checks = Object.fromEntries(entries);
    // A drain that began while the checks ran wins: the answer must not say "ready" after SIGTERM.
    const draining = options.isDraining?.() ?? false;
    const ok = !draining && entries.every(([, up]) => up);
    res.status(ok ? 200 : 503).json({ ok, draining, checks, ...options.details?.() });
  });
  router.get("/metrics", async (_req, res) => {
    res.set("Content-Type", options.registry.contentType);
    res.send(await options.registry.metrics());
  });
  // Other methods get 405 + Allow here, whatever the host app's error envelope: these three are the same everywhere.
  router.all([...OPERATOR_PATHS], answerMethodNotAllowed(["GET", "HEAD"]));
  return router;
}
