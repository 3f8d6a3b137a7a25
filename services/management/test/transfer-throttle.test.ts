/**
 * transferBot's target-account lookup is counted per account (10 a minute by default; 3 here), so it cannot be used
 * to test e-mail addresses for accounts at request speed: beyond, 429 in the /apiv3 shape with Retry-After.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { randomUUID } from "node:crypto";
import request from "supertest";
import { TRANSFER_LOOKUPS } from "../src/bots/bot-service.js";
import { Browser, listen } from "./dashboard-client.js";
import { startHarness, type Harness } from "./harness.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ transferLookups: { limit: 3, windowMs: 60_000 } });
});
afterAll(async () => {
  await h.close();
});

const post = (op: string, body: unknown) =>
  request(h.app)
    .post(`/apiv3/${op}`)
    .send(body as object);
const stranger = () => `nobody-${randomUUID().slice(0, 8)}@example.com`;

async function ownerWithBot() {
  const owner = await h.account();
  const res = await post("createBot", { apiKey: owner.apiKey, name: "b", code: "logic['hi'] = async () => 'hi';" });
  return { owner, botId: res.body.botId as string };
}

describe("transferBot's target lookup throttle", () => {
  it("defaults to 10 lookups a minute", () => {
    expect(TRANSFER_LOOKUPS).toEqual({ limit: 10, windowMs: 60_000 });
  });

  it("answers 3 lookups, then 429 { ok, msg, stat_code } with Retry-After, for known and unknown e-mails alike", async () => {
    const { owner, botId } = await ownerWithBot();
    const target = await h.account();
    for (let i = 0; i < 2; i++) {
      const miss = await post("transferBot", { apiKey: owner.apiKey, botId, targetEmail: stranger() });
      expect(miss.status).toBe(404);
      expect(miss.body).toEqual({ ok: false, msg: "Target account not found", stat_code: 404 });
    }
    const hit = await post("transferBot", { apiKey: owner.apiKey, botId, targetEmail: target.email });
    expect(hit.status).toBe(200);
    for (const targetEmail of [stranger(), target.email]) {
      const limited = await post("transferBot", { apiKey: owner.apiKey, botId, targetEmail });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        ok: false,
        msg: expect.stringMatching(/^Too many transfers from this account; try again in \d+ s$/),
        stat_code: 429,
      });
      const wait = Number(limited.headers["retry-after"]);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
    }
  });

  it("counts per account: another account is not held, and parallel lookups never pass the limit", async () => {
    const { owner, botId } = await ownerWithBot();
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => post("transferBot", { apiKey: owner.apiKey, botId, targetEmail: stranger() })),
    );
    expect(replies.filter((r) => r.status === 404)).toHaveLength(3);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(9);
    const other = await ownerWithBot();
    const free = await post("transferBot", { apiKey: other.owner.apiKey, botId: other.botId, targetEmail: stranger() });
    expect(free.status).toBe(404);
  });

  it("shares the count with the dashboard's transfer route, which answers 429 RATE_LIMITED in the /api shape", async () => {
    const { server, origin } = await listen(h.app);
    try {
      const b = new Browser(origin, "10.8.0.1");
      await b.signUp(stranger());
      const made = await b.call("post", "/api/bots", { name: "b" });
      const botId = made.body.bot?.botId ?? made.body.botId;
      const apiKey = (await b.call("get", "/api/settings/api-key")).body.apiKey as string;
      for (let i = 0; i < 3; i++)
        expect((await post("transferBot", { apiKey, botId, targetEmail: stranger() })).status).toBe(404);
      const res = await b.call("post", `/api/bots/${botId}/transfer`, { targetEmail: stranger() });
      expect(res.status).toBe(429);
      expect(res.body.error.code).toBe("RATE_LIMITED");
      expect(res.headers["retry-after"]).toBeDefined();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("counts nothing for a bot that is not the caller's (404 before any lookup)", async () => {
    const { owner, botId } = await ownerWithBot();
    for (let i = 0; i < 5; i++) {
      const res = await post("transferBot", { apiKey: owner.apiKey, botId: "nope", targetEmail: stranger() });
      expect(res.body).toEqual({ ok: false, msg: "Bot not found", stat_code: 404 });
    }
    const lookup = await post("transferBot", { apiKey: owner.apiKey, botId, targetEmail: stranger() });
    expect(lookup.body.msg).toBe("Target account not found");
  });
});
