/**
 * The gateway's performance devices, each against the plain code it replaces. One gateway process per variant (every
 * device on, then each device off alone through GATEWAY_DEVICES_OFF, docs/operations.md#benchmark-switches), all
 * answering the trivial call of bench/gateway.ts; interleaved rounds (the order rotates each round) of a closed loop
 * at -c 50 give each variant's req/s, CPU time per reply (all of its threads, from /proc), p99, and the full GCs of its
 * main heap a second (from its /metrics). While one variant is loaded the others sit idle, as the gateway does between
 * the rounds of bench/gateway.ts: what a device does for the garbage collector after an idle spell shows too.
 *
 * Run: pnpm bench:gateway:devices (about 4 minutes)
 *   BENCH_DEVICES (every device) names the devices to switch off one at a time; BENCH_ROUNDS (5) and
 *   BENCH_SECONDS (5) set the rounds; BENCH_COPIES (1) runs that many processes of each variant;
 *   BENCH_OTHER_ROOT=<checkout>[,<checkout>…] adds the gateway of each other checkout of the repository (another
 *   commit, every device on) as one more variant: a change's cost, interleaved.
 * Results and setup: bench/README.md#devices-of-the-request-path
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { BotEventBus } from "@botyard/common/bot-events";
import { createRedis, RedisNames } from "@botyard/common/redis";
import { newId, SecretBox, sha256 } from "@botyard/common/crypto";
import { accounts, bots, createDb } from "@botyard/db";
import { createTestDatabase } from "@botyard/db/testing";
import {
  type ChildServer,
  cpuMsOfStat,
  freePort,
  loadClosedLoop,
  ONE_BOT_TAKES_THE_LOAD,
  percentile,
  report,
  spawnServer,
} from "./support.js";

const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const COPIES = Number(process.env.BENCH_COPIES ?? 1);
const SECRET_KEY = "bench-secret-key-0123456789";
/** Every device GATEWAY_DEVICES_OFF can switch off. */
const DEVICES = (process.env.BENCH_DEVICES ?? "mailbox,outbox,ring,decoder,dispatcher").split(",").filter(Boolean);

/** CPU time (user + system, ms) of all of a process's threads (Linux). */
function cpuMsOf(pid: number): number {
  let ms = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) ms += cpuMsOfStat(`/proc/${pid}/task/${task}/stat`);
  return ms;
}

/** Full (mark-compact) GCs of a gateway so far, from its /metrics. */
async function majorGcsOf(baseUrl: string): Promise<number> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const m = /^nodejs_gc_duration_seconds_count\{[^}]*kind="major"[^}]*\} ([\d.e+-]+)$/m.exec(text);
  return m ? Number(m[1]) : 0;
}

