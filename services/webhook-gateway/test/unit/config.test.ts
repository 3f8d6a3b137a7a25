/**
 * The gateway's settings (src/config.ts), read only by main.ts, so no other test loads them: the documented defaults
 * (README's Configuration table, docs/bot-runtime.md#limits), ALLOW_PRIVATE_EGRESS's accepted spellings, and each
 * bound refused with the variable named and its value never echoed.
 */
import { describe, expect, it } from "@jest/globals";
import { configRefusal } from "@botyard/testing";
import { gatewayMemoryMbFor, loadGatewayConfig, readCgroupMemoryLimit } from "../../src/config.js";

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

  it("switches off the named performance devices for the benchmark, and refuses a name that is none", () => {
    expect(loadGatewayConfig({ SECRET_KEY }).GATEWAY_DEVICES_OFF).toEqual([]);
    expect(loadGatewayConfig({ SECRET_KEY, GATEWAY_DEVICES_OFF: "mailbox, ring," }).GATEWAY_DEVICES_OFF).toEqual([
      "mailbox",
      "ring",
    ]);
    expect(refusal({ GATEWAY_DEVICES_OFF: "mailbox,zeros" })).toMatch(
      /^Invalid configuration:\n {2}GATEWAY_DEVICES_OFF/,
    );
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
    ["BOT_HOST_MEMORY_MB", "1", "4096", ["0", "4097", "1.5"]],
    ["GATEWAY_MEMORY_MB", "64", undefined, ["63", "-1"]],
  ])("%s takes %s to %s and refuses %p", (name, low, high, bad) => {
    const value = (v: string) => loadGatewayConfig({ SECRET_KEY, [name]: v })[name as "BOT_MEMORY_MB"];
    expect(value(low)).toBe(Number(low));
    if (high !== undefined) expect(value(high)).toBe(Number(high));
    for (const v of bad) expect(refusal({ [name]: v })).toContain(`${name}: `);
  });

  it("budgets a bot's host memory at its isolate limit, and the gateway from the cgroup limit, else 1536 MiB", () => {
    const none = () => undefined;
    expect(loadGatewayConfig({ SECRET_KEY }, none)).toMatchObject({
      BOT_HOST_MEMORY_MB: 64,
      GATEWAY_MEMORY_MB: 1536,
      GATEWAY_MEMORY_FROM: "default",
    });
    expect(loadGatewayConfig({ SECRET_KEY, BOT_MEMORY_MB: "128" }, none).BOT_HOST_MEMORY_MB).toBe(128);
    const twoGiB = () => 2 * 1024 ** 3;
    expect(loadGatewayConfig({ SECRET_KEY }, twoGiB)).toMatchObject({
      GATEWAY_MEMORY_MB: 1536,
      GATEWAY_MEMORY_FROM: "cgroup",
    });
    expect(loadGatewayConfig({ SECRET_KEY, GATEWAY_MEMORY_MB: "900" }, twoGiB)).toMatchObject({
      GATEWAY_MEMORY_MB: 900,
      GATEWAY_MEMORY_FROM: "env",
    });
    // A quarter of the limit is left to Node, and at least 256 MiB; never under 64.
    expect([512, 1024, 2048, 8192, 300].map(gatewayMemoryMbFor)).toEqual([256, 768, 1536, 6144, 64]);
  });

  it("reads cgroup v2's memory.max, else v1's memory.limit_in_bytes, and takes their 'no limit' as none", () => {
    const files = (entries: Record<string, string>) => (path: string) => {
      const text = entries[path];
      if (text === undefined) throw new Error("ENOENT");
      return text;
    };
    expect(readCgroupMemoryLimit(files({ "/sys/fs/cgroup/memory.max": "2147483648\n" }))).toBe(2 ** 31);
    expect(readCgroupMemoryLimit(files({ "/sys/fs/cgroup/memory.max": "max\n" }))).toBeUndefined();
    const v1 = "/sys/fs/cgroup/memory/memory.limit_in_bytes";
    expect(readCgroupMemoryLimit(files({ [v1]: "1073741824\n" }))).toBe(2 ** 30);
    expect(readCgroupMemoryLimit(files({ [v1]: "9223372036854771712\n" }))).toBeUndefined();
    expect(readCgroupMemoryLimit(files({}))).toBeUndefined();
  });

  it("lists every bad variable at once, without their values", () => {
    const message = refusal({ BOT_MEMORY_MB: "4096", HANDLER_TIMEOUT_MS: "not-a-number-31337" });
    expect(message).toContain("BOT_MEMORY_MB: ");
    expect(message).toContain("HANDLER_TIMEOUT_MS: ");
    expect(message).not.toContain("4096");
    expect(message).not.toContain("31337");
  });
});
