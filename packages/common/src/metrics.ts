/** A Prometheus registry per service, with Node's default metrics and an HTTP request histogram. */
import type { NextFunction, Request, Response } from "express";
import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";

export { Counter, Gauge, Histogram, Registry } from "prom-client";

/** Creates the registry of `service`, labelled with it, with the default process metrics. */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}

/**
 * Express middleware that records request duration by method, route pattern and status. The label is the route
 * pattern (`/custom/:botId/:customPath`), never the concrete path, so no id or token becomes a label value.
 */
export function httpMetricsMiddleware(registry: Registry) {
  const histogram = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request duration by route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  const total = new Counter({
    name: "http_requests_total",
    help: "HTTP requests by route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  return (req: Request, res: Response, next: NextFunction) => {
    const end = histogram.startTimer();
    res.on("finish", () => {
      const route = (req.route?.path as string | undefined) ? `${req.baseUrl}${req.route.path as string}` : "unmatched";
      const labels = { method: req.method, route, status: String(res.statusCode) };
      end(labels);
      total.inc(labels);
    });
    next();
  };
}
