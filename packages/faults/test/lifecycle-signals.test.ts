/**
 * Signals (docs/operations.md#shutdown): the services run as processes on the shared Postgres (a database of this
 * file's own) and Redis (a prefix of its own). SIGTERM under keep-alive load: readiness answers 503 at once, every
 * request a client has sent is answered (no connection reset), the request in flight finishes, and the process exits
 * 0 within the grace (5 s by default; SHUTDOWN_GRACE_MS). kill -9 of the gateway under load: a new gateway serves,
 * and the other processes never notice.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import http from "node:http";
import { waitFor } from "@botyard/testing";
import { createTestDatabase, type TestDatabase } from "@botyard/db/testing";
import { figure } from "./support/figures.js";
import { KeepAliveLoad, type Outcome, request, timed } from "./support/http.js";
import { Platform, type PlatformBot } from "./support/platform.js";
import type { ServiceProcess } from "./support/service-process.js";

/** The default grace: SIGTERM to exit within 5 s. */
const DEFAULT_GRACE_MS = 5000;
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

let database: TestDatabase;
let platform: Platform;
let bot: PlatformBot;

beforeAll(async () => {
  database = await createTestDatabase();
  platform = await Platform.start({ databaseUrl: database.url, redisUrl: REDIS_URL });
  await platform.createOwner();
  bot = await platform.createBot(1);
}, 180_000);

beforeEach(async () => {
  // A case that failed half-way must not leave the next one without a service.
  for (const name of ["webhook-gateway", "management", "broadcast-worker"] as const) {
    if (!platform.services.get(name)?.running) await platform.startService(name);
  }
});

afterEach(() => {
  platform.fake.configure({ latencyMs: 0 });
});

afterAll(async () => {
  await platform?.close();
  await database?.drop();
});

/** Outcomes that are not a reply and not a refused new connection: a request the client had sent was dropped. */
const dropped = (outcomes: Outcome[]) => outcomes.filter((o) => o.status === undefined && o.error !== "ECONNREFUSED");

/**
 * Asks `/readyz` over one kept-alive connection opened before the signal, again and again, until the answer is not
 * 200; returns that answer.
 */
async function readinessAfterSignal(probe: http.Agent, service: ServiceProcess): Promise<Outcome> {
  for (let i = 0; i < 1000; i++) {
    const outcome = await request(probe, service.url("/readyz"));
    if (outcome.status !== 200) return outcome;
  }
  throw new Error("readiness stayed 200 after SIGTERM");
}

/** A keep-alive agent with one connection already open to `service`. */
async function openProbe(service: ServiceProcess): Promise<http.Agent> {
  const probe = new http.Agent({ keepAlive: true, maxSockets: 1 });
  expect((await request(probe, service.url("/readyz"))).status).toBe(200);
  return probe;
}

/**
 * Puts `service` under keep-alive load, starts `slow` (which must be under way at the fake Bot API before the signal),
 * sends SIGTERM, and gathers what the clients saw.
 */
async function sigtermUnderLoad(service: ServiceProcess, loadUrl: string, slow: () => Promise<Outcome>) {
  const load = new KeepAliveLoad(loadUrl, 16);
  const probe = await openProbe(service);
  try {
    await waitFor(() => load.replies >= 200, { timeoutMs: 30_000 });
    platform.fake.configure({ latencyMs: 1500 });
    const callsBefore = platform.fake.calls.length;
    const slowReply = slow();
    await waitFor(() => platform.fake.calls.length > callsBefore);
    const signalledAt = service.signal("SIGTERM");
    const readiness = await readinessAfterSignal(probe, service);
    const readinessAt = performance.now();
    const exit = await service.exited;
    await load.finished();
    const after = load.outcomes.filter((o) => o.at >= signalledAt);
    figure(`${service.name} SIGTERM under load`, {
      repliesBefore: load.outcomes.length - after.length,
      repliesAfterSignal: after.filter((o) => o.status !== undefined).length,
      repliesWithClose: load.outcomes.filter((o) => o.close).length,
      refusedAfterSignal: after.filter((o) => o.error === "ECONNREFUSED").length,
      dropped: dropped(load.outcomes).length,
      readiness503AfterMs: readinessAt - signalledAt,
      exitAfterMs: exit.at - signalledAt,
    });
    return {
      signalledAt,
      readiness,
      exit,
      slow: await slowReply,
      outcomes: load.outcomes,
    };
  } finally {
    await load.stop();
    probe.destroy();
  }
}

