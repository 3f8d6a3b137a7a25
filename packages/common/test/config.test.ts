/**
 * Config validation: every bad variable is listed in one error, by name and reason, and no value is ever echoed
 * (values may be secrets); defaults apply where nothing is set.
 */
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { z } from "zod";
import { baseConfigSchema, ConfigError, defaults, loadConfig, redisConnectionConfig } from "../src/config/index.js";

const SECRET = "a-secret-key-that-must-never-be-echoed";
const valid = { SECRET_KEY: SECRET, NODE_ENV: "production" };

function failure(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(baseConfigSchema, env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error("the configuration was accepted");
}

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const config = loadConfig(baseConfigSchema, valid);
    expect(config).toMatchObject({
      DATABASE_URL: defaults.databaseUrl,
      REDIS_URL: defaults.redisUrl,
      MANAGEMENT_PORT: 3000,
      GATEWAY_PORT: 3001,
      WORKER_METRICS_PORT: 3002,
      BROADCAST_RATE: 30,
      SHUTDOWN_GRACE_MS: 5000,
    });
  });

  it("reads SHUTDOWN_GRACE_MS", () => {
    expect(loadConfig(baseConfigSchema, { ...valid, SHUTDOWN_GRACE_MS: "1500" }).SHUTDOWN_GRACE_MS).toBe(1500);
  });

  it("lists every bad variable in one error, each by name", () => {
    const err = failure({
      ...valid,
      MANAGEMENT_PORT: "70000",
      BROADCAST_RATE: "41",
      SHUTDOWN_GRACE_MS: "soon",
      LOG_LEVEL: "loud",
      TELEGRAM_API_ROOT: "not a url",
      REDIS_PREFIX: "has spaces",
    });
    const named = err.message
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(":")[0]);
    expect(named.sort()).toEqual(
      [
        "BROADCAST_RATE",
        "LOG_LEVEL",
        "MANAGEMENT_PORT",
        "REDIS_PREFIX",
        "SHUTDOWN_GRACE_MS",
        "TELEGRAM_API_ROOT",
      ].sort(),
    );
  });

  it("never echoes a value, good or bad", () => {
    const badValues = {
      MANAGEMENT_PORT: "99999",
      TELEGRAM_API_ROOT: "token-looking-123456:ABCDEF",
      REDIS_PREFIX: "secret prefix value",
      SHUTDOWN_GRACE_MS: "12",
    };
    const err = failure({ ...valid, ...badValues });
    for (const value of [SECRET, ...Object.values(badValues)]) expect(err.message).not.toContain(value);
  });

  it("requires SECRET_KEY in production, and says so without a value", () => {
    const err = failure({ NODE_ENV: "production" });
    expect(err.message).toMatch(/SECRET_KEY/);
  });

  it("refuses a SECRET_KEY shorter than 16 characters, without echoing it", () => {
    const err = failure({ NODE_ENV: "production", SECRET_KEY: "short-secret" });
    expect(err.message).toMatch(/SECRET_KEY must be at least 16 characters/);
    expect(err.message).not.toContain("short-secret");
  });
});

