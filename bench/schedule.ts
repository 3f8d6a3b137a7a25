/**
 * `pnpm bench:schedule`: scheduled runs at volume, the figure issue 33 asks for ("10,000 one-off runs across 100 bots
 * due within one minute: lateness p50/p99, duplicates, the gateway's CPU"). The gateway(s) and management run as
 * deployed (services/<name>/src/main.ts, each a process of its own, on a fresh database and a fresh Redis prefix), with
 * the fake Bot API as TELEGRAM_API_ROOT. Owners of ten bots each create them through /apiv3; each bot's own code
 * schedules its share with `scheduler.runAt` (through its `plan` webhook), due times spread evenly over BENCH_SPAN_S
 * seconds that start once every bot has scheduled.
 *
 * The handler, `scheduled.fire`, sends one Bot API message whose text carries its run's key, attempt and lateness (its
 * start, Date.now() in the gateway, minus `run.scheduledAt`); the fake Bot API records them, so every start is counted
 * outside the gateway. Counted: lateness p50 / p99 / max of each run's first start, duplicates (starts beyond one per
 * run), runs never started, the history's `failed` and `retrying` rows, and the gateway's CPU time (/proc) from the
 * first due time to the last start.
 *
 * Run: pnpm bench:schedule
 *   BENCH_RUNS (10000), BENCH_BOTS (100), BENCH_SPAN_S (60), BENCH_GATEWAYS (1: gateway processes, each firing);
 *   BENCH_LEAD_S: seconds from the first plan call to the first due time (default: 10 + the time the bots would take
 *   one at a time at the first bot's rate).
 *
 * Every bot is loaded on every gateway before its runs are due (a plan call of no runs on each), so the figures are
 * the firing loop's and not an isolate's cold start, which a replica that never served the bot pays on its first run.
 * Results: bench/README.md#scheduled-runs
 */
import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { SecretBox } from "@botyard/common/crypto";
import { BUILTIN_PLANS } from "@botyard/common/plans";
import { createDb } from "@botyard/db";
import { createTestDatabase } from "@botyard/db/testing";
import { FakeTelegram } from "@botyard/fake-telegram";
import { AccountRepository } from "../services/management/src/accounts/account-repository.js";
import { AccountService } from "../services/management/src/accounts/account-service.js";
import {
  apiv3Client,
  type ChildServer,
  cpuMsOfStat,
  dropRedisPrefix,
  freePort,
  ONE_BOT_TAKES_THE_LOAD,
  percentile,
  report,
  spawnServer,
} from "./support.js";

const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
const RUNS = Number(process.env.BENCH_RUNS ?? 10_000);
const BOTS = Number(process.env.BENCH_BOTS ?? 100);
const SPAN_S = Number(process.env.BENCH_SPAN_S ?? 60);
const GATEWAYS = Number(process.env.BENCH_GATEWAYS ?? 1);
const LEAD_S = process.env.BENCH_LEAD_S === undefined ? undefined : Number(process.env.BENCH_LEAD_S);
/** Plan calls under way at once: each is one bot's isolate writing its share of schedules, one at a time. */
const PLANNERS = 4;
const BOTS_PER_ACCOUNT = 10;
const SECRET_KEY = "bench-secret-key-0123456789";

/**
 * `plan` schedules the runs it is given ([key, due ms] pairs) one by one; `fire` reports its start to the fake Bot API
 * (chat 1) as `key attempt lateness-ms`.
 */
const CODE = `
logic['plan'] = async (query, body) => {
  for (const [key, at] of body.runs) await scheduler.runAt(at, 'fire', null, { key });
  return body.runs.length;
};
scheduled['fire'] = async (payload, db, run) => {
  const late = Date.now() - Date.parse(run.scheduledAt);
  await bot.telegram.sendMessage(1, run.key + ' ' + run.attempt + ' ' + late);
};
`;

