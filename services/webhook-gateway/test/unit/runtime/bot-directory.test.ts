import { describe, expect, it } from "@jest/globals";
import type { GatewayBot } from "../../../src/bots/gateway-repository.js";
import { type BotRows, BotDirectory } from "../../../src/runtime/bot-directory.js";

const row = (id: string, fingerprint: string): GatewayBot => ({
  id,
  status: "running",
  hasRunningCode: true,
  fingerprint,
  webhookSecretHash: null,
  accountId: "account",
  plan: null,
  codeVersion: 1,
  watchUntil: null,
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

  it("cached() gives a trusted, fresh row without a read, and nothing get() would have to read again", async () => {
    const { rows, reads, finish } = slowRows(new Map([["bot1", row("bot1", "v1")]]));
    let now = 0;
    let trusted = true;
    const directory = new BotDirectory(rows, { trusted: () => trusted, clock: () => now, maxAgeMs: 1000 });
    expect(directory.cached("bot1")).toBeUndefined(); // never read
    const read = directory.get("bot1");
    await finish();
    await read;
    expect(directory.cached("bot1")?.fingerprint).toBe("v1");
    expect(reads).toEqual(["bot1"]);
    trusted = false;
    expect(directory.cached("bot1")).toBeUndefined(); // events may have been missed
    trusted = true;
    now = 1000;
    expect(directory.cached("bot1")).toBeUndefined(); // too old
    now = 0;
    directory.invalidate("bot1");
    expect(directory.cached("bot1")).toBeUndefined(); // changed
  });

  describe("the set of existing ids", () => {
    /** slowRows plus botIds, whose loads also stay open until `finishLoads`; counts loads. */
    function setRows(table: Map<string, GatewayBot>) {
      const slow = slowRows(table);
      const loads: Array<() => void> = [];
      let loaded = 0;
      let fail = false;
      const rows: BotRows = {
        findBot: slow.rows.findBot,
        botIds(limit) {
          loaded += 1;
          const snapshot = [...table.keys()].slice(0, limit);
          return new Promise((resolve, reject) =>
            loads.push(() => (fail ? reject(new Error("db down")) : resolve(snapshot))),
          );
        },
      };
      const finishLoads = async () => {
        while (loads.length > 0) loads.shift()?.();
        await new Promise((r) => setImmediate(r));
      };
      return {
        ...slow,
        rows,
        finishLoads,
        loads: () => loaded,
        failLoads: (f: boolean) => {
          fail = f;
        },
      };
    }
    const notFound = (p: Promise<unknown>) =>
      p.then(
        () => "found",
        (e: Error) => e.message,
      );

    it("a flood of 500 distinct unknown ids costs one load and no row read", async () => {
      const t = setRows(new Map([["bot1", row("bot1", "v1")]]));
      const directory = new BotDirectory(t.rows, { trusted: () => true });
      const calls = Array.from({ length: 500 }, (_, i) => notFound(directory.get(`unknown${i}`)));
      await t.finishLoads();
      expect(new Set(await Promise.all(calls))).toEqual(new Set(["Bot not found"]));
      await expect(directory.get("unknown500")).rejects.toThrow("Bot not found");
      expect(t.loads()).toBe(1);
      expect(t.reads).toEqual([]);
      // A bot in the set is read as before.
      const known = directory.get("bot1");
      await t.finish();
      expect((await known).fingerprint).toBe("v1");
      expect(t.reads).toEqual(["bot1"]);
    });

    it("an event that arrives while the set loads is kept, though the snapshot predates it", async () => {
      const table = new Map<string, GatewayBot>();
      const t = setRows(table);
      const directory = new BotDirectory(t.rows, { trusted: () => true });
      const early = notFound(directory.get("other1"));
      // createBot commits after the load's snapshot and announces it before the load answers.
      table.set("new1", row("new1", "v1"));
      directory.invalidate("new1");
      await t.finishLoads();
      expect(await early).toBe("Bot not found");
      const hit = directory.get("new1");
      await t.finish();
      expect((await hit).fingerprint).toBe("v1");
    });

    it("an event after the load adds the id at once", async () => {
      const table = new Map<string, GatewayBot>();
      const t = setRows(table);
      const directory = new BotDirectory(t.rows, { trusted: () => true });
      const miss = notFound(directory.get("new1"));
      await t.finishLoads();
      expect(await miss).toBe("Bot not found");
      table.set("new1", row("new1", "v1"));
      directory.invalidate("new1");
      const hit = directory.get("new1");
      await t.finish();
      expect((await hit).fingerprint).toBe("v1");
      expect(t.loads()).toBe(1);
    });

    it("a lost subscription discards the set and a load under way; the next trusted call loads again", async () => {
      const table = new Map<string, GatewayBot>();
      const t = setRows(table);
      const directory = new BotDirectory(t.rows, { trusted: () => true });
      const during = notFound(directory.get("new1"));
      // The subscription drops while the load runs; bots are created and their events are lost.
      directory.clear();
      table.set("new1", row("new1", "v1"));
      table.set("new2", row("new2", "v1"));
      await t.finishLoads();
      await t.finish();
      expect(await during).toBe("found"); // the discarded load sent the call to read its row
      const again = directory.get("new2");
      await t.finishLoads();
      await t.finish();
      expect((await again).fingerprint).toBe("v1");
      expect(t.loads()).toBe(2);
    });

    it("after trust lapsed the set is loaded again; while untrusted every unknown id is read", async () => {
      const table = new Map<string, GatewayBot>();
      const t = setRows(table);
      let trusted = true;
      const directory = new BotDirectory(t.rows, { trusted: () => trusted });
      const first = notFound(directory.get("x1"));
      await t.finishLoads();
      expect(await first).toBe("Bot not found");
      trusted = false;
      table.set("new1", row("new1", "v1"));
      const untrusted = directory.get("new1");
      await t.finish();
      expect((await untrusted).fingerprint).toBe("v1");
      expect(t.reads).toEqual(["new1"]);
      trusted = true;
      table.set("new2", row("new2", "v1"));
      const regained = directory.get("new2");
      await t.finishLoads();
      await t.finish();
      expect((await regained).fingerprint).toBe("v1");
      expect(t.loads()).toBe(2);
    });

    it("is loaded again after maxAgeMs, and a failed load falls back to reading the row", async () => {
      const table = new Map<string, GatewayBot>();
      const t = setRows(table);
      let now = 0;
      const directory = new BotDirectory(t.rows, { trusted: () => true, clock: () => now, maxAgeMs: 1000 });
      const first = notFound(directory.get("x1"));
      await t.finishLoads();
      expect(await first).toBe("Bot not found");
      now = 2000;
      t.failLoads(true);
      const fallback = notFound(directory.get("x2"));
      await t.finishLoads();
      await t.finish();
      expect(await fallback).toBe("Bot not found");
      expect(t.reads).toEqual(["x2"]);
      t.failLoads(false);
      const reloaded = notFound(directory.get("x3"));
      await t.finishLoads();
      expect(await reloaded).toBe("Bot not found");
      expect(t.reads).toEqual(["x2"]);
      expect(t.loads()).toBe(3);
    });

    it("is not used when there are more bots than maxKnownIds", async () => {
      const t = setRows(
        new Map([
          ["bot1", row("bot1", "v1")],
          ["bot2", row("bot2", "v1")],
        ]),
      );
      const directory = new BotDirectory(t.rows, { trusted: () => true, maxKnownIds: 1 });
      const call = notFound(directory.get("x1"));
      await t.finishLoads();
      await t.finish();
      expect(await call).toBe("Bot not found");
      expect(t.reads).toEqual(["x1"]);
    });
  });
});
