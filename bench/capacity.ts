/**
 * `pnpm bench:capacity`: the per-process figures docs/operations.md's capacity model needs and the other benchmarks do
 * not give. Each service runs as its own process (src/main.ts, as deployed); the load comes from this process. A
 * service's throughput is divided by the CPU time that service's process used (from /proc), so the figure is "per
 * core" whatever else the machine runs; memory is the process's resident set.
 *
 * Measures: idle RSS of each service; gateway req/s per core on a trivial custom webhook; management req/s per core
 * on getbotCode. The worker's msg/s per core and the RSS per loaded bot come from bench:broadcast and bench:gateway.
 */
import { randomBytes } from "node:crypto";
import { BUILTIN_PLANS } from "@botyard/common/plans";
import { createTestDatabase } from "@botyard/db/testing";
import { FakeTelegram } from "@botyard/fake-telegram";
import { createOwner, type ServiceProcess, startService, stopAll } from "../infra/test/support/fleet.js";
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
};
/** The per-bot limits lifted, as in bench:gateway: they are not what is measured here. */
const ONE_BOT_TAKES_ALL = {
  BOT_RATE_LIMIT: "100000",
  BOT_RATE_BURST: "1000000",
  BOT_CPU_MS_PER_SECOND: "100000",
  BOT_CPU_BURST_MS: "10000000",
  // Nor is the account's requests-a-second quota (docs/operations.md#plans-and-quotas).
  PLANS: JSON.stringify({ bench: { ...BUILTIN_PLANS.default, requestsPerSecond: 10_000_000 } }),
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
} finally {
  await stopAll(procs);
  await fake.close();
  await database.drop();
}
