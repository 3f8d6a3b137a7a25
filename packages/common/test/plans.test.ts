/** PLANS and DEFAULT_PLAN: the built-in plan, a configured set, and the errors that stop a service at start. */
import { describe, expect, it } from "@jest/globals";
import { z } from "zod";
import { AppError, quotaExceeded } from "../src/errors.js";
import { BUILTIN_PLANS, parsePlans, planOf, plansConfigShape } from "../src/plans.js";
import { loadConfig } from "../src/config/index.js";

const plan = (requestsPerSecond: number) => ({
  bots: 2,
  storedDocuments: 10,
  storedBytes: 1024,
  broadcastsPerDay: 1,
  liveStreams: 1,
  pendingScheduledRuns: 0,
  requestsPerSecond,
});

describe("plans", () => {
  it("without PLANS there is one plan, default", () => {
    const plans = parsePlans(undefined, undefined);
    expect(plans).toEqual({ byName: BUILTIN_PLANS, defaultName: "default" });
    expect(planOf(plans, null)).toEqual({ name: "default", quotas: BUILTIN_PLANS.default });
  });

  it("an account's plan, or the default one when it has none or names one no longer configured", () => {
    const plans = parsePlans(JSON.stringify({ free: plan(5), pro: plan(50) }), "free");
    expect(planOf(plans, "pro").quotas.requestsPerSecond).toBe(50);
    expect(planOf(plans, null).name).toBe("free");
    expect(planOf(plans, "gone").name).toBe("free");
  });

  it("refuses bad JSON, a missing or unknown quota, a bad name, and a DEFAULT_PLAN not in PLANS", () => {
    expect(() => parsePlans("{", undefined)).toThrow("PLANS is not valid JSON");
    const { bots: _bots, ...noBots } = plan(1);
    expect(() => parsePlans(JSON.stringify({ free: noBots }), undefined)).toThrow("PLANS: free.bots: Required");
    expect(() => parsePlans(JSON.stringify({ free: { ...plan(1), extra: 1 } }), undefined)).toThrow(/free/);
    expect(() => parsePlans(JSON.stringify({ free: { ...plan(1), bots: -1 } }), undefined)).toThrow(/free\.bots/);
    expect(() => parsePlans(JSON.stringify({ "a b": plan(1) }), undefined)).toThrow(/PLANS/);
    expect(() => parsePlans("{}", undefined)).toThrow("PLANS names no plan");
    expect(() => parsePlans(JSON.stringify({ free: plan(1) }), "pro")).toThrow("DEFAULT_PLAN 'pro' is not in PLANS");
    // With one plan not named default, it is the default.
    expect(parsePlans(JSON.stringify({ free: plan(1) }), undefined).defaultName).toBe("free");
  });

  it("a bad PLANS is a config error naming the variable", () => {
    const schema = z.object({ SECRET_KEY: z.string(), ...plansConfigShape });
    expect(() => loadConfig(schema, { SECRET_KEY: "x".repeat(20), PLANS: "nope" })).toThrow(/PLANS/);
  });

  it("QUOTA_EXCEEDED: 403 for an amount, 429 with Retry-After for a rate, naming quota, limit and use", () => {
    const amount = quotaExceeded("bots", 2, 2);
    expect(amount).toBeInstanceOf(AppError);
    expect([amount.status, amount.code, amount.details, amount.headers]).toEqual([
      403,
      "QUOTA_EXCEEDED",
      { code: "QUOTA_EXCEEDED", quota: "bots", limit: 2, use: 2 },
      undefined,
    ]);
    expect(amount.message).toBe(
      "Over the bots quota of this account's plan (limit 2, in use 2); ask the operator for a larger plan",
    );
    const rate = quotaExceeded("requestsPerSecond", 5, 5, { retryAfterS: 1 });
    expect([rate.status, rate.headers]).toEqual([429, { "Retry-After": "1" }]);
  });
});
