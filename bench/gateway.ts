/**
 * Gateway benchmark. Three servers answer the same trivial call with `{ ok: true, data: "pong" }`, each in a process of
 * its own beside the load generator: the Botyard gateway (services/webhook-gateway/src/main.ts as deployed, with
 * Postgres, Redis, the bot-event bus and a bot's `logic['ping']` in an isolate), a bare express handler, and workerd
 * (Cloudflare's runtime, from the `workerd` npm package) with a one-line worker. Interleaved rounds of autocannon -c 50
 * give req/s, the ratios and each server's CPU time per reply; then latency percentiles to the microsecond, in a
 * closed loop at -c 50 (with how often each server's event loop was preempted) and in an open loop at fixed rates
 * (bench/support.ts), each as the median of the rounds' and over all the rounds' requests together (the target's);
 * then the first call after a restart of a 50 KB bot, and resident memory per loaded idle bot (of the gateway process).
 * Then what usage metering costs (docs/operations.md#usage-metering): a second gateway process with metering off
 * (USAGE_METERING=0) beside the first, both loaded alike in pairs of short turns, on and off, alternating which goes
 * first; each pair's ratio of req/s and of CPU per reply, and their medians with the spread (see meteringCost).
 *
 * Run: pnpm bench:gateway (about 8 minutes on a quiet machine)
 *   pnpm bench:gateway:metering runs the metering pairs alone (about 3 minutes, gateway starts included):
 *   BENCH_METERING_PAIRS (150) pairs of turns of BENCH_METERING_TURN_MS (250) ms.
 *   BENCH_ROUNDS (3) and BENCH_SECONDS (5) set the rounds, BENCH_LATENCY_ROUNDS (6) those of each latency load
 *   (the closed loop and each fixed rate), BENCH_RATES (1000,10000,20000) the fixed rates;
 *   BENCH_GATEWAY_FLAGS passes Node flags to the gateway; BENCH_PROFILE=<dir> runs the gateway under
 *   `node --cpu-prof` into <dir>, does the throughput rounds only, and prints the functions with the most self time.
 * Results and setup: bench/README.md#gateway
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createRedis, RedisNames } from "@botyard/common/redis";
import { newId, SecretBox, sha256 } from "@botyard/common/crypto";
import { BotEventBus } from "@botyard/common/bot-events";
import { accounts, bots, createDb } from "@botyard/db";
import { createTestDatabase } from "@botyard/db/testing";
import {
  bareExpress,
  type ChildServer,
  cpuMsOfStat,
  freePort,
  load,
  loadAtRate,
  loadClosedLoop,
  percentile,
  percentileOfSorted,
  loadInTurns,
  preemptionsOf,
  report,
  rssBytesOf,
  schedstatOf,
  spawnServer,
  ONE_BOT_TAKES_THE_LOAD,
} from "./support.js";

const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
const self = fileURLToPath(import.meta.url);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/**
 * Rounds of each latency load (the closed loop at -c 50 and each fixed rate), where the p99 target is closest: more
 * than the others. At 1,000 req/s a single stall of workerd's sets its p99 for the round, so three rounds' median
 * turned on whether it stalled in two of them (bench/README.md#gateway).
 */
const LATENCY_ROUNDS = Number(process.env.BENCH_LATENCY_ROUNDS ?? 6);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
/** The fixed rates (req/s) of the open-loop latency rounds. */
const RATES = (process.env.BENCH_RATES ?? "1000,10000,20000").split(",").map(Number);
const SECRET_KEY = "bench-secret-key-0123456789";
/** `--metering`: the metering pairs only (no baselines, no latency). */
const METERING_ONLY = process.argv[2] === "--metering";
/**
 * Pairs of turns of the metering comparison, and a turn's length. Short turns, many of them: on a shared machine the
 * noise comes in spells of a second or more, which both turns of a pair mostly share, and which the median over pairs
 * leaves out. 2-s rounds of autocannon at a load average of 25 gave pair ratios from 0.16 to 3.0.
 */
const METERING_PAIRS = Number(process.env.BENCH_METERING_PAIRS ?? 150);
const METERING_TURN_MS = Number(process.env.BENCH_METERING_TURN_MS ?? 250);
/** Pairs of gateway processes `pnpm bench:gateway:metering` spreads its pairs of turns over (see MeteringProcesses). */
const METERING_PROCESSES = Number(process.env.BENCH_METERING_PROCESSES ?? 3);
// The workerd package has no type declarations: its CommonJS exports name the binary it ships and its date.
const workerd = createRequire(import.meta.url)("workerd") as { default: string; compatibilityDate: string };

