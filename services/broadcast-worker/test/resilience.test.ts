import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { createRedis } from "@botyard/common/redis";
import { waitFor } from "@botyard/testing";
import { createDb } from "@botyard/db";
import { REDIS_URL, SECRET_KEY, startWorkerHarness, type WorkerHarness } from "./harness.js";

let h: WorkerHarness;
beforeAll(async () => {
  h = await startWorkerHarness();
});
afterAll(async () => {
  await h.close();
});

const serviceDir = fileURLToPath(new URL("..", import.meta.url));

function startWorkerProcess(): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serviceDir,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      DATABASE_URL: h.database.url,
      REDIS_URL,
      REDIS_PREFIX: h.names.prefix,
      SECRET_KEY,
      TELEGRAM_API_ROOT: h.fake.apiRoot,
      WORKER_METRICS_PORT: "0",
      BROADCAST_RATE: "40",
      BROADCAST_LOCK_MS: "1500",
      BROADCAST_MAX_IN_FLIGHT: "10",
      LOG_LEVEL: "silent",
    },
  });
}

/** A port nothing listens on now, picked by the OS. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A redis-server of this test's own (no persistence: it comes back empty), answering PING when this resolves. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
  const probe = createRedis(`redis://127.0.0.1:${port}`);
  try {
    await waitFor(async () => (await probe.ping()) === "PONG", { what: `redis-server on ${port}` });
  } finally {
    probe.disconnect();
  }
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

function duplicatesOf(token: string): { chats: Set<number>; duplicates: number } {
  const chats = h.fake.calls.filter((c) => c.token === token).map((c) => Number(c.params.chat_id));
  return { chats: new Set(chats), duplicates: chats.length - new Set(chats).size };
}

describe("resilience", () => {
  it("resumes a broadcast after the worker process is killed with SIGKILL, skipping nobody", async () => {
    const { botId, token } = await h.bot(150);
    h.fake.configure({ latencyMs: 40 });
    const first = startWorkerProcess();
    const id = await h.queue(botId, { type: "text", text: "survive" });
    await waitFor(() => h.fake.calls.filter((c) => c.token === token).length >= 50, { timeoutMs: 30_000 });
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));
    const atKill = h.fake.calls.filter((c) => c.token === token).length;
    expect(atKill).toBeLessThan(150);

    const second = startWorkerProcess();
    try {
      await h.waitForStatus(id, ["completed"], 60_000);
    } finally {
      second.kill("SIGTERM");
      await new Promise((r) => second.once("exit", r));
    }
    const { chats, duplicates } = duplicatesOf(token);
    expect(chats.size).toBe(150);
    // Bounded by what was in flight or sent since the last progress save (10 in flight + 40/s × 0.2 s).
    expect(duplicates).toBeLessThanOrEqual(18);
    expect(await h.job(id)).toMatchObject({ status: "completed", total: 150 });
  }, 90_000);

  it("resumes after Redis restarts mid-job (the queue is rebuilt from Postgres)", async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    const local = await startWorkerHarness();
    try {
      await local.startWorker({ redisUrl: `redis://127.0.0.1:${port}`, rate: 40, lockMs: 1500 });
      const { botId, token } = await local.bot(120);
      const id = await local.queue(botId, { type: "text", text: "through a restart" });
      await waitFor(() => local.fake.calls.length >= 30, { timeoutMs: 30_000 });
      // Killed and started again on the same port once the old process is gone: the queue comes back empty.
      await stopRedis(redis);
      redis = await startRedis(port);
      await local.waitForStatus(id, ["completed"], 60_000);
      const chats = local.fake.calls.filter((c) => c.token === token).map((c) => Number(c.params.chat_id));
      expect(new Set(chats).size).toBe(120);
    } finally {
      await local.close();
      await stopRedis(redis);
    }
  }, 90_000);

  it("finishes a broadcast when Postgres drops the worker's connections mid-job", async () => {
    const local = await startWorkerHarness();
    const own = createDb(local.database.url, { applicationName: "worker-under-test", max: 4 });
    try {
      await local.startWorker({ rate: 40, db: own.db });
      const { botId, token } = await local.bot(120);
      const id = await local.queue(botId, { type: "text", text: "through a dropped connection" });
      await waitFor(() => local.fake.calls.length >= 30, { timeoutMs: 30_000 });
      const { rows } = await local.handle.pool.query(
        "select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'worker-under-test') t",
      );
      expect(rows[0].n).toBeGreaterThan(0);
      await local.waitForStatus(id, ["completed"], 60_000);
      const chats = local.fake.calls.filter((c) => c.token === token).map((c) => Number(c.params.chat_id));
      expect(new Set(chats).size).toBe(120);
      expect(chats.length - 120).toBeLessThanOrEqual(18);
    } finally {
      await local.close();
      await own.pool.end();
    }
  }, 90_000);
});
