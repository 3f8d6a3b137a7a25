import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { callError, createBridge } from "../../../src/isolate/bridge.js";
import {
  LOG_LINE_MAX,
  LOG_LINES_PER_MINUTE,
  MAX_MESSAGE_CHARS,
  PENDING_LIMITS,
} from "../../../src/isolate/protocol.js";

function setup(clock = () => 0) {
  const sent: Array<Record<string, unknown>> = [];
  const bridge = createBridge((text) => sent.push(JSON.parse(text) as Record<string, unknown>), clock);
  return { bridge, sent };
}

describe("bridge: host calls", () => {
  it("numbers each call, sends it as JSON, and settles it with the host's reply", async () => {
    const { bridge, sent } = setup();
    const first = bridge.call({ kind: "db", op: "findOne", args: ["users", { id: 1 }] });
    const second = bridge.call({ kind: "sleep", ms: 5 });
    expect(sent).toEqual([
      { type: "call", id: 1, call: { kind: "db", op: "findOne", args: ["users", { id: 1 }] } },
      { type: "call", id: 2, call: { kind: "sleep", ms: 5 } },
    ]);
    expect(bridge.pending("db")).toBe(1);
    bridge.settle(2, true, null);
    bridge.settle(1, false, { message: "nope", code: "ERR_DB" });
    await expect(second).resolves.toBeNull();
    await expect(first).rejects.toMatchObject({ message: "nope", code: "ERR_DB" });
    expect(bridge.pending("db")).toBe(0);
    // A reply for a call that is not waiting (settled, or never made) changes nothing.
    bridge.settle(1, true, "late");
    bridge.settle(99, true, "unknown");
    expect(bridge.pending("db")).toBe(0);
  });

  it("refuses a call whose message would take its pending calls past the host budget, tells the host, and counts settled calls out", async () => {
    const sent: Array<Record<string, unknown>> = [];
    const bridge = createBridge(
      (text) => sent.push(JSON.parse(text) as Record<string, unknown>),
      () => 0,
      1024 * 1024,
    );
    const text = "x".repeat(600 * 1024);
    const first = bridge.call({ kind: "tg", method: "sendMessage", params: { text } });
    const refused = bridge.call({ kind: "tg", method: "sendMessage", params: { text } });
    await expect(refused).rejects.toMatchObject({
      code: "ERR_HOST_MEMORY",
      message:
        "host memory budget exceeded: 0.6 MiB held for this bot, 0.6 MiB more asked (limit 1.0 MiB); " +
        "await some calls before starting more",
    });
    expect(sent.map((m) => m.type)).toEqual(["call", "over"]);
    expect(sent[1]?.chars).toBeGreaterThan(600 * 1024);
    bridge.settle(1, true, null);
    await first;
    // Settled, its bytes are no longer counted.
    void bridge.call({ kind: "tg", method: "sendMessage", params: { text } });
    expect(sent.map((m) => m.type)).toEqual(["call", "over", "call"]);
  });

  it("refuses a call past the pending limit of its kind without sending it", async () => {
    const { bridge, sent } = setup();
    const limit = PENDING_LIMITS.http;
    for (let i = 0; i < limit; i++) void bridge.call({ kind: "http", config: { url: `https://x/${i}` } });
    await expect(bridge.call({ kind: "http", config: {} })).rejects.toMatchObject({
      code: "ERR_TOO_MANY_PENDING",
      message: expect.stringMatching(/Too many pending axios requests \(at most 64 at once\)/),
    });
    expect(sent).toHaveLength(limit);
    // Other kinds have their own budget.
    void bridge.call({ kind: "db", op: "countDocuments", args: ["c"] });
    expect(sent).toHaveLength(limit + 1);
    // Settling one frees a place.
    bridge.settle(1, true, {});
    void bridge.call({ kind: "http", config: {} });
    expect(sent).toHaveLength(limit + 2);
  });

  it("refuses arguments that are not JSON or larger than 5 MiB", async () => {
    const { bridge, sent } = setup();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(bridge.call({ kind: "db", op: "insertOne", args: ["c", circular] })).rejects.toThrow(
      /Arguments must be JSON-serialisable/,
    );
    const huge = "x".repeat(MAX_MESSAGE_CHARS);
    await expect(bridge.call({ kind: "db", op: "insertOne", args: ["c", { huge }] })).rejects.toMatchObject({
      code: "ERR_TOO_LARGE",
    });
    expect(sent).toEqual([]);
    expect(bridge.pending("db")).toBe(0);
  });

  it("callError carries message, code, response and description as bot code expects", () => {
    const err = callError({ message: "400: Bad Request", code: 400, description: "Bad Request", response: { a: 1 } });
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({
      message: "400: Bad Request",
      code: 400,
      description: "Bad Request",
      response: { a: 1 },
    });
    expect(Object.keys(callError({ message: "m" }))).toEqual([]);
  });
});

describe("bridge: console budget", () => {
  it(`writes ${LOG_LINES_PER_MINUTE} lines a minute, drops the rest, and reports the count once`, () => {
    let now = 1_000;
    const { bridge, sent } = setup(() => now);
    for (let i = 0; i < LOG_LINES_PER_MINUTE + 50; i++) bridge.log("log", `line ${i}`);
    expect(sent).toHaveLength(LOG_LINES_PER_MINUTE);
    now += 59_999;
    bridge.log("info", "still the same minute");
    expect(sent).toHaveLength(LOG_LINES_PER_MINUTE);
    now += 1;
    bridge.log("info", "a new minute");
    expect(sent.slice(-2)).toEqual([
      { type: "log", level: "warn", message: `51 log lines dropped (limit ${LOG_LINES_PER_MINUTE} per minute)` },
      { type: "log", level: "info", message: "a new minute" },
    ]);
    now += 60_000;
    bridge.log("log", "quiet minute: no report");
    expect(sent.at(-1)).toEqual({ type: "log", level: "log", message: "quiet minute: no report" });
  });

  it("cuts a line at the limit and keeps shorter lines whole", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: LOG_LINE_MAX + 20 }), (line) => {
        const { bridge, sent } = setup();
        bridge.log("error", line);
        const message = String(sent[0]?.message);
        if (line.length <= LOG_LINE_MAX) expect(message).toBe(line);
        else expect(message).toBe(`${line.slice(0, LOG_LINE_MAX)}…`);
      }),
    );
  });
});
