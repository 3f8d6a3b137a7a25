/**
 * Live log and broadcast streams: at most the plan's liveStreams (10 in the built-in plan) open per account, 429
 * QUOTA_EXCEEDED beyond; and
 * one shared poll per bot and kind in the process, however many streams read it, stopped when the last one leaves.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { get as httpGet, type ClientRequest, type Server } from "node:http";
import { randomUUID } from "node:crypto";
import { waitFor } from "@botyard/testing";
import { Browser, listen } from "./dashboard-client.js";
import { startHarness, type Harness } from "./harness.js";

const email = () => `owner-${randomUUID().slice(0, 8)}@example.com`;

let h: Harness;
let server: Server;
let origin: string;
let n = 0;

beforeAll(async () => {
  h = await startHarness();
  ({ server, origin } = await listen(h.app));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

/** An open stream: its status, the body of a refusal, its data events so far, and how to close it. */
interface Opened {
  status: number;
  body: string;
  retryAfter: string | undefined;
  events: unknown[];
  req: ClientRequest;
}

/** Opens a stream as `b`; resolves once the status line arrived (and, for a refusal, the body). */
function open(b: Browser, path: string): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const req = httpGet(`${origin}${path}`, {
      headers: { Cookie: `botyard_session=${encodeURIComponent(b.session!)}` },
    });
    req.on("response", (res) => {
      const opened: Opened = {
        status: res.statusCode ?? 0,
        body: "",
        retryAfter: res.headers["retry-after"] as string | undefined,
        events: [],
        req,
      };
      let buffer = "";
      res.on("data", (chunk: Buffer) => {
        buffer += chunk.toString();
        if (opened.status !== 200) return;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith("data: ")) opened.events.push(JSON.parse(block.slice(6)));
          end = buffer.indexOf("\n\n");
        }
      });
      if (opened.status === 200) resolve(opened);
      else
        res.on("end", () => {
          opened.body = buffer;
          resolve(opened);
        });
    });
    req.on("error", (err) => {
      if ((err as NodeJS.ErrnoException).code !== "ECONNRESET") reject(err);
    });
  });
}

async function ownerWithBots(count: number): Promise<{ b: Browser; botIds: string[] }> {
  const b = new Browser(origin, `10.6.0.${++n}`);
  expect((await b.signUp(email())).status).toBe(201);
  const botIds: string[] = [];
  for (let i = 0; i < count; i++) botIds.push((await b.call("post", "/api/bots", { name: `b${i}` })).body.botId);
  return { b, botIds };
}

const log = (botId: string, message: string) =>
  h.handle.pool.query("insert into bot_logs (bot_id, level, message) values ($1, 'log', $2)", [botId, message]);

describe("live streams per account", () => {
  it("opens 10 (logs and broadcasts together), answers the 11th 429 QUOTA_EXCEEDED, and frees a slot on close", async () => {
    const { b, botIds } = await ownerWithBots(2);
    const streams: Opened[] = [];
    for (let i = 0; i < 10; i++) {
      const path = i % 2 ? `/api/bots/${botIds[0]}/logs/stream` : `/api/bots/${botIds[1]}/broadcasts/stream`;
      const s = await open(b, path);
      expect(s.status).toBe(200);
      streams.push(s);
    }
    const refused = await open(b, `/api/bots/${botIds[0]}/logs/stream`);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe("5");
    expect(JSON.parse(refused.body)).toEqual({
      ok: false,
      error: {
        code: "QUOTA_EXCEEDED",
        message:
          "This account has 10 live streams open, the most its plan allows (10); close a dashboard tab or window " +
          "showing live logs or broadcasts, then try again",
      },
      code: "QUOTA_EXCEEDED",
      quota: "liveStreams",
      limit: 10,
      use: 10,
    });
    // The account's usage counts the open streams against the quota.
    const usage = await b.call("get", "/api/settings/usage");
    expect(usage.body.quotas).toContainEqual({ quota: "liveStreams", limit: 10, use: 10 });
    // Another account is not held.
    const other = await ownerWithBots(1);
    const theirs = await open(other.b, `/api/bots/${other.botIds[0]}/logs/stream`);
    expect(theirs.status).toBe(200);
    theirs.req.destroy();
    // Closing one frees its slot.
    streams.pop()!.req.destroy();
    const again = await waitFor(async () => {
      const s = await open(b, `/api/bots/${botIds[0]}/broadcasts/stream`);
      return s.status === 200 ? s : undefined;
    });
    expect(again.status).toBe(200);
    for (const s of [...streams, again]) s.req.destroy();
  });

  it("checks the bot first: a stream of another account's bot is 404 and takes no slot", async () => {
    const { b } = await ownerWithBots(0);
    const stranger = await ownerWithBots(1);
    for (let i = 0; i < 12; i++)
      expect((await open(b, `/api/bots/${stranger.botIds[0]}/logs/stream`)).status).toBe(404);
  });
});

describe("one poll per bot, not per stream", () => {
  it("serves 4 log streams and 3 broadcast streams of a bot and 2 of another with 3 polls a tick", async () => {
    const { b, botIds } = await ownerWithBots(2);
    const [a, c] = botIds as [string, string];
    const logsA = await Promise.all(Array.from({ length: 4 }, () => open(b, `/api/bots/${a}/logs/stream`)));
    const jobsA = await Promise.all(Array.from({ length: 3 }, () => open(b, `/api/bots/${a}/broadcasts/stream`)));
    const logsC = await Promise.all(Array.from({ length: 2 }, () => open(b, `/api/bots/${c}/logs/stream`)));
    const all = [...logsA, ...jobsA, ...logsC];
    expect(all.every((s) => s.status === 200)).toBe(true);
    const hub = h.management.live.hub;
    expect(hub.sources).toBe(3);

    // Every broadcast stream gets the jobs once, from the one shared poll.
    await waitFor(() => jobsA.every((s) => s.events.length === 1));
    expect(jobsA.map((s) => s.events)).toEqual(Array.from({ length: 3 }, () => [{ jobs: [] }]));

    // About 2 ticks a second, each 3 polls (not 9): counted over 1.5 s.
    const before = hub.polls;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const polls = hub.polls - before;
    expect(polls).toBeGreaterThanOrEqual(3);
    expect(polls).toBeLessThanOrEqual(12);

    // A line of bot a reaches each of its 4 streams exactly once, and none of bot c's.
    await log(a, "fan out");
    await waitFor(() => logsA.every((s) => s.events.length === 1));
    // Nothing to await: a second copy would come within a tick (500 ms); none may.
    await new Promise((resolve) => setTimeout(resolve, 600));
    for (const s of logsA) expect(s.events).toEqual([{ at: expect.any(String), level: "log", message: "fan out" }]);
    for (const s of logsC) expect(s.events).toEqual([]);

    // A stream opened later gets only what is written after it opened.
    const late = await open(b, `/api/bots/${a}/logs/stream`); // the account's 10th
    expect(late.status).toBe(200);
    await log(a, "second");
    await waitFor(() => late.events.length === 1 && logsA.every((s) => s.events.length === 2));
    expect(late.events).toEqual([{ at: expect.any(String), level: "log", message: "second" }]);

    // The loops stop when their last stream leaves.
    for (const s of [...all, late]) s.req.destroy();
    await waitFor(() => hub.sources === 0);
    const stopped = hub.polls;
    // Nothing to await: a tick (500 ms) passes in which no poll may start.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(hub.polls).toBe(stopped);
  }, 20_000);
});
