/**
 * The dashboard's Schedules tab API (docs/bot-runtime.md#scheduled-runs): the bot's schedules and last runs, cancel
 * and run now, scoped by owner. Schedules are written as the gateway writes them (ScheduleRepository), since bot code
 * is the only writer.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Server } from "node:http";
import { randomUUID } from "node:crypto";
import { ScheduleRepository } from "@botyard/db";
import { Browser, listen } from "./dashboard-client.js";
import { startHarness, type Harness } from "./harness.js";

let h: Harness;
let server: Server;
let owner: Browser;
let stranger: Browser;
let repository: ScheduleRepository;

beforeAll(async () => {
  h = await startHarness();
  let origin: string;
  ({ server, origin } = await listen(h.app));
  owner = new Browser(origin);
  stranger = new Browser(origin, "10.0.0.2");
  expect((await owner.signUp(`owner-${randomUUID().slice(0, 8)}@example.com`)).status).toBe(201);
  expect((await stranger.signUp(`other-${randomUUID().slice(0, 8)}@example.com`)).status).toBe(201);
  repository = new ScheduleRepository(h.handle.db);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

const bounds = { maxOncePerBot: 10, maxCronPerBot: 10 };

describe("the Schedules tab's API", () => {
  it("lists schedules and runs, runs one now, cancels one; other owners see 404", async () => {
    const botId = (await owner.call("post", "/api/bots", { name: "Sched" })).body.botId as string;
    const due = new Date(Date.now() + 3600_000);
    const base = { botId, expression: null, timezone: null, payload: null, dueAt: due };
    await repository.put({ ...base, key: "once", name: "tick", kind: "once" }, bounds);
    await repository.put(
      { ...base, key: "daily", name: "digest", kind: "cron", expression: "0 9 * * *", timezone: "Europe/Berlin" },
      bounds,
    );
    const listed = await owner.call("get", `/api/bots/${botId}/schedules`);
    expect(listed.status).toBe(200);
    expect(listed.body.schedules.map((s: { key: string }) => s.key).sort()).toEqual(["daily", "once"]);
    expect(listed.body.runs).toEqual([]);

    const run = await owner.call("post", `/api/bots/${botId}/schedules/run`, { key: "once" });
    expect(run.body).toEqual({ ok: true, started: true });
    const [row] = await repository.list(botId);
    expect(row?.key).toBe("once");
    expect(row!.next.getTime()).toBeLessThan(due.getTime());

    expect((await owner.call("post", `/api/bots/${botId}/schedules/cancel`, { key: "daily" })).body).toEqual({
      ok: true,
    });
    const missing = await owner.call("post", `/api/bots/${botId}/schedules/cancel`, { key: "daily" });
    expect([missing.status, missing.body.error]).toEqual([
      404,
      { code: "SCHEDULE_NOT_FOUND", message: "Schedule not found" },
    ]);
    expect((await owner.call("post", `/api/bots/${botId}/schedules/cancel`, {})).status).toBe(400);
    expect((await stranger.call("get", `/api/bots/${botId}/schedules`)).status).toBe(404);
    expect((await stranger.call("post", `/api/bots/${botId}/schedules/cancel`, { key: "once" })).status).toBe(404);
    expect((await repository.list(botId)).map((s) => s.key)).toEqual(["once"]);
  });
});
