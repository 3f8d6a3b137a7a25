/**
 * `pnpm bench:restart`: restarts under load, the measurement of issue 16 ("798 of 53,145 calls answered 500 over 90 s
 * of one restart per second with 10 clients, and the bot was halted"). The gateway and management run as deployed
 * (services/<name>/src/main.ts, each a process of its own, on a fresh database and a fresh Redis prefix). One bot;
 * 10 keep-alive clients call its webhook in a loop; once a second a script saves a new version of its code
 * (editBotCoreLogic) and restarts it (restartBot), as an owner iterating on a live bot would.
 *
 * Counted: every reply by status (5xx and 403 "Bot is halted" are the failures the issue reports), network errors,
 * calls that started after a restart had answered yet ran older code (read your restart), the bot's status at the
 * end, and limit-hit lines in its log.
 *
 * Run: pnpm bench:restart   (BENCH_SECONDS, default 30; BENCH_CLIENTS, default 10)
 * Results: bench/README.md#restarts-under-load
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { randomUUID } from "node:crypto";
import { SecretBox } from "@botyard/common/crypto";
import { createDb } from "@botyard/db";
import { createTestDatabase } from "@botyard/db/testing";
import { AccountRepository } from "../services/management/src/accounts/account-repository.js";
import { AccountService } from "../services/management/src/accounts/account-service.js";
import { apiv3Client, dropRedisPrefix, ONE_BOT_TAKES_THE_LOAD, percentile } from "./support.js";

const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const SECRET_KEY = "bench-secret-key-0123456789";

/** A handler that takes a few milliseconds (a store read and a short wait), so restarts land on calls in flight. */
const code = (version: number) =>
  `logic['v'] = async (query, body, db) => {
  await db.operation.findOne('users', { uid: 1 });
  await new Promise((r) => setTimeout(r, 5));
  return ${version};
};`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

interface Child {
  url: string;
  stop(): Promise<number | null>;
}

/** Starts a service's main.ts as a process of its own and polls /readyz until it answers. */
async function startService(service: string, port: number, env: NodeJS.ProcessEnv): Promise<Child> {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--no-node-snapshot", "--import", "tsx", `services/${service}/src/main.ts`],
    { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] },
  );
  const exited = new Promise<number | null>((r) => child.once("exit", (c) => r(c)));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    return exited;
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${service} exited with ${child.exitCode} before it was ready`);
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${service} did not answer /readyz within 60 s`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function main(): Promise<void> {
  const database = await createTestDatabase();
  const { db, pool } = createDb(database.url, { max: 2 });
  const [gatewayPort, managementPort] = [await freePort(), await freePort()];
  const env = {
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
    REDIS_PREFIX: `botyard-bench-restart-${randomUUID().slice(0, 8)}`,
    SECRET_KEY,
    LOG_LEVEL: "warn",
    TELEGRAM_API_ROOT: "http://127.0.0.1:9",
    GATEWAY_PORT: String(gatewayPort),
    MANAGEMENT_PORT: String(managementPort),
    ...ONE_BOT_TAKES_THE_LOAD,
  };
  const children: Child[] = [];
  try {
    children.push(await startService("webhook-gateway", gatewayPort, env));
    children.push(await startService("management", managementPort, env));
    const [gateway, management] = children as [Child, Child];
    const { apiKey } = await new AccountService(new AccountRepository(db), new SecretBox(SECRET_KEY)).create(
      "restart@bench.example",
    );
    const op = apiv3Client(management.url, apiKey);
    const { botId } = (await op("createBot", { name: "restart bench", code: code(0) })) as { botId: string };
    await op("restartBot", { botId });
    const target = `${gateway.url}/custom/${botId}/v`;
    if (((await (await fetch(target)).json()) as { data?: unknown }).data !== 0)
      throw new Error("the bot does not answer");

    const statuses = new Map<number, number>();
    let networkErrors = 0;
    let stale = 0;
    let calls = 0;
    const restarts: Array<{ version: number; answeredAt: number }> = [];
    const restartMs: number[] = [];
    let running = true;
    const client = async () => {
      while (running) {
        // The newest restart that had answered when this call started: its code (or newer) must run the call.
        const floor = restarts.at(-1)?.version ?? 0;
        try {
          const res = await fetch(target);
          const body = (await res.json()) as { data?: unknown };
          calls++;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 200 && typeof body.data === "number" && body.data < floor) stale++;
        } catch {
          networkErrors++;
        }
      }
    };
    console.log(
      `restarts under load: 1 bot, ${CLIENTS} keep-alive clients, editBotCoreLogic + restartBot once a second ` +
        `for ${SECONDS} s (gateway and management as processes)`,
    );
    const clients = Array.from({ length: CLIENTS }, client);
    const started = performance.now();
    for (let version = 1; performance.now() - started < SECONDS * 1000; version++) {
      const tick = started + version * 1000;
      await op("editBotCoreLogic", { botId, newCode: code(version) });
      const t0 = performance.now();
      await op("restartBot", { botId });
      restartMs.push(performance.now() - t0);
      restarts.push({ version, answeredAt: performance.now() });
      const wait = tick - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    running = false;
    await Promise.all(clients);
    const elapsed = (performance.now() - started) / 1000;

    const { bot } = (await op("getBot", { botId })) as { bot: { status: string } };
    const { logs } = (await op("getBotLogs", { botId, limit: 200 })) as { logs: Array<{ message: string }> };
    const limitLines = logs.filter((l) => /limit|halt/i.test(l.message)).length;
    const fivexx = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    const rows: Array<[string, string | number]> = [
      ["seconds, restarts (each after an edit)", `${elapsed.toFixed(1)}, ${restarts.length}`],
      ["calls answered (req/s)", `${calls} (${Math.round(calls / elapsed)})`],
      ["replies by status", [...statuses].map(([s, c]) => `${s}: ${c}`).join(", ")],
      ["5xx", fivexx],
      ["403 (halted)", statuses.get(403) ?? 0],
      ["network errors", networkErrors],
      ["calls started after a restart answered that ran older code", stale],
      ["bot status at the end", bot.status],
      ["limit or halt lines in the bot's log", limitLines],
      [
        "restartBot p50 / p99 / max ms",
        `${percentile(restartMs, 50).toFixed(1)} / ${percentile(restartMs, 99).toFixed(1)} / ` +
          `${Math.max(...restartMs).toFixed(1)}`,
      ],
    ];
    console.log(`\nRestarts under load (${new Date().toISOString().slice(0, 10)})`);
    for (const [name, value] of rows) console.log(`  ${name.padEnd(60)} ${value}`);
    process.exitCode = fivexx === 0 && networkErrors === 0 && stale === 0 && bot.status === "running" ? 0 : 1;
  } finally {
    for (const child of children.reverse()) await child.stop();
    await pool.end();
    await database.drop();
    await dropRedisPrefix(env.REDIS_URL, env.REDIS_PREFIX);
  }
}

await main();