/** `gateway.ts --bare-express <port>`: the express baseline in a process of its own. */
function serveBareExpress(port: number): void {
  const server = bareExpress("/custom/:botId/:path").listen(port, "127.0.0.1");
  process.once("SIGTERM", () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}

/** workerd with one module worker answering every request as the bare handler does. */
async function startWorkerd(dir: string): Promise<ChildServer> {
  const port = await freePort();
  writeFileSync(
    join(dir, "worker.js"),
    'export default { fetch() { return Response.json({ ok: true, data: "pong" }); } };\n',
  );
  writeFileSync(
    join(dir, "config.capnp"),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const worker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  compatibilityDate = "${workerd.compatibilityDate}",
);
`,
  );
  return spawnServer(workerd.default, ["serve", join(dir, "config.capnp")], {
    url: `http://127.0.0.1:${port}`,
    readyPath: "/",
  });
}

/**
 * Now on the system's monotonic clock, in µs: the clock of V8's CPU profile timestamps in every process on the
 * machine, so the profile of the gateway process can be cut to the windows in which it was under load.
 */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
/** When the gateway was under load (µs, {@link monotonicUs}). */
const loadWindows: Array<[number, number]> = [];

interface Target {
  name: string;
  url: string;
  /** The server's process: its CPU time is read around each throughput round. */
  pid: number;
}

/** What one round against one target measured. */
interface Round {
  rps?: number;
  p50: number;
  p99: number;
  p999: number;
  /** The longest latency (ms), where the load measures it. */
  max?: number;
  non2xx: number;
  errors: number;
  /** Every request's latency (ms, sorted), where the load keeps them. */
  latencies?: Float64Array;
}

/**
 * Interleaved rounds (the order rotates each round) of `run` against each target; prints each round and returns
 * the medians per target. `label` names the kind of load in the printout.
 */
async function rounds(label: string, targets: Target[], run: (t: Target) => Promise<Round>, count = ROUNDS) {
  const runs = new Map(targets.map((t) => [t.name, [] as Round[]]));
  for (let round = 0; round < count; round++) {
    for (const t of targets.map((_, i) => targets[(i + round) % targets.length]!)) {
      // The generator's own garbage goes before each round, not into one (`--expose-gc`, in the bench script).
      globalThis.gc?.();
      const result = await run(t);
      runs.get(t.name)!.push(result);
      console.log(
        `  ${label} round ${round + 1} ${t.name.padEnd(14)}` +
          (result.rps === undefined ? "" : ` ${String(result.rps).padStart(6)} req/s`) +
          `  p50 ${result.p50} ms  p99 ${result.p99} ms  p99.9 ${result.p999} ms` +
          (result.max === undefined ? "" : `  max ${result.max} ms`) +
          `  non-2xx ${result.non2xx} errors ${result.errors}`,
      );
    }
  }
  const median = (values: number[]) => percentile(values, 50);
  /** Every request of every round (ms), sorted: empty when the load kept no latencies. */
  const pooled = (list: Round[]) => {
    const parts = list.map((r) => r.latencies ?? new Float64Array(0));
    const all = new Float64Array(parts.reduce((n, part) => n + part.length, 0));
    let at = 0;
    for (const part of parts) {
      all.set(part, at);
      at += part.length;
    }
    return all.sort();
  };
  /** The p-th percentile of sorted latencies (ms), NaN for none. */
  const ms = (sorted: Float64Array, p: number) => Number(percentileOfSorted(sorted, p).toFixed(2));
  return new Map(
    [...runs].map(([name, list]) => {
      const all = pooled(list);
      const figures = {
        /** p99 and p99.9 of all the rounds' requests together, as one long run would measure them. */
        pooledP99: ms(all, 99),
        pooledP999: ms(all, 99.9),
        rps: median(list.map((r) => r.rps ?? 0)),
        rpsMin: Math.min(...list.map((r) => r.rps ?? 0)),
        rpsMax: Math.max(...list.map((r) => r.rps ?? 0)),
        p50: median(list.map((r) => r.p50)),
        p99: median(list.map((r) => r.p99)),
        /** Each round's p99, in round order: rounds of different servers with the same index ran back to back. */
        p99s: list.map((r) => r.p99),
        p999: median(list.map((r) => r.p999)),
        max: Math.max(...list.map((r) => r.max ?? 0)),
        bad: list.reduce((n, r) => n + r.non2xx + r.errors, 0),
      };
      return [name, figures] as const;
    }),
  );
}

/**
 * Garbage-collection pauses of a Botyard process so far, from its /metrics (prom-client's `nodejs_gc_duration_seconds`):
 * ms and count per kind (minor: young generation; major: a full GC; incremental: marking steps).
 */
