/**
 * `pnpm bench:soak`: the gateway's memory under churn, the measurement of issue 39. The gateway and management run as
 * deployed (services/<name>/src/main.ts, each a process of its own, production settings, on a fresh database and
 * Redis prefix, with the fake Bot API). A fleet of bots serves keep-alive webhook traffic on 127.0.0.1; once a second
 * one of them gets a new version of its code (editBotCoreLogic) and a restart (restartBot); every 12 s a bot is
 * created, called and deleted. Ten Telegram updates a second go to random bots (POST /telegram/<botId> with the secret
 * their last restart gave setWebhook), each answered by the bot with a sendMessage.
 *
 * Printed once a minute: the gateway's resident memory (/proc/<pid>/status), its own V8 heap and external memory, and
 * the heap of its loaded bot isolates (its /metrics, docs/operations.md#isolate-memory). At the end: the growth of
 * the resident memory per 10 minutes over the second half of the run (least squares over the minute samples; of the
 * isolates' heap, and of the rest: the process's own heap and native memory, malloc's arenas among it), then
 * the cost of restarting one bot BENCH_SOAK_RESTARTS times with nothing else running (each restart followed by one
 * call, so the gateway builds the bot's new isolate).
 *
 * Run: pnpm bench:soak   (BENCH_SOAK_MINUTES, default 30; BENCH_SOAK_BOTS, default 200; BENCH_SOAK_CLIENTS,
 * default 20; BENCH_SOAK_RESTARTS, default 10000, 0 to skip)
 * Results: bench/README.md#soak
 */
import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { BUILTIN_PLANS } from "@botyard/common/plans";
import { SecretBox } from "@botyard/common/crypto";
import { createDb } from "@botyard/db";
import { createTestDatabase } from "@botyard/db/testing";
import { FakeTelegram } from "@botyard/fake-telegram";
import { AccountRepository } from "../services/management/src/accounts/account-repository.js";
import { AccountService } from "../services/management/src/accounts/account-service.js";
import { apiv3Client, type ChildServer, dropRedisPrefix, freePort, rssBytesOf, spawnServer } from "./support.js";

const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 30);
const BOTS = Number(process.env.BENCH_SOAK_BOTS ?? 200);
const CLIENTS = Number(process.env.BENCH_SOAK_CLIENTS ?? 20);
const RESTARTS = Number(process.env.BENCH_SOAK_RESTARTS ?? 10_000);
const SECRET_KEY = "bench-soak-secret-key-0123456789";
const MIB = 2 ** 20;

/**
 * A webhook that reads the store and waits a little, so calls are in flight when their bot restarts; and a Telegram
 * handler that answers each text with a Bot API call.
 */
const code = (version: number) =>
  `logic['v'] = async (query, body, db) => {
  await db.operation.findOne('users', { uid: 1 });
  await new Promise((r) => setTimeout(r, 5));
  return ${version};
};
bot.on('text', (ctx) => ctx.reply('v${version}: ' + ctx.text));`;

/** The gateway's memory now: resident, its own heap and external memory, and its bot isolates' heaps (bytes). */
interface Sample {
  at: number;
  rss: number;
  heapUsed: number;
  external: number;
  isolates: number;
  isolateHeap: number;
}

/** The value of the series `name` (with `labels`, as written in the exposition) in Prometheus text. */
function metric(text: string, name: string, labels = ""): number {
  for (const line of text.split("\n")) {
    if (!line.startsWith(name)) continue;
    const [series, value] = line.split(" ");
    if (series?.startsWith(name) && (labels === "" || series.includes(labels))) return Number(value);
  }
  return Number.NaN;
}

async function sample(gateway: ChildServer): Promise<Sample> {
  const text = await (await fetch(`${gateway.url}/metrics`)).text();
  return {
    at: performance.now(),
    rss: rssBytesOf(gateway.pid),
    heapUsed: metric(text, "nodejs_heap_size_used_bytes"),
    external: metric(text, "nodejs_external_memory_bytes"),
    isolates: metric(text, "gateway_isolates"),
    isolateHeap: metric(text, "gateway_isolate_heap_bytes", 'kind="committed"'),
  };
}

const mib = (bytes: number) => (bytes / MIB).toFixed(1);

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

