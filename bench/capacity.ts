/**
 * `pnpm bench:capacity`: the per-process figures docs/operations.md's capacity model needs and the other benchmarks do
 * not give. Each service runs as its own process (src/main.ts, as deployed); the load comes from this process. A
 * service's throughput is divided by the CPU time that service's process used (from /proc), so the figure is "per
 * core" whatever else the machine runs; memory is the process's resident set.
 *
 * Measures: idle RSS of each service; gateway req/s per core on a trivial custom webhook; management req/s per core
 * on getbotCode. The worker's msg/s per core and the RSS per loaded bot come from bench:broadcast and bench:gateway.
 * Then routing by bot (docs/operations.md#routing-by-bot): BENCH_ROUTING_BOTS (300; 0 to skip) bots that each keep
 * BENCH_ROUTING_MIB (8) MiB, called three times each on three gateway replicas, first spread round-robin as a plain
 * Service would, then through Debian's nginx with infra/nginx's consistent hash on the bot id: bots loaded and RSS per
 * replica, each way. Results: bench/README.md#routing-by-bot
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { BUILTIN_PLANS } from "@botyard/common/plans";
import { createTestDatabase } from "@botyard/db/testing";
import { FakeTelegram } from "@botyard/fake-telegram";
import {
  createOwner,
  keepingBot,
  loadedIsolates,
  repoRoot,
  type ServiceProcess,
  startService,
  stopAll,
  stopService,
} from "../infra/test/support/fleet.js";
import { HAVE_NGINX, startNginx } from "../infra/test/support/nginx.js";
import { fakeBotToken, PlatformClient } from "../infra/test/support/platform.js";
import { cpuMsOfStat, load, rssBytesOf } from "./support.js";

/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid: number): number {
  return cpuMsOfStat(`/proc/${pid}/stat`) / 1000;
}

function rssMiB(pid: number): number {
  return rssBytesOf(pid) / 2 ** 20;
}

/** Runs `run` and returns its requests/s and the requests per CPU-second of `proc`. */
async function perCore(proc: ServiceProcess, run: () => Promise<{ rps: number; non2xx: number }>) {
  const pid = proc.child.pid!;
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  const result = await run();
  const wall = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(pid) - cpuBefore;
  return { ...result, cpuShare: cpu / wall, perCore: (result.rps * wall) / cpu };
}

