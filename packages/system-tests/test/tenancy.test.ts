/**
 * The account is the tenant (issue 31), through the three services as processes (support/system.ts): sign-in, sign-up
 * and invites hold under parallel floods from one address while the owner still gets in from another; bot code never
 * sees the platform's cookies; the gateway keeps its bots within GATEWAY_MEMORY_MB by evicting idle isolates and
 * answering 503 when it cannot; each quota of a plan admits the call at its limit and refuses the next with
 * QUOTA_EXCEEDED, and the operator CLI's plan:set moves the limits. Everything is observed over HTTP.
 *
 * One platform serves the file, on small plans and a gateway budget of 68 MiB; every case signs up an owner of its own
 * (from a client address of its own), so no quota or throttle carries from one case to the next.
 *
 * @see docs/testing.md#cross-service-suite
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { waitFor } from "@botyard/testing";
import type { TimedReply } from "@botyard/faults/http";
import { type Owner, PASSWORD, System, sessionCookie, type SystemBot } from "./support/system.js";

/** Client addresses as the proxy in front of management reports them: one per use, so no limit is shared by accident. */
let addresses = 0;
const freshAddress = () => `198.51.100.${++addresses}`;

/** Statuses of `replies`, counted: `{ 401: 5, 429: 55 }`. */
function tally(replies: TimedReply[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of replies) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/**
 * Checks a flood's replies against a limit and resolves with how many passed: at most `limit` answer `passed`, the rest
 * `refused` with Retry-After and `code`. On a machine so loaded that Postgres or Redis does not answer management within
 * its 1 s timeouts, a reply may instead be 503 UNAVAILABLE with Retry-After (the platform's answer while a dependency is
 * slow); such a request may have taken a slot without passing, so at least `limit` less those 503s pass.
 */
function expectCut(replies: TimedReply[], passed: number, limit: number, refused: number, code: string): number {
  const counts = tally(replies);
  const unavailable = replies.filter((r) => r.status === 503);
  for (const reply of unavailable) expect(reply.body).toMatchObject({ ok: false, error: { code: "UNAVAILABLE" } });
  expect(
    Object.keys(counts)
      .map(Number)
      .filter((status) => ![passed, refused, 503].includes(status)),
  ).toEqual([]);
  const passes = counts[passed] ?? 0;
  expect(passes).toBeLessThanOrEqual(limit);
  expect(passes).toBeGreaterThanOrEqual(limit - unavailable.length);
  for (const reply of replies.filter((r) => r.status === refused || r.status === 503)) {
    expect(Number(reply.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    if (reply.status === refused) expect(reply.body).toMatchObject({ ok: false, error: { code } });
  }
  return passes;
}

/**
 * The plans of the tenancy platform (docs/operations.md#plans-and-quotas). `small` is every new account's: two bots,
 * three documents, one broadcast a day, two live streams. `trickle` is `small` at 3 requests a second; `roomy` is what
 * plan:set moves an account to.
 */
const SMALL = {
  bots: 2,
  storedDocuments: 3,
  storedBytes: 16_384,
  broadcastsPerDay: 1,
  liveStreams: 2,
  pendingScheduledRuns: 0,
  requestsPerSecond: 1000,
};
const PLANS = JSON.stringify({
  small: SMALL,
  trickle: { ...SMALL, requestsPerSecond: 3 },
  roomy: { ...SMALL, bots: 100, storedDocuments: 100_000, broadcastsPerDay: 50, liveStreams: 10 },
});

/** Turns on the operator pages (/admin), so their replies are checked too. */
const OPERATOR_TOKEN = "system-tests-operator-token";

describe("a platform of tenants", () => {
  let system: System;

  beforeAll(async () => {
    system = await System.start({
      env: {
        // Management believes X-Forwarded-For from loopback (the default, said here because the tests rely on it):
        // the tests play the ingress, so each request can come from a client address of its own.
        management: { PLANS, DEFAULT_PLAN: "small", TRUST_PROXY: "loopback", OPERATOR_TOKEN },
        // The memory cases' budget (see there): heaps of 32 MiB for bots, 68 MiB for all of them; a held call is not
        // cut by the handler time limit. The other cases' bots are small and stateless between calls.
        "webhook-gateway": {
          PLANS,
          DEFAULT_PLAN: "small",
          GATEWAY_MEMORY_MB: "68",
          BOT_MEMORY_MB: "32",
          HANDLER_TIMEOUT_MS: "60000",
        },
      },
    });
  }, 180_000);

  afterAll(async () => {
    await system?.close();
  });

  /** A new owner, signed up from an address of their own (each address may sign up 10 accounts an hour). */
  const newOwner = () => system.signUp({ ip: freshAddress() });

  /** argon2 runs of `kind` management has started, from its /metrics. */
  const argon2Runs = async (kind: "hash" | "verify") => {
    const text = await (await fetch(system.management.url("/metrics"))).text();
    const line = new RegExp(`^management_argon2_runs_total\\{[^}]*kind="${kind}"[^}]*\\} (\\d+)$`, "m").exec(text);
    return Number(line?.[1] ?? 0);
  };

  /**
   * Where a flood comes from: one address, or a new address for every request within one IPv6 network (a /56, as an
   * ISP gives one customer: a /64 and a host of its own each time), which the limits count as one address.
   */
  const FLOODS: Array<[string, () => () => string]> = [
    [
      "one address",
      () => {
        const ip = freshAddress();
        return () => ip;
      },
    ],
    [
      "the addresses of one IPv6 /56",
      () => {
        const network = (0x100 + ++addresses).toString(16);
        let n = 0;
        return () => {
          n += 1;
          return `2001:db8:${network}:${(0x4200 + n).toString(16)}::${n.toString(16)}`;
        };
      },
    ],
  ];

  describe.each(FLOODS)("floods from %s", (_, floodSource) => {
    it("60 parallel wrong sign-ins for one e-mail get 5 password checks; the owner still gets in from a clean address", async () => {
      const owner = await newOwner();
      const guesser = floodSource();
      const verifiesBefore = await argon2Runs("verify");
      const signIn = (password: string, ip: string) =>
        system.anonymous("/api/auth/signin", { email: owner.email, password }, ip);

      const guesses = await Promise.all(Array.from({ length: 60 }, () => signIn("wrong password", guesser())));
      // Each attempt reserved its slot before any hashing: five were checked (401), the rest refused unchecked.
      const checked = expectCut(guesses, 401, 5, 429, "SIGN_IN_THROTTLED");
      const verifies = (await argon2Runs("verify")) - verifiesBefore;
      expect(verifies).toBeGreaterThanOrEqual(checked);
      expect(verifies).toBeLessThanOrEqual(5);

      // The guesser is held for that e-mail even with the right password; two more addresses fail once each, so the
      // e-mail's own count (7) is past its limit of 5.
      expect((await signIn(PASSWORD, guesser())).status).toBe(429);
      for (const ip of [freshAddress(), freshAddress()]) expect((await signIn("wrong again", ip)).status).toBe(401);

      // A clean address is never held by the e-mail's count: the owner signs in, and the session works.
      const owners = await signIn(PASSWORD, freshAddress());
      expect(owners.status).toBe(200);
      const cookie = sessionCookie(owners.headers);
      expect(cookie).toMatch(/^botyard_session=[^;]+$/);
      const session = await owner.dashboard("/api/auth/session", { headers: { cookie } });
      expect(session.status).toBe(200);
      expect(session.body).toMatchObject({ ok: true, user: { email: owner.email } });
    });

    it("15 parallel sign-ups are cut at 10; another address still signs up", async () => {
      const flooder = floodSource();
      const signUps = await Promise.all(
        Array.from({ length: 15 }, () =>
          system.anonymous("/api/auth/signup", { email: system.newEmail(), password: PASSWORD }, flooder()),
        ),
      );
      expectCut(signUps, 201, 10, 429, "RATE_LIMITED");
      const elsewhere = await system.anonymous(
        "/api/auth/signup",
        { email: system.newEmail(), password: PASSWORD },
        freshAddress(),
      );
      expect(elsewhere.status).toBe(201);
    });

    it("15 parallel made-up invite tokens are cut at 10, and none of them is hashed", async () => {
      const flooder = floodSource();
      const hashesBefore = await argon2Runs("hash");
      const attempts = await Promise.all(
        Array.from({ length: 15 }, (_, i) =>
          system.anonymous(`/api/auth/invite/made-up-token-${i}-0123456789abcdef`, { password: PASSWORD }, flooder()),
        ),
      );
      expectCut(attempts, 404, 10, 429, "RATE_LIMITED");
      // The token is looked up before the password is hashed: the flood cost no argon2 run.
      expect(await argon2Runs("hash")).toBe(hashesBefore);
    });
  });

  describe("the cookie strip", () => {
    it("bot code never sees the dashboard's or the operator's cookies, under either name; the bot's own pass", async () => {
      const owner = await newOwner();
      const bot = await owner.createBot(
        "logic['headers'] = async (query, body, db, response, params) => params.headers;",
      );
      const headersSeen = async (cookie: string) => {
        const reply = await system.webhook(bot, "headers", { headers: { cookie } });
        expect(reply.status).toBe(200);
        return (reply.body as { data: Record<string, string> }).data;
      };

      // The owner's real session, as a browser sends it to any port of the dashboard's host name.
      expect(owner.cookie).toMatch(/^botyard_session=/);
      expect((await headersSeen(`${owner.cookie}; botyard_operator=operator-login; theirs=1`)).cookie).toBe("theirs=1");
      expect(
        (await headersSeen("__Host-botyard_session=s; theirs=1; __Host-botyard_operator=o; mine=botyard_session"))
          .cookie,
      ).toBe("theirs=1; mine=botyard_session");
      // Nothing of the bot's own left: no Cookie header at all.
      expect(await headersSeen(`${owner.cookie}; __Host-botyard_operator=o`)).not.toHaveProperty("cookie");
    });
  });

  describe("security headers", () => {
    /** One request of each kind of route management serves (`/docs` and `/admin` are HTML pages). */
    const ROUTES: Array<[string, RequestInit]> = [
      ["/", {}],
      ["/docs", {}],
      ["/admin/login", {}],
      ["/admin/queues", { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } }],
      ["/apiv3/listBots", {}],
      ["/api/auth/session", {}],
      ["/openapi.json", {}],
      ["/broadcast", { method: "POST" }],
      ["/healthz", {}],
      ["/metrics", {}],
      ["/no/such/thing.json", {}],
    ];

    it("every management reply carries nosniff and a CSP that forbids framing; no HSTS over http", async () => {
      for (const [path, init] of ROUTES) {
        const reply = await fetch(system.management.url(path), init);
        await reply.arrayBuffer();
        const seen = {
          path,
          nosniff: reply.headers.get("x-content-type-options"),
          frameAncestors: /frame-ancestors 'none'/.test(reply.headers.get("content-security-policy") ?? ""),
          frameOptions: reply.headers.get("x-frame-options"),
          hsts: reply.headers.get("strict-transport-security"),
        };
        expect(seen).toEqual({ path, nosniff: "nosniff", frameAncestors: true, frameOptions: "DENY", hsts: null });
        if (path.startsWith("/docs") || path.startsWith("/admin"))
          expect(reply.headers.get("content-type")).toMatch(/^text\/html/);
      }
    });
  });

  describe("quotas at their edge", () => {
    /** The account's use against each quota, by quota: /apiv3/getAccountUsage, checked against the dashboard's. */
    const usageOf = async (owner: Owner) => {
      const apiv3 = await owner.ok("getAccountUsage");
      const dashboard = await owner.dashboard("/api/settings/usage");
      expect(dashboard.status).toBe(200);
      expect(dashboard.body).toMatchObject({ plan: apiv3.plan, quotas: apiv3.quotas });
      const quotas = apiv3.quotas as Array<{ quota: string; limit: number; use: number }>;
      // Every quota of the plan, each with its limit and a use.
      expect(quotas.map((q) => q.quota).sort()).toEqual(Object.keys(SMALL).sort());
      for (const { limit, use } of quotas) expect([typeof limit, typeof use]).toEqual(["number", "number"]);
      return {
        plan: apiv3.plan,
        ...Object.fromEntries(quotas.map(({ quota, limit, use }) => [quota, { limit, use }])),
      } as Record<string, unknown>;
    };

    it("bots: the second is created, the third refused 403; plan:set lifts the limit at once", async () => {
      const owner = await newOwner();
      await owner.createBot("logic['ping'] = async () => 'pong';");
      await owner.createBot("logic['ping'] = async () => 'pong';");
      const third = await owner.tryCreateBot("logic['ping'] = async () => 'pong';");
      expect(third.status).toBe(403);
      expect(third.body).toMatchObject({ ok: false, code: "QUOTA_EXCEEDED", quota: "bots", limit: 2, use: 2 });
      expect((third.body as { msg: string }).msg).toMatch(/^Over the bots quota .*\(limit 2, in use 2\)/);
      // The new account is on DEFAULT_PLAN; nothing but its bots in use yet.
      expect(await usageOf(owner)).toEqual({
        plan: "small",
        bots: { limit: 2, use: 2 },
        storedDocuments: { limit: 3, use: 0 },
        storedBytes: { limit: 16_384, use: 0 },
        broadcastsPerDay: { limit: 1, use: 0 },
        liveStreams: { limit: 2, use: 0 },
        pendingScheduledRuns: { limit: 0, use: 0 },
        requestsPerSecond: { limit: 1000, use: 0 },
      });

      expect(JSON.parse(await system.cli("plan:set", "--email", owner.email, "--plan", "roomy"))).toEqual({
        email: owner.email,
        plan: "roomy",
      });
      expect((await owner.tryCreateBot("logic['ping'] = async () => 'pong';")).status).toBe(200);
      expect(await usageOf(owner)).toMatchObject({ plan: "roomy", bots: { limit: 100, use: 3 } });
    });

    it("broadcastsPerDay: the first broadcast is queued, the second refused 403", async () => {
      const owner = await newOwner();
      const bot = await owner.createBot("logic['ping'] = async () => 'pong';");
      const first = await system.broadcast(bot, { text: "one a day" });
      expect(first.status).toBe(200);
      const second = await system.broadcast(bot, { text: "one too many" });
      expect(second.status).toBe(403);
      expect(second.body).toMatchObject({
        ok: false,
        code: "QUOTA_EXCEEDED",
        quota: "broadcastsPerDay",
        limit: 1,
        use: 1,
      });
      expect((second.body as { error: string }).error).toMatch(/^Over the broadcastsPerDay quota/);
      expect(await usageOf(owner)).toMatchObject({ broadcastsPerDay: { limit: 1, use: 1 } });
    });

    it("storedDocuments and storedBytes: bot code stores up to the account's limit across its bots, then gets QUOTA_EXCEEDED", async () => {
      const owner = await newOwner();
      const code = `
        const refusal = (err) => ({ code: err.code, message: err.message });
        logic['put'] = async (query, body, db) => {
          try { await db.operation.insertOne('c', { n: Number(query.n) }); return 'stored'; } catch (err) { return refusal(err); }
        };
        logic['drop'] = async (query, body, db) => (await db.operation.deleteOne('c', { n: Number(query.n) })).deletedCount;
        // 24,000 random characters: pglz cannot squeeze them under the 16 KiB of the plan.
        logic['big'] = async (query, body, db) => {
          let text = '';
          while (text.length < 24000) text += Math.random().toString(36).slice(2);
          try { await db.operation.insertOne('c', { text }); return 'stored'; } catch (err) { return refusal(err); }
        };`;
      const a = await owner.createBot(code);
      const b = await owner.createBot(code);
      const call = async (bot: SystemBot, path: string) => {
        const reply = await system.webhook(bot, path);
        expect(reply.status).toBe(200);
        return (reply.body as { data: unknown }).data;
      };

      expect(await call(a, "put?n=1")).toBe("stored");
      expect(await call(a, "put?n=2")).toBe("stored");
      expect(await call(b, "put?n=3")).toBe("stored");
      const overCount = (await call(b, "put?n=4")) as { code: string; message: string };
      expect(overCount.code).toBe("QUOTA_EXCEEDED");
      expect(overCount.message).toMatch(/^Over the storedDocuments quota .*\(limit 3 documents, 3 stored\)/);
      const full = await usageOf(owner);
      expect(full).toMatchObject({ storedDocuments: { limit: 3, use: 3 } });
      const { use: bytesInUse } = full.storedBytes as { use: number };
      expect(bytesInUse).toBeGreaterThan(0);
      expect(bytesInUse).toBeLessThanOrEqual(16_384);

      // Room for one more document, but not for its bytes.
      expect(await call(a, "drop?n=1")).toBe(1);
      const overBytes = (await call(a, "big")) as { code: string; message: string };
      expect(overBytes.code).toBe("QUOTA_EXCEEDED");
      expect(overBytes.message).toMatch(/^Over the storedBytes quota .*\(limit 16384 bytes, \d+ with this write\)/);
      expect(await call(a, "put?n=5")).toBe("stored");
      expect(await usageOf(owner)).toMatchObject({ storedDocuments: { limit: 3, use: 3 } });
    });

    it("liveStreams: two streams open, logs and broadcasts together; the third is refused 429 until one closes", async () => {
      const owner = await newOwner();
      const bot = await owner.createBot("logic['ping'] = async () => 'pong';");
      const open: AbortController[] = [];
      /** Opens a live stream; resolves once its headers are in (an opened stream stays open until aborted). */
      const stream = async (kind: "logs" | "broadcasts") => {
        const controller = new AbortController();
        open.push(controller);
        return fetch(system.management.url(`/api/bots/${bot.botId}/${kind}/stream`), {
          headers: { cookie: owner.cookie },
          signal: controller.signal,
        });
      };
      try {
        for (const kind of ["logs", "broadcasts"] as const) {
          const res = await stream(kind);
          expect(res.status).toBe(200);
          expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
        }
        const third = await stream("logs");
        expect(third.status).toBe(429);
        expect(third.headers.get("retry-after")).toBe("5");
        expect(await third.json()).toMatchObject({
          ok: false,
          error: { code: "QUOTA_EXCEEDED", message: expect.stringMatching(/^This account has 2 live streams open/) },
          code: "QUOTA_EXCEEDED",
          quota: "liveStreams",
          limit: 2,
          use: 2,
        });
        expect(await usageOf(owner)).toMatchObject({ liveStreams: { limit: 2, use: 2 } });

        // A closed stream gives its slot back as soon as management sees the connection go.
        open.shift()?.abort();
        const again = await waitFor(
          async () => {
            const res = await stream("logs");
            if (res.status === 200) return res;
            await res.text();
            return undefined;
          },
          { what: "a stream in the freed slot" },
        );
        expect(again.headers.get("content-type")).toMatch(/^text\/event-stream/);
      } finally {
        for (const controller of open) controller.abort();
      }
    });

    it("requestsPerSecond: after plan:set and a restart, a burst across the account's bots gets the plan's rate through, the rest 429", async () => {
      const owner = await newOwner();
      const bots = [
        await owner.createBot("logic['ping'] = async () => 'pong';"),
        await owner.createBot("logic['ping'] = async () => 'pong';"),
      ];
      const burst = () => Promise.all(Array.from({ length: 20 }, (_, i) => system.webhook(bots[i % 2]!, "ping")));
      expect(tally(await burst())).toEqual({ 200: 20 });

      // The gateway reads the plan with the bot's row, which a restart renews at once (otherwise within a minute).
      expect(JSON.parse(await system.cli("plan:set", "--email", owner.email, "--plan", "trickle"))).toEqual({
        email: owner.email,
        plan: "trickle",
      });
      for (const bot of bots) await owner.ok("restartBot", { botId: bot.botId });

      // The account's bucket holds one second of its rate: the first 3 of the burst pass, and far fewer than 20 (the
      // burst would have to take 6 s to refill the rest).
      const replies = await burst();
      const counts = tally(replies);
      expect(counts[200]).toBeGreaterThanOrEqual(3);
      expect(counts[429]).toBeGreaterThanOrEqual(1);
      expect((counts[200] ?? 0) + (counts[429] ?? 0)).toBe(20);
      for (const refused of replies.filter((r) => r.status === 429)) {
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        expect(refused.body).toMatchObject({
          ok: false,
          code: "QUOTA_EXCEEDED",
          quota: "requestsPerSecond",
          limit: 3,
          use: 3,
        });
      }
      expect(await usageOf(owner)).toMatchObject({ plan: "trickle", requestsPerSecond: { limit: 3 } });
    });
  });

  describe("the gateway's memory budget", () => {
    /**
     * Each bot keeps 20 MB in an ArrayBuffer: with the rest of its heap and its native overhead it is counted at about
     * 21.9 MiB, so three fit in a budget of 68 MiB (65.7) and a fourth does not, even at the 4 MiB a bot counts before
     * it is measured (docs/bot-runtime.md#memory). `hold` keeps a call in flight (the bot busy, so never evicted) until
     * `release`.
     */
    const HEAVY = (name: string) => `
      globalThis.keep = new Float64Array(2500000);
      let calls = 0;
      let holding = 0;
      let release;
      const released = new Promise((resolve) => { release = resolve; });
      logic['n'] = async () => ({ bot: '${name}', calls: ++calls });
      logic['hold'] = async () => { holding++; await released; return 'released'; };
      logic['holding'] = async () => holding;
      logic['release'] = async () => { release(); return 'ok'; };
      bot.on('message', async () => {});
    `;
    const bots: SystemBot[] = [];

    beforeAll(async () => {
      // The bots of the cases before are idle and used longer ago than these: the first to be evicted, so what follows
      // is as on a gateway of their own. Three owners (two bots each on their plan): the budget is the gateway's,
      // whoever owns the bots.
      const owners = [await newOwner(), await newOwner(), await newOwner()];
      for (let i = 0; i < 5; i++) bots.push(await owners[i >> 1]!.createBot(HEAVY(`b${i}`)));
    }, 120_000);

    const call = (i: number, path = "n") => system.webhook(bots[i]!, path);
    const metrics = async () => (await fetch(system.gateway.url("/metrics"))).text();

    it("evicts the least recently used idle isolates to load more bots than fit; they reload on their next call", async () => {
      for (let i = 0; i < 5; i++) expect((await call(i)).body).toEqual({ ok: true, data: { bot: `b${i}`, calls: 1 } });
      const loaded = await metrics();
      expect(loaded).toMatch(/^gateway_memory_budget_bytes\{[^}]*\} 71303168$/m);
      const evictions = /^gateway_memory_evictions_total\{[^}]*\} (\d+)$/m.exec(loaded);
      expect(Number(evictions?.[1])).toBeGreaterThanOrEqual(2);
      const isolates = /^gateway_memory_used_bytes\{[^}]*part="isolates"[^}]*\} (\d+)$/m.exec(loaded);
      expect(Number(isolates?.[1])).toBeLessThanOrEqual(68 * 2 ** 20);
      for (const bot of bots) expect(loaded).not.toContain(bot.botId);

      // The last one loaded was kept (its count goes on); the first was evicted and starts again.
      expect((await call(4)).body).toEqual({ ok: true, data: { bot: "b4", calls: 2 } });
      expect((await call(0)).body).toEqual({ ok: true, data: { bot: "b0", calls: 1 } });
    });

    it("answers 503 with Retry-After when every loaded bot is busy and nothing fits; /readyz stays 200 and reports the pressure", async () => {
      // b1, b2 and b3 loaded (b4 and b0, used last, evicted for them), then each busy with a held call.
      for (const i of [1, 2, 3]) expect((await call(i)).status).toBe(200);
      const held = [1, 2, 3].map((i) => call(i, "hold"));
      for (const i of [1, 2, 3])
        await waitFor(async () => ((await call(i, "holding")).body as { data: number }).data === 1, {
          what: `b${i} holding a call`,
        });

      const refused = await call(4);
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("5");
      expect(refused.body).toEqual({
        ok: false,
        message: "The gateway has no memory free for this bot now; try again shortly",
      });
      // Telegram's intake says the same, so Telegram sends the update again later.
      const update = await system.telegramUpdate(bots[4]!, 9001, "hi");
      expect(update.status).toBe(503);
      expect(update.headers.get("retry-after")).toBe("5");

      // Ready still (the loaded bots answer), with the pressure in the body and in /metrics.
      const ready = await fetch(system.gateway.url("/readyz"));
      expect(ready.status).toBe(200);
      expect(((await ready.json()) as { memory: unknown }).memory).toMatchObject({ pressure: true, budgetMb: 68 });
      const pressure = await metrics();
      expect(pressure).toMatch(/^gateway_memory_pressure\{[^}]*\} 1$/m);
      expect(pressure).toMatch(/^gateway_memory_refusals_total\{budget="load"[^}]*\} [1-9]/m);
      for (const i of [1, 2, 3]) expect((await call(i)).status).toBe(200);

      // Once they are idle, they make room: b4 reloads (its isolate was evicted, so its count starts again).
      for (const i of [1, 2, 3]) expect((await call(i, "release")).status).toBe(200);
      for (const reply of await Promise.all(held)) expect(reply.body).toEqual({ ok: true, data: "released" });
      expect((await call(4)).body).toEqual({ ok: true, data: { bot: "b4", calls: 1 } });
    });
  });
});
