import { describe, expect, it } from "@jest/globals";
import { createLogger } from "@botyard/common";
import type { TelegramClient } from "@botyard/telegram";
import { BotHost, type BotStore, DEFAULT_HOST_CALL_LIMITS } from "../../../src/runtime/bot-host.js";
import type { Egress } from "../../../src/runtime/egress.js";
import { JsonText } from "../../../src/runtime/sandbox.js";

/** A store whose calls wait until the test lets them finish; `started` lists the operations begun. */
function heldStore() {
  const started: string[] = [];
  const release: Array<() => void> = [];
  const store: BotStore = {
    runJson: (op) =>
      new Promise((resolve) => {
        started.push(op);
        release.push(() => resolve("[]"));
      }),
  };
  const releaseAll = () => {
    for (const r of release.splice(0)) r();
  };
  return { store, started, releaseAll };
}

const tick = () => new Promise((r) => setImmediate(r));

function host(store: BotStore) {
  return new BotHost({
    botId: "b1",
    token: undefined,
    store,
    telegram: {} as TelegramClient,
    egress: {} as Egress,
    limits: DEFAULT_HOST_CALL_LIMITS,
    maxSleepMs: 1000,
    log: () => {},
    onTokenRejected: async () => {},
    logger: createLogger("webhook-gateway", "silent"),
  });
}

describe("BotHost db calls", () => {
  it("runs at most 2 findAll of a bot at once, while its other db calls still get the remaining slots", async () => {
    const { store, started, releaseAll } = heldStore();
    const h = host(store);
    const calls = [
      ...Array.from({ length: 4 }, () => h.call({ kind: "db", op: "findAll", args: ["c"] })),
      h.call({ kind: "db", op: "findOne", args: ["c"] }),
      h.call({ kind: "db", op: "countDocuments", args: ["c"] }),
    ];
    await tick();
    expect(started.sort()).toEqual(["countDocuments", "findAll", "findAll", "findOne"]);
    releaseAll();
    await tick();
    expect(started.filter((op) => op === "findAll")).toHaveLength(4);
    releaseAll();
    const results = await Promise.all(calls);
    expect(results.every((r) => r instanceof JsonText && r.text === "[]")).toBe(true);
  });
});
