/**
 * The pool's connect timeout (client.ts): a server that accepts TCP connections but never answers (stopped, or a
 * load balancer in front of nothing) fails a query with pg-pool's connect timeout instead of holding it forever, and
 * so does waiting for a free client of a pool whose clients are all busy.
 */
import { afterAll, describe, expect, it } from "@jest/globals";
import net from "node:net";
import { createDb } from "../src/index.js";
import { createTestDatabase } from "../src/testing.js";

const silent = net.createServer((socket) => {
  socket.on("data", () => {}); // reads the startup message and never answers
});
afterAll(() => {
  silent.close();
});

describe("createDb", () => {
  it("fails a query on a server that never answers with the connect timeout", async () => {
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    const { pool } = createDb(`postgres://postgres@127.0.0.1:${port}/x`, { connectionTimeoutMillis: 200 });
    try {
      await expect(pool.query("select 1")).rejects.toThrow(/timeout/i);
    } finally {
      await pool.end();
    }
  });

  it("fails a query that waits for a free client longer than the connect timeout", async () => {
    const database = await createTestDatabase();
    const { pool } = createDb(database.url, { max: 1, connectionTimeoutMillis: 200 });
    const busy = await pool.connect();
    try {
      await expect(pool.query("select 1")).rejects.toThrow(/timeout exceeded when trying to connect/);
    } finally {
      busy.release();
      await pool.end();
      await database.drop();
    }
  });
});

describe("a checked-out client whose server goes away", () => {
  it("does not crash the process: the error reaches the holder's next query, and the pool serves the next caller", async () => {
    const database = await createTestDatabase();
    const { pool } = createDb(database.url, { max: 2 });
    const admin = createDb(database.url, { max: 1 });
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    // Jest would report an uncaught exception as this test's failure too; counting it states the claim directly.
    process.prependListener("uncaughtException", onUncaught);
    try {
      // A transaction between two statements: checked out, no query running (how a run's claim holds its client).
      const client = await pool.connect();
      const pid = (await client.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;
      const ended = new Promise<void>((resolve) => client.once("end", () => resolve()));
      await admin.pool.query("select pg_terminate_backend($1)", [pid]);
      await ended;
      await expect(client.query("select 1")).rejects.toThrow();
      client.release(true);
      expect(uncaught).toEqual([]);
      expect((await pool.query<{ one: number }>("select 1 as one")).rows[0]!.one).toBe(1);
    } finally {
      process.removeListener("uncaughtException", onUncaught);
      await pool.end();
      await admin.pool.end();
      await database.drop();
    }
  });
});