async function main(): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), "botyard-bench-devices-"));
  const database = await createTestDatabase();
  const { db, pool } = createDb(database.url, { max: 2 });
  const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const redis = createRedis(redisUrl);
  const prefix = `botyard-bench-${randomUUID()}`;
  const eventBus = new BotEventBus(redis, createRedis(redisUrl), new RedisNames(prefix), { role: "publisher" });
  await eventBus.start();
  const servers: ChildServer[] = [];
  try {
    const accountId = newId();
    await db.insert(accounts).values({ id: accountId, email: `${accountId}@bench` });
    const botId = newId();
    const code = "logic['ping'] = async () => 'pong';";
    await db.insert(bots).values({
      id: botId,
      accountId,
      code,
      runningCode: code,
      codeVersion: 1,
      status: "running",
      tokenHash: sha256(botId),
      tokenEnc: new SecretBox(SECRET_KEY).encrypt(`1:${botId}`),
    });
    await eventBus.publish({ type: "create", botId }, { awaitAcks: true });
    // The gateway as its image runs it (see bench/gateway.ts).
    const bundleOf = (checkout: string, dir: string) => {
      execFileSync(process.execPath, ["--import", "tsx", "infra/docker/bundle.ts", "webhook-gateway", dir], {
        cwd: checkout,
        stdio: "ignore",
      });
      return dir;
    };
    const bundle = bundleOf(root, join(scratch, "gateway"));
    const variants = [
      { name: "all on", off: "", bundle },
      ...DEVICES.map((d) => ({ name: `${d} off`, off: d, bundle })),
    ];
    // Several checkouts, comma-separated, each a variant named by its folder: a bisection over commits in one run.
    for (const [i, other] of (process.env.BENCH_OTHER_ROOT ?? "").split(",").filter(Boolean).entries()) {
      const name = basename(resolve(other)).slice(0, 15);
      variants.push({ name, off: "", bundle: bundleOf(resolve(other), join(scratch, `other-${i}`)) });
    }
    const targets: Array<{ name: string; variant: string; base: string; url: string; pid: number }> = [];
    // Copies of each variant, each a process of its own: two processes of the same bundle differ by up to a tenth in
    // CPU per reply (bench/README.md#devices-of-the-request-path), so a small difference needs several of each.
    const copies = Array.from({ length: COPIES }, (_, c) => variants.map((v) => ({ ...v, copy: c + 1 }))).flat();
    for (const v of copies) {
      const port = await freePort();
      const server = await spawnServer(process.execPath, ["--no-node-snapshot", join(v.bundle, "dist/main.mjs")], {
        cwd: root,
        url: `http://127.0.0.1:${port}`,
        readyPath: "/readyz",
        env: {
          NODE_ENV: "production",
          DATABASE_URL: database.url,
          REDIS_URL: redisUrl,
          REDIS_PREFIX: prefix,
          SECRET_KEY,
          GATEWAY_PORT: String(port),
          GATEWAY_DEVICES_OFF: v.off,
          LOG_LEVEL: "warn",
          TELEGRAM_API_ROOT: "http://127.0.0.1:9",
          ...ONE_BOT_TAKES_THE_LOAD,
          BOT_IDLE_MS: "3600000",
        },
      });
      servers.push(server);
      const url = `${server.url}/custom/${botId}/ping`;
      const body = await (await fetch(url)).text();
      if (body !== '{"ok":true,"data":"pong"}') throw new Error(`${v.name} answered ${body}`);
      const name = v.copy === 1 ? v.name : `${v.name} #${v.copy}`;
      targets.push({ name, variant: v.name, base: server.url, url, pid: server.pid });
    }
    for (const t of targets) await loadClosedLoop({ url: t.url, seconds: 1, connections: CONNECTIONS }); // warm up
    const load = [loadavg()[0]!];
    const runs = new Map(
      targets.map((t) => [t.name, [] as Array<{ rps: number; cpuUs: number; p99: number; gcs: number }>]),
    );
    console.log(`${ROUNDS} interleaved rounds of ${SECONDS} s, closed loop -c ${CONNECTIONS}`);
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of targets.map((_, i) => targets[(i + round) % targets.length]!)) {
        globalThis.gc?.();
        const cpu = cpuMsOf(t.pid);
        const gcs = await majorGcsOf(t.base);
        const run = await loadClosedLoop({ url: t.url, seconds: SECONDS, connections: CONNECTIONS });
        const replies = (run.rps ?? 0) * SECONDS;
        const figures = {
          rps: run.rps ?? 0,
          cpuUs: ((cpuMsOf(t.pid) - cpu) * 1000) / replies,
          p99: run.p99,
          gcs: ((await majorGcsOf(t.base)) - gcs) / SECONDS,
        };
        runs.get(t.name)!.push(figures);
        console.log(
          `  round ${round + 1} ${t.name.padEnd(15)} ${String(figures.rps).padStart(6)} req/s  ` +
            `${figures.cpuUs.toFixed(1)} µs CPU/reply  p99 ${figures.p99} ms  full GCs ${figures.gcs.toFixed(1)}/s` +
            `  non-2xx ${run.non2xx} errors ${run.errors}`,
        );
      }
      load.push(loadavg()[0]!);
    }
    const median = (xs: number[]) => percentile(xs, 50);
    const range = (xs: number[], digits: number) =>
      `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;
    const rows: Array<[string, string]> = [
      ["load average (1 min) before and after each round", load.map((l) => l.toFixed(1)).join(", ")],
    ];
    const FIGURES = [
      ["rps", 0],
      ["cpuUs", 1],
      ["p99", 2],
      ["gcs", 1],
    ] as const;
    // Each round's reference: the mean CPU per reply of every copy of "all on" in that round.
    const onCopies = targets.filter((t) => t.variant === "all on").map((t) => runs.get(t.name)!);
    const on = Array.from({ length: ROUNDS }, (_, i) => ({
      cpuUs: onCopies.reduce((sum, list) => sum + list[i]!.cpuUs, 0) / onCopies.length,
    }));
    for (const [name, list] of runs) {
      rows.push([
        `${name}: req/s; CPU µs/reply; p99 ms; full GCs/s, median (min–max)`,
        FIGURES.map(([key, digits]) =>
          range(
            list.map((r) => r[key]),
            digits,
          ),
        ).join("; "),
      ]);
      if (name === "all on" && COPIES === 1) continue;
      // Round by round against every device on: the machine's load moves rounds run close together alike, so these
      // ratios are steadier than the medians above.
      const ratios = list.map((r, i) => r.cpuUs / on[i]!.cpuUs);
      rows.push([
        `${name}: CPU per reply / all on's, median of the rounds' ratios (rounds above 1)`,
        `${median(ratios).toFixed(2)} (${ratios.filter((x) => x > 1).length} of ${ratios.length})`,
      ]);
    }
    if (COPIES > 1) {
      // Every copy's rounds together: the variant's ratio, and the spread of its processes' own medians.
      for (const variant of new Set(targets.map((t) => t.variant))) {
        const lists = targets.filter((t) => t.variant === variant).map((t) => runs.get(t.name)!);
        const ratios = lists.flatMap((list) => list.map((r, i) => r.cpuUs / on[i]!.cpuUs));
        const perProcess = lists.map((list) => median(list.map((r, i) => r.cpuUs / on[i]!.cpuUs)).toFixed(2));
        rows.push([
          `${variant}, ${lists.length} processes: CPU per reply / all on's, median (rounds above 1); each process`,
          `${median(ratios).toFixed(2)} (${ratios.filter((x) => x > 1).length} of ${ratios.length}); ${perProcess.join(", ")}`,
        ]);
      }
    }
    report("Gateway devices", rows);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await eventBus.close();
    redis.disconnect();
    await pool.end();
    await database.drop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
