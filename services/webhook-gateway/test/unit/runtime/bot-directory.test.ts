import { describe, expect, it } from "@jest/globals";
import type { GatewayBot } from "../../../src/bots/gateway-repository.js";
import { type BotRows, BotDirectory } from "../../../src/runtime/bot-directory.js";

const row = (id: string, fingerprint: string): GatewayBot => ({
  id,
  status: "running",
  hasRunningCode: true,
  fingerprint,
  webhookSecretHash: null,
});

/** Rows whose reads stay open until `finish` is called, counting reads by id. */
function slowRows(table: Map<string, GatewayBot>) {
  const reads: string[] = [];
  const open: Array<() => void> = [];
  const rows: BotRows = {
    findBot(botId) {
      reads.push(botId);
      const snapshot = table.get(botId);
      return new Promise((resolve) => open.push(() => resolve(snapshot)));
    },
  };
  const finish = async () => {
    while (open.length > 0) open.shift()?.();
    await new Promise((r) => setImmediate(r));
  };
  return { rows, reads, finish };
}

describe("BotDirectory", () => {
  it("a flood for one unknown id shares one read, and the answer is remembered", async () => {
    const { rows, reads, finish } = slowRows(new Map());
    const directory = new BotDirectory(rows, { trusted: () => true });
    const calls = Array.from({ length: 500 }, () => directory.get("unknown1").catch((e: Error) => e.message));
    await finish();
    expect(new Set(await Promise.all(calls))).toEqual(new Set(["Bot not found"]));
    await expect(directory.get("unknown1")).rejects.toThrow("Bot not found");
    expect(reads).toEqual(["unknown1"]);
  });

  it("ids that cannot be bots are refused without a read", async () => {
    const { rows, reads } = slowRows(new Map());
    const directory = new BotDirectory(rows, { trusted: () => true });
    for (const id of ["", "a-b", "a/b", "x".repeat(65), "a\u0000"]) {
      await expect(directory.get(id)).rejects.toThrow("Bot not found");
    }
    expect(reads).toEqual([]);
  });

  it("an event during a read makes its callers read again and keeps the stale row out of the cache", async () => {
    const table = new Map([["bot1", row("bot1", "v1")]]);
    const { rows, reads, finish } = slowRows(table);
    const directory = new BotDirectory(rows, { trusted: () => true });
    const first = directory.get("bot1");
    table.set("bot1", row("bot1", "v2"));
    directory.invalidate("bot1"); // restartBot answered after this: no call may use v1 any more
    const second = directory.get("bot1");
    await finish();
    await finish();
    expect((await first).fingerprint).toBe("v2");
    expect((await second).fingerprint).toBe("v2");
    expect((await directory.get("bot1")).fingerprint).toBe("v2");
    expect(reads).toEqual(["bot1", "bot1"]);
  });

  it("an event during the only read under way makes its caller read again", async () => {
    const table = new Map([["bot1", row("bot1", "v1")]]);
    const { rows, reads, finish } = slowRows(table);
    const directory = new BotDirectory(rows, { trusted: () => true });
    const call = directory.get("bot1");
    table.set("bot1", row("bot1", "v2"));
    directory.invalidate("bot1");
    await finish();
    await finish();
    expect((await call).fingerprint).toBe("v2");
    expect((await directory.get("bot1")).fingerprint).toBe("v2");
    expect(reads).toEqual(["bot1", "bot1"]);
  });

  it("an unknown id becomes known after an event for it", async () => {
    const table = new Map<string, GatewayBot>();
    const { rows, finish } = slowRows(table);
    const directory = new BotDirectory(rows, { trusted: () => true });
    const miss = directory.get("new1").catch((e: Error) => e.message);
    await finish();
    expect(await miss).toBe("Bot not found");
    table.set("new1", row("new1", "v1"));
    directory.invalidate("new1");
    const hit = directory.get("new1");
    await finish();
    expect((await hit).fingerprint).toBe("v1");
  });

  it("while the subscription is not trusted, every call reads, and only reads started after it are shared", async () => {
    const { rows, reads, finish } = slowRows(new Map([["bot1", row("bot1", "v1")]]));
    let now = 0;
    const directory = new BotDirectory(rows, { trusted: () => false, clock: () => now });
    const a = directory.get("bot1");
    now = 1;
    const b = directory.get("bot1");
    const c = directory.get("bot1");
    await finish();
    await Promise.all([a, b, c]);
    expect(reads).toEqual(["bot1", "bot1"]);
    const d = directory.get("bot1");
    await finish();
    await d;
    expect(reads).toHaveLength(3);
  });
});