async function main(): Promise<void> {
  const database = await createTestDatabase();
  const { db, pool } = createDb(database.url, { max: 2 });
  const fake = await FakeTelegram.start();
  const [gatewayPort, managementPort] = [await freePort(), await freePort()];
  const env = {
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
    REDIS_PREFIX: `botyard-bench-soak-${randomUUID().slice(0, 8)}`,
    SECRET_KEY,
    LOG_LEVEL: "warn",
    TELEGRAM_API_ROOT: fake.apiRoot,
    GATEWAY_PORT: String(gatewayPort),
    MANAGEMENT_PORT: String(managementPort),
    WEBHOOK_BASE_URL: `http://127.0.0.1:${gatewayPort}`,
    // One account owns the whole fleet: its plan must hold the fleet and its traffic
    // (docs/operations.md#plans-and-quotas); the per-bot limits stay the defaults.
    PLANS: JSON.stringify({
      bench: { ...BUILTIN_PLANS.default, bots: BOTS + 10, requestsPerSecond: 10_000_000 },
    }),
    DEFAULT_PLAN: "bench",
  };
  const start = (service: string, port: number) =>
    spawnServer(process.execPath, ["--no-node-snapshot", "--import", "tsx", `services/${service}/src/main.ts`], {
      url: `http://127.0.0.1:${port}`,
      readyPath: "/readyz",
      env,
      cwd: root,
    });
  const children: ChildServer[] = [];
  try {
    const gateway = await start("webhook-gateway", gatewayPort);
    children.push(gateway);
    const management = await start("management", managementPort);
    children.push(management);
    const { apiKey } = await new AccountService(new AccountRepository(db), new SecretBox(SECRET_KEY)).create(
      "soak@bench.example",
    );
    const op = apiv3Client(management.url, apiKey);
    let tokens = 0;
    const tokenOf = new Map<string, string>();
    /** Each bot's webhook secret: the secret_token its last restart gave the fake Bot API's setWebhook. */
    const secretOf = new Map<string, string>();
    const restart = async (botId: string) => {
      await op("restartBot", { botId });
      const token = tokenOf.get(botId);
      const set = fake.calls.findLast((c) => c.method === "setWebhook" && c.token === token);
      if (set) secretOf.set(botId, String(set.params.secret_token));
      // The fake keeps every call it records; what the soak needs is read, so the rest can go.
      fake.calls.length = 0;
    };
    const createBot = async (name: string) => {
      tokens += 1;
      const botToken = `${700000 + tokens}:AAH${randomUUID().replace(/-/g, "")}`;
      const { botId } = (await op("createBot", { name, code: code(0), botToken })) as { botId: string };
      tokenOf.set(botId, botToken);
      await restart(botId);
      return botId;
    };
    const statuses = new Map<number, number>();
    let networkErrors = 0;
    const call = async (botId: string) => {
      try {
        const res = await fetch(`${gateway.url}/custom/${botId}/v`);
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      } catch {
        networkErrors += 1;
      }
    };

    const fleet: string[] = [];
    for (let i = 0; i < BOTS; i++) fleet.push(await createBot(`soak ${i}`));
    for (const botId of fleet) await call(botId);
    const pick = () => fleet[Math.floor(Math.random() * fleet.length)] as string;

    console.log(
      `soak: ${BOTS} bots, ${CLIENTS} keep-alive clients, an edit and restart every second, a bot created and ` +
        `deleted every 12 s, 10 Telegram updates a second, for ${MINUTES} min (gateway and management as processes)`,
    );
    console.log("  min   rss MiB   heap MiB   external MiB   isolates   isolate heap MiB   calls");
    let running = true;
    let calls = 0;
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (running) {
        await call(pick());
        calls += 1;
      }
    });
    const churn = (async () => {
      let version = 0;
      const started = performance.now();
      while (running) {
        version += 1;
        const botId = pick();
        await op("editBotCoreLogic", { botId, newCode: code(version) });
        await restart(botId);
        if (version % 12 === 0) {
          const shortLived = await createBot(`short-lived ${version}`);
          await call(shortLived);
          await op("deleteBot", { botId: shortLived });
          tokenOf.delete(shortLived);
          secretOf.delete(shortLived);
        }
        const wait = started + version * 1000 - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
      return version;
    })();
    const updateStatuses = new Map<number, number>();
    const updates = (async () => {
      let n = 0;
      const started = performance.now();
      while (running) {
        n += 1;
        const botId = pick();
        const from = { id: 10_000 + (n % 500), is_bot: false, first_name: "Soak" };
        try {
          const res = await fetch(`${gateway.url}/telegram/${botId}`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              "x-telegram-bot-api-secret-token": secretOf.get(botId) ?? "",
            },
            body: JSON.stringify({
              update_id: n,
              message: { message_id: n, date: 0, chat: { id: from.id, type: "private" }, from, text: `hi ${n}` },
            }),
          });
          await res.arrayBuffer();
          updateStatuses.set(res.status, (updateStatuses.get(res.status) ?? 0) + 1);
        } catch {
          networkErrors += 1;
        }
        const wait = started + n * 100 - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
      return n;
    })();
    const samples: Sample[] = [await sample(gateway)];
    const print = (s: Sample) =>
      console.log(
        `  ${String(Math.round((s.at - (samples[0] as Sample).at) / 60_000)).padStart(3)}` +
          `   ${mib(s.rss).padStart(7)}   ${mib(s.heapUsed).padStart(8)}   ${mib(s.external).padStart(12)}` +
          `   ${String(s.isolates).padStart(8)}   ${mib(s.isolateHeap).padStart(16)}   ${calls}`,
      );
    print(samples[0] as Sample);
    for (let minute = 1; minute <= MINUTES; minute++) {
      await new Promise((r) => setTimeout(r, (samples[0] as Sample).at + minute * 60_000 - performance.now()));
      const s = await sample(gateway);
      samples.push(s);
      print(s);
    }
    running = false;
    const restarts = await churn;
    const updateCount = await updates;
    await Promise.all(clients);

    const secondHalf = samples.filter((s) => s.at - (samples[0] as Sample).at >= (MINUTES * 60_000) / 2);
    const per10 = (pick: (s: Sample) => number) =>
      slope(secondHalf.map((s) => [(s.at - (samples[0] as Sample).at) / 600_000, pick(s)])) / MIB;
    const first = samples[0] as Sample;
    const last = samples.at(-1) as Sample;
    const rows: Array<[string, string]> = [
      ["calls (req/s)", `${calls} (${Math.round(calls / (MINUTES * 60))})`],
      ["replies by status", [...statuses].map(([s, c]) => `${s}: ${c}`).join(", ")],
      [
        "Telegram updates, answers by status; Bot API calls made",
        `${updateCount}, ${[...updateStatuses].map(([s, c]) => `${s}: ${c}`).join(", ")}; ${fake.callCount}`,
      ],
      ["network errors", String(networkErrors)],
      ["restarts (each after an edit), bots created and deleted", `${restarts}, ${Math.floor(restarts / 12)}`],
      ["RSS at the start / at the end, MiB", `${mib(first.rss)} / ${mib(last.rss)}`],
      [
        "growth per 10 min over the second half: RSS / isolate heap / the rest, MiB",
        secondHalf.length >= 2
          ? `${per10((s) => s.rss).toFixed(1)} / ${per10((s) => s.isolateHeap).toFixed(1)} / ` +
            per10((s) => s.rss - s.isolateHeap).toFixed(1)
          : "(run 4 min or more)",
      ],
    ];

    if (RESTARTS > 0) {
      // One bot alone, so what the restarts cost is not hidden by the fleet's traffic.
      for (const botId of fleet) await op("deleteBot", { botId });
      const botId = await createBot("restarted");
      await call(botId);
      const before = await sample(gateway);
      const t0 = performance.now();
      for (let i = 1; i <= RESTARTS; i++) {
        await op("restartBot", { botId });
        await call(botId);
        if (i % 1000 === 0) {
          const s = await sample(gateway);
          console.log(
            `  ${i} restarts of one bot: RSS ${mib(s.rss)} MiB (${mib(s.rss - before.rss)} MiB since the first)`,
          );
        }
      }
      const after = await sample(gateway);
      rows.push([
        `${RESTARTS} restarts of one bot: RSS before / after, MiB (s)`,
        `${mib(before.rss)} / ${mib(after.rss)}, ${after.rss >= before.rss ? "+" : ""}${mib(after.rss - before.rss)} (${((performance.now() - t0) / 1000).toFixed(0)})`,
      ]);
    }

    console.log(`\nSoak (${new Date().toISOString().slice(0, 10)})`);
    for (const [name, value] of rows) console.log(`  ${name.padEnd(64)} ${value}`);
  } finally {
    for (const child of children.reverse()) await child.stop();
    await fake.close();
    await pool.end();
    await database.drop();
    await dropRedisPrefix(env.REDIS_URL, env.REDIS_PREFIX);
  }
}

await main();
