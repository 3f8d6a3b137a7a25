import { describe, expect, it } from "@jest/globals";
import { CpuBudget } from "../../../src/runtime/cpu-budget.js";

/** A budget of 100 ms a second, bursts of 500 ms, on a clock the test moves. */
function budget() {
  let now = 0;
  const cpu = new CpuBudget({ msPerSecond: 100, burstMs: 500 }, () => now);
  return { cpu, advance: (ms: number) => (now += ms) };
}

describe("CpuBudget", () => {
  it("admits a bot while it has CPU left, whatever its last call cost", () => {
    const { cpu } = budget();
    expect(cpu.admit("a")).toEqual({ ok: true, refused: 0 });
    cpu.charge("a", 499);
    expect(cpu.admit("a")).toEqual({ ok: true, refused: 0 });
    cpu.charge("a", 1);
    expect(cpu.admit("a").ok).toBe(false);
  });

  it("refuses a bot in debt until it has earned it back, with Retry-After in whole seconds", () => {
    const { cpu, advance } = budget();
    cpu.charge("a", 750); // 250 ms in debt: 2.5 s at 100 ms a second
    expect(cpu.admit("a")).toEqual({ ok: false, retryAfterS: 3, first: true });
    advance(1000);
    expect(cpu.admit("a")).toEqual({ ok: false, retryAfterS: 2, first: false });
    advance(1400);
    expect(cpu.admit("a")).toEqual({ ok: false, retryAfterS: 1, first: false });
    advance(200);
    // Admitted again: the three refusals are reported once, then the count starts over.
    expect(cpu.admit("a")).toEqual({ ok: true, refused: 3 });
    expect(cpu.admit("a")).toEqual({ ok: true, refused: 0 });
  });

  it("saves at most the burst, and keeps each bot's budget apart", () => {
    const { cpu, advance } = budget();
    cpu.charge("a", 500);
    advance(60_000);
    cpu.charge("a", 501); // a quiet minute earned 6,000 ms, but only 500 are kept
    expect(cpu.admit("a").ok).toBe(false);
    expect(cpu.admit("b")).toEqual({ ok: true, refused: 0 });
  });

  it("tells how long until a bot in debt has CPU again, and 0 for a bot with CPU left", () => {
    const { cpu, advance } = budget();
    expect(cpu.debtMs("a")).toBe(0); // never seen
    cpu.charge("a", 499);
    expect(cpu.debtMs("a")).toBe(0);
    cpu.charge("a", 251); // 250 ms in debt: 2.5 s at 100 ms a second
    expect(cpu.debtMs("a")).toBe(2500);
    advance(2000);
    expect(cpu.debtMs("a")).toBe(500);
    advance(501);
    expect(cpu.debtMs("a")).toBe(0);
    expect(cpu.debtMs("b")).toBe(0);
  });

  it("ignores charges that are not positive", () => {
    const { cpu } = budget();
    cpu.charge("a", 500);
    cpu.charge("a", -100);
    cpu.charge("a", Number.NaN);
    expect(cpu.admit("a").ok).toBe(false);
  });

  it("forgets bots whose bucket is full again, and keeps those in debt or with refusals to report", () => {
    const { cpu, advance } = budget();
    cpu.charge("idle", 100);
    cpu.charge("busy", 600);
    cpu.admit("busy");
    advance(1000);
    cpu.sweep();
    expect(cpu.size).toBe(1);
    advance(10_000);
    cpu.sweep();
    // Out of debt, but one refusal still to report at its next admission.
    expect(cpu.size).toBe(1);
    expect(cpu.admit("busy")).toEqual({ ok: true, refused: 1 });
    cpu.sweep();
    expect(cpu.size).toBe(0);
  });
});