async function gcPausesOf(baseUrl: string): Promise<Map<string, { ms: number; count: number }>> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const pauses = new Map<string, { ms: number; count: number }>();
  for (const m of text.matchAll(/^nodejs_gc_duration_seconds_(sum|count)\{[^}]*kind="(\w+)"[^}]*\} ([\d.e+-]+)$/gm)) {
    const entry = pauses.get(m[2]!) ?? { ms: 0, count: 0 };
    if (m[1] === "sum") entry.ms = Number(m[3]) * 1000;
    else entry.count = Number(m[3]);
    pauses.set(m[2]!, entry);
  }
  return pauses;
}

/** CPU time (user + system, in ms) of a process's threads (Linux): the first thread's (the event loop's) and the rest's. */
function cpuMsOf(pid: number): { main: number; others: number } {
  let main = 0;
  let others = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const ms = cpuMsOfStat(`/proc/${pid}/task/${task}/stat`);
    if (Number(task) === pid) main += ms;
    else others += ms;
  }
  return { main, others };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Self time per function and per package of a .cpuprofile, within the load windows only, idle excluded. */
function summariseProfile(dir: string): void {
  const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) {
    console.log(`no .cpuprofile in ${dir}`);
    return;
  }
  const profile = JSON.parse(readFileSync(join(dir, file), "utf8")) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
    startTime: number;
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  // esbuild marks where each source module starts in a bundle with a `// <path>` line: frames in the bundle are
  // attributed to the module (and package) they came from.
  const modules = new Map<string, Array<[number, string]>>();
  const moduleAt = (url: string, line: number): string => {
    if (!url.endsWith(".mjs")) return url;
    let starts = modules.get(url);
    if (!starts) {
      starts = [];
      const lines = readFileSync(fileURLToPath(url), "utf8").split("\n");
      lines.forEach((text, i) => {
        const m = /^\/\/ ((?:\.\.\/)*[\w@.+-]+\/[^ ]+\.(?:[cm]?js|ts))$/.exec(text);
        if (m) starts!.push([i, m[1]!.replace(/^(\.\.\/)+/, "")]);
      });
      modules.set(url, starts);
    }
    let found = url;
    for (const [start, path] of starts) {
      if (start > line) break;
      found = path;
    }
    return found;
  };
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    at += us;
    if (!loadWindows.some(([from, to]) => at >= from && at <= to)) return;
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === "(idle)") return;
    total += us;
    const url = moduleAt(frame.url, frame.lineNumber).replace(`file://${root}/`, "");
    const where = url.startsWith("node:") ? `${url}:${frame.lineNumber + 1}` : url.replace(/^.*node_modules\//, "");
    const fn = `${frame.functionName || "(anonymous)"} ${where}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    const pkg = !url
      ? frame.functionName
      : url.startsWith("node:")
        ? `node:${url.split(/[:/]/)[1] === "internal" ? url.split("/")[1] : url.slice(5)}`
        : url.includes("node_modules/")
          ? (/node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(url)?.[1] ?? url)
          : url.split("/").slice(0, 2).join("/");
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`)
      .join("\n");
  const loaded = loadWindows.reduce((n, [from, to]) => n + to - from, 0);
  console.log(
    `\nCPU profile ${join(dir, file)}: ${(total / 1e6).toFixed(1)} s busy in ${(loaded / 1e6).toFixed(1)} s under load`,
  );
  console.log(`self time by package or area:\n${top(byPackage, 20)}`);
  console.log(`self time by function:\n${top(byFunction, 30)}`);
}

/** The 1-, 5- and 15-minute load averages, as `uptime` prints them. */
const loadAverage = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(", ");

/**
 * The gateways the metering comparison loads: `count` pairs of processes, one after the other (a process's own
 * layout and JIT decisions set its speed for its lifetime, by as much as the effect measured, so one pair of processes
 * is one sample of that).
 */
interface MeteringProcesses {
  count: number;
  start(index: number): Promise<{ on: Target; off: Target; stop(): Promise<void> }>;
}

/** One turn of the metering comparison: replies, the turn's length, and the gateway's scheduler times over it. */
interface Turn {
  replies: number;
  ms: number;
  runNs: number;
  waitNs: number;
}

/**
 * What usage metering costs: `pairs` pairs of short turns of closed-loop load (-c 50, {@link loadInTurns}) on the
 * gateway with metering on and the same gateway with it off, both processes alive and warm, the order alternating
 * pair by pair (on-off, off-on, …) so neither always goes first. A pair's ratio (on / off) compares two turns a few
 * hundred ms apart, which share the machine's spells of other work; the median over pairs, with its interquartile
 * range and extremes, is the figure, beside the ratio of all turns pooled with a 90 % bootstrap interval (pairs
 * resampled). CPU per reply (schedstat, all the gateway's threads) is reported the same way, as throughput-equivalent
 * ratios (off's ns / on's ns): a process pays for its own work whoever else runs.
 */