describe("SIGTERM under keep-alive load", () => {
  it("gateway: readiness 503 at once, no request dropped, the handler in flight finishes, exit 0 within 5 s", async () => {
    const gateway = platform.gateway;
    const seen = await sigtermUnderLoad(gateway, gateway.url(`/custom/${bot.botId}/ping`), () =>
      request(new http.Agent(), gateway.url(`/custom/${bot.botId}/slow`)),
    );
    expect(seen.readiness).toMatchObject({ status: 503, close: true });
    expect(dropped(seen.outcomes)).toEqual([]);
    expect(seen.slow.status).toBe(200);
    // Clients that kept sending during the drain were told to close their connections (no reply asks that before
    // the signal). Counted over every reply: the requests in flight as the drain begins get the close, and a client
    // whose request was sent before the signal may get no other reply before it is refused.
    expect(seen.outcomes.some((o) => o.close)).toBe(true);
    expect({ code: seen.exit.code, signal: seen.exit.signal }).toEqual({ code: 0, signal: null });
    expect(seen.exit.at - seen.signalledAt).toBeLessThan(DEFAULT_GRACE_MS);
  });

  it("management: readiness 503 at once, no request dropped, the restart in flight finishes, exit 0 within 5 s", async () => {
    const management = platform.management;
    const listBots = management.url(`/apiv3/listBots?apiKey=${encodeURIComponent(platform.apiKey)}`);
    const seen = await sigtermUnderLoad(management, listBots, () => {
      const agent = new http.Agent();
      return new Promise<Outcome>((resolve) => {
        const at = performance.now();
        const req = http.request(management.url("/apiv3/restartBot"), {
          agent,
          method: "POST",
          headers: { "content-type": "application/json" },
        });
        req.once("response", (res) => {
          res.resume();
          res.once("end", () => resolve({ at, status: res.statusCode }));
        });
        req.once("error", (err: NodeJS.ErrnoException) => resolve({ at, error: err.code ?? err.message }));
        req.end(JSON.stringify({ apiKey: platform.apiKey, botId: bot.botId }));
      });
    });
    expect(seen.readiness).toMatchObject({ status: 503, close: true });
    expect(dropped(seen.outcomes)).toEqual([]);
    expect(seen.slow.status).toBe(200);
    expect(seen.outcomes.some((o) => o.close)).toBe(true);
    expect({ code: seen.exit.code, signal: seen.exit.signal }).toEqual({ code: 0, signal: null });
    expect(seen.exit.at - seen.signalledAt).toBeLessThan(DEFAULT_GRACE_MS);
  });

  it("gateway with SHUTDOWN_GRACE_MS=1500: a request longer than the grace is cut, and the exit is still 0 in time", async () => {
    const grace = 1500;
    const gateway = await platform.startService("webhook-gateway", { SHUTDOWN_GRACE_MS: String(grace) });
    platform.fake.configure({ latencyMs: 20_000 });
    const callsBefore = platform.fake.calls.length;
    const slow = request(new http.Agent(), gateway.url(`/custom/${bot.botId}/slow`));
    await waitFor(() => platform.fake.calls.length > callsBefore);
    const signalledAt = gateway.signal("SIGTERM");
    const exit = await gateway.exited;
    figure("gateway SIGTERM with a request longer than a 1500 ms grace", { exitAfterMs: exit.at - signalledAt });
    expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
    expect(exit.at - signalledAt).toBeLessThan(grace);
    expect((await slow).status).toBeUndefined();
    expect(gateway.logs(/closed connections still open at the end of the grace period/)).toHaveLength(1);
  });
});

describe("kill -9", () => {
  it("of the gateway under load: management and the worker never notice, and a new gateway serves at once", async () => {
    const killed = platform.gateway;
    const gatewayLoad = new KeepAliveLoad(killed.url(`/custom/${bot.botId}/ping`), 8);
    const managementLoad = new KeepAliveLoad(
      platform.management.url(`/apiv3/listBots?apiKey=${encodeURIComponent(platform.apiKey)}`),
      4,
    );
    try {
      await waitFor(() => gatewayLoad.replies >= 100 && managementLoad.replies >= 50, { timeoutMs: 30_000 });
      killed.signal("SIGKILL");
      expect((await killed.exited).signal).toBe("SIGKILL");
      await gatewayLoad.finished();
      const managementRepliesAtKill = managementLoad.replies;
      const gateway = await platform.startService("webhook-gateway");
      expect((await timed(gateway.url(`/custom/${bot.botId}/ping`))).body).toEqual({ ok: true, data: { pong: true } });
      expect((await platform.telegramUpdate(bot, 9001)).status).toBe(200);
      expect((await timed(platform.worker.url("/readyz"))).status).toBe(200);
      await waitFor(() => managementLoad.replies >= managementRepliesAtKill + 50, { timeoutMs: 30_000 });
    } finally {
      await gatewayLoad.stop();
      await managementLoad.stop();
    }
    expect(managementLoad.outcomes.every((o) => o.status === 200)).toBe(true);
    expect(platform.management.running && platform.worker.running).toBe(true);
  });
});
