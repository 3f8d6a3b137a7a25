/**
 * The gateway's settings (src/config.ts), read only by main.ts, so no other test loads them: the documented defaults
 * (README's Configuration table, docs/bot-runtime.md#limits), ALLOW_PRIVATE_EGRESS's accepted spellings, and each
 * bound refused with the variable named and its value never echoed.
 */
import { describe, expect, it } from "@jest/globals";
import { configRefusal } from "@botyard/common/testing";
import { loadGatewayConfig } from "../../src/config.js";

const SECRET_KEY = "gateway-config-test-key-0123";

const refusal = (env: Record<string, string>): string => configRefusal(() => loadGatewayConfig({ SECRET_KEY, ...env }));

describe("gateway config", () => {
  it("has the documented defaults", () => {
    expect(loadGatewayConfig({ SECRET_KEY })).toMatchObject({
      BOT_MEMORY_MB: 64,
      HANDLER_TIMEOUT_MS: 10_000,
      ALLOW_PRIVATE_EGRESS: false,
      MAX_LOADED_BOTS: 5000,
      BOT_IDLE_MS: 15 * 60_000,
      BOT_MAX_CONCURRENCY: 64,
      BOT_RATE_LIMIT: 500,
      BOT_RATE_BURST: 1000,
      BOT_CPU_MS_PER_SECOND: 250,
      BOT_CPU_BURST_MS: 2000,
      DOCSTORE_MAX_DOCS_PER_COLLECTION: 1_000_000,
      DOCSTORE_MAX_BYTES_PER_BOT: 1024 * 1024 * 1024,
      DOCSTORE_STATEMENT_TIMEOUT_MS: 2000,
      DOCSTORE_MAX_INDEXES: 5,
      DOCSTORE_POOL_SIZE: 16,
    });
  });

  it("turns on private egress only for 1 or true, and refuses other spellings", () => {
    const egress = (value: string) =>
      loadGatewayConfig({ SECRET_KEY, ALLOW_PRIVATE_EGRESS: value }).ALLOW_PRIVATE_EGRESS;
    expect([egress("1"), egress("true"), egress("0"), egress("false")]).toEqual([true, true, false, false]);
    expect(refusal({ ALLOW_PRIVATE_EGRESS: "yes" })).toMatch(/^Invalid configuration:\n {2}ALLOW_PRIVATE_EGRESS: /);
  });

  it.each([
    ["BOT_MEMORY_MB", "8", "1024", ["7", "1025", "64.5"]],
    ["HANDLER_TIMEOUT_MS", "10", "120000", ["9", "120001"]],
    ["BOT_IDLE_MS", "1000", undefined, ["999"]],
    ["BOT_MAX_CONCURRENCY", "1", "10000", ["0", "10001"]],
    ["BOT_RATE_LIMIT", "1", "100000", ["0.5", "100001"]],
    ["DOCSTORE_STATEMENT_TIMEOUT_MS", "10", "60000", ["9", "60001"]],
    ["DOCSTORE_MAX_INDEXES", "0", "100", ["-1", "101"]],
    ["DOCSTORE_POOL_SIZE", "1", "500", ["0", "501"]],
    ["DOCSTORE_MAX_BYTES_PER_BOT", "1024", undefined, ["1023"]],
  ])("%s takes %s to %s and refuses %p", (name, low, high, bad) => {
    const value = (v: string) => loadGatewayConfig({ SECRET_KEY, [name]: v })[name as "BOT_MEMORY_MB"];
    expect(value(low)).toBe(Number(low));
    if (high !== undefined) expect(value(high)).toBe(Number(high));
    for (const v of bad) expect(refusal({ [name]: v })).toContain(`${name}: `);
  });

  it("lists every bad variable at once, without their values", () => {
    const message = refusal({ BOT_MEMORY_MB: "4096", HANDLER_TIMEOUT_MS: "not-a-number-31337" });
    expect(message).toContain("BOT_MEMORY_MB: ");
    expect(message).toContain("HANDLER_TIMEOUT_MS: ");
    expect(message).not.toContain("4096");
    expect(message).not.toContain("31337");
  });
});
