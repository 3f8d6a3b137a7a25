import { describe, expect, it } from "@jest/globals";
import { createLogger } from "@botyard/common/logging";
import { waitFor } from "@botyard/testing";
import type { TelegramClient } from "@botyard/telegram";
import {
  BotHost,
  BotHostError,
  type BotStore,
  DEFAULT_HOST_CALL_LIMITS,
  MAX_BUDGET_WAIT_MS,
} from "../../../src/runtime/bot-host.js";
import type { Egress, EgressHooks } from "../../../src/runtime/egress.js";
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

function host(store: BotStore, overBudgetMs: () => number = () => 0) {
  return new BotHost({
    botId: "b1",
    token: undefined,
    store,
    telegram: {} as TelegramClient,
    egress: {} as Egress,
    limits: DEFAULT_HOST_CALL_LIMITS,
    maxSleepMs: 1000,
    overBudgetMs,
    log: () => {},
    onTokenRejected: async () => {},
    logger: createLogger("webhook-gateway", "silent"),
  });
}

describe("BotHost db calls", () => {
  it("runs at most 2 findAll (or find, its alias) of a bot at once, while its other db calls still get the remaining slots", async () => {
    const { store, started, releaseAll } = heldStore();
    const h = host(store);
    const calls = [
      ...Array.from({ length: 2 }, () => h.call({ kind: "db", op: "findAll", args: ["c"] })),
      ...Array.from({ length: 2 }, () => h.call({ kind: "db", op: "find", args: ["c"] })),
      h.call({ kind: "db", op: "findOne", args: ["c"] }),
      h.call({ kind: "db", op: "countDocuments", args: ["c"] }),
    ];
    await tick();
    expect(started.sort()).toEqual(["countDocuments", "findAll", "findAll", "findOne"]);
    releaseAll();
    await tick();
    expect(started.filter((op) => op === "find")).toHaveLength(2);
    releaseAll();
    const results = await Promise.all(calls);
    expect(results.every((r) => r instanceof JsonText && r.text === "[]")).toBe(true);
  });
});

describe("BotHost calls of a bot over its CPU budget", () => {
  /** A debt that the test pays off by hand: overBudgetMs answers `debt` until `repay()`. */
  function debtor(debt: number) {
    let owed = debt;
    return { overBudgetMs: () => owed, repay: () => (owed = 0) };
  }

  it("wait, holding their slot, until the bot is within its budget, then run", async () => {
    const { store, started, releaseAll } = heldStore();
    const d = debtor(40);
    const h = host(store, d.overBudgetMs);
    const call = h.call({ kind: "db", op: "findOne", args: ["c"] });
    const other = h.call({ kind: "db", op: "countDocuments", args: ["c"] });
    await tick();
    expect(started).toEqual([]); // not before the debt is repaid
    d.repay();
    // After its wait each call reads the budget again, finds it repaid, and runs.
    await waitFor(() => started.length === 2, { what: "both calls started" });
    expect(started.sort()).toEqual(["countDocuments", "findOne"]);
    releaseAll();
    await Promise.all([call, other]);
  });

  it("fail at once with ERR_CPU_BUDGET when the debt would take longer than the longest wait, for every kind", async () => {
    const { store, started } = heldStore();
    const h = host(store, () => MAX_BUDGET_WAIT_MS + 1);
    const calls = [
      h.call({ kind: "db", op: "findAll", args: ["c"] }),
      h.call({ kind: "db", op: "insertOne", args: ["c", {}] }),
      h.call({ kind: "tg", method: "sendMessage", params: {} }),
      h.call({ kind: "http", config: { url: "http://example.com/" } }),
    ];
    for (const call of calls) {
      const err = await call.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(BotHostError);
      expect(h.describe(err, { kind: "db", op: "findOne", args: [] })).toEqual({
        message: "This bot is over its CPU budget for about 2 s more; make fewer or lighter calls",
        code: "ERR_CPU_BUDGET",
      });
    }
    expect(started).toEqual([]);
  });

  it("run at once while the bot is within its budget (a timer is not a host call that costs CPU)", async () => {
    const { store, started, releaseAll } = heldStore();
    const h = host(store, () => 0);
    const call = h.call({ kind: "db", op: "countDocuments", args: ["c"] });
    await tick();
    expect(started).toEqual(["countDocuments"]);
    releaseAll();
    await call;
    // Timers are not paced: a bot in debt may still sleep.
    const over = host(store, () => MAX_BUDGET_WAIT_MS * 10);
    await expect(over.call({ kind: "sleep", ms: 1 })).resolves.toBeUndefined();
  });
});

describe("BotHost axios requests", () => {
  /** A host whose egress reports `dropped[i]` for its i-th request; `lines` is the bot's log. */
  function reporting(dropped: string[][]) {
    const lines: Array<[string, string]> = [];
    let i = 0;
    const egress = {
      request: async (_config: unknown, hooks?: EgressHooks) => {
        hooks?.droppedHeaders?.(dropped[i++] ?? []);
        return { status: 200, statusText: "OK", headers: {}, data: "" };
      },
    } as unknown as Egress;
    const h = new BotHost({
      botId: "b1",
      token: undefined,
      store: heldStore().store,
      telegram: {} as TelegramClient,
      egress,
      limits: DEFAULT_HOST_CALL_LIMITS,
      maxSleepMs: 1000,
      overBudgetMs: () => 0,
      log: (level, message) => lines.push([level, message]),
      onTokenRejected: async () => {},
      logger: createLogger("webhook-gateway", "silent"),
    });
    return { h, lines };
  }

  it("says in the bot's log which headers the gateway dropped, once per header name whatever its case", async () => {
    const { h, lines } = reporting([
      ["Content-Length", "Host"],
      ["content-length", "Connection", "HOST"],
      ["host"],
      [],
    ]);
    for (let n = 0; n < 4; n++) await h.call({ kind: "http", config: { url: "http://example.com/" } });
    expect(lines).toEqual([
      [
        "warn",
        "axios: headers 'Content-Length', 'Host' are set by the gateway, not by bot code; dropped " +
          "(said once per header name)",
      ],
      [
        "warn",
        "axios: header 'Connection' is set by the gateway, not by bot code; dropped (said once per header name)",
      ],
    ]);
  });

  it("cuts a long header name in its line", async () => {
    const { h, lines } = reporting([[`Proxy-${"x".repeat(100)}`]]);
    await h.call({ kind: "http", config: { url: "http://example.com/" } });
    expect(lines.map(([, message]) => message)).toEqual([
      `axios: header 'Proxy-${"x".repeat(34)}' is set by the gateway, not by bot code; ` +
        "dropped (said once per header name)",
    ]);
  });
});
