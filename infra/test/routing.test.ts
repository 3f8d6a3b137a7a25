/**
 * Routing by bot with real processes (docs/operations.md#routing-by-bot): Debian's nginx, configured with
 * infra/nginx's files as docker-compose.yml is, in front of three gateway processes and one management process, with
 * 300 bots that each keep about 8 MiB in their isolate. What must hold: every call of a bot reaches the same replica and
 * each replica holds about a third of the bots, not all of them; a replica killed with SIGKILL under load moves only
 * its own bots, which answer from their new replica at once, with no 5xx beyond the calls it held; a restartBot made
 * during the failover reaches the bot's new replica; a replica started again takes back exactly its share. Times are
 * printed as figures, never asserted (the machine is shared).
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { BUILTIN_PLANS } from "@botyard/common/plans";
import { createTestDatabase, type TestDatabase } from "@botyard/db/testing";
import { FakeTelegram } from "@botyard/fake-telegram";
import { waitFor } from "@botyard/testing";
import {
  createOwner,
  keepingBot,
  loadedIsolates,
  type ServiceProcess,
  startService,
  stopAll,
} from "./support/fleet.js";
import { HAVE_NGINX, NGINX, type Nginx, startNginx } from "./support/nginx.js";
import { fakeBotToken, PlatformClient } from "./support/platform.js";

const GATEWAYS = 3;
const BOTS = 300;
/** Load clients during the kill: at most this many calls are in flight when the replica dies. */
const CLIENTS = 16;

/** A bot whose isolate keeps about 8 MiB and answers its code's version. */
const botCode = (version: number) => keepingBot(version, 8);

if (!HAVE_NGINX && process.env.CI !== "true") {
  console.warn(`routing test skipped: no nginx at ${NGINX} (apt-get install -y nginx-light, or set NGINX_PATH)`);
}
const suite = HAVE_NGINX || process.env.CI === "true" ? describe : describe.skip;

