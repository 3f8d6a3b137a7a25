/**
 * The drain (lifecycle.ts), on a real HTTP server in this process: a request taken before the drain is answered and
 * its reply closes the connection; a kept-alive connection used during the drain gets its answer, then closes; an
 * idle one is closed after the linger; new connections are refused; at the deadline what is left is cut and counted.
 * And the shutdown sequence: readiness at once, work stopped while the servers drain, release steps in order, exit 0.
 */
import { afterEach, describe, expect, it } from "@jest/globals";
import http from "node:http";
import net from "node:net";
import type { Server } from "node:http";
import { Writable } from "node:stream";
import express from "express";
import { boundPort, HttpDrain, Lifecycle, listen } from "../src/service/index.js";
import { createLogger } from "../src/logging.js";
import { waitFor } from "@botyard/testing";

/** A server whose `/slow` waits until the test releases it, and whose `/fast` answers at once. */
async function startServer() {
  const releases: Array<() => void> = [];
  let started = 0;
  const app = express();
  app.get("/fast", (_req, res) => {
    res.json({ ok: true });
  });
  app.get("/slow", (_req, res) => {
    started += 1;
    releases.push(() => res.json({ slow: true }));
  });
  const server = await listen(app, 0, "127.0.0.1");
  return {
    server,
    port: boundPort(server),
    started: () => started,
    releaseAll: () => {
      for (const release of releases.splice(0)) release();
    },
  };
}

interface Reply {
  status?: number;
  connection?: string;
  error?: string;
}

function get(agent: http.Agent, port: number, path: string): Promise<Reply> {
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path, agent }, (res) => {
      res.resume();
      res.once("end", () => resolve({ status: res.statusCode, connection: res.headers.connection }));
    });
    req.once("error", (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });
}

const until = (condition: () => boolean) => waitFor(condition, { intervalMs: 5 });

const servers: Server[] = [];
const agents: http.Agent[] = [];
afterEach(() => {
  for (const agent of agents.splice(0)) agent.destroy();
  for (const server of servers.splice(0)) server.closeAllConnections();
});

function keepAlive(): http.Agent {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  agents.push(agent);
  return agent;
}

describe("HttpDrain", () => {
  it("answers a request taken before the drain, with Connection: close, and then resolves with nothing forced", async () => {
    const s = await startServer();
    servers.push(s.server);
    const drain = new HttpDrain(s.server);
    const reply = get(keepAlive(), s.port, "/slow");
    await until(() => s.started() === 1);
    const drained = drain.drain(Date.now() + 60_000);
    s.releaseAll();
    expect(await reply).toEqual({ status: 200, connection: "close" });
    expect(await drained).toEqual({ forced: 0 });
    expect(drain.connections).toBe(0);
  });

  it("answers a request sent on a kept-alive connection during the drain, then closes that connection", async () => {
    const s = await startServer();
    servers.push(s.server);
    const drain = new HttpDrain(s.server, { idleLingerMs: 60_000 });
    const agent = keepAlive();
    expect(await get(agent, s.port, "/fast")).toEqual({ status: 200, connection: "keep-alive" });
    const drained = drain.drain(Date.now() + 60_000);
    expect(await get(agent, s.port, "/fast")).toEqual({ status: 200, connection: "close" });
    expect(await drained).toEqual({ forced: 0 });
  });

  it("gives a connection idle since long before the drain the whole linger, so a request sent then is answered", async () => {
    const s = await startServer();
    servers.push(s.server);
    const drain = new HttpDrain(s.server, { idleLingerMs: 30 });
    const agent = keepAlive();
    expect((await get(agent, s.port, "/fast")).status).toBe(200);
    // Idle for longer than the linger is the condition under test, and an idle connection shows nothing to poll.
    await new Promise((r) => setTimeout(r, 100));
    const drained = drain.drain(Date.now() + 60_000);
    expect(await get(agent, s.port, "/fast")).toEqual({ status: 200, connection: "close" });
    expect(await drained).toEqual({ forced: 0 });
  });

  it("counts pipelined requests: a connection that carried two at once is idle once both are answered", async () => {
    const s = await startServer();
    servers.push(s.server);
    const drain = new HttpDrain(s.server, { idleLingerMs: 20 });
    const socket = net.connect(s.port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
    });
    const request = "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n";
    socket.write(request + request);
    await until(() => s.started() === 2);
    s.releaseAll();
    await until(() => received.split("HTTP/1.1 200").length === 3);
    // Were a reply still counted as under way, the idle connection would be left open and cut at the deadline.
    expect(await drain.drain(Date.now() + 2_000)).toEqual({ forced: 0 });
    socket.destroy();
  });

  it("keeps track of connections that close in any order: those left are drained, the closed ones are not counted", async () => {
    const s = await startServer();
    servers.push(s.server);
    const drain = new HttpDrain(s.server, { idleLingerMs: 20 });
    const sockets = [0, 1, 2, 3].map(() => net.connect(s.port, "127.0.0.1"));
    const received = sockets.map(() => "");
    sockets.forEach((socket, i) => {
      socket.on("data", (chunk: Buffer) => {
        received[i] += chunk.toString("latin1");
      });
      socket.on("error", () => {});
      socket.write("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");
    });
    await until(() => s.started() === 4);
    expect(drain.connections).toBe(4);
    // The first and then the (new) last go: each removal moves another connection into the freed place.
    sockets[0]?.destroy();
    await until(() => drain.connections === 3);
    sockets[3]?.destroy();
    await until(() => drain.connections === 2);
    const drained = drain.drain(Date.now() + 5_000);
    s.releaseAll();
    expect(await drained).toEqual({ forced: 0 });
    expect(drain.connections).toBe(0);
    for (const i of [1, 2]) expect(received[i]).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*Connection: close\r\n/i);
  });

  it("closes a kept-alive connection that stays idle for the linger", async () => {
    const s = await startServer();
    servers.push(s.server);
    const drain = new HttpDrain(s.server, { idleLingerMs: 20 });
    expect((await get(keepAlive(), s.port, "/fast")).status).toBe(200);
    expect(drain.connections).toBe(1);
    expect(await drain.drain(Date.now() + 60_000)).toEqual({ forced: 0 });
    expect(drain.connections).toBe(0);
  });

  it("refuses new connections once the drain begins", async () => {
    const s = await startServer();
    servers.push(s.server);
    const drain = new HttpDrain(s.server);
    const drained = drain.drain(Date.now() + 60_000);
    expect(await get(new http.Agent(), s.port, "/fast")).toEqual({ error: "ECONNREFUSED" });
    await drained;
  });

  it("cuts the connections still open at the deadline and counts them", async () => {
    const s = await startServer();
    servers.push(s.server);
    const drain = new HttpDrain(s.server);
    const reply = get(keepAlive(), s.port, "/slow");
    await until(() => s.started() === 1);
    expect(await drain.drain(Date.now() + 50)).toEqual({ forced: 1 });
    expect((await reply).error).toBe("ECONNRESET");
  });
});

