/**
 * The 503 classification of http-errors.ts: a Postgres or Redis that does not answer is "try again shortly"
 * (503 + Retry-After), never the caller's fault and never an internal error; everything else keeps its own meaning.
 * Real errors from real clients (pg, ioredis) pointed at a port where nothing listens, besides shaped ones.
 */
import { afterAll, describe, expect, it } from "@jest/globals";
import net from "node:net";
import express from "express";
import pg from "pg";
import request from "supertest";
import { Writable } from "node:stream";
import {
  AppError,
  createLogger,
  createRedis,
  errorHandler,
  failFastRedisOptions,
  isUnavailableError,
  toProblem,
  UNAVAILABLE_RETRY_AFTER_S,
} from "../src/index.js";

/** A port nothing listens on. */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isUnavailableError", () => {
  it.each([
    ["a refused connection", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["a reset connection", withCode("read ECONNRESET", "ECONNRESET")],
    ["Postgres shutting down (57P01)", withCode("terminating connection due to administrator command", "57P01")],
    ["Postgres starting up (57P03)", withCode("the database system is starting up", "57P03")],
    ["a connection exception (SQLSTATE class 08)", withCode("connection failure", "08006")],
    ["pg's lost connection", new Error("Connection terminated unexpectedly")],
    ["pg-pool's connect timeout", new Error("timeout exceeded when trying to connect")],
    ["ioredis without an offline queue", new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ["ioredis's command timeout", new Error("Command timed out")],
    ["ioredis's retry limit", new Error("Reached the max retries per request limit (which is 1).")],
    ["ioredis after disconnect", new Error("Connection is closed.")],
  ])("is true for %s", (_name, err) => {
    expect(isUnavailableError(err)).toBe(true);
  });

  it("is true for a failure wrapped as the cause (drizzle wraps pg's error)", () => {
    const wrapped = new Error("Failed query: select 1", { cause: withCode("connect ECONNREFUSED", "ECONNREFUSED") });
    expect(isUnavailableError(wrapped)).toBe(true);
  });

  it("is true for an AggregateError whose members are refused connections (a host with several addresses)", () => {
    const both = new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], "");
    expect(isUnavailableError(both)).toBe(true);
  });

  it.each([
    ["a SQL error", withCode('syntax error at or near "selec"', "42601")],
    ["a unique violation", withCode("duplicate key value violates unique constraint", "23505")],
    ["a programming error", new TypeError("Cannot read properties of undefined")],
    ["a message that only mentions a timeout", new Error("Command timed out while parsing the bot's code")],
    ["not an error at all", "ECONNREFUSED"],
    ["nothing", undefined],
  ])("is false for %s", (_name, err) => {
    expect(isUnavailableError(err)).toBe(false);
  });

  it("terminates on a cause cycle", () => {
    const a = new Error("a") as Error & { cause?: unknown };
    const b = new Error("b", { cause: a });
    a.cause = b;
    expect(isUnavailableError(a)).toBe(false);
  });
});

describe("real client errors", () => {
  const redis = { client: undefined as ReturnType<typeof createRedis> | undefined };
  afterAll(() => redis.client?.disconnect());

  it("pg's error for a server that is down is unavailable", async () => {
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${await deadPort()}/x` });
    pool.on("error", () => {});
    const err = await pool.query("select 1").catch((e: unknown) => e);
    await pool.end();
    expect(isUnavailableError(err)).toBe(true);
  });

  it("a fail-fast ioredis connection refuses a command at once while Redis is down, as unavailable", async () => {
    redis.client = createRedis(`redis://127.0.0.1:${await deadPort()}`, failFastRedisOptions);
    const err = await redis.client.publish("channel", "message").catch((e: unknown) => e);
    expect(isUnavailableError(err)).toBe(true);
  });
});

describe("toProblem", () => {
  it("answers 503 with Retry-After for an unavailable dependency, without its address or message", () => {
    const { problem, unexpected } = toProblem(withCode("connect ECONNREFUSED 10.1.2.3:5432", "ECONNREFUSED"));
    expect(unexpected).toBe(false);
    expect(problem).toEqual({
      status: 503,
      code: "UNAVAILABLE",
      message: "Service temporarily unavailable; try again shortly",
      headers: { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_S) },
    });
  });

  it("keeps an AppError's own status even when its cause is a connection failure", () => {
    const err = new AppError("INVALID_API_KEY", undefined, { cause: withCode("x", "ECONNREFUSED") });
    expect(toProblem(err).problem.status).toBe(401);
  });

  it("answers 500 (unexpected) for anything else", () => {
    expect(toProblem(withCode("syntax error", "42601"))).toMatchObject({
      problem: { status: 500, code: "INTERNAL", message: "Internal error" },
      unexpected: true,
    });
  });
});

describe("errorHandler", () => {
  it("replies 503 with Retry-After in the route family's envelope, and logs a warning, not an error", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const app = express();
    app.get("/x", () => {
      throw new Error("Failed query", { cause: withCode("connect ECONNREFUSED", "ECONNREFUSED") });
    });
    app.use(
      errorHandler({
        envelope: (p) => ({ ok: false, error: p.message }),
        logger: createLogger("test", "debug", sink),
        context: "test route",
      }),
    );
    const res = await request(app).get("/x");
    expect(res.status).toBe(503);
    expect(res.headers["retry-after"]).toBe(String(UNAVAILABLE_RETRY_AFTER_S));
    expect(res.body).toEqual({ ok: false, error: "Service temporarily unavailable; try again shortly" });
    const levels = lines.map((l) => (JSON.parse(l) as { level: number }).level);
    expect(levels).toEqual([40]);
  });
});