async function meteringCost(processes: MeteringProcesses, pairs: number, turnMs: number) {
  const loadBefore = loadAverage();
  console.log(
    `metering: ${pairs} pairs of ${turnMs}-ms turns, closed loop -c ${CONNECTIONS}, metering on / off, alternating ` +
      `which goes first, on ${processes.count} pair(s) of gateway processes; load average ${loadBefore}`,
  );
  /** Each pair's turns: metering on, metering off. */
  const measured: Array<[Turn, Turn]> = [];
  /** Where each set of gateway processes' pairs start in `measured`. */
  const blocks: number[] = [];
  const failures = { non2xx: 0, errors: 0 };
  for (let block = 0; block < processes.count; block++) {
    const { on, off, stop } = await processes.start(block);
    const turns = await loadInTurns([on.url, off.url], CONNECTIONS, turnMs);
    const measure = async (which: 0 | 1): Promise<Turn> => {
      const pid = which === 0 ? on.pid : off.pid;
      const before = schedstatOf(pid);
      const start = monotonicUs();
      const { replies, ms } = await turns.turn(which);
      if (which === 0) loadWindows.push([start, monotonicUs()]);
      const after = schedstatOf(pid);
      return { replies, ms, runNs: after.runNs - before.runNs, waitNs: after.waitNs - before.waitNs };
    };
    // Warm-up: a few turns each, not counted.
    for (let i = 0; i < 8; i++) await turns.turn((i % 2) as 0 | 1);
    blocks.push(measured.length);
    const end = Math.round(((block + 1) * pairs) / processes.count);
    for (let pair = measured.length; pair < end; pair++) {
      if (pair % 2 === 0) {
        const a = await measure(0);
        measured.push([a, await measure(1)]);
      } else {
        const b = await measure(1);
        measured.push([await measure(0), b]);
      }
    }
    const failed = await turns.close();
    failures.non2xx += failed.non2xx;
    failures.errors += failed.errors;
    await stop();
  }
  const rps = (t: Turn) => (t.replies * 1000) / t.ms;
  const cpuNs = (t: Turn) => t.runNs / t.replies;
  const rpsRatios = measured.map(([a, b]) => rps(a) / rps(b));
  const cpuRatios = measured.map(([a, b]) => cpuNs(b) / cpuNs(a));
  console.log(`  req/s on / off, each pair: ${rpsRatios.map((x) => x.toFixed(2)).join(" ")}`);
  console.log(`  CPU per reply off / on, each pair: ${cpuRatios.map((x) => x.toFixed(2)).join(" ")}`);
  const sum = (list: Array<[Turn, Turn]>, side: 0 | 1): Turn => {
    const total = { replies: 0, ms: 0, runNs: 0, waitNs: 0 };
    for (const pair of list) {
      const t = pair[side];
      total.replies += t.replies;
      total.ms += t.ms;
      total.runNs += t.runNs;
      total.waitNs += t.waitNs;
    }
    return total;
  };
  const pooled = (list: Array<[Turn, Turn]>) => {
    const [a, b] = [sum(list, 0), sum(list, 1)];
    return { rps: rps(a) / rps(b), cpu: cpuNs(b) / cpuNs(a) };
  };
  // How far each figure can be trusted: recomputed over pairs drawn with replacement (a bootstrap).
  const draws = Array.from({ length: 2000 }, () => {
    const picks = Array.from({ length: measured.length }, () => Math.floor(Math.random() * measured.length));
    return {
      ...pooled(picks.map((i) => measured[i]!)),
      rpsMedian: percentile(
        picks.map((i) => rpsRatios[i]!),
        50,
      ),
      cpuMedian: percentile(
        picks.map((i) => cpuRatios[i]!),
        50,
      ),
    };
  });
  const all = pooled(measured);
  const interval = (values: number[]) => `${percentile(values, 5).toFixed(3)}–${percentile(values, 95).toFixed(3)}`;
  /** The median of the pairs' ratios, its 90 % interval, and the ratios' own spread (IQR and range). */
  const spread = (values: number[], medians: number[]) =>
    `${percentile(values, 50).toFixed(3)} (90 % interval ${interval(medians)}); pairs' IQR ` +
    `${percentile(values, 25).toFixed(3)}–${percentile(values, 75).toFixed(3)}, range ` +
    `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
  const [tOn, tOff] = [sum(measured, 0), sum(measured, 1)];
  /** The median of `ratios` over each set of processes' pairs. */
  const perBlock = (ratios: number[]) =>
    blocks.map((from, i) => percentile(ratios.slice(from, blocks[i + 1] ?? ratios.length), 50).toFixed(3)).join(", ");
  const waiting = (t: Turn) => `${Math.round((100 * t.waitNs) / 1e6 / t.ms)} %`;
  const rows: Array<[string, string | number]> = [
    [
      "metering on / off, req/s: median of pairs (target >= 0.97)",
      spread(
        rpsRatios,
        draws.map((d) => d.rpsMedian),
      ),
    ],
    [
      "metering on / off, req/s: all turns (90 % interval)",
      `${all.rps.toFixed(3)} (${interval(draws.map((d) => d.rps))}); ${Math.round(rps(tOn))} / ${Math.round(rps(tOff))}`,
    ],
    [
      "metering on / off, CPU per reply (off / on): median of pairs",
      spread(
        cpuRatios,
        draws.map((d) => d.cpuMedian),
      ),
    ],
    [
      "metering on / off, CPU per reply: all turns (90 % interval)",
      `${all.cpu.toFixed(3)} (${interval(draws.map((d) => d.cpu))}); ` +
        `${(cpuNs(tOn) / 1000).toFixed(1)} / ${(cpuNs(tOff) / 1000).toFixed(1)} µs`,
    ],
    ...(blocks.length > 1
      ? ([
          ["metering on / off, medians per pair of processes: req/s", perBlock(rpsRatios)],
          ["metering on / off, medians per pair of processes: CPU", perBlock(cpuRatios)],
        ] as Array<[string, string]>)
      : []),
    [
      "metering pairs at >= 0.97: req/s; CPU",
      `${rpsRatios.filter((x) => x >= 0.97).length} of ${pairs}; ${cpuRatios.filter((x) => x >= 0.97).length} of ${pairs}`,
    ],
    ["metering on / off: threads waiting for a core, per turn's time", `${waiting(tOn)} / ${waiting(tOff)}`],
    ["load average (1, 5, 15 min) before / after the metering pairs", `${loadBefore} / ${loadAverage()}`],
  ];
  if (failures.non2xx + failures.errors > 0) {
    rows.push(["metering turns: non-2xx / errors", `${failures.non2xx} / ${failures.errors}`]);
  }
  return rows;
}

async function main(): Promise<void> {
  const profileDir = process.env.BENCH_PROFILE ? resolve(process.env.BENCH_PROFILE) : undefined;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const scratch = mkdtempSync(join(tmpdir(), "botyard-bench-gateway-"));
  const database = await createTestDatabase();
  const { db, pool } = createDb(database.url, { max: 4 });
  const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const redis = createRedis(redisUrl);
  const prefix = `botyard-bench-${randomUUID()}`;
  const eventBus = new BotEventBus(redis, createRedis(redisUrl), new RedisNames(prefix), { role: "publisher" });
  await eventBus.start();
  const accountId = newId();
  await db.insert(accounts).values({ id: accountId, email: `${accountId}@bench` });
  const box = new SecretBox(SECRET_KEY);
  async function bot(code: string): Promise<string> {
    const id = newId();
    await db.insert(bots).values({
      id,
      accountId,
      code,
      runningCode: code,
      codeVersion: 1,
      status: "running",
      tokenHash: sha256(id),
      tokenEnc: box.encrypt(`1:${id}`),
    });
    // As management's createBot does: the gateway serves ids it has heard of (docs/bot-runtime.md#limits).
    await eventBus.publish({ type: "create", botId: id }, { awaitAcks: true });
    return id;
  }
  const servers: ChildServer[] = [];
  try {
    const trivial = await bot("logic['ping'] = async () => 'pong';");
    const gatewayPort = await freePort();
    // The gateway as its image runs it: the esbuild bundle of infra/docker/bundle.ts, no TypeScript loader.
    const bundle = join(scratch, "gateway");
    execFileSync(process.execPath, ["--import", "tsx", "infra/docker/bundle.ts", "webhook-gateway", bundle], {
      cwd: root,
      stdio: "ignore",
    });
    /** The gateway; `env` adds to its environment (the metering switch). */
    const startGateway = async (env: Record<string, string> = {}) =>
      spawnServer(
        process.execPath,
        [
          "--no-node-snapshot",
          ...(process.env.BENCH_GATEWAY_FLAGS?.split(" ").filter(Boolean) ?? []),
          ...(profileDir && !env.USAGE_METERING ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
          join(bundle, "dist/main.mjs"),
        ],
        {
          cwd: root,
          url: `http://127.0.0.1:${env.GATEWAY_PORT ?? gatewayPort}`,
          readyPath: "/readyz",
          env: {
            NODE_ENV: "production",
            DATABASE_URL: database.url,
            REDIS_URL: redisUrl,
            REDIS_PREFIX: prefix,
            SECRET_KEY,
            GATEWAY_PORT: String(gatewayPort),
            LOG_LEVEL: "warn",
            TELEGRAM_API_ROOT: "http://127.0.0.1:9",
            ...ONE_BOT_TAKES_THE_LOAD,
            BOT_IDLE_MS: "3600000",
            ...env,
          },
        },
      );
    const gateway = await startGateway();
    servers.push(gateway);
    // The same gateway with usage metering off (USAGE_METERING=0), for the metering pairs: what metering costs.
    const meteringOffPort = await freePort();
    const meteringOff = await startGateway({ USAGE_METERING: "0", GATEWAY_PORT: String(meteringOffPort) });
    servers.push(meteringOff);
    const meteringOn: Target = { name: "Botyard", url: `${gateway.url}/custom/${trivial}/ping`, pid: gateway.pid };
    const offTarget: Target = {
      name: "Botyard, metering off",
      url: `${meteringOff.url}/custom/${trivial}/ping`,
      pid: meteringOff.pid,
    };
    for (const t of [meteringOn, offTarget]) {
      const body = await (await fetch(t.url)).text();
      if (body !== '{"ok":true,"data":"pong"}') throw new Error(`${t.name} answered ${body}`);
    }
    if (METERING_ONLY) {
      /** Fresh processes for each set of pairs after the first, started in turns on first, off first. */
      const processes: MeteringProcesses = {
        count: METERING_PROCESSES,
        async start(index) {
          let [on, off] = [gateway, meteringOff];
          if (index > 0) {
            const offEnv = { USAGE_METERING: "0", GATEWAY_PORT: String(await freePort()) };
            const onEnv = { GATEWAY_PORT: String(await freePort()) };
            if (index % 2 === 0) on = await startGateway(onEnv);
            off = await startGateway(offEnv);
            if (index % 2 === 1) on = await startGateway(onEnv);
            servers.push(on, off);
          }
          const pair = {
            on: { name: "Botyard", url: `${on.url}/custom/${trivial}/ping`, pid: on.pid },
            off: { name: "Botyard, metering off", url: `${off.url}/custom/${trivial}/ping`, pid: off.pid },
          };
          for (const t of [pair.on, pair.off]) await load({ url: t.url, seconds: 2, connections: CONNECTIONS }); // warm up
          return {
            ...pair,
            stop: async () => {
              await Promise.all([on.stop(), off.stop()]);
            },
          };
        },
      };
      report("Metering cost", await meteringCost(processes, METERING_PAIRS, METERING_TURN_MS));
      return;
    }
    const barePort = await freePort();
    const bare = await spawnServer(process.execPath, ["--import", "tsx", self, "--bare-express", String(barePort)], {
      cwd: root,
      url: `http://127.0.0.1:${barePort}`,
      readyPath: "/custom/x/ping",
      env: { NODE_ENV: "production" },
    });
    servers.push(bare);
    const worker = await startWorkerd(scratch);
    servers.push(worker);

    const targets: Target[] = [
      { name: "bare express", url: `${bare.url}/custom/x/ping`, pid: bare.pid },
      meteringOn,
      { name: "workerd", url: `${worker.url}/custom/x/ping`, pid: worker.pid },
    ];
    for (const t of targets) {
      const body = await (await fetch(t.url)).text();
      if (body !== '{"ok":true,"data":"pong"}') throw new Error(`${t.name} answered ${body}`);
    }
    const throughputTargets = targets;
    for (const t of throughputTargets) await load({ url: t.url, seconds: 1, connections: CONNECTIONS }); // warm up
    console.log(`throughput: ${ROUNDS} interleaved rounds of ${SECONDS} s, autocannon -c ${CONNECTIONS}`);
    /** CPU time of each server over its throughput rounds (ms: event-loop thread, other threads) and its replies. */
    const cpu = new Map(throughputTargets.map((t) => [t.name, { main: 0, others: 0, replies: 0 }]));
    const throughput = await rounds("autocannon", throughputTargets, async (t) => {
      const before = cpuMsOf(t.pid);
      const start = monotonicUs();
      const run = await load({ url: t.url, seconds: SECONDS, connections: CONNECTIONS });
      if (t.name === "Botyard") loadWindows.push([start, monotonicUs()]);
      const after = cpuMsOf(t.pid);
      const used = cpu.get(t.name)!;
      used.main += after.main - before.main;
      used.others += after.others - before.others;
      used.replies += run.rps * SECONDS;
      return run;
    });
    const r = (name: string) => throughput.get(name)!;
    const bad = (n: number) => (n ? ` (non-2xx or errors: ${n})` : "");
    const rows: Array<[string, string | number]> = throughputTargets.map(({ name }) => [
      `${name}: req/s median (min–max)`,
      `${r(name).rps} (${r(name).rpsMin}–${r(name).rpsMax})${bad(r(name).bad)}`,
    ]);
    rows.push(
      ["ratio Botyard / bare express (target >= 1)", (r("Botyard").rps / r("bare express").rps).toFixed(2)],
      ["ratio Botyard / workerd (target >= 0.7)", (r("Botyard").rps / r("workerd").rps).toFixed(2)],
    );
    for (const { name } of throughputTargets) {
      const used = cpu.get(name)!;
      const us = (ms: number) => ((ms * 1000) / used.replies).toFixed(1);
      rows.push([
        `${name}: CPU µs per reply, all threads (event loop + others)`,
        `${us(used.main + used.others)} (${us(used.main)} + ${us(used.others)})`,
      ]);
    }

    if (!profileDir) {
      const processes: MeteringProcesses = {
        count: 1,
        start: async () => ({ on: meteringOn, off: offTarget, stop: async () => {} }),
      };
      rows.push(...(await meteringCost(processes, METERING_PAIRS, METERING_TURN_MS)));
      // Latency to the microsecond. Closed loop first, as autocannon loads (whose histogram keeps whole ms); then
      // open loop at fixed rates, which also charges a server for the requests its stalls held up (see loadAtRate).
      const latencyRows = (label: string, result: Awaited<ReturnType<typeof rounds>>) => {
        for (const [name, m] of result) {
          rows.push([
            `${name} ${label}: p50 / p99 / p99.9 ms (max)`,
            `${m.p50} / ${m.p99} / ${m.p999} (${m.max})${bad(m.bad)}`,
          ]);
        }
        const [b, w] = [result.get("Botyard"), result.get("workerd")];
        if (b && w) {
          rows.push([`p99 ${label}, Botyard / workerd (median of the rounds')`, (b.p99 / w.p99).toFixed(2)]);
          // Round by round too: the machine's noise moves both servers' rounds in one spell together, and the spread
          // of these ratios says how far one run's ratio can be trusted.
          const paired = b.p99s.map((p99, i) => p99 / (w.p99s[i] ?? Number.NaN));
          rows.push([
            `p99 ${label}, Botyard / workerd in each round`,
            `${paired.map((x) => x.toFixed(2)).join(", ")} (<= 1 in ${paired.filter((x) => x <= 1).length} of ${paired.length})`,
          ]);
          rows.push([`p99.9 ${label}, Botyard / workerd`, (b.p999 / w.p999).toFixed(2)]);
          // All rounds' requests together: the p99 of one run as long as the rounds, where one server's stall in one
          // round weighs as much as the requests it delayed, not as one round's figure.
          if (!Number.isNaN(b.pooledP99))
            rows.push([
              `p99 / p99.9 ${label}, all rounds' requests: Botyard / workerd (target p99 <= 1)`,
              `${(b.pooledP99 / w.pooledP99).toFixed(2)} (${b.pooledP99} / ${w.pooledP99} ms); ` +
                `${(b.pooledP999 / w.pooledP999).toFixed(2)} (${b.pooledP999} / ${w.pooledP999} ms)`,
            ]);
        }
      };
      console.log(
        `latency: ${LATENCY_ROUNDS} interleaved rounds of ${SECONDS} s, closed loop -c ${CONNECTIONS}, then the same at` +
          " each fixed rate",
      );
      // How often each server's event loop lost its core while it could run: at saturation three busy threads
      // share two cores, and this shows what that costs each event loop (bench/README.md#known-limits).
      const preempted = new Map(targets.map((t) => [t.name, { switches: 0, replies: 0 }]));
      // The gateway's GC pauses in its closed-loop rounds: each round follows the other servers' rounds, during
      // which the gateway sits idle, after which a Map with an entry per call would set its p99
      // (bench/README.md#devices-of-the-request-path, the call table).
      const gc = new Map<string, { ms: number; count: number }>();
      const closed = await rounds(
        "closed loop",
        targets,
        async (t) => {
          const before = preemptionsOf(t.pid);
          const gcBefore = t.name === "Botyard" ? await gcPausesOf(gateway.url) : undefined;
          const run = await loadClosedLoop({ url: t.url, seconds: SECONDS, connections: CONNECTIONS });
          const counted = preempted.get(t.name)!;
          counted.switches += preemptionsOf(t.pid) - before;
          counted.replies += (run.rps ?? 0) * SECONDS;
          if (gcBefore) {
            for (const [kind, after] of await gcPausesOf(gateway.url)) {
              const total = gc.get(kind) ?? { ms: 0, count: 0 };
              total.ms += after.ms - (gcBefore.get(kind)?.ms ?? 0);
              total.count += after.count - (gcBefore.get(kind)?.count ?? 0);
              gc.set(kind, total);
            }
          }
          return run;
        },
        LATENCY_ROUNDS,
      );
      latencyRows(`at -c ${CONNECTIONS}`, closed);
      for (const [name, { switches, replies }] of preempted) {
        rows.push([
          `${name}: event loop preempted, per 1,000 replies at -c ${CONNECTIONS}`,
          ((1000 * switches) / replies).toFixed(1),
        ]);
      }
      const seconds = LATENCY_ROUNDS * SECONDS;
      rows.push([
        `Botyard: GC pauses per second at -c ${CONNECTIONS}, count (ms)`,
        ["minor", "major", "incremental"]
          .map((kind) => {
            const { ms, count } = gc.get(kind) ?? { ms: 0, count: 0 };
            return `${kind} ${(count / seconds).toFixed(1)} (${(ms / seconds).toFixed(1)})`;
          })
          .join(", "),
      ]);
      for (const rate of RATES) {
        // Past a server's capacity its queue grows for as long as the run lasts, and the figures measure the run: a
        // server is loaded at a rate only if each of its rounds at -c 50 in this run answered at least 1.25 times as
        // many (each, not the median: on a noisy machine a server's rounds spread by a third).
        const able = targets.filter((t) => r(t.name).rpsMin >= rate * 1.25);
        const open = await rounds(
          `${rate} req/s`,
          able,
          (t) => loadAtRate({ url: t.url, rate, seconds: SECONDS, connections: CONNECTIONS }),
          LATENCY_ROUNDS,
        );
        latencyRows(`at ${rate.toLocaleString("en")} req/s`, open);
      }

      // First call after restart of a 50 KB bot: the restart event goes through Redis to the gateway process.
      const filler = Array.from({ length: 1300 }, (_, i) => `const helper${i} = (x) => x * ${i} + ${i};`).join("\n");
      const big = await bot(`${filler}\nlogic['ping'] = async () => 'pong';`);
      const sizeQuery = await pool.query("select length(running_code) as n from bots where id = $1", [big]);
      const code = sizeQuery.rows[0].n as number;
      const firstCalls: number[] = [];
      for (let i = 0; i < 15; i++) {
        await pool.query("update bots set code_version = code_version + 1 where id = $1", [big]);
        await eventBus.publish({ type: "restart", botId: big, codeVersion: i + 2 }, { awaitAcks: true });
        const t0 = performance.now();
        const res = await fetch(`${gateway.url}/custom/${big}/ping`);
        await res.json();
        firstCalls.push(performance.now() - t0);
      }
      rows.push([
        `first call after restart, ${Math.round(code / 1024)} KB bot: median / max ms (target < 15)`,
        `${percentile(firstCalls, 50).toFixed(1)} / ${Math.max(...firstCalls).toFixed(1)}`,
      ]);

      // Resident memory per loaded idle bot, of the gateway process.
      const ids: string[] = [];
      for (let i = 0; i < 1000; i++) ids.push(await bot(`logic['ping'] = async () => ${i};`));
      const before = rssBytesOf(gateway.pid);
      let answered = 0;
      for (const id of ids) if ((await fetch(`${gateway.url}/custom/${id}/ping`)).ok) answered++;
      const after = rssBytesOf(gateway.pid);
      rows.push([`bots loaded (answered 200 of ${ids.length})`, answered]);
      rows.push([
        "gateway RSS per loaded idle bot, MiB (target < 3)",
        ((after - before) / ids.length / 2 ** 20).toFixed(2),
      ]);
    }
    report("Gateway benchmark", rows);
  } finally {
    const codes = await Promise.all(servers.map((s) => s.stop()));
    if (codes[0] !== undefined && codes[0] !== 0) console.log(`gateway exited with ${codes[0]} on SIGTERM`);
    await eventBus.close();
    redis.disconnect();
    await pool.end();
    await database.drop();
    if (profileDir) {
      // Kept beside the profile for further reading (e.g. inclusive times in Chrome DevTools' Performance panel).
      writeFileSync(join(profileDir, "load-windows.json"), JSON.stringify(loadWindows));
      summariseProfile(profileDir);
    }
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--bare-express") serveBareExpress(Number(process.argv[3]));
else {
  await main();
  process.exit(0);
}
