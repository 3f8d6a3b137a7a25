/**
 * HttpMetrics counts requests in plain numbers and builds the Prometheus series only when scraped: the exposition must
 * say exactly what prom-client's own Histogram and Counter would have said for the same requests.
 */
import { describe, expect, it } from "@jest/globals";
import { Counter, Histogram, Registry } from "prom-client";
import { HTTP_DURATION_BUCKETS, HttpMetrics } from "../src/metrics.js";

/** Each sample line as `name{sorted labels} value`, sorted: label order is not part of the format. */
function samples(exposition: string): string[] {
  return exposition
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const m = /^([^{ ]+)(?:\{(.*)\})? (.+)$/.exec(line);
      if (!m) throw new Error(`not a sample: ${line}`);
      const labels = (m[2] ?? "")
        .split(/,(?=\w+=")/)
        .filter(Boolean)
        .sort()
        .join(",");
      return `${m[1]}{${labels}} ${Number(m[3])}`;
    })
    .sort();
}

const requests: Array<[string, string, number, number]> = [
  ["GET", "/custom/:botId/:customPath", 200, 0.0004],
  ["GET", "/custom/:botId/:customPath", 200, 0.001],
  ["GET", "/custom/:botId/:customPath", 200, 0.03],
  ["POST", "/custom/:botId/:customPath", 404, 0.002],
  ["POST", "/telegram/:botId", 200, 12],
  ["GET", "unmatched", 404, 0.25],
];

describe("HttpMetrics", () => {
  it("exports the same series as prom-client's Histogram and Counter for the same requests", async () => {
    const ours = new Registry();
    ours.setDefaultLabels({ service: "test" });
    const metrics = HttpMetrics.of(ours);
    const theirs = new Registry();
    theirs.setDefaultLabels({ service: "test" });
    const labelNames = ["method", "route", "status"] as const;
    const histogram = new Histogram({
      name: "http_request_duration_seconds",
      help: "HTTP request duration by route pattern and status",
      labelNames,
      buckets: [...HTTP_DURATION_BUCKETS],
      registers: [theirs],
    });
    const total = new Counter({
      name: "http_requests_total",
      help: "HTTP requests by route pattern and status",
      labelNames,
      registers: [theirs],
    });
    for (const [method, route, status, seconds] of requests) {
      metrics.observe(method, route, status, seconds);
      histogram.observe({ method, route, status: String(status) }, seconds);
      total.inc({ method, route, status: String(status) });
    }
    const expected = samples(await theirs.metrics());
    expect(expected.length).toBeGreaterThan(requests.length);
    expect(samples(await ours.metrics())).toEqual(expected);
    expect(await ours.metrics()).toContain("# TYPE http_request_duration_seconds histogram");
    expect(await ours.metrics()).toContain("# TYPE http_requests_total counter");
  });

  it("is one instance per registry, so every HTTP path of a service counts into the same series", async () => {
    const registry = new Registry();
    HttpMetrics.of(registry).observe("GET", "/a", 200, 0.01);
    HttpMetrics.of(registry).observe("GET", "/a", 200, 0.01);
    expect(await registry.metrics()).toContain('http_requests_total{method="GET",route="/a",status="200"} 2');
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain("http_requests_total{");
  });
});
