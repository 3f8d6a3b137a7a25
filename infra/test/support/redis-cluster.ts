/**
 * A throwaway three-master Redis Cluster from this machine's redis-server, on free ports, in a temp folder: for tests
 * that run Botyard with REDIS_CLUSTER=1. Never touches the shared Redis on 6379.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { waitFor } from "@botyard/testing";
import { freePorts } from "./platform.js";

const run = promisify(execFile);

/** A running cluster; `close()` kills its servers and removes their folder. */
export interface TestRedisCluster {
  ports: number[];
  /** REDIS_URL naming `seeds` of the nodes (comma-separated), as an operator would write it. */
  url(seeds?: number): string;
  close(): Promise<void>;
}

async function redisCli(port: number, ...args: string[]): Promise<string> {
  const { stdout } = await run("redis-cli", ["-h", "127.0.0.1", "-p", String(port), ...args]);
  return stdout;
}

/** Starts `masters` redis-server processes in cluster mode and joins them into one cluster with every slot covered. */
export async function startRedisCluster(masters = 3): Promise<TestRedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), "botyard-redis-cluster-"));
  const servers: ChildProcess[] = [];
  const ports: number[] = [];
  const logs: string[] = [];
  const close = async () => {
    await Promise.all(
      servers.map(
        (s) =>
          new Promise<void>((resolve) => {
            if (s.exitCode !== null || s.signalCode !== null) return resolve();
            s.once("exit", () => resolve());
            s.kill("SIGKILL");
          }),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Client and cluster-bus ports, all distinct. The bus port is given explicitly: port + 10000 may be taken or
    // above 65535 for an ephemeral port.
    const free = await freePorts(masters * 2);
    for (let i = 0; i < masters; i++) {
      const port = free[2 * i]!;
      const busPort = free[2 * i + 1]!;
      const nodeDir = mkdtempSync(join(dir, `node-${i}-`));
      const server = spawn(
        "redis-server",
        [
          "--port",
          String(port),
          "--bind",
          "127.0.0.1",
          "--cluster-enabled",
          "yes",
          "--cluster-port",
          String(busPort),
          "--cluster-config-file",
          join(nodeDir, "nodes.conf"),
          "--cluster-node-timeout",
          "5000",
          "--dir",
          nodeDir,
          "--save",
          "",
          "--appendonly",
          "no",
          "--maxmemory-policy",
          "noeviction",
        ],
        { stdio: ["ignore", "pipe", "pipe"] },
      );
      logs[i] = "";
      const append = (chunk: Buffer) => {
        logs[i] = (logs[i] + chunk.toString()).slice(-2000);
      };
      server.stdout?.on("data", append);
      server.stderr?.on("data", append);
      servers.push(server);
      ports.push(port);
    }
    for (const [i, port] of ports.entries()) {
      const server = servers[i]!;
      await waitFor(
        async () => {
          if (server.exitCode !== null) throw new Error(`redis-server exited ${server.exitCode}: ${logs[i]}`);
          return (await redisCli(port, "ping")).trim() === "PONG";
        },
        { what: `redis-server on ${port}`, timeoutMs: 30_000, intervalMs: 50 },
      );
    }
    await run("redis-cli", ["--cluster", "create", ...ports.map((p) => `127.0.0.1:${p}`), "--cluster-yes"]);
    for (const port of ports)
      await waitFor(async () => (await redisCli(port, "cluster", "info")).includes("cluster_state:ok"), {
        what: `cluster state ok on ${port}`,
        timeoutMs: 30_000,
        intervalMs: 50,
      });
  } catch (err) {
    await close();
    throw err;
  }
  return {
    ports,
    url: (seeds = 1) =>
      ports
        .slice(0, seeds)
        .map((p) => `redis://127.0.0.1:${p}`)
        .join(","),
    close,
  };
}

/** Keys matching `pattern` on every master, for checking where the data went. */
export async function clusterKeys(cluster: TestRedisCluster, pattern: string): Promise<Map<number, string[]>> {
  const byNode = new Map<number, string[]>();
  for (const port of cluster.ports) {
    const out = await redisCli(port, "--scan", "--pattern", pattern);
    byNode.set(
      port,
      out.split("\n").filter((k) => k.length > 0),
    );
  }
  return byNode;
}
