/** The dashboard's settings: SIGNUP, PUBLIC_BASE_URL and TRUST_PROXY, read once with zod. */
import { describe, expect, it } from "@jest/globals";
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
});
