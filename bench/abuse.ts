/**
 * Abuse benchmark (issue 10): one bot floods the gateway in each way the issue lists, while a neighbour bot's trivial
 * webhook, its webhook doing one db.operation.findOne, and its webhook doing one bot.telegram.sendMessage are timed.
 * Prints the neighbour's p50/p99 under each flood beside the unloaded ones, whether they stay within the goal
 * (p50 <= 2 x unloaded p50 + 5 ms), how much the gateway's RSS grew during the flood and its peak. Two floods are an
 * account's (issue 31): 256 queued sendMessage calls of 4.5 MB while the Bot API is slow, and 48 bots (two accounts'
 * 24) each keeping 56 MB in its heap. ABUSE_GATEWAY_MEMORY_MB and ABUSE_BOT_HOST_MEMORY_MB set the gateway's memory
 * budgets (default: GATEWAY_MEMORY_MB's 1536 without a cgroup limit, and the isolate limit); set them very high to
 * see the gateway without them.
 *
 * Three parts, so the load generator does not share an event loop with what it measures: the gateway runs in a child
 * process (this file with --gateway), the neighbour's probes in a worker thread, the floods on the main thread.
 * Run: pnpm bench:abuse (about 2 minutes).
 */
import { fork, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { once } from "node:events";
import { loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import autocannon from "autocannon";
import { newId, SecretBox, sha256 } from "@botyard/common/crypto";
import { accounts, bots, createDb } from "@botyard/db";
import { createTestDatabase } from "@botyard/db/testing";
import { FakeTelegram } from "@botyard/fake-telegram";
import { percentile } from "./support.js";

const SECRET_KEY = "bench-abuse-secret-key-0123456789";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
/** Latency of the fake Bot API, so Bot API calls hold connections as the real one does. */
const TELEGRAM_LATENCY_MS = 20;
/** How long the neighbour is timed, unloaded and under each flood. */
const PROBE_MS = 4000;
/** Requests of each HTTP flood (the 3,000), sent over 32 connections. */
const HTTP_FLOOD = 3000;
/** The per-bot request rate of the bench gateway: low, so the rate-limit flood is far beyond it. */
const RATE = { perSecond: 100, burst: 200 };
/** Bots per account in the many-bots flood (the 24). */
const HOLDERS_PER_ACCOUNT = 24;
/** The Bot API's latency during the queued-calls flood: slow, so the calls wait in the gateway. */
const SLOW_TELEGRAM_MS = 2000;

/** What the parent tells the gateway child, and what it answers. */
type ToGateway = { type: "rss-reset" } | { type: "rss-peak" } | { type: "stop" };
type FromGateway = { type: "listening"; port: number } | ({ type: "rss" } & GatewaySample);
/** The gateway's RSS now and at its peak since the last reset, its event-loop delay and CPU time since then. */
interface GatewaySample {
  bytes: number;
  peak: number;
  /** Event-loop delay p50 / p99 / max, ms. */
  loop: [number, number, number];
  /** CPU time of the gateway process (all its threads, isolates included), ms. */
  cpuMs: number;
}

// ---------------------------------------------------------------------------------------------------------------
// The gateway child: production settings (docs/operations.md), its own pools, Redis prefix and the fake Bot API.

async function runGateway(): Promise<void> {
  const { createLogger } = await import("@botyard/common/logging");
  const { createMetricsRegistry } = await import("@botyard/common/metrics");
  const { createRedis, RedisNames } = await import("@botyard/common/redis");
  const { TelegramClient } = await import("@botyard/telegram");
  const { createGateway } = await import("../services/webhook-gateway/src/app.js");
  const { serve } = await import("./support.js");
  const env = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set`);
    return value;
  };
  const main = createDb(env("ABUSE_DATABASE_URL"), { max: 10 });
  const store = createDb(env("ABUSE_DATABASE_URL"), { max: 16 });
  const redis = createRedis(REDIS_URL);
  const subscriber = createRedis(REDIS_URL);
  const telegram = new TelegramClient({ apiRoot: env("ABUSE_TELEGRAM_ROOT"), timeoutMs: 10_000 });
  const gateway = createGateway({
    db: main.db,
    storePool: store.pool,
    redis,
    subscriber,
    names: new RedisNames(env("ABUSE_REDIS_PREFIX")),
    secretKey: SECRET_KEY,
    telegram,
    logger: createLogger("webhook-gateway", "silent"),
    registry: createMetricsRegistry("webhook-gateway"),
    allowPrivateEgress: false,
    // The defaults of services/webhook-gateway/src/config.ts, but for a lower request rate (RATE).
    runtime: {
      limits: { memoryMb: 64, timeoutMs: 10_000 },
      maxLoaded: 5000,
      idleMs: 15 * 60_000,
      maxConcurrentPerBot: 64,
      rate: RATE,
      // ABUSE_CPU_BUDGET=off runs without the per-bot CPU budget (to compare); otherwise its default applies.
      cpu: process.env.ABUSE_CPU_BUDGET === "off" ? { msPerSecond: 1e9, burstMs: 1e9 } : undefined,
      memory: {
        gatewayMb: Number(process.env.ABUSE_GATEWAY_MEMORY_MB ?? 1536),
        botHostMb: Number(process.env.ABUSE_BOT_HOST_MEMORY_MB ?? 64),
      },
    },
    checks: {},
  });
  await gateway.ready;
  const server = await serve(gateway.app);
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let cpu = process.cpuUsage();
  const sample = (): FromGateway => {
    const used = process.cpuUsage(cpu);
    const ms = (ns: number) => ns / 1e6;
    return {
      type: "rss",
      bytes: process.memoryUsage().rss,
      peak,
      loop: [ms(delay.percentile(50)), ms(delay.percentile(99)), ms(delay.max)],
      cpuMs: (used.user + used.system) / 1000,
    };
  };
  const send = (message: FromGateway) => process.send?.(message);
  process.on("message", async (message: ToGateway) => {
    if (message.type === "rss-reset") {
      peak = process.memoryUsage().rss;
      delay.reset();
      cpu = process.cpuUsage();
      send(sample());
    } else if (message.type === "rss-peak") {
      send(sample());
    } else if (message.type === "stop") {
      delay.disable();
      clearInterval(sampler);
      await server.close();
      await gateway.close();
      redis.disconnect();
      subscriber.disconnect();
      await telegram.close();
      await main.pool.end();
      await store.pool.end();
      process.exit(0);
    }
  });
  // The parent went away (killed, or failed): do not outlive it.
  process.on("disconnect", () => process.exit(1));
  send({ type: "listening", port: Number(new URL(server.url).port) });
}

// ---------------------------------------------------------------------------------------------------------------
// The parent: database, fake Bot API, bots, floods and the table.

/** A round trip to the gateway child. */
function ask(child: ChildProcess, message: ToGateway): Promise<GatewaySample> {
  return new Promise((resolve) => {
    child.once("message", (reply: FromGateway) => {
      if (reply.type === "rss") resolve(reply);
    });
    child.send(message);
  });
}

/** The neighbour's probes, in a worker thread: sequential calls of each kind, round robin, until told to stop. */
const PROBE_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
let running = false;
let samples = { ping: [], db: [], tg: [] };
async function probe(kind) {
  const t0 = performance.now();
  const res = await fetch(workerData.base + "/custom/" + workerData.botId + "/" + kind);
  await res.arrayBuffer();
  if (res.status !== 200) samples.failed = (samples.failed || 0) + 1;
  samples[kind].push(performance.now() - t0);
}
parentPort.on("message", async (message) => {
  if (message === "start") {
    samples = { ping: [], db: [], tg: [] };
    running = true;
    while (running) for (const kind of ["ping", "db", "tg"]) await probe(kind);
    parentPort.postMessage(samples);
  } else if (message === "stop") {
    running = false;
  }
});
`;

interface Probed {
  ping: number[];
  db: number[];
  tg: number[];
  failed?: number;
}

async function main(): Promise<void> {
  const started = performance.now();
  const database = await createTestDatabase();
  const { db, pool } = createDb(database.url, { max: 4 });
  const fake = await FakeTelegram.start();
  fake.configure({ latencyMs: TELEGRAM_LATENCY_MS });
  const redisPrefix = `botyard-bench-abuse-${randomUUID()}`;

  const account = async () => {
    const id = newId();
    await db.insert(accounts).values({ id, email: `${id}@bench` });
    return id;
  };
  const accountId = await account();
  const box = new SecretBox(SECRET_KEY);
  const bot = async (code: string, owner = accountId): Promise<string> => {
    const id = newId();
    await db.insert(bots).values({
      id,
      accountId: owner,
      code,
      runningCode: code,
      codeVersion: 1,
      status: "running",
      tokenHash: sha256(id),
      tokenEnc: box.encrypt(`1${Math.floor(Math.random() * 1e8)}:${id}`),
      webhookSecretHash: sha256(`secret-${id}`),
    });
    return id;
  };

  const neighbour = await bot(`
    logic['ping'] = async () => 'pong';
    logic['db'] = async (q, b, db) => db.operation.findOne('users', { _id: 'u1' });
    logic['tg'] = async () => { await bot.telegram.sendMessage(1, 'hi'); return 1; };
    logic['seed'] = async (q, b, db) => db.operation.insertOne('users', { _id: 'u1', name: 'Ann' });`);
  // Each flood has an attacker bot of its own (the same code), so that one flood's CPU debt (docs/bot-runtime.md#limits)
  // does not carry into the next.
  const attackerCode = `
    const settle = async (n, call) => {
      const results = await Promise.allSettled(Array.from({ length: n }, call));
      return results.filter((r) => r.status === 'fulfilled').length;
    };
    logic['db'] = async (q, b, db) => settle(10000, () => db.operation.countDocuments('x'));
    logic['seed'] = async (q, b, db) => {
      // 16 documents of 250 KB per call (under the 5 MiB limit of one call's arguments); five calls make 20 MB.
      const blob = 'x'.repeat(250 * 1024);
      await db.operation.insertMany('big', Array.from({ length: 16 }, (_, i) => ({ i, blob })));
    };
    logic['findAll'] = async (q, b, db) => settle(12, () => db.operation.findAll('big'));
    logic['tg'] = async () => settle(5000, () => bot.telegram.sendMessage(1, 'spam'));
    logic['axios'] = async () => settle(20000, () => axios.get('http://127.0.0.1:9/'));
    logic['timers'] = async () => {
      let n = 0;
      try { for (let i = 0; i < 100000; i++) { setTimeout(() => {}, 60000); n++; } } catch (e) {}
      return n;
    };
    logic['logs'] = async () => { const line = 'x'.repeat(4096); for (let i = 0; i < 100000; i++) console.log(line); };
    logic['ping'] = async () => 'pong';
    logic['bigtg'] = async () => {
      // Each answer (the fake Bot API echoes the text) is dropped at once: what is held is the host's.
      const text = 'x'.repeat(4500000);
      const calls = [];
      for (let i = 0; i < 256; i++) calls.push(bot.telegram.sendMessage(1, text).then(() => 1, () => 0));
      return (await Promise.all(calls)).reduce((a, b) => a + b, 0);
    };`;
  /** Two accounts of 24 bots, each keeping 56 MB in its heap (an ArrayBuffer, within its 64 MiB). */
  const holders: string[] = [];
  for (const owner of [await account(), await account()]) {
    for (let i = 0; i < HOLDERS_PER_ACCOUNT; i++) {
      holders.push(
        await bot(
          `logic['hold'] = async () => { globalThis.keep ??= new Float64Array(7000000).fill(1); return 1; };`,
          owner,
        ),
      );
    }
  }
  // Created before the gateway starts, which learns the set of bot ids then (bots made behind management's back
  // publish no event).
  const spare: string[] = [];
  for (let i = 0; i < 16; i++) spare.push(await bot(attackerCode));
  const attacker = async () => {
    const id = spare.pop();
    if (!id) throw new Error("no attacker bot left");
    await post(`/custom/${id}/ping`); // loaded before its flood
    return id;
  };

  const child = fork(new URL(import.meta.url), ["--gateway"], {
    // ABUSE_GATEWAY_FLAGS adds Node flags to the gateway, e.g. "--cpu-prof --cpu-prof-dir=/tmp/abuse-prof".
    execArgv: [
      "--no-node-snapshot",
      "--import",
      "tsx",
      ...(process.env.ABUSE_GATEWAY_FLAGS ?? "").split(" ").filter(Boolean),
    ],
    env: {
      ...process.env,
      ABUSE_DATABASE_URL: database.url,
      ABUSE_TELEGRAM_ROOT: fake.apiRoot,
      ABUSE_REDIS_PREFIX: redisPrefix,
    },
  });
  const [listening] = (await once(child, "message")) as [FromGateway];
  if (listening.type !== "listening") throw new Error("the gateway child did not start");
  const base = `http://127.0.0.1:${listening.port}`;
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const post = async (path: string) => {
    const res = await fetch(`${base}${path}`, { method: "POST" });
    if (res.status !== 200) {
      await pause(500); // the gateway writes a bot's log every 250 ms
      const logs = await pool.query("select message from bot_logs order by id desc limit 3");
      throw new Error(`${path} answered ${res.status}: ${await res.text()} (${JSON.stringify(logs.rows)})`);
    }
  };
  const progress = (what: string) =>
    process.stderr.write(`[abuse ${((performance.now() - started) / 1000).toFixed(0)} s] ${what}\n`);
  progress("gateway listening");
  await post(`/custom/${neighbour}/seed`);
  const reader = await attacker();
  for (let batch = 0; batch < 5; batch++) await post(`/custom/${reader}/seed`);

  const worker = new Worker(PROBE_WORKER, { eval: true, workerData: { base, botId: neighbour } });
  const probe = async (during: () => Promise<unknown>): Promise<Probed> => {
    const done = once(worker, "message") as Promise<[Probed]>;
    worker.postMessage("start");
    await during();
    worker.postMessage("stop");
    return (await done)[0];
  };

  // Warm up: load both bots and the neighbour's handlers, then time it unloaded.
  progress("bots seeded");
  await probe(() => pause(1000));
  progress("warmed up");
  await ask(child, { type: "rss-reset" });
  const unloaded = await probe(() => pause(PROBE_MS));
  const unloadedGateway = await ask(child, { type: "rss-peak" });

  /**
   * Each flood is bounded: the isolate floods repeat their call for PROBE_MS (each call bounded by the isolate's
   * pending limits), the HTTP floods send HTTP_FLOOD requests. The neighbour is timed for exactly as long as it runs.
   */
  const floods: Array<{
    name: string;
    run: (until: () => boolean, attacker: string) => Promise<string>;
    /** The fake Bot API's latency during the flood. @defaultValue TELEGRAM_LATENCY_MS */
    telegramMs?: number;
  }> = [
    {
      name: "account: 256 queued sendMessage of 4.5 MB, Bot API at 2 s",
      run: (until, id) => repeat(until, 1, `/custom/${id}/bigtg`),
      telegramMs: SLOW_TELEGRAM_MS,
    },
    {
      name: `account: ${2 * HOLDERS_PER_ACCOUNT} bots of two accounts, each keeping 56 MB`,
      run: (until) => hold(until),
    },
    { name: "10,000 parallel db.operation calls", run: (until, id) => repeat(until, 4, `/custom/${id}/db`) },
    { name: "12 parallel findAll of 20 MB", run: (until) => repeat(until, 2, `/custom/${reader}/findAll`) },
    { name: "5,000 parallel bot.telegram calls", run: (until, id) => repeat(until, 4, `/custom/${id}/tg`) },
    { name: "20,000 refused axios calls", run: (until, id) => repeat(until, 4, `/custom/${id}/axios`) },
    { name: "timer storm (100,000 setTimeout)", run: (until, id) => repeat(until, 4, `/custom/${id}/timers`) },
    { name: "log flood (100,000 lines of 4 KB)", run: (until, id) => repeat(until, 2, `/custom/${id}/logs`) },
    { name: "control: 3,000 requests to an unrouted path (no lookup)", run: () => cannon("/nothing/{id}", "POST") },
    { name: "unknown botIds on /custom (random ids)", run: () => cannon(`/custom/{id}/x`, "POST") },
    { name: "unknown botIds on /telegram (random ids)", run: () => cannon(`/telegram/{id}`, "POST") },
    { name: "one unknown botId on /custom", run: () => cannon(`/custom/${"Z".repeat(24)}/x`, "POST") },
    {
      name: `one bot's webhook beyond its rate limit (${RATE.perSecond}/s)`,
      run: (_, id) => cannon(`/custom/${id}/ping`, "GET"),
    },
  ];

  /** `clients` loops calling `path` until `until()` is true; returns how many calls and their statuses. */
  async function repeat(until: () => boolean, clients: number, path: string): Promise<string> {
    const statuses = new Map<number, number>();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (!until()) {
          const res = await fetch(`${base}${path}`);
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
      }),
    );
    return [...statuses].map(([status, n]) => `${n}×${status}`).join(" ");
  }

  /**
   * Calls every holder bot, four at a time, at least once each and then round after round until `until()`: each keeps
   * its 56 MB while it is loaded.
   */
  async function hold(until: () => boolean): Promise<string> {
    const statuses = new Map<number, number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (!until() || next < holders.length) {
          const id = holders[next++ % holders.length];
          const res = await fetch(`${base}/custom/${id}/hold`);
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
      }),
    );
    return [...statuses].map(([status, n]) => `${n}×${status}`).join(" ");
  }

  /** HTTP_FLOOD requests by autocannon; `{id}` becomes a fresh random bot id per request. */
  async function cannon(path: string, method: "GET" | "POST"): Promise<string> {
    const fresh = () => randomBytes(12).toString("hex");
    const result = await autocannon({
      url: base,
      connections: 32,
      amount: HTTP_FLOOD,
      requests: [
        {
          method,
          setupRequest: (req) => ({
            ...req,
            path: path.replace("{id}", fresh()),
            body: method === "POST" ? "{}" : undefined,
            headers: { "content-type": "application/json" },
          }),
        },
      ],
    });
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .map(([status, stat]) => `${(stat as { count: number }).count}×${status}`)
      .join(" ");
    return statuses;
  }

  const rows: Array<{ name: string; probed: Probed; rssMb: number; load: string; gateway: GatewaySample }> = [];
  // ABUSE_ONLY=<regex> runs only the floods whose name matches (to profile one).
  const only = process.env.ABUSE_ONLY ? new RegExp(process.env.ABUSE_ONLY, "i") : undefined;
  for (const flood of floods.filter((f) => !only || only.test(f.name))) {
    progress(flood.name);
    const fresh = await attacker();
    const before = await ask(child, { type: "rss-reset" });
    const deadline = performance.now() + PROBE_MS;
    const until = () => performance.now() >= deadline;
    let load = "";
    if (flood.telegramMs !== undefined) fake.configure({ latencyMs: flood.telegramMs });
    const t0 = performance.now();
    const probed = await probe(async () => {
      load = await flood.run(until, fresh);
    });
    load += ` in ${((performance.now() - t0) / 1000).toFixed(1)} s`;
    fake.configure({ latencyMs: TELEGRAM_LATENCY_MS });
    const after = await ask(child, { type: "rss-peak" });
    rows.push({ name: flood.name, probed, rssMb: (after.peak - before.bytes) / 1048576, load, gateway: after });
    fake.calls.length = 0;
    await pause(1000); // let the flood's tail (queued calls, timers) drain before the next one
  }

  const p = (values: number[], q: number) => (values.length === 0 ? NaN : percentile(values, q));
  const fmt = (values: number[]) => `${p(values, 50).toFixed(1)} / ${p(values, 99).toFixed(1)}`;
  const goal = (values: number[], base: number[]) => p(values, 50) <= 2 * p(base, 50) + 5;
  const loopOf = (g: GatewaySample) => g.loop.map((ms) => ms.toFixed(0)).join(" / ");
  const cpuOf = (g: GatewaySample) => (g.cpuMs / 1000).toFixed(1);
  const header = [
    "flood",
    "neighbour webhook p50/p99 ms",
    "neighbour db p50/p99 ms",
    "neighbour sendMessage p50/p99 ms",
    "within goal (2× + 5 ms)?",
    "gateway RSS growth MiB",
    "gateway peak RSS MiB",
    "gateway event-loop delay p50/p99/max ms",
    "gateway CPU s",
    "attacker's load",
  ];
  const lines = [
    `| ${header.join(" | ")} |`,
    `|${header.map(() => "---").join("|")}|`,
    `| unloaded | ${fmt(unloaded.ping)} | ${fmt(unloaded.db)} | ${fmt(unloaded.tg)} | – | – | ${(unloadedGateway.peak / 1048576).toFixed(0)} | ${loopOf(unloadedGateway)} | ${cpuOf(unloadedGateway)} | – |`,
  ];
  for (const row of rows) {
    const checks = (["ping", "db", "tg"] as const).map((k) => goal(row.probed[k], unloaded[k]));
    const verdict = checks.every(Boolean)
      ? "yes"
      : `no (${(["webhook", "db", "sendMessage"] as const).filter((_, i) => !checks[i]).join(", ")})`;
    const failed = row.probed.failed ? ` (${row.probed.failed} neighbour calls failed)` : "";
    lines.push(
      `| ${row.name} | ${fmt(row.probed.ping)} | ${fmt(row.probed.db)} | ${fmt(row.probed.tg)} | ${verdict}${failed} | ` +
        `${row.rssMb.toFixed(0)} | ${(row.gateway.peak / 1048576).toFixed(0)} | ${loopOf(row.gateway)} | ${cpuOf(row.gateway)} | ${row.load} |`,
    );
  }
  console.log(
    `\nAbuse benchmark (${new Date().toISOString().slice(0, 10)}), samples per cell: ~${unloaded.ping.length}` +
      `${process.env.ABUSE_CPU_BUDGET === "off" ? ", without the CPU budget" : ""}` +
      `, GATEWAY_MEMORY_MB ${process.env.ABUSE_GATEWAY_MEMORY_MB ?? 1536}` +
      `, BOT_HOST_MEMORY_MB ${process.env.ABUSE_BOT_HOST_MEMORY_MB ?? 64}, load average ${loadavg()[0]?.toFixed(1)}`,
  );
  console.log(lines.join("\n"));
  console.log(`\nwhole run: ${((performance.now() - started) / 1000).toFixed(0)} s`);

  await worker.terminate();
  child.send({ type: "stop" } satisfies ToGateway);
  await once(child, "exit");
  await fake.close();
  await pool.end();
  await database.drop();
  process.exit(0);
}

// Last, so every constant above is initialised.
if (process.argv.includes("--gateway")) await runGateway();
else await main();
