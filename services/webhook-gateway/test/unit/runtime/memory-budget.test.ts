/**
 * The memory ledger (src/runtime/memory-budget.ts): a bot's host budget with one strike per episode, the gateway's
 * budget with eviction first, and the pressure /readyz reports.
 */
import { describe, expect, it } from "@jest/globals";
import { MemoryBudget, PRESSURE_WINDOW_MS } from "../../../src/runtime/memory-budget.js";

const MiB = 1024 * 1024;

function budget(gatewayMb = 100, botHostMb = 10) {
  let now = 0;
  const overs: string[] = [];
  const memory = new MemoryBudget({
    gatewayBytes: gatewayMb * MiB,
    botHostBytes: botHostMb * MiB,
    onBotOverBudget: (botId) => overs.push(botId),
    clock: () => now,
  });
  return { memory, overs, advance: (ms: number) => (now += ms) };
}

describe("MemoryBudget", () => {
  it("holds a bot's bytes up to its host budget, refuses past it with the figures, and gives them back", () => {
    const { memory } = budget();
    expect(memory.hold("a", 6 * MiB)).toBeUndefined();
    const refusal = memory.hold("a", 5 * MiB);
    expect(refusal).toEqual({
      kind: "bot",
      message:
        "host memory budget exceeded: 6.0 MiB held for this bot, 5.0 MiB more asked (limit 10.0 MiB); " +
        "await some calls before starting more",
    });
    // Another bot has a budget of its own.
    expect(memory.hold("b", 9 * MiB)).toBeUndefined();
    expect(memory.report()).toMatchObject({ hostBytes: 15 * MiB, isolateBytes: 0 });
    memory.release("a", 6 * MiB);
    expect(memory.hostBytesOf("a")).toBe(0);
    expect(memory.hold("a", 0)).toBeUndefined();
    memory.release("a", 0);
    // Giving back more than is held never takes another bot's bytes.
    memory.release("a", 3 * MiB);
    expect(memory.usedBytes).toBe(9 * MiB);
  });

  it("reports a bot over its budget once per episode: again only after it fell back under half", () => {
    const { memory, overs } = budget();
    memory.hold("a", 8 * MiB);
    memory.hold("a", 4 * MiB);
    memory.hold("a", 4 * MiB);
    expect(overs).toEqual(["a"]);
    memory.release("a", 2 * MiB); // 6 MiB held: still over half
    memory.hold("a", 5 * MiB);
    expect(overs).toEqual(["a"]);
    memory.release("a", 1 * MiB); // 5 MiB: half
    memory.hold("a", 6 * MiB);
    expect(overs).toEqual(["a", "a"]);
    expect(memory.report().refusals).toEqual({ bot: 4, gateway: 0, load: 0 });
  });

  it("counts a refusal the isolate made on its own count as an episode, even when the host has room by then", () => {
    const { memory, overs } = budget();
    const ledger = memory.ledger("a");
    // The host already gave the bot's earlier calls back; the isolate had not read their answers yet and refused.
    ledger.over(4 * MiB);
    expect(overs).toEqual(["a"]);
    ledger.over(4 * MiB); // the same episode
    expect(overs).toEqual(["a"]);
    memory.hold("a", 1 * MiB);
    memory.release("a", 1 * MiB); // under half: the next refusal is a new episode
    ledger.over(4 * MiB);
    expect(overs).toEqual(["a", "a"]);
    expect(memory.hostBytesOf("a")).toBe(0);
    expect(memory.report().refusals.bot).toBe(3);
  });

  it("asks for idle isolates to be evicted before refusing a hold past the gateway's budget, and reports the pressure", () => {
    const { memory, advance } = budget(20, 100);
    memory.addIsolateBytes(15 * MiB);
    const asked: number[] = [];
    memory.evictIdle = (bytes) => {
      asked.push(bytes);
      if (asked.length === 1) memory.addIsolateBytes(-10 * MiB);
    };
    expect(memory.hold("a", 10 * MiB)).toBeUndefined();
    expect(asked).toEqual([5 * MiB]);
    expect(memory.report().pressure).toBe(false);
    expect(memory.hold("a", 10 * MiB)).toEqual({
      kind: "gateway",
      message: "the gateway's memory for bots is full (20.0 MiB); try again shortly",
    });
    expect(memory.report()).toMatchObject({ pressure: true, refusals: { bot: 0, gateway: 1, load: 0 } });
    advance(PRESSURE_WINDOW_MS);
    expect(memory.report().pressure).toBe(false);
    memory.noteRefusal();
    expect(memory.report()).toMatchObject({ pressure: true, refusals: { load: 1 } });
    expect(memory.fits(5 * MiB)).toBe(true);
  });
});