/** Resident memory of a process, MiB (Linux). */
function rssMib(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

suite(`nginx routing by bot in front of ${GATEWAYS} gateways, ${BOTS} bots of 8 MiB`, () => {
  let fake: FakeTelegram;
  let database: TestDatabase;
  let env: Record<string, string>;
  let apiKey: string;
  let management: ServiceProcess;
  let gateways: ServiceProcess[] = [];
  let nginx: Nginx;
  let api: PlatformClient;
  const botIds: string[] = [];
  /** The replica (host:port) each bot's calls went to before the kill. */
  const home = new Map<string, string>();

  /** One call of `who` through nginx: status, the replica that answered, the version. */
  async function who(botId: string): Promise<{ status: number; upstream: string; v?: number }> {
    const res = await fetch(`${nginx.url}/custom/${botId}/who`);
    const body = (await res.json()) as { data?: { v?: number } };
    // nginx lists every replica it tried; the last one answered.
    const upstream = (res.headers.get("x-upstream") ?? "").split(", ").at(-1) ?? "";
    return { status: res.status, upstream, v: body.data?.v };
  }

  const isolatesOf = (g: ServiceProcess) => loadedIsolates(g.url);

  const hostOf = (g: ServiceProcess) => new URL(g.url).host;

  /** The bot's log, for a failure's message. */
  const logsOf = async (botId: string) => JSON.stringify(await api.apiv3("getBotLogs", { apiKey, botId }));

  beforeAll(async () => {
    if (!HAVE_NGINX)
      throw new Error(`nginx is not installed at ${NGINX}: apt-get install -y nginx-light (.ci/run does)`);
    fake = await FakeTelegram.start();
    database = await createTestDatabase();
    env = {
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
      REDIS_PREFIX: `botyard-routing-${randomBytes(4).toString("hex")}`,
      SECRET_KEY: randomBytes(24).toString("base64url"),
      TELEGRAM_API_ROOT: fake.apiRoot,
      // Room for every bot on one replica, so nothing is evicted and the counts below are the routing's alone.
      GATEWAY_MEMORY_MB: "4096",
      BOT_IDLE_MS: "3600000",
      PLANS: JSON.stringify({ fleet: { ...BUILTIN_PLANS.default, bots: BOTS + 10, requestsPerSecond: 1_000_000 } }),
      DEFAULT_PLAN: "fleet",
    };
    [management, ...gateways] = await Promise.all([
      startService("management", env),
      ...Array.from({ length: GATEWAYS }, () => startService("webhook-gateway", env)),
    ]);
    nginx = await startNginx(gateways.map(hostOf), { failTimeoutS: 2 });
    apiKey = await createOwner(env, "routing@example.com");
    api = new PlatformClient(management.url, nginx.url);
    for (let batch = 0; batch < BOTS; batch += 20) {
      const ids = await Promise.all(
        Array.from({ length: Math.min(20, BOTS - batch) }, async (_, i) => {
          const n = batch + i + 1;
          const botId = await api.createBot(apiKey, {
            name: `routed-${n}`,
            botToken: fakeBotToken(n),
            code: botCode(0),
          });
          await api.apiv3("restartBot", { apiKey, botId });
          return botId;
        }),
      );
      botIds.push(...ids);
    }
  }, 600_000);

  afterAll(async () => {
    await nginx?.stop();
    await stopAll([management, ...gateways].filter(Boolean));
    await fake?.close();
    await database?.drop();
  });

  it("sends every call of a bot to one replica, and each replica holds about a third of the bots", async () => {
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < BOTS; i += 30) {
        const replies = await Promise.all(botIds.slice(i, i + 30).map((id) => who(id)));
        for (const [k, reply] of replies.entries()) {
          const botId = botIds[i + k]!;
          if (reply.status !== 200) throw new Error(`${botId} answered ${reply.status}: ${await logsOf(botId)}`);
          expect(reply.v).toBe(0);
          if (round === 0) home.set(botId, reply.upstream);
          else expect(reply.upstream).toBe(home.get(botId));
        }
      }
    }
    const counts = gateways.map((g) => [...home.values()].filter((u) => u === hostOf(g)).length);
    const loaded = await Promise.all(gateways.map(isolatesOf));
    console.log(
      `bots per replica by routing: ${counts.join(", ")}; isolates loaded: ${loaded.join(", ")}; ` +
        `RSS MiB: ${gateways.map((g) => rssMib(g.child.pid!).toFixed(0)).join(", ")}`,
    );
    // Each bot was loaded by one replica only: the isolates add up to the bots, not to three times them.
    expect(loaded).toEqual(counts);
    expect(loaded.reduce((a, b) => a + b, 0)).toBe(BOTS);
    // nginx's consistent hash puts 160 points per replica on its ring: each share is near a third.
    for (const c of counts) expect(c).toBeGreaterThan(BOTS / GATEWAYS / 2);
  }, 300_000);

  it("moves only a killed replica's bots, with no 5xx beyond its calls in flight; a restart reaches their new replica", async () => {
    const victim = gateways[GATEWAYS - 1]!;
    const moved = botIds.filter((id) => home.get(id) === hostOf(victim));
    const stayed = botIds.filter((id) => home.get(id) !== hostOf(victim));
    const statuses = new Map<number, number>();
    let networkErrors = 0;
    let stop = false;
    const load = Array.from({ length: CLIENTS }, async (_, c) => {
      for (let n = c; !stop; n += CLIENTS) {
        try {
          const { status } = await who(botIds[n % BOTS]!);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        } catch {
          networkErrors += 1;
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1500)); // load running before the kill: the time is the test's subject
    const killedAt = performance.now();
    victim.child.kill("SIGKILL");
    await victim.exited;
    // A restart of one moved bot, during the failover: its new replica must run the new code from its next call.
    const restarted = moved[0]!;
    await api.apiv3("editBotCoreLogic", { apiKey, botId: restarted, newCode: botCode(1) });
    await api.apiv3("restartBot", { apiKey, botId: restarted });
    // Every moved bot answers from a surviving replica; how long after the kill is the figure.
    const firstAnswers = await Promise.all(
      moved.map(async (id) => {
        const reply = await who(id);
        return { id, ...reply, after: performance.now() - killedAt };
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1500)); // load running after the kill, as above
    stop = true;
    await Promise.all(load);
    const fiveXx = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    console.log(
      `kill of one replica under ${CLIENTS} clients: ${total} calls, statuses ${JSON.stringify(Object.fromEntries(statuses))}, ` +
        `network errors ${networkErrors}; ${moved.length} bots moved, each answered from its new replica within ` +
        `${Math.max(...firstAnswers.map((a) => a.after)).toFixed(0)} ms of the kill`,
    );
    expect(networkErrors).toBe(0);
    expect(fiveXx).toBeLessThanOrEqual(CLIENTS);
    for (const a of firstAnswers) {
      if (a.status !== 200) throw new Error(`${a.id} answered ${a.status}: ${await logsOf(a.id)}`);
      expect(a.upstream).not.toBe(hostOf(victim));
      expect(a.v).toBe(a.id === restarted ? 1 : 0);
    }
    // The other bots stayed where they were.
    for (const id of stayed) expect((await who(id)).upstream).toBe(home.get(id));
  }, 300_000);

  it("gives a replica started again exactly its share back, and no other bot moves", async () => {
    const victimHost = hostOf(gateways[GATEWAYS - 1]!);
    gateways[GATEWAYS - 1] = await startService("webhook-gateway", env, Number(victimHost.split(":")[1]));
    // nginx tries a failed replica again once its fail_timeout (2 s here) has passed, with one call; until that call
    // succeeds, the replica's bots stay on the survivors. Each round calls every bot once.
    let rounds = 0;
    await waitFor(
      async () => {
        rounds += 1;
        const moved: string[] = [];
        for (let i = 0; i < BOTS; i += 30) {
          const ids = botIds.slice(i, i + 30);
          const replies = await Promise.all(ids.map((id) => who(id)));
          for (const [k, reply] of replies.entries()) {
            if (reply.status !== 200) throw new Error(`${ids[k]} answered ${reply.status}: ${await logsOf(ids[k]!)}`);
            if (reply.upstream !== home.get(ids[k]!)) moved.push(ids[k]!);
          }
        }
        return moved.length === 0;
      },
      { what: "every bot back on the replica it had before the kill", timeoutMs: 60_000 },
    );
    console.log(`every bot back on its replica after ${rounds} round(s) of calls`);
  }, 300_000);
});
