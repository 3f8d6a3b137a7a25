/**
 * The dashboard's settings: SIGNUP, PUBLIC_BASE_URL, TRUST_PROXY, ARGON2_CONCURRENCY, and the version ones, read once
 * with zod.
 */
import { describe, expect, it } from "@jest/globals";
import { defaultArgon2Concurrency } from "../src/auth/password.js";
import { loadManagementConfig, publicBaseUrl } from "../src/config.js";

const load = (env: Record<string, string | undefined>) =>
  loadManagementConfig({ NODE_ENV: "test", SECRET_KEY: "k".repeat(32), ...env });

describe("dashboard settings", () => {
  it("defaults to open sign-up, the management port on loopback, and trusting loopback proxies", () => {
    const config = load({ MANAGEMENT_PORT: "3100" });
    expect(config.SIGNUP).toBe("open");
    expect(publicBaseUrl(config)).toBe("http://127.0.0.1:3100");
    expect(config.TRUST_PROXY).toBe("loopback");
  });

  it("reads SIGNUP=closed, a public base URL without its trailing slash, and proxy settings", () => {
    const config = load({ SIGNUP: "closed", PUBLIC_BASE_URL: "https://bots.example.com/", TRUST_PROXY: "1" });
    expect(config.SIGNUP).toBe("closed");
    expect(publicBaseUrl(config)).toBe("https://bots.example.com");
    expect(config.TRUST_PROXY).toBe(1);
    expect(load({ TRUST_PROXY: "10.0.0.0/8, loopback" }).TRUST_PROXY).toBe("10.0.0.0/8, loopback");
  });

  it("refuses a SIGNUP other than open or closed, and a PUBLIC_BASE_URL that is not a URL", () => {
    expect(() => load({ SIGNUP: "maybe" })).toThrow(/SIGNUP must be open or closed/);
    expect(() => load({ PUBLIC_BASE_URL: "bots.example.com" })).toThrow(/PUBLIC_BASE_URL/);
  });

  it("defaults to the computed argon2 concurrency, and reads ARGON2_CONCURRENCY", () => {
    expect(load({}).ARGON2_CONCURRENCY).toBeUndefined();
    expect(load({ ARGON2_CONCURRENCY: "4" }).ARGON2_CONCURRENCY).toBe(4);
  });

  it("refuses an argon2 figure below 1, naming the variable", () => {
    expect(() => load({ ARGON2_CONCURRENCY: "0" })).toThrow(/ARGON2_CONCURRENCY must be 1 or more/);
    expect(() => load({ ARGON2_CONCURRENCY: "lots" })).toThrow(/ARGON2_CONCURRENCY/);
  });

  it("runs argon2 on the cores, at most libuv's pool less two threads, at least one", () => {
    expect(defaultArgon2Concurrency(2, 4)).toBe(2);
    expect(defaultArgon2Concurrency(16, 4)).toBe(2);
    expect(defaultArgon2Concurrency(16, 8)).toBe(6);
    expect(defaultArgon2Concurrency(1, 4)).toBe(1);
    expect(defaultArgon2Concurrency(4, 2)).toBe(1);
  });
});

describe("version settings", () => {
  it("defaults BOT_AUTO_ROLLBACK_WINDOW_S to 60 and GATEWAY_INTERNAL_URL to none, and reads them", () => {
    expect(load({}).BOT_AUTO_ROLLBACK_WINDOW_S).toBe(60);
    expect(load({}).GATEWAY_INTERNAL_URL).toBeUndefined();
    expect(load({ GATEWAY_INTERNAL_URL: "" }).GATEWAY_INTERNAL_URL).toBeUndefined();
    const config = load({ BOT_AUTO_ROLLBACK_WINDOW_S: "5", GATEWAY_INTERNAL_URL: "http://gateway:3001" });
    expect(config.BOT_AUTO_ROLLBACK_WINDOW_S).toBe(5);
    expect(config.GATEWAY_INTERNAL_URL).toBe("http://gateway:3001");
    expect(load({ BOT_VERSIONS_KEPT: "7" }).BOT_VERSIONS_KEPT).toBe(7);
  });

  it("refuses a window outside 5 to 3600 s and an internal URL that is not one, naming the variable", () => {
    for (const bad of ["4", "3601", "1.5", "soon"]) {
      expect(() => load({ BOT_AUTO_ROLLBACK_WINDOW_S: bad })).toThrow(
        /BOT_AUTO_ROLLBACK_WINDOW_S must be a whole number/,
      );
    }
    expect(() => load({ GATEWAY_INTERNAL_URL: "not a url" })).toThrow(/GATEWAY_INTERNAL_URL/);
  });
});