describe("loadConfig bounds", () => {
  type NumericVariable =
    | "MANAGEMENT_PORT"
    | "GATEWAY_PORT"
    | "WORKER_METRICS_PORT"
    | "BROADCAST_RATE"
    | "BROADCAST_PAID_RATE"
    | "SHUTDOWN_GRACE_MS";
  const bounds: [NumericVariable, number, number, boolean][] = [
    ["MANAGEMENT_PORT", 0, 65535, true],
    ["GATEWAY_PORT", 0, 65535, true],
    ["WORKER_METRICS_PORT", 0, 65535, true],
    ["BROADCAST_RATE", 1, 40, false],
    ["BROADCAST_PAID_RATE", 1, 1000, false],
    ["SHUTDOWN_GRACE_MS", 100, 600_000, true],
  ];

  it.each(bounds)("takes %s from %d to %d and nothing outside", (name, min, max, integer) => {
    fc.assert(
      fc.property(fc.integer({ min: min - 1000, max: max + 1000 }), (n) => {
        const inRange = n >= min && n <= max;
        if (inRange) expect(loadConfig(baseConfigSchema, { ...valid, [name]: String(n) })[name]).toBe(n);
        else expect(failure({ ...valid, [name]: String(n) }).message).toContain(`${name}: `);
      }),
      { numRuns: 50 },
    );
    for (const n of [min, max]) expect(loadConfig(baseConfigSchema, { ...valid, [name]: String(n) })[name]).toBe(n);
    for (const n of [min - 1, max + 1]) expect(failure({ ...valid, [name]: String(n) }).message).toContain(name);
    if (integer) expect(failure({ ...valid, [name]: String(min + 0.5) }).message).toContain(name);
    else expect(loadConfig(baseConfigSchema, { ...valid, [name]: String(min + 0.5) })[name]).toBe(min + 0.5);
  });

  it("defaults the paid rate to 1000 and the remaining variables as documented", () => {
    const config = loadConfig(baseConfigSchema, valid);
    expect(config).toMatchObject({
      NODE_ENV: "production",
      REDIS_CLUSTER: false,
      REDIS_PREFIX: "botyard",
      TELEGRAM_API_ROOT: "https://api.telegram.org",
      LOG_LEVEL: "info",
      BROADCAST_PAID_RATE: 1000,
    });
    expect(config.WEBHOOK_BASE_URL).toBeUndefined();
    expect(loadConfig(baseConfigSchema, { SECRET_KEY: SECRET }).NODE_ENV).toBe("development");
  });

  it("reads REDIS_CLUSTER as a flag", () => {
    const read = (v: string) => loadConfig(baseConfigSchema, { ...valid, REDIS_CLUSTER: v }).REDIS_CLUSTER;
    expect(["0", "1", "true", "false"].map(read)).toEqual([false, true, true, false]);
    expect(failure({ ...valid, REDIS_CLUSTER: "yes" }).message).toContain("REDIS_CLUSTER: ");
  });

  it("takes a REDIS_PREFIX of letters, digits, ':', '_' and '-' only", () => {
    expect(loadConfig(baseConfigSchema, { ...valid, REDIS_PREFIX: "a:B_9-z" }).REDIS_PREFIX).toBe("a:B_9-z");
    for (const bad of ["", "a b", "a{b}", "a*", "pre\nfix"])
      expect(failure({ ...valid, REDIS_PREFIX: bad }).message).toContain("REDIS_PREFIX: ");
  });

  it("strips trailing slashes of TELEGRAM_API_ROOT and checks URLs", () => {
    expect(loadConfig(baseConfigSchema, { ...valid, TELEGRAM_API_ROOT: "http://tg:81/api//" }).TELEGRAM_API_ROOT).toBe(
      "http://tg:81/api",
    );
    expect(loadConfig(baseConfigSchema, { ...valid, WEBHOOK_BASE_URL: "https://b.example" }).WEBHOOK_BASE_URL).toBe(
      "https://b.example",
    );
    expect(failure({ ...valid, WEBHOOK_BASE_URL: "b.example" }).message).toContain("WEBHOOK_BASE_URL: ");
  });

  it("refuses empty DATABASE_URL and REDIS_URL, and an unknown LOG_LEVEL", () => {
    const err = failure({ ...valid, DATABASE_URL: "", LOG_LEVEL: "verbose" });
    expect(err.message.split("\n").map((l) => l.trim().split(":")[0])).toEqual([
      "Invalid configuration",
      "DATABASE_URL",
      "LOG_LEVEL",
    ]);
    for (const level of ["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      expect(loadConfig(baseConfigSchema, { ...valid, LOG_LEVEL: level }).LOG_LEVEL).toBe(level);
  });

  it("takes SECRET_KEY from 16 characters", () => {
    expect(loadConfig(baseConfigSchema, { ...valid, SECRET_KEY: "k".repeat(16) }).SECRET_KEY).toBe("k".repeat(16));
    expect(failure({ ...valid, SECRET_KEY: "k".repeat(15) }).name).toBe("ConfigError");
    expect(failure({ ...valid, SECRET_KEY: "k".repeat(15) }).message).toBe(
      "Invalid configuration:\n  SECRET_KEY: SECRET_KEY must be at least 16 characters",
    );
  });

  it("checks REDIS_URL against REDIS_CLUSTER after the schema, in the same error format", () => {
    expect(failure({ ...valid, REDIS_URL: "redis://a:1,redis://b:2" }).message).toBe(
      "Invalid configuration:\n  REDIS_URL: REDIS_URL names several servers: set REDIS_CLUSTER=1 for a Redis Cluster",
    );
    const cluster = loadConfig(baseConfigSchema, {
      ...valid,
      REDIS_URL: "redis://a:1,redis://b:2",
      REDIS_CLUSTER: "1",
    });
    expect(redisConnectionConfig(cluster)).toEqual({ url: "redis://a:1,redis://b:2", cluster: true });
  });

  it("extends: a service schema without the Redis variables is not cross-checked", () => {
    const schema = z.object({ PORT: z.coerce.number() });
    expect(loadConfig(schema, { PORT: "1", SECRET_KEY: SECRET })).toEqual({ PORT: 1 });
    expect(
      loadConfig(
        z.object({}).transform(() => "x"),
        { SECRET_KEY: SECRET },
      ),
    ).toBe("x");
    expect(
      loadConfig(
        z.object({}).transform(() => null),
        { SECRET_KEY: SECRET },
      ),
    ).toBeNull();
    const numeric = z.object({ REDIS_URL: z.coerce.number() });
    expect(loadConfig(numeric, { REDIS_URL: "5", SECRET_KEY: SECRET })).toEqual({ REDIS_URL: 5 });
  });
});
