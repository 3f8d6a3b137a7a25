/**
 * Usage metering of broadcasts (docs/operations.md#usage-metering): the messages a run sent and failed are counted
 * into the bot's usage rows at the worker's flush, adding to what the gateway writes.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { UsageRepository } from "@botyard/db";
import type { BroadcastWorker } from "../src/app.js";
import { startWorkerHarness, type WorkerHarness } from "./harness.js";

let h: WorkerHarness;
let worker: BroadcastWorker;
beforeAll(async () => {
  h = await startWorkerHarness();
  // Flushed by the test only.
  worker = await h.startWorker({ usage: { flushMs: 3_600_000 } });
});
afterAll(async () => {
  await h.close();
});

describe("broadcast usage", () => {
  it("counts each message sent and failed into the bot's minute and hour", async () => {
    const { botId } = await h.bot(6);
    h.fake.configure({ blockedChats: new Set([2, 5]) });
    const id = await h.queue(botId, { type: "text", text: "hi" });
    await h.waitForStatus(id, ["completed"]);
    const repo = new UsageRepository(h.handle.db);
    const window = [new Date(Date.now() - 3_600_000), new Date(Date.now() + 3_600_000)] as const;
    expect(await repo.botUsage(botId, "minute", ...window, 100)).toEqual([]);
    await worker.flushUsage();
    for (const granularity of ["minute", "hour"] as const) {
      const rows = await repo.botUsage(botId, granularity, ...window, 100);
      const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + pick(r), 0);
      expect([granularity, sum((r) => r.broadcastSent), sum((r) => r.broadcastFailed)]).toEqual([granularity, 4, 2]);
      expect(sum((r) => r.requests)).toBe(0);
    }
  });
});
