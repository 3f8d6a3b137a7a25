/**
 * The operator endpoints: /healthz is the process, /readyz its dependencies (503 while one is down, and at once
 * while draining), /metrics labels requests by route pattern, never by an id or a token from the path or query.
 */
import { describe, expect, it } from "@jest/globals";
import express, { type Express } from "express";
import request from "supertest";
import { createMetricsRegistry, httpMetricsMiddleware } from "../src/metrics.js";
import { operatorRouter, type ReadinessCheck } from "../src/service/index.js";

function appWith(checks: Record<string, ReadinessCheck>, isDraining?: () => boolean): Express {
  const registry = createMetricsRegistry("test");
  const app = express();
  app.use(httpMetricsMiddleware(registry));
  app.use(operatorRouter({ registry, checks, isDraining }));
  return app;
}

const up: ReadinessCheck = async () => true;

describe("/healthz", () => {
  it("answers 200 whatever the dependencies say", async () => {
    const res = await request(appWith({ postgres: async () => false })).get("/healthz");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });
});

describe("/readyz", () => {
  it("answers 200 when every dependency answers", async () => {
    const res = await request(appWith({ postgres: up, redis: up })).get("/readyz");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, draining: false, checks: { postgres: true, redis: true } });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("answers 503 naming the dependency that is down", async () => {
    const res = await request(appWith({ postgres: up, redis: async () => false })).get("/readyz");
    expect(res.status).toBe(503);
    expect(res.body.checks).toEqual({ postgres: true, redis: false });
  });

  it("counts a check that throws as down", async () => {
    const res = await request(
      appWith({
        postgres: async () => {
          throw new Error("connect ECONNREFUSED");
        },
      }),
    ).get("/readyz");
    expect(res.status).toBe(503);
    expect(res.body.checks).toEqual({ postgres: false });
  });

  it("counts a check that never answers as down, and still answers", async () => {
    const res = await request(appWith({ redis: () => new Promise<boolean>(() => {}) })).get("/readyz");
    expect(res.status).toBe(503);
    expect(res.body.checks).toEqual({ redis: false });
  });

  it("answers 503 while draining, at once, without asking the dependencies", async () => {
    let asked = 0;
    const counted: ReadinessCheck = async () => {
      asked += 1;
      return true;
    };
    const res = await request(appWith({ postgres: counted }, () => true)).get("/readyz");
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ ok: false, draining: true });
    expect(asked).toBe(0);
  });

  it("answers 503 when the drain begins while the checks run", async () => {
    let draining = false;
    const slowUp: ReadinessCheck = async () => {
      draining = true;
      return true;
    };
    const res = await request(appWith({ postgres: slowUp }, () => draining)).get("/readyz");
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ ok: false, draining: true, checks: { postgres: true } });
  });
});

describe("/metrics", () => {
  it("labels requests by route pattern and status, never by the ids or tokens in the path or query", async () => {
    const registry = createMetricsRegistry("test");
    const app = express();
    app.use(httpMetricsMiddleware(registry));
    app.use(operatorRouter({ registry, checks: {} }));
    const router = express.Router();
    router.all("/custom/:botId/:customPath", (_req, res) => {
      res.status(418).json({});
    });
    app.use(router);
    app.get("/broadcast/:jobId", (_req, res) => {
      res.json({});
    });
    const secretBotId = "botIdAbCdEf0123456789";
    const token = "123456:AAHsecretTokenValue0123456789";
    await request(app).post(`/custom/${secretBotId}/hook?token=${encodeURIComponent(token)}`);
    await request(app).get(`/broadcast/jobXyZ987654?botId=${secretBotId}`);
    await request(app).get(`/no/such/route/${secretBotId}`);
    const metrics = (await request(app).get("/metrics")).text;
    const labels = metrics
      .split("\n")
      .filter((line) => line.startsWith("http_requests_total{"))
      .map((line) => line.slice(line.indexOf("{"), line.lastIndexOf("}") + 1));
    expect(labels).toEqual(
      expect.arrayContaining([
        '{method="POST",route="/custom/:botId/:customPath",status="418",service="test"}',
        '{method="GET",route="/broadcast/:jobId",status="200",service="test"}',
        '{method="GET",route="unmatched",status="404",service="test"}',
      ]),
    );
    for (const secret of [secretBotId, "jobXyZ987654", token, "123456", "hook"]) expect(metrics).not.toContain(secret);
  });
});
