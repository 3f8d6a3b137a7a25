/**
 * Restarts, edits and halts while a bot serves traffic: a restart never costs a call (graceful swap), once restartBot
 * has answered no replica starts a call on the old code (read your restart), and a restart clears the halt and the
 * incident count whether or not any replica has the bot loaded.
 *
 * @see docs/bot-runtime.md#restarts
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import request from "supertest";
import { waitFor } from "@botyard/testing";
import type { Gateway } from "../src/app.js";
import { startGatewayHarness, type GatewayHarness } from "./harness.js";

/** A handler that takes a little time, so restarts land while calls are in flight, and says which code ran it. */
const versioned = (v: number) =>
  `logic['v'] = async () => { await new Promise((r) => setTimeout(r, 15)); return ${v}; };`;

let h: GatewayHarness;
let second: Gateway;
beforeAll(async () => {
  h = await startGatewayHarness({ timeoutMs: 2000, maxConcurrentPerBot: 64 });
  second = await h.replica();
});
afterAll(async () => {
  await h.close();
});

describe("restart under load", () => {
  it("10 clients on two replicas, 25 restarts: no 5xx, no halt, and no call starts on code older than the last answered restart", async () => {
    const { botId } = await h.bot(versioned(0));
    const apps = [h.app, second.app];
    const calls: Array<{ startedAt: number; status: number; version: unknown }> = [];
    const restarts: Array<{ version: number; answeredAt: number }> = [];
    let running = true;
    const client = async (n: number) => {
      for (let i = 0; running; i++) {
        const startedAt = performance.now();
        const res = await request(apps[(n + i) % 2]!).get(`/custom/${botId}/v`);
        calls.push({ startedAt, status: res.status, version: res.body.data });
      }
    };
    const clients = Array.from({ length: 10 }, (_, n) => client(n));
    for (let version = 1; version <= 25; version++) {
      await h.edit(botId, versioned(version));
      await h.restart(botId);
      restarts.push({ version, answeredAt: performance.now() });
      // Let some calls run on this version before the next restart.
      const seen = calls.length;
      await waitFor(() => calls.length >= seen + 10, { what: `10 calls after restart ${version}` });
    }
    running = false;
    await Promise.all(clients);

    expect(calls.length).toBeGreaterThan(250);
    expect(calls.filter((c) => c.status !== 200)).toEqual([]);
    const stale = calls.filter((c) => {
      const latest = restarts.filter((r) => r.answeredAt < c.startedAt).at(-1);
      return latest !== undefined && (c.version as number) < latest.version;
    });
    expect(stale).toEqual([]);
    const { bot } = (await h.op("getBot", { botId })) as { bot: { status: string; haltReason: unknown } };
    expect(bot).toMatchObject({ status: "running", haltReason: null });
    const errors = (await h.logs(botId)).filter((l) => l.level === "error");
    expect(errors).toEqual([]);
  });

  it("a call in flight finishes on the old code after the restart answered; the old isolate is then freed", async () => {
    const { botId } = await h.bot(
      // The old code's slow call waits for a flag that only the new code sets: it cannot finish before the restart.
      `logic['slow'] = async (q, b, db) => {
        console.log('slow call started');
        while (!(await db.operation.findOne('flags', { _id: 'go' }))) await new Promise((r) => setTimeout(r, 10));
        return 'old';
      };
      logic['v'] = async () => 'old';`,
    );
    expect((await request(h.app).get(`/custom/${botId}/v`)).body.data).toBe("old");
    const inFlight = request(h.app)
      .get(`/custom/${botId}/slow`)
      .then((r) => r);
    await h.waitForLog(botId, /^slow call started$/);
    await h.edit(
      botId,
      "logic['slow'] = async () => 'new'; logic['v'] = async (q, b, db) => { await db.operation.insertOne('flags', { _id: 'go' }); return 'new'; };",
    );
    await h.restart(botId);
    expect((await request(h.app).get(`/custom/${botId}/v`)).body.data).toBe("new");
    const finished = await inFlight;
    expect(finished.status).toBe(200);
    expect(finished.body.data).toBe("old");
    expect(h.gateway.runtime.loadedCount).toBeGreaterThan(0);
  });
});

describe("restart racing an edit", () => {
  it("each restart runs a whole saved file; the last restart after the last edit runs the last edit", async () => {
    const { botId } = await h.bot(versioned(0));
    const edits = Array.from({ length: 15 }, (_, i) => h.edit(botId, versioned(i + 1)));
    const restarts = Array.from({ length: 15 }, () => h.restart(botId));
    const replies = Promise.all(Array.from({ length: 60 }, () => request(h.app).get(`/custom/${botId}/v`)));
    await Promise.all([...edits, ...restarts]);
    for (const res of await replies) {
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(expect.any(Number));
    }
    const saved = (await h.op("getbotCode", { botId })).data as string;
    await h.restart(botId);
    const expected = Number(/return (\d+);/.exec(saved)?.[1]);
    for (const app of [h.app, second.app])
      expect((await request(app).get(`/custom/${botId}/v`)).body.data).toBe(expected);
  });
});

describe("halts and restarts across gateway restarts", () => {
  it("a bot halted, then restarted while no gateway has it loaded, starts with a clean count", async () => {
    const hx = await startGatewayHarness({ timeoutMs: 300 });
    try {
      const { botId } = await hx.bot("logic['spin'] = async () => { for (;;) {} }; logic['ok'] = async () => 'ok';");
      for (let i = 0; i < 3; i++) await request(hx.app).get(`/custom/${botId}/spin`);
      expect((await request(hx.app).get(`/custom/${botId}/ok`)).status).toBe(403);
      // The gateway goes away and a new one comes up: nothing of the bot is loaded anywhere.
      await hx.gateway.close();
      const fresh = await hx.replica();
      expect(fresh.runtime.loadedCount).toBe(0);
      await hx.restart(botId);
      expect((await request(fresh.app).get(`/custom/${botId}/ok`)).body).toEqual({ ok: true, data: "ok" });
      // One incident after the restart is one strike of three, not the fourth.
      expect((await request(fresh.app).get(`/custom/${botId}/spin`)).status).toBe(500);
      expect((await request(fresh.app).get(`/custom/${botId}/ok`)).status).toBe(200);
      const { bot } = (await hx.op("getBot", { botId })) as { bot: { status: string } };
      expect(bot.status).toBe("running");
    } finally {
      await hx.close();
    }
  });

  it("a halt on one replica is refused by the other at once", async () => {
    const hx = await startGatewayHarness({ timeoutMs: 300 });
    try {
      const other = await hx.replica();
      const { botId } = await hx.bot("logic['spin'] = async () => { for (;;) {} }; logic['ok'] = async () => 'ok';");
      expect((await request(other.app).get(`/custom/${botId}/ok`)).status).toBe(200);
      for (let i = 0; i < 3; i++) await request(hx.app).get(`/custom/${botId}/spin`);
      expect((await request(hx.app).get(`/custom/${botId}/ok`)).status).toBe(403);
      // The other replica had the bot loaded and its row cached; the halt event reached it.
      const res = await request(other.app).get(`/custom/${botId}/ok`);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ ok: false, message: "Bot is halted" });
    } finally {
      await hx.close();
    }
  });
});