const fake = await FakeTelegram.start({ keepRecords: true });
const database = await createTestDatabase();
const env = {
  DATABASE_URL: database.url,
  REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
  REDIS_PREFIX: `botyard-capacity-${randomBytes(4).toString("hex")}`,
  SECRET_KEY: randomBytes(24).toString("base64url"),
  TELEGRAM_API_ROOT: fake.apiRoot,
  LOG_LEVEL: "warn",
  // `bench` lifts the account's requests-a-second quota (docs/operations.md#plans-and-quotas), which is not what is
  // measured; `fleet` also holds the routing part's bots. Every process reads the same plans.
  PLANS: JSON.stringify({
    bench: { ...BUILTIN_PLANS.default, requestsPerSecond: 10_000_000 },
    fleet: {
      ...BUILTIN_PLANS.default,
      bots: Number(process.env.BENCH_ROUTING_BOTS ?? 300) + 10,
      requestsPerSecond: 10_000_000,
    },
  }),
};
/** The per-bot limits lifted, as in bench:gateway: they are not what is measured here. */
const ONE_BOT_TAKES_ALL = {
  BOT_RATE_LIMIT: "100000",
  BOT_RATE_BURST: "1000000",
  BOT_CPU_MS_PER_SECOND: "100000",
  BOT_CPU_BURST_MS: "10000000",
  DEFAULT_PLAN: "bench",
};
const procs: ServiceProcess[] = [];
try {
  const [management, gateway, worker] = await Promise.all([
    startService("management", { ...env, NODE_ENV: "production" }),
    // One bot takes all the load: its rate limit (500 req/s per replica) would answer half of it with 429.
    startService("webhook-gateway", { ...env, NODE_ENV: "production", ...ONE_BOT_TAKES_ALL }),
    startService("broadcast-worker", { ...env, NODE_ENV: "production" }),
  ]);
  procs.push(management, gateway, worker);
  const idle = procs.map((p) => `${p.service} ${rssMiB(p.child.pid!).toFixed(0)} MiB`);

  const apiKey = await createOwner(env, "capacity@example.com");
  const client = new PlatformClient(management.url, gateway.url);
  const code = "logic['hi'] = async () => ({ hi: 1 });";
  const botId = await client.createBot(apiKey, { name: "capacity", botToken: fakeBotToken(1), code });
  await client.apiv3("restartBot", { apiKey, botId });

  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const gw = await perCore(gateway, () =>
    load({ url: `${gateway.url}/custom/${botId}/hi`, seconds, connections: 16, rate: 1000 }),
  );
  const mg = await perCore(management, () =>
    load({
      url: `${management.url}/apiv3/getbotCode`,
      method: "POST",
      body: JSON.stringify({ apiKey, botId }),
      seconds,
      connections: 8,
      rate: 500,
    }),
  );
  const after = procs.map((p) => `${p.service} ${rssMiB(p.child.pid!).toFixed(0)} MiB`);

  console.log(`idle RSS: ${idle.join(", ")}`);
  console.log(`RSS after the load: ${after.join(", ")}`);
  for (const [name, r] of [
    ["gateway, trivial custom webhook at 1,000 req/s offered", gw],
    ["management, getbotCode at 500 req/s offered", mg],
  ] as const) {
    console.log(
      `${name}: ${r.rps} req/s served (${r.non2xx} non-2xx) on ${(r.cpuShare * 100).toFixed(0)} % of a core ` +
        `= ${Math.round(r.perCore)} req/s per core`,
    );
  }

  const ROUTED_BOTS = Number(process.env.BENCH_ROUTING_BOTS ?? 300);
  const MIB = Number(process.env.BENCH_ROUTING_MIB ?? 8);
  if (ROUTED_BOTS > 0 && !HAVE_NGINX) console.log("routing by bot: skipped, no nginx (apt-get install -y nginx-light)");
  if (ROUTED_BOTS > 0 && HAVE_NGINX) {
    // Room for every bot on every replica, so that what differs is where the bots are loaded, never an eviction.
    const gatewayEnv = { ...env, NODE_ENV: "production", GATEWAY_MEMORY_MB: "16384", BOT_IDLE_MS: "3600000" };
    const fleetEnv = { ...gatewayEnv, DEFAULT_PLAN: "fleet" };
    let replicas = await Promise.all([0, 1, 2].map(() => startService("webhook-gateway", fleetEnv)));
    procs.push(...replicas);
    const fleetKey = await createOwner(fleetEnv, "routing@example.com");
    // Management reads an account's plan from the account: put it on the plan that holds the fleet.
    execFileSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "services/management/src/cli/main.ts",
        "plan:set",
        "--email",
        "routing@example.com",
        "--plan",
        "fleet",
      ],
      { cwd: repoRoot, env: { ...process.env, ...fleetEnv }, stdio: "ignore" },
    );
    const ids: string[] = [];
    for (let i = 0; i < ROUTED_BOTS; i += 10) {
      ids.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(10, ROUTED_BOTS - i) }, async (_, k) => {
            // Management answers 503 when its Postgres pool queues too long (a starved machine): try again.
            const again = async <T>(call: () => Promise<T>): Promise<T> => {
              for (let attempt = 1; ; attempt++) {
                try {
                  return await call();
                } catch (err) {
                  if (attempt === 5 || !String(err).includes("answered 503")) throw err;
                  await new Promise((r) => setTimeout(r, 1000));
                }
              }
            };
            const botToken = fakeBotToken(1000 + i + k);
            const id = await again(() =>
              client.createBot(fleetKey, { name: `routed-${i + k}`, botToken, code: keepingBot(0, MIB) }),
            );
            await again(() => client.apiv3("restartBot", { apiKey: fleetKey, botId: id }));
            return id;
          }),
        )),
      );
    }
    /** Three calls of each bot, 30 at a time, each to the base URL `urlOf` names. */
    const callAll = async (urlOf: (bot: number, call: number) => string) => {
      for (let call = 0; call < 3; call++)
        for (let i = 0; i < ids.length; i += 30)
          await Promise.all(
            ids.slice(i, i + 30).map(async (id, k) => {
              for (let attempt = 1; ; attempt++) {
                const res = await fetch(`${urlOf(i + k, call)}/custom/${id}/who`);
                const text = await res.text();
                if (res.ok) break;
                // A 503 is the gateway's back-pressure (a load refused for now): honour its Retry-After, a few times.
                if (res.status !== 503 || attempt === 3) throw new Error(`${id} answered ${res.status}: ${text}`);
                await new Promise((r) => setTimeout(r, Number(res.headers.get("retry-after") ?? 1) * 1000));
              }
            }),
          );
    };
    const figures = async () => {
      const loaded = await Promise.all(replicas.map((r) => loadedIsolates(r.url)));
      const rss = replicas.map((r) => rssMiB(r.child.pid!));
      return `bots loaded ${loaded.join(" / ")}, RSS MiB ${rss.map((m) => m.toFixed(0)).join(" / ")}`;
    };
    // A plain Service: each call to the next replica in turn, so every replica sees every bot.
    await callAll((bot, call) => replicas[(bot + call) % 3]!.url);
    const spread = await figures();
    // Fresh replicas on the same ports, behind nginx.
    const ports = replicas.map((r) => Number(new URL(r.url).port));
    await Promise.all(replicas.map((r) => stopService(r)));
    replicas = await Promise.all(ports.map((port) => startService("webhook-gateway", fleetEnv, port)));
    procs.push(...replicas);
    const nginx = await startNginx(replicas.map((r) => new URL(r.url).host));
    try {
      await callAll(() => nginx.url);
      const routed = await figures();
      console.log(`routing by bot, ${ROUTED_BOTS} bots keeping ${MIB} MiB each, 3 gateway replicas:`);
      console.log(`  spread round-robin (no routing): ${spread}`);
      console.log(`  routed by bot id (nginx, consistent hash): ${routed}`);
    } finally {
      await nginx.stop();
    }
  }
} finally {
  await stopAll(procs);
  await fake.close();
  await database.drop();
}
