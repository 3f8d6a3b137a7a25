/**
 * The shared start-up (service.ts) on the shared Postgres (a database of this file's own) and Redis: the wiring gets
 * open connections, the server listens, and on SIGTERM the service's steps, Redis, Postgres and the last steps are
 * released in that order before the exit.
 */
import { afterAll, beforeAll, expect, it } from "@jest/globals";
import express from "express";
import { createTestDatabase, type TestDatabase } from "@botyard/db/testing";
import { baseConfigSchema, loadConfig } from "../src/config/config.js";
import { boundPort } from "../src/service/lifecycle.js";
import { operatorRouter } from "../src/service/health.js";
import { startService, type ServiceContext } from "../src/service/start.js";
import { waitFor } from "@botyard/testing";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await database?.drop();
});

it("wires the service on open connections, listens, and on SIGTERM releases in order, then exits 0", async () => {
  const config = loadConfig(baseConfigSchema, {
    DATABASE_URL: database.url,
    REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
    REDIS_PREFIX: `service-test-${process.pid}`,
    SECRET_KEY: "a-secret-key-of-the-service-test",
    LOG_LEVEL: "silent",
    SHUTDOWN_GRACE_MS: "2000",
  });
  const released: string[] = [];
  const exits: number[] = [];
  let context: ServiceContext<typeof config> | undefined;
  const before = { term: process.listeners("SIGTERM"), int: process.listeners("SIGINT") };
  try {
    const server = await startService({
      name: "service-test",
      config,
      port: 0,
      listening: "service test listening",
      exit: (code) => exits.push(code),
      wire(ctx) {
        context = ctx;
        const app = express();
        app.use(operatorRouter({ registry: ctx.registry, checks: ctx.checks, isDraining: ctx.isDraining }));
        return {
          app,
          stopWork: async () => {
            released.push("work");
          },
          release: [["first", () => released.push(`first (redis ${ctx.redis.status})`)]],
          releaseLast: [["last", () => released.push(`last (pool ended ${ctx.pool.ended})`)]],
        };
      },
    });
    const readyz = `http://127.0.0.1:${boundPort(server)}/readyz`;
    // Ready once the Redis connection is up (it connects in the background).
    await waitFor(async () => (await fetch(readyz)).status === 200, { what: "/readyz to answer 200" });
    expect(context?.names.prefix).toBe(`service-test-${process.pid}`);
    expect((await context?.pool.query("select current_setting('application_name') as name"))?.rows).toEqual([
      { name: "botyard-service-test" },
    ]);

    process.emit("SIGTERM", "SIGTERM");
    await waitFor(() => exits.length > 0, { what: "the exit after SIGTERM" });
    expect(exits).toEqual([0]);
    expect(released).toEqual(["work", "first (redis ready)", "last (pool ended true)"]);
    await waitFor(() => context?.redis.status === "end", { what: "the Redis connection to end" });
    expect(server.listening).toBe(false);
  } finally {
    // A failed check must not leave the connections open.
    if (context && exits.length === 0) {
      process.emit("SIGTERM", "SIGTERM");
      await waitFor(() => exits.length > 0, { what: "the exit after SIGTERM" });
    }
    for (const l of process.listeners("SIGTERM")) if (!before.term.includes(l)) process.off("SIGTERM", l);
    for (const l of process.listeners("SIGINT")) if (!before.int.includes(l)) process.off("SIGINT", l);
  }
});