describe("Lifecycle", () => {
  function logger() {
    const lines: Array<{ msg: string; level: number }> = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(JSON.parse(String(chunk)) as { msg: string; level: number });
        cb();
      },
    });
    return { lines, logger: createLogger("test", "debug", sink) };
  }

  it("turns readiness off at once, stops work while the servers drain, then releases in order; exit code 0", async () => {
    const { logger: log } = logger();
    const lifecycle = new Lifecycle({ logger: log, graceMs: 5000 });
    const app = express();
    const releaseSlow: Array<() => void> = [];
    app.get("/slow", (_req, res) => {
      releaseSlow.push(() => res.json({}));
    });
    const server = await lifecycle.listen(app, 0, "127.0.0.1");
    servers.push(server);
    const reply = get(keepAlive(), boundPort(server), "/slow");
    await until(() => releaseSlow.length === 1);
    const order: string[] = [];
    const shutdown = lifecycle.shutdown({
      stopWork: async () => {
        order.push("work stopped");
        releaseSlow[0]!();
      },
      release: [
        ["first", () => void order.push("first")],
        ["second", async () => void order.push("second")],
      ],
    });
    expect(lifecycle.isDraining()).toBe(true);
    expect(await shutdown).toBe(0);
    expect((await reply).status).toBe(200);
    expect(order).toEqual(["work stopped", "first", "second"]);
  });

  it("runs the later release steps after one that fails, and exits 1", async () => {
    const { logger: log, lines } = logger();
    const lifecycle = new Lifecycle({ logger: log, graceMs: 5000 });
    const order: string[] = [];
    const code = await lifecycle.shutdown({
      release: [
        [
          "broken",
          () => {
            throw new Error("boom");
          },
        ],
        ["after", () => void order.push("after")],
      ],
    });
    expect(code).toBe(1);
    expect(order).toEqual(["after"]);
    expect(lines.some((l) => l.msg === "release step failed")).toBe(true);
  });

  it("gives up on a release step that never finishes at the grace, and still exits 0", async () => {
    const { logger: log, lines } = logger();
    const lifecycle = new Lifecycle({ logger: log, graceMs: 100 });
    const code = await lifecycle.shutdown({ release: [["stuck", () => new Promise(() => {})]] });
    expect(code).toBe(0);
    expect(lines.some((l) => l.msg === "release step did not finish within the grace period")).toBe(true);
  });

  it("on SIGTERM runs the sequence once, ignores a second signal, and exits with its code", async () => {
    const { logger: log } = logger();
    const exits: number[] = [];
    let released = 0;
    const before = { term: process.listeners("SIGTERM"), int: process.listeners("SIGINT") };
    const lifecycle = new Lifecycle({ logger: log, graceMs: 5000, exit: (code) => exits.push(code) });
    lifecycle.onSignal({
      release: [
        [
          "count",
          () => {
            released += 1;
          },
        ],
      ],
    });
    try {
      process.emit("SIGTERM", "SIGTERM");
      process.emit("SIGINT", "SIGINT");
      await until(() => exits.length > 0);
      expect(exits).toEqual([0]);
      expect(released).toBe(1);
    } finally {
      for (const l of process.listeners("SIGTERM")) if (!before.term.includes(l)) process.off("SIGTERM", l);
      for (const l of process.listeners("SIGINT")) if (!before.int.includes(l)) process.off("SIGINT", l);
    }
  });
});
