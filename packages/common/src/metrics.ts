/** A Prometheus registry per service, with Node's default metrics and an HTTP request histogram. */
import type { NextFunction, Request, Response } from "express";
import { collectDefaultMetrics, type Metric, Registry } from "prom-client";

export { Counter, Gauge, Histogram, Registry } from "prom-client";

/** Creates the registry of `service`, labelled with it, with the default process metrics. */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** Upper bounds (seconds) of `http_request_duration_seconds`. */
export const HTTP_DURATION_BUCKETS: readonly number[] = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10,
];

type HttpLabels = { method: string; route: string; status: string };

interface Series {
  labels: HttpLabels;
  /** Observations per bucket (not cumulative); the last slot counts those above every bound. */
  perBucket: number[];
  sum: number;
  count: number;
}

interface ExportedValue {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

/**
 * What prom-client's Registry reads from a metric: `name` and `get()` for the exposition, `reset()` for
 * `resetMetrics()`. Its `Metric` type names only its own classes, hence the one cast at registration.
 */
class ScrapedMetric {
  readonly aggregator = "sum";
  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: "counter" | "histogram",
    private readonly values: () => ExportedValue[],
    readonly reset: () => void,
  ) {}

  async get() {
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values: this.values() };
  }
}

/**
 * `http_request_duration_seconds` (histogram) and `http_requests_total` (counter) by method, route pattern and
 * status. Requests are counted in plain numbers, one map lookup each, and turned into Prometheus series only when
 * `/metrics` is scraped: prom-client's own `observe` and `inc` hash a label object per call, which was a measurable
 * share of a trivial webhook's cost (bench/README.md#devices-of-the-request-path, the dispatcher). One instance per
 * registry ({@link HttpMetrics.of}), so every HTTP path of a service records into the same series.
 */
export class HttpMetrics {
  static readonly #byRegistry = new WeakMap<Registry, HttpMetrics>();
  readonly #series = new Map<string, Series>();

  private constructor(registry: Registry) {
    const reset = () => this.#series.clear();
    const duration = new ScrapedMetric(
      "http_request_duration_seconds",
      "HTTP request duration by route pattern and status",
      "histogram",
      () => this.#histogramValues(),
      reset,
    );
    const total = new ScrapedMetric(
      "http_requests_total",
      "HTTP requests by route pattern and status",
      "counter",
      () => [...this.#series.values()].map((s) => ({ labels: { ...s.labels }, value: s.count })),
      reset,
    );
    // The registry only calls name, get() and reset() (see ScrapedMetric).
    registry.registerMetric(duration as unknown as Metric);
    registry.registerMetric(total as unknown as Metric);
  }

  /** The HTTP metrics of `registry`, created and registered on first use. */
  static of(registry: Registry): HttpMetrics {
    let metrics = HttpMetrics.#byRegistry.get(registry);
    if (!metrics) {
      metrics = new HttpMetrics(registry);
      HttpMetrics.#byRegistry.set(registry, metrics);
    }
    return metrics;
  }

  /**
   * Counts one request. `route` is the route pattern (`/custom/:botId/:customPath`) or `unmatched`, never a concrete
   * path, so no id or token becomes a label value.
   */
  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.#series.get(key);
    if (!series) {
      series = {
        labels: { method, route, status: String(status) },
        perBucket: new Array<number>(HTTP_DURATION_BUCKETS.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      this.#series.set(key, series);
    }
    let bucket = 0;
    while (bucket < HTTP_DURATION_BUCKETS.length && seconds > (HTTP_DURATION_BUCKETS[bucket] as number)) bucket++;
    series.perBucket[bucket] = (series.perBucket[bucket] ?? 0) + 1;
    series.sum += seconds;
    series.count += 1;
  }

  /** The series as prom-client's Histogram exports them: cumulative `_bucket`s with `le`, then `_sum`, `_count`. */
  #histogramValues(): ExportedValue[] {
    const values: ExportedValue[] = [];
    const name = "http_request_duration_seconds";
    for (const s of this.#series.values()) {
      let cumulative = 0;
      HTTP_DURATION_BUCKETS.forEach((le, i) => {
        cumulative += s.perBucket[i] ?? 0;
        values.push({ labels: { le, ...s.labels }, value: cumulative, metricName: `${name}_bucket` });
      });
      values.push({ labels: { le: "+Inf", ...s.labels }, value: s.count, metricName: `${name}_bucket` });
      values.push({ labels: { ...s.labels }, value: s.sum, metricName: `${name}_sum` });
      values.push({ labels: { ...s.labels }, value: s.count, metricName: `${name}_count` });
    }
    return values;
  }
}

/** Seconds since `start` (a `performance.now()` reading). */
export const secondsSince = (start: number): number => (performance.now() - start) / 1000;

/**
 * Express middleware that records request duration by method, route pattern and status. The label is the route
 * pattern (`/custom/:botId/:customPath`), never the concrete path, so no id or token becomes a label value.
 */
export function httpMetricsMiddleware(registry: Registry) {
  const metrics = HttpMetrics.of(registry);
  return (req: Request, res: Response, next: NextFunction) => {
    const start = performance.now();
    res.on("finish", () => {
      const route = (req.route?.path as string | undefined) ? `${req.baseUrl}${req.route.path as string}` : "unmatched";
      metrics.observe(req.method, route, res.statusCode, secondsSince(start));
    });
    next();
  };
}
