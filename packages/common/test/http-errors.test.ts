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
import { AppError } from "../src/errors.js";
import { createLogger } from "../src/logging.js";
import { createRedis, failFastRedisOptions } from "../src/redis/index.js";
import {
  errorHandler,
  isUnavailableError,
  problemOf,
  toProblem,
  UNAVAILABLE_RETRY_AFTER_S,
} from "../src/http/index.js";

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

describe("isUnavailableError, every code and message", () => {
  it.each([
    "ECONNREFUSED",
    "ECONNRESET",
    "ETIMEDOUT",
    "EPIPE",
    "ENOTFOUND",
    "EAI_AGAIN",
    "57P01",
    "57P02",
    "57P03",
    "53300",
    "ERR_DEPENDENCY_DOWN",
    "08000",
    "08P01",
  ])("is true for code %s whatever the message", (code) => {
    expect(isUnavailableError(withCode("", code))).toBe(true);
    expect(isUnavailableError({ code })).toBe(true);
  });

  it.each([
    "Connection terminated unexpectedly",
    "connection IS CLOSED",
    "connect econnrefused 1.2.3.4",
    "Timeout exceeded when trying to connect",
    "Client has encountered a connection error and is not queryable",
    "Reached the max retries per request limit (which is 1)",
    "Stream isn't writeable",
    "Redis is unavailable",
    "redis unavailable",
    "Command timed out",
    "Client was closed and is not queryable",
  ])("is true for the message %j", (message) => {
    expect(isUnavailableError(new Error(message))).toBe(true);
  });

  it("is false for codes and messages that only look alike", () => {
    for (const err of [
      withCode("x", "18000"),
      withCode("x", "5301"),
      { code: 8 },
      { message: "Connection terminated" },
      new Error("command timed out"),
      new Error("Command timed out."),
      new Error("Handler: Command timed out"),
      new Error("Redis is available"),
    ])
      expect(isUnavailableError(err)).toBe(false);
  });

  it("looks 16 errors deep and wide, no further", () => {
    const chain = (depth: number) => {
      let err: unknown = withCode("down", "ECONNREFUSED");
      for (let i = 1; i < depth; i++) err = new Error(`wrap ${i}`, { cause: err });
      return err;
    };
    expect(isUnavailableError(chain(16))).toBe(true);
    expect(isUnavailableError(chain(17))).toBe(false);
    const members = [...Array.from({ length: 14 }, () => new Error("other")), withCode("down", "ECONNRESET")];
    expect(isUnavailableError(new AggregateError(members, "all failed"))).toBe(true);
    const more = [...Array.from({ length: 15 }, (_, i) => new Error(`other ${i}`)), withCode("down", "ECONNRESET")];
    expect(isUnavailableError(new AggregateError(more, "all failed"))).toBe(false);
    expect(isUnavailableError({ errors: "ECONNREFUSED", cause: null })).toBe(false);
  });
});

describe("toProblem, every class", () => {
  it("keeps an AppError's code, message, field, details and headers, and nothing it did not set", () => {
    const full = new AppError("JOB_FINISHED", "done", { field: "jobId", details: { job: 1 }, headers: { A: "b" } });
    expect(toProblem(full)).toEqual({
      problem: {
        status: 409,
        code: "JOB_FINISHED",
        message: "done",
        field: "jobId",
        details: { job: 1 },
        headers: { A: "b" },
      },
      unexpected: false,
    });
    expect(toProblem(new AppError("NOT_FOUND")).problem).toEqual({
      status: 404,
      code: "NOT_FOUND",
      message: "Not found",
    });
  });

  it("turns body-parser failures into 413, malformed JSON or unreadable body", () => {
    const parserError = (status: number, type: string) => Object.assign(new Error("x"), { status, type });
    expect(toProblem(parserError(413, "entity.too.large"), "1mb").problem).toEqual(
      problemOf("BODY_TOO_LARGE", "Request body is larger than 1mb"),
    );
    expect(toProblem(parserError(413, "entity.too.large")).problem.message).toBe(
      "Request body is larger than the limit",
    );
    expect(toProblem(parserError(400, "entity.parse.failed"))).toEqual({
      problem: problemOf("MALFORMED_JSON"),
      unexpected: false,
    });
    expect(toProblem(parserError(415, "encoding.unsupported"))).toEqual({
      problem: problemOf("UNREADABLE_BODY"),
      unexpected: false,
    });
    expect(toProblem(parserError(500, "stream.not.readable"))).toEqual({
      problem: problemOf("INTERNAL"),
      unexpected: true,
    });
    expect(toProblem(parserError(499, "x")).problem.code).toBe("UNREADABLE_BODY");
  });

  it("answers a URL that does not decode with 400", () => {
    expect(toProblem(new URIError("URI malformed"))).toEqual({
      problem: problemOf("INVALID_INPUT", "Malformed URL: a path segment is not valid percent-encoded UTF-8"),
      unexpected: false,
    });
  });

  it("answers text Postgres refused (22P05, 22021), also as a cause, with 400", () => {
    const problem = problemOf("INVALID_INPUT", "Text contains a character that cannot be stored (NUL)");
    expect(toProblem(withCode("unsupported Unicode escape sequence", "22P05"))).toEqual({ problem, unexpected: false });
    expect(toProblem(new Error("Failed query", { cause: withCode("invalid byte sequence", "22021") }))).toEqual({
      problem,
      unexpected: false,
    });
  });

  it("problemOf takes the catalogue's status and message unless given one", () => {
    expect(problemOf("BOT_BUSY")).toEqual({
      status: 429,
      code: "BOT_BUSY",
      message: "Too many concurrent requests for this bot",
    });
    expect(problemOf("BOT_BUSY", "")).toEqual({ status: 429, code: "BOT_BUSY", message: "" });
  });
});

