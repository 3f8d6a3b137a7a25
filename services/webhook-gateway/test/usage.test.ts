/**
 * Usage metering through the real gateway and Postgres (docs/operations.md#usage-metering): the counts a forced flush
 * writes match the calls made (requests, errors by kind, wall times, host calls, Bot API calls, egress, stored data),
 * two replicas add up, and getBotUsage reads them back. Then the account quotas the gateway enforces, at their edge:
 * requests a second across the account's bots (429) and stored documents and bytes (QUOTA_EXCEEDED in bot code).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { parsePlans } from "@botyard/common/plans";
import request from "supertest";
import { startGatewayHarness, type GatewayHarness } from "./harness.js";

type Row = Record<string, unknown> & {
  requests: number;
  errors: number;
  errorsByKind: Record<string, number>;
  hostCalls: Record<string, number>;
};

/** Sums the numeric fields of getBotUsage's rows (a test may straddle a minute). */
function total(rows: Row[]) {
  const sum = (pick: (r: Row) => number) => rows.reduce((n, r) => n + pick(r), 0);
  return {
    requests: sum((r) => r.requests),
    errors: sum((r) => r.errors),
    handler: sum((r) => r.errorsByKind.handler as number),
    timeout: sum((r) => r.errorsByKind.timeout as number),
    refused: sum((r) => r.errorsByKind.refused as number),
    db: sum((r) => r.hostCalls.db as number),
    telegram: sum((r) => r.hostCalls.telegram as number),
    http: sum((r) => r.hostCalls.http as number),
    sleep: sum((r) => r.hostCalls.sleep as number),
    botApiCalls: sum((r) => r.botApiCalls as number),
    egressBytes: sum((r) => r.egressBytes as number),
    cpuMs: sum((r) => r.cpuMs as number),
  };
}

describe("usage metering", () => {
  let h: GatewayHarness;
  let upstream: Server;
  let upstreamUrl: string;
  const RESPONSE = JSON.stringify({ hello: "x".repeat(100) });

  beforeAll(async () => {
    h = await startGatewayHarness({ allowPrivateEgress: true, timeoutMs: 300 });
    upstream = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.setHeader("content-type", "application/json");
        res.end(RESPONSE);
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await h.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it("writes, at a flush, the counts of the calls made, across two replicas", async () => {
    const { botId } = await h.bot(
      `
      logic['ok'] = async () => 'ok';
      logic['boom'] = async () => { throw new Error('boom'); };
      logic['hang'] = async () => new Promise(() => {});
      logic['db'] = async (q, b, db) => { await db.operation.insertOne('c', { n: 1 }); return db.operation.findAll('c'); };
      logic['tg'] = async () => bot.telegram.getMe();
      logic['http'] = async () => (await axios.post(process.env.URL, 'abcde')).status;
      logic['nap'] = async () => new Promise((r) => setTimeout(r, 5));
    `,
      { env: { URL: upstreamUrl } },
    );
    const replica = await h.replica();
    const call = (app: typeof h.app, path: string) => request(app).get(`/custom/${botId}/${path}`);
    for (let i = 0; i < 4; i++) expect((await call(h.app, "ok")).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await call(replica.app, "ok")).status).toBe(200);
    expect((await call(h.app, "boom")).status).toBe(500);
    expect((await call(replica.app, "boom")).status).toBe(500);
    expect((await call(h.app, "hang")).status).toBe(500);
    expect((await call(h.app, "db")).status).toBe(200);
    expect((await call(h.app, "tg")).status).toBe(200);
    expect((await call(h.app, "http")).status).toBe(200);
    expect((await call(h.app, "nap")).status).toBe(200);
    // A handler that does not exist is the owner's 400, not a call of bot code that failed: a request, no error.
    expect((await call(h.app, "nothing")).status).toBe(400);

    // Nothing is written before a flush: no write per request.
    expect((await h.op("getBotUsage", { botId, granularity: "minute" })).usage).toEqual([]);
    await h.gateway.usage.flush();
    await replica.usage.flush();

    const minutes = (await h.op("getBotUsage", { botId, granularity: "minute" })).usage as Row[];
    const hours = (await h.op("getBotUsage", { botId, granularity: "hour" })).usage as Row[];
    const t = total(minutes);
    expect(t).toMatchObject({
      requests: 15,
      errors: 3,
      handler: 2,
      timeout: 1,
      refused: 0,
      db: 2,
      telegram: 1,
      http: 1,
      sleep: 1,
      botApiCalls: 1,
      egressBytes: 5 + Buffer.byteLength(RESPONSE),
    });
    expect(t.cpuMs).toBeGreaterThan(0);
    expect(total(hours)).toMatchObject({ requests: 15, errors: 3, db: 2, egressBytes: t.egressBytes });
    const last = minutes.at(-1) as Row;
    expect(last.storedDocuments).toBe(1);
    expect(last.storedBytes).toBeGreaterThan(0);
    // The hung call took the time limit (300 ms): the p99 of the minute is in the 250-500 ms bucket.
    const p99 = Math.max(...minutes.map((r) => r.wallTimeP99Ms as number));
    expect(p99).toBeGreaterThan(250);
    expect(p99).toBeLessThanOrEqual(500);
    expect(minutes.every((r) => typeof r.at === "string" && r.at.endsWith(":00.000Z"))).toBe(true);
  });
  it("counts a reply the gateway refuses to send (a statusCode that is no HTTP status) as a handler error", async () => {
    const { botId } = await h.bot(`
      logic['ok'] = async () => 'ok';
      logic['bad'] = async (q, b, db, response) => { response.statusCode = /^\\d+$/.test(q.code) ? Number(q.code) : q.code; return 'x'; };
    `);
    const call = (path: string) => request(h.app).get(`/custom/${botId}/${path}`);
    for (const code of ["700", "99", "abc"]) {
      const res = await call(`bad?code=${code}`);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ ok: false, message: "Handler error" });
    }
    expect((await call("ok")).status).toBe(200);
    expect((await call("bad?code=404")).status).toBe(404);
    await h.waitForLog(botId, /^custom\/bad: response\.statusCode 700 is not an HTTP status from 200 to 599$/);
    await h.gateway.usage.flush();
    const t = total((await h.op("getBotUsage", { botId, granularity: "minute" })).usage as Row[]);
    // The 404 is the handler's own answer, not an error of the call.
    expect(t).toMatchObject({ requests: 5, errors: 3, handler: 3, timeout: 0, refused: 0 });
  });
});

