/**
 * The worker's settings (src/config.ts), read only by main.ts, so no other test loads them: the documented defaults
 * (docs/broadcast.md#fencing, docs/operations.md) and each bound refused with the variable named, value not echoed.
 */
import { describe, expect, it } from "@jest/globals";
import { configRefusal } from "@botyard/testing";
import { loadWorkerConfig } from "../src/config.js";

const SECRET_KEY = "worker-config-test-key-0123";

const refusal = (env: Record<string, string>): string => configRefusal(() => loadWorkerConfig({ SECRET_KEY, ...env }));

describe("worker config", () => {
  it("has the documented defaults", () => {
    expect(loadWorkerConfig({ SECRET_KEY })).toMatchObject({
      WORKER_CONCURRENCY: 200,
      BROADCAST_LOCK_MS: 10_000,
      BROADCAST_LEASE_MS: 5000,
      BROADCAST_MAX_IN_FLIGHT: 200,
    });
  });

  it.each([
    ["WORKER_CONCURRENCY", "1", "2000", ["0", "2001", "1.5"]],
    ["BROADCAST_LOCK_MS", "1000", "600000", ["999", "600001"]],
    ["BROADCAST_LEASE_MS", "2000", "60000", ["1999", "60001"]],
    ["BROADCAST_MAX_IN_FLIGHT", "1", "5000", ["0", "5001"]],
  ])("%s takes %s to %s and refuses %p", (name, low, high, bad) => {
    const value = (v: string) => loadWorkerConfig({ SECRET_KEY, [name]: v })[name as "WORKER_CONCURRENCY"];
    expect([value(low), value(high)]).toEqual([Number(low), Number(high)]);
    for (const v of bad) expect(refusal({ [name]: v })).toContain(`${name}: `);
  });

  it("lists every bad variable at once, without their values", () => {
    const message = refusal({ BROADCAST_LEASE_MS: "1234", WORKER_CONCURRENCY: "lots-31337" });
    expect(message).toContain("BROADCAST_LEASE_MS: ");
    expect(message).toContain("WORKER_CONCURRENCY: ");
    expect(message).not.toContain("1234");
    expect(message).not.toContain("31337");
  });
});