describe("errorHandler, every path", () => {
  /** A log destination that keeps each line, parsed, in `lines`. */
  const parsedLines = (lines: object[]) =>
    new Writable({
      write(chunk, _enc, cb) {
        lines.push(JSON.parse(String(chunk)));
        cb();
      },
    });

  function app(thrown: () => unknown, lines: { level: number; msg: string; err?: unknown; route?: string }[]) {
    const sink = parsedLines(lines);
    const server = express();
    server.get("/r/:id", (_req, _res) => {
      throw thrown();
    });
    server.get("/sent", (_req, res, next) => {
      res.status(200).write("partial");
      next(new Error("after headers"));
    });
    server.use(
      errorHandler({
        envelope: (p) => ({ ok: false, code: p.code, error: p.message }),
        logger: createLogger("test", "debug", sink),
        context: "test route",
        bodyLimit: "2kb",
      }),
    );
    return server;
  }

  it("logs an unexpected error in full with its route and answers 500 without details", async () => {
    const lines: { level: number; msg: string; err?: unknown; route?: string; method?: string; path?: string }[] = [];
    const res = await request(app(() => new Error("secret detail"), lines)).get("/r/1?token=t0k3n");
    expect([res.status, res.body]).toEqual([500, { ok: false, code: "INTERNAL", error: "Internal error" }]);
    expect(lines).toHaveLength(1);
    // The path, never the query string: it may carry a token.
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: "test route failed",
      method: "GET",
      route: "/r/:id",
      path: "/r/1",
    });
    expect(JSON.stringify(lines[0])).not.toContain("t0k3n");
    expect(JSON.stringify(lines[0]!.err)).toContain("secret detail");
  });

  it("logs an unexpected error that no route matched (a middleware's) without a route, and answers 500", async () => {
    const lines: { level: number; msg: string; route?: string }[] = [];
    const sink = parsedLines(lines);
    const server = express();
    server.use(() => {
      throw new Error("middleware broke");
    });
    server.use(
      errorHandler({
        envelope: (p) => ({ ok: false, code: p.code }),
        logger: createLogger("test", "debug", sink),
        context: "test route",
      }),
    );
    const res = await request(server).get("/anything");
    expect([res.status, res.body]).toEqual([500, { ok: false, code: "INTERNAL" }]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: "test route failed" });
    expect(lines[0]!.route).toBeUndefined();
  });

  it("logs nothing for an error the caller caused, and sends its headers and body limit", async () => {
    const lines: { level: number; msg: string }[] = [];
    const tooLarge = () => Object.assign(new Error("x"), { status: 413, type: "entity.too.large" });
    const res = await request(app(tooLarge, lines)).get("/r/1");
    expect([res.status, res.body]).toEqual([
      413,
      { ok: false, code: "BODY_TOO_LARGE", error: "Request body is larger than 2kb" },
    ]);
    const allowed = () => new AppError("METHOD_NOT_ALLOWED", undefined, { headers: { Allow: "GET" } });
    const res405 = await request(app(allowed, lines)).get("/r/1");
    expect([res405.status, res405.headers.allow]).toEqual([405, "GET"]);
    expect(lines).toEqual([]);
  });

  it("logs a warning with the error's text for a dependency that is down", async () => {
    const lines: { level: number; msg: string; err?: unknown }[] = [];
    await request(app(() => withCode("connect ECONNREFUSED 10.0.0.1:5432", "ECONNREFUSED"), lines)).get("/r/1");
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        msg: "test route: dependency unavailable",
        err: "Error: connect ECONNREFUSED 10.0.0.1:5432",
      }),
    ]);
  });

  it("leaves an error after the headers went out to express", async () => {
    const lines: { level: number; msg: string }[] = [];
    const res = await request(app(() => new Error("x"), lines))
      .get("/sent")
      .catch((e: unknown) => e);
    expect(lines).toEqual([]);
    expect(res).toBeDefined();
  });
});