async function main(): Promise<void> {
  if (!(RUNS > 0 && BOTS > 0 && SPAN_S > 0 && GATEWAYS > 0)) throw new Error("BENCH_* must be positive numbers");
  const database = await createTestDatabase();
  const { db, pool } = createDb(database.url, { max: 2 });
  const fake = await FakeTelegram.start();
  const perBot = Math.ceil(RUNS / BOTS);
  const env = {
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
    REDIS_PREFIX: `botyard-bench-schedule-${randomUUID().slice(0, 8)}`,
    SECRET_KEY,
    LOG_LEVEL: "warn",
    TELEGRAM_API_ROOT: fake.apiRoot,
    // A plan call writes a bot's whole share; it is setup, not what is measured.
    HANDLER_TIMEOUT_MS: "120000",
    // Rates and budgets per bot are lifted (a run over them waits, which is not lateness of the firing loop) ...
    ...ONE_BOT_TAKES_THE_LOAD,
    // ... and so are the bounds of pending runs per bot and per account.
    SCHEDULE_MAX_ONCE_PER_BOT: String(perBot),
    PLANS: JSON.stringify({
      bench: { ...BUILTIN_PLANS.default, bots: BOTS + 10, pendingScheduledRuns: RUNS + 10, requestsPerSecond: 1e7 },
    }),
    DEFAULT_PLAN: "bench",
  };
  const children: ChildServer[] = [];
  const start = async (service: string, settings: Record<string, string>, port: number) =>
    spawnServer(process.execPath, ["--no-node-snapshot", "--import", "tsx", `services/${service}/src/main.ts`], {
      url: `http://127.0.0.1:${port}`,
      readyPath: "/readyz",
      cwd: root,
      env: settings,
    });
  try {
    const gateways: ChildServer[] = [];
    for (let i = 0; i < GATEWAYS; i++) {
      const port = await freePort();
      gateways.push(await start("webhook-gateway", { ...env, GATEWAY_PORT: String(port) }, port));
    }
    children.push(...gateways);
    const managementPort = await freePort();
    const gateway = gateways[0] as ChildServer;
    children.push(
      await start(
        "management",
        { ...env, MANAGEMENT_PORT: String(managementPort), WEBHOOK_BASE_URL: gateway.url },
        managementPort,
      ),
    );
    const management = children.at(-1) as ChildServer;
    // Ten bots to an owner, as a hundred owners' bots would share a gateway: writes of one account take its row's lock.
    const accounts = new AccountService(new AccountRepository(db), new SecretBox(SECRET_KEY));
    const bots: Array<{ botId: string; token: string }> = [];
    let op = apiv3Client(management.url, "");
    for (let b = 0; b < BOTS; b++) {
      if (b % BOTS_PER_ACCOUNT === 0) {
        op = apiv3Client(management.url, (await accounts.create(`schedule-${b}@bench.example`)).apiKey);
      }
      const token = `${700000 + b}:AAH${randomUUID().replace(/-/g, "")}`;
      const { botId } = (await op("createBot", { name: `schedule bench ${b}`, botToken: token, code: CODE })) as {
        botId: string;
      };
      await op("restartBot", { botId });
      bots.push({ botId, token });
    }
    const plan = async (b: number, runs: Array<[string, number]>, through = gateway) => {
      const bot = bots[b] as { botId: string };
      const res = await fetch(`${through.url}/custom/${bot.botId}/plan`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ runs }),
      });
      const body = (await res.json()) as { data?: unknown };
      if (res.status !== 200 || body.data !== runs.length) {
        throw new Error(`bot ${b}'s plan answered ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      }
    };
    // How fast bot code schedules here: the first bot writes its keys a day ahead (its real plan replaces them), and
    // the first due time is set so far ahead that every bot has planned by then even one at a time.
    const keysOf = (b: number) => Array.from({ length: Math.ceil((RUNS - b) / BOTS) }, (_, i) => `r${i * BOTS + b}`);
    const calibration = performance.now();
    await plan(
      0,
      keysOf(0).map((key) => [key, Date.now() + 86_400_000]),
    );
    const perRunMs = (performance.now() - calibration) / keysOf(0).length;
    const leadS = LEAD_S ?? 10 + (RUNS * perRunMs) / 1000;
    console.log(
      `scheduled runs: ${RUNS} one-off runs across ${BOTS} bots due within ${SPAN_S} s, ${GATEWAYS} gateway ` +
        `process(es), scheduled by the bots' code ${leadS.toFixed(0)} s ahead`,
    );

    // Run j is bot (j mod BOTS)'s, due at first + j × span / runs: the bots' runs interleave through the span.
    const first = Date.now() + leadS * 1000;
    const shares: Array<Array<[string, number]>> = bots.map(() => []);
    for (let j = 0; j < RUNS; j++) {
      shares[j % BOTS]?.push([`r${j}`, Math.round(first + (j * SPAN_S * 1000) / RUNS)]);
    }
    const planStarted = performance.now();
    let next = 0;
    const planner = async () => {
      for (let b = next++; b < BOTS; b = next++) await plan(b, shares[b] ?? []);
    };
    await Promise.all(Array.from({ length: PLANNERS }, planner));
    for (const other of gateways.slice(1)) {
      for (let b = 0; b < BOTS; b++) await plan(b, [], other);
    }
    const planSeconds = (performance.now() - planStarted) / 1000;
    if (Date.now() >= first) {
      const took = `scheduling took ${planSeconds.toFixed(1)} s, past the first due time`;
      throw new Error(`${took}: set BENCH_LEAD_S above ${leadS.toFixed(0)}`);
    }

    await new Promise((r) => setTimeout(r, first - Date.now()));
    const cpuFrom = gateways.map((g) => cpuMsOfStat(`/proc/${g.pid}/stat`));
    const firingFrom = performance.now();
    // Every run started, or a minute past the last due time.
    const deadline = first + SPAN_S * 1000 + 60_000;
    const sends = () => fake.callsOf("sendMessage");
    while (new Set(sends().map((c) => String(c.params.text).split(" ")[0])).size < RUNS && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
    }
    const cpuTo = gateways.map((g) => cpuMsOfStat(`/proc/${g.pid}/stat`));
    const firingSeconds = (performance.now() - firingFrom) / 1000;
    // The last runs' history rows are written just after their handlers end.
    await new Promise((r) => setTimeout(r, 2000));

    const lateness = new Map<string, number>();
    let starts = 0;
    let retried = 0;
    for (const call of sends()) {
      const [key, attempt, late] = String(call.params.text).split(" ");
      if (key === undefined) continue;
      starts++;
      if (Number(attempt) > 1) retried++;
      if (!lateness.has(key)) lateness.set(key, Number(late));
    }
    const late = [...lateness.values()];
    const { rows: history } = await pool.query<{ status: string; n: number }>(
      "select status, count(*)::int as n from schedule_runs group by status",
    );
    const status = (s: string) => history.find((h) => h.status === s)?.n ?? 0;
    const cpuMs = cpuTo.reduce((sum, to, i) => sum + to - (cpuFrom[i] ?? 0), 0);
    const duplicates = starts - lateness.size;
    const missing = RUNS - lateness.size;
    const failures = status("failed") + missing;
    report(`Scheduled runs${RUNS < 10_000 || BOTS < 100 ? " (a small run)" : ""}`, [
      ["runs, bots, span s, gateway processes", `${RUNS}, ${BOTS}, ${SPAN_S}, ${GATEWAYS}`],
      ["scheduling by bot code: s (runAt calls/s)", `${planSeconds.toFixed(1)} (${Math.round(RUNS / planSeconds)})`],
      [
        "lateness p50 / p99 / max ms (due time to handler start)",
        `${percentile(late, 50)} / ${percentile(late, 99)} / ${late.length > 0 ? Math.max(...late) : "-"}`,
      ],
      ["runs started / never started", `${lateness.size} / ${missing}`],
      ["duplicates (starts beyond one per run; of them attempt > 1)", `${duplicates} (${retried})`],
      [
        "history: ok / failed / retrying / skipped",
        `${status("ok")} / ${status("failed")} / ${status("retrying")} / ${status("skipped")}`,
      ],
      ["failures (failed + never started)", failures],
      [
        "gateway CPU s over the firing (% of one core)",
        `${(cpuMs / 1000).toFixed(1)} over ${firingSeconds.toFixed(1)} s (${Math.round(cpuMs / 10 / firingSeconds)}%)`,
      ],
      ["gateway CPU ms per run", (cpuMs / Math.max(1, lateness.size)).toFixed(2)],
    ]);
    process.exitCode = duplicates === 0 && failures === 0 ? 0 : 1;
  } finally {
    for (const child of children.reverse()) await child.stop();
    await fake.close();
    await pool.end();
    await database.drop();
    await dropRedisPrefix(env.REDIS_URL, env.REDIS_PREFIX);
  }
}

await main();