describe("account quotas in the gateway", () => {
  let h: GatewayHarness;
  const plans = parsePlans(
    JSON.stringify({
      small: {
        bots: 5,
        storedDocuments: 3,
        storedBytes: 1024 * 1024,
        broadcastsPerDay: 1,
        liveStreams: 1,
        pendingScheduledRuns: 0,
        requestsPerSecond: 3,
      },
    }),
    "small",
  );

  beforeAll(async () => {
    h = await startGatewayHarness({ plans });
  });
  afterAll(async () => {
    await h.close();
  });

  it("lets requestsPerSecond requests through across the account's bots, then answers 429 QUOTA_EXCEEDED", async () => {
    const a = (await h.bot("logic['ok'] = async () => 'ok';")).botId;
    const b = (await h.bot("logic['ok'] = async () => 'ok';")).botId;
    const statuses: number[] = [];
    for (const botId of [a, b, a]) statuses.push((await request(h.app).get(`/custom/${botId}/ok`)).status);
    expect(statuses).toEqual([200, 200, 200]);
    const over = await request(h.app).get(`/custom/${b}/ok`);
    expect(over.status).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(over.body).toMatchObject({
      ok: false,
      code: "QUOTA_EXCEEDED",
      quota: "requestsPerSecond",
      limit: 3,
      use: 3,
    });
    expect(over.body.message).toMatch(/requestsPerSecond/);
    await h.gateway.usage.flush();
    const rows = (await h.op("getBotUsage", { botId: b, granularity: "minute" })).usage as Row[];
    expect(total(rows).refused).toBe(1);
  });

  it("lets bot code store storedDocuments documents across the account's bots, then fails with QUOTA_EXCEEDED", async () => {
    await new Promise((r) => setTimeout(r, 1100)); // the rate quota above refills
    const code = `logic['put'] = async (q, b, db) => {
      try { await db.operation.insertOne('c', { n: Number(q.n) }); return 'stored'; }
      catch (err) { return { code: err.code, message: err.message }; }
    };`;
    const a = (await h.bot(code)).botId;
    const b = (await h.bot(code)).botId;
    const put = async (botId: string, n: number) =>
      (await request(h.app).get(`/custom/${botId}/put?n=${n}`)).body.data as unknown;
    expect(await put(a, 1)).toBe("stored");
    expect(await put(a, 2)).toBe("stored");
    await new Promise((r) => setTimeout(r, 1100));
    expect(await put(b, 3)).toBe("stored");
    const refused = (await put(b, 4)) as { code: string; message: string };
    expect(refused.code).toBe("QUOTA_EXCEEDED");
    expect(refused.message).toMatch(/storedDocuments quota .*limit 3 documents, 3 stored/);
    const usage = await h.op("getAccountUsage");
    expect(usage.plan).toBe("small");
    expect(usage.quotas).toContainEqual({ quota: "storedDocuments", limit: 3, use: 3 });
  });
});
