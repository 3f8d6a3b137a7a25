/**
 * Config validation: every bad variable is listed in one error, by name and reason, and no value is ever echoed
 * (values may be secrets); defaults apply where nothing is set.
 */
import { describe, expect, it } from "@jest/globals";
import { baseConfigSchema, ConfigError, defaults, loadConfig } from "../src/index.js";

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
