/**
 * What happens to loaded bots over time and across replicas: restart, stop, env and delete events reach every replica
 * at once; the least recently used isolate goes first when a replica holds too many; an idle one is freed.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import request from "supertest";
import type { Gateway } from "../src/app.js";
import { waitFor } from "@botyard/testing";
import { startGatewayHarness, type GatewayHarness } from "./harness.js";

/** Code whose isolate counts its calls: a fresh isolate answers 1. */
const COUNTER = "let calls = 0; logic['count'] = async () => ++calls;";
const count = async (app: Gateway["app"], botId: string) =>
  (await request(app).get(`/custom/${botId}/count`)).body.data as number;

describe("two gateway replicas", () => {
  let h: GatewayHarness;
  let second: Gateway;
  beforeAll(async () => {
    h = await startGatewayHarness();
    second = await h.replica();
  });
  afterAll(async () => {
    await h.close();
  });

  it("both run the new code on the first call after restartBot answers, and the old code until then", async () => {
    const { botId } = await h.bot("logic['v'] = async () => 'one';");
    for (const app of [h.app, second.app]) expect((await request(app).get(`/custom/${botId}/v`)).body.data).toBe("one");
    await h.edit(botId, "logic['v'] = async () => 'two';");
    for (const app of [h.app, second.app]) expect((await request(app).get(`/custom/${botId}/v`)).body.data).toBe("one");
    await h.restart(botId);
    for (const app of [h.app, second.app]) expect((await request(app).get(`/custom/${botId}/v`)).body.data).toBe("two");
    expect(h.gateway.runtime.loadedCount).toBeGreaterThan(0);
    expect(second.runtime.loadedCount).toBeGreaterThan(0);
  });

  it("both refuse a stopped bot and forget a deleted one at once", async () => {
    const stopped = await h.bot("logic['v'] = async () => 'up';");
    const deleted = await h.bot("logic['v'] = async () => 'up';");
    for (const app of [h.app, second.app]) {
      expect((await request(app).get(`/custom/${stopped.botId}/v`)).status).toBe(200);
      expect((await request(app).get(`/custom/${deleted.botId}/v`)).status).toBe(200);
    }
    await h.op("stopBot", { botId: stopped.botId });
    await h.op("deleteBot", { botId: deleted.botId });
    for (const app of [h.app, second.app]) {
      expect((await request(app).get(`/custom/${stopped.botId}/v`)).body).toEqual({
        ok: false,
        message: "Bot is not running",
      });
      expect((await request(app).get(`/custom/${deleted.botId}/v`)).body).toEqual({
        ok: false,
        message: "Bot not found",
      });
    }
  });

  it("both see new env values on the first call after setBotEnv answers", async () => {
    const { botId } = await h.bot("logic['env'] = async () => process.env.GREETING ?? null;", {
      env: { GREETING: "hello" },
    });
    for (const app of [h.app, second.app])
      expect((await request(app).get(`/custom/${botId}/env`)).body.data).toBe("hello");
    await h.op("setBotEnv", { botId, env: { GREETING: "héllo 👋" } });
    for (const app of [h.app, second.app])
      expect((await request(app).get(`/custom/${botId}/env`)).body.data).toBe("héllo 👋");
  });
});

describe("isolate eviction", () => {
  it("frees the least recently used isolate when a replica holds more than maxLoaded", async () => {
    const h = await startGatewayHarness({ maxLoaded: 2 });
    try {
      const [a, b, c] = [await h.bot(COUNTER), await h.bot(COUNTER), await h.bot(COUNTER)];
      expect(await count(h.app, a.botId)).toBe(1);
      expect(await count(h.app, a.botId)).toBe(2);
      expect(await count(h.app, b.botId)).toBe(1);
      expect(await count(h.app, c.botId)).toBe(1); // a was used least recently: freed
      expect(h.gateway.runtime.loadedCount).toBe(2);
      expect(await count(h.app, c.botId)).toBe(2);
      expect(await count(h.app, a.botId)).toBe(1); // rebuilt from its code; b goes now
      expect(await count(h.app, c.botId)).toBe(3);
      expect(await count(h.app, b.botId)).toBe(1);
      expect(h.gateway.runtime.loadedCount).toBe(2);
    } finally {
      await h.close();
    }
  });

  it("frees an isolate left idle for idleMs and builds it again on the next call", async () => {
    const h = await startGatewayHarness({ idleMs: 300 });
    try {
      const { botId } = await h.bot(COUNTER);
      expect(await count(h.app, botId)).toBe(1);
      expect(await count(h.app, botId)).toBe(2);
      expect(h.gateway.runtime.loadedCount).toBe(1);
      await waitFor(() => h.gateway.runtime.loadedCount === 0, { timeoutMs: 5000 });
      expect(await count(h.app, botId)).toBe(1);
    } finally {
      await h.close();
    }
  });
});
