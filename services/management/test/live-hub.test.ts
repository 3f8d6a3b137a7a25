/**
 * The live streams' hub on its own: one poll per source per tick whatever the number of subscribers, a subscriber
 * that leaves while joining is never added, a failing poll keeps the loop, and a log reader that joins behind the
 * feed gets the lines it missed once.
 */
import { describe, expect, it } from "@jest/globals";
import { waitFor } from "@botyard/testing";
import type { BotService } from "../src/bots/bot-service.js";
import { type Feed, LiveHub } from "../src/dashboard-api/live-hub.js";
import { LogFeed, type LogReader } from "../src/dashboard-api/streams.js";

/** A feed that counts its polls and can be made to fail or to hold a join. */
class CountingFeed implements Feed<string> {
  polls = 0;
  failing = false;
  holdJoin: Promise<void> | undefined;
  joins = 0;
  seen: string[][] = [];

  async join(): Promise<void> {
    this.joins++;
    await this.holdJoin;
  }

  async poll(subscribers: ReadonlySet<string>): Promise<void> {
    this.polls++;
    if (this.failing) throw new Error("postgres away");
    this.seen.push([...subscribers]);
  }
}

describe("LiveHub", () => {
  it("polls each source once per tick for all its subscribers, and stops with the last one", async () => {
    const hub = new LiveHub(20);
    const feed = new CountingFeed();
    const leave = ["a", "b", "c"].map((s) => hub.subscribe("k", () => feed, s));
    await waitFor(() => feed.seen.some((s) => s.length === 3));
    expect(hub.sources).toBe(1);
    const seen = feed.seen.length;
    await waitFor(() => feed.seen.length >= seen + 3);
    // Each poll serves the three subscribers at once: one call per tick, never one per subscriber.
    expect(feed.seen.slice(seen).every((s) => s.length === 3)).toBe(true);
    expect(hub.polls).toBe(feed.polls);
    for (const l of leave) l();
    expect(hub.sources).toBe(0);
    const stopped = feed.polls;
    // Nothing to await: three ticks (20 ms each) pass in which no poll may start.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(feed.polls).toBe(stopped);
  });

  it("never adds a subscriber that left while it was joining, and stops when it was the only one", async () => {
    const hub = new LiveHub(20);
    const feed = new CountingFeed();
    let release!: () => void;
    feed.holdJoin = new Promise((resolve) => {
      release = resolve;
    });
    const leave = hub.subscribe("k", () => feed, "late");
    await waitFor(() => feed.joins === 1, { what: "the subscriber to be joining" });
    leave();
    release();
    // Nothing to await: three ticks (20 ms each) pass in which no poll may start.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(feed.polls).toBe(0);
    expect(hub.sources).toBe(0);
  });

  it("keeps polling after a failed poll", async () => {
    const hub = new LiveHub(10);
    const feed = new CountingFeed();
    feed.failing = true;
    const leave = hub.subscribe("k", () => feed, "a");
    await waitFor(() => feed.polls >= 2);
    feed.failing = false;
    await waitFor(() => feed.seen.length > 0);
    leave();
  });
});

describe("LogFeed", () => {
  const entries = [1, 2, 3, 4, 5].map((id) => ({ id, line: { at: "t", level: "log", message: `line ${id}` } }));
  const bots = {
    logEntriesAfter: async (_botId: string, after: number) => entries.filter((e) => e.id > after),
  } as unknown as BotService;
  const reader = (after: number) => {
    const got: string[] = [];
    const r: LogReader = { after, write: (text) => got.push(JSON.parse(text.slice(6)).message) };
    return { r, got };
  };

  it("sends a reader joining behind the feed the lines it missed, once, then only new ones", async () => {
    const feed = new LogFeed(bots, "b");
    const first = reader(2);
    await feed.join(first.r);
    await feed.poll(new Set([first.r]));
    expect(first.got).toEqual(["line 3", "line 4", "line 5"]);
    const behind = reader(3);
    await feed.join(behind.r);
    expect(behind.got).toEqual(["line 4", "line 5"]);
    expect(behind.r.after).toBe(5);
    entries.push({ id: 6, line: { at: "t", level: "log", message: "line 6" } });
    await feed.poll(new Set([first.r, behind.r]));
    expect(first.got.at(-1)).toBe("line 6");
    expect(behind.got).toEqual(["line 4", "line 5", "line 6"]);
  });

  it("sends a reader that joined ahead of the feed only lines after its own cursor", async () => {
    const feed = new LogFeed(bots, "b");
    const early = reader(1);
    await feed.join(early.r);
    const ahead = reader(4);
    await feed.join(ahead.r);
    await feed.poll(new Set([early.r, ahead.r]));
    expect(early.got).toEqual(["line 2", "line 3", "line 4", "line 5", "line 6"]);
    expect(ahead.got).toEqual(["line 5", "line 6"]);
  });
});
