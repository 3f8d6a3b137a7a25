import { describe, expect, it } from "@jest/globals";
import { createConsole } from "../../../src/isolate/console.js";
import { createTimers } from "../../../src/isolate/timers.js";
import { fakeBridge, flush } from "./fake-bridge.js";

function setup() {
  const bridge = fakeBridge();
  const timers = createTimers(bridge, createConsole(bridge));
  return { bridge, timers };
}

describe("timers", () => {
  it("setTimeout waits on the host (a sleep call) and then runs the callback with its arguments", async () => {
    const { bridge, timers } = setup();
    const got: unknown[] = [];
    const id = timers.setTimeout((a, b) => got.push(a, b), 250, "x", 2);
    void timers.setTimeout(() => got.push("no delay"));
    void timers.setTimeout(() => got.push("negative"), -5);
    expect(typeof id).toBe("number");
    expect(bridge.calls).toEqual([
      { kind: "sleep", ms: 250 },
      { kind: "sleep", ms: 0 },
      { kind: "sleep", ms: 0 },
    ]);
    expect(got).toEqual([]);
    bridge.answer(null);
    await flush();
    expect(got).toEqual(["x", 2, "no delay", "negative"]);
  });

  it("clearTimeout skips the callback; clearing twice or an unknown id is harmless", async () => {
    const { bridge, timers } = setup();
    let ran = false;
    const id = timers.setTimeout(() => {
      ran = true;
    }, 10);
    timers.clearTimeout(id);
    timers.clearTimeout(id);
    timers.clearTimeout("nope");
    bridge.answer(null);
    await flush();
    expect(ran).toBe(false);
  });

  it("reports a throwing or rejecting callback and a refused sleep in the bot's log", async () => {
    const { bridge, timers } = setup();
    void timers.setTimeout(() => {
      throw new Error("sync boom");
    });
    void timers.setTimeout(async () => {
      throw new Error("async boom");
    });
    bridge.answer(null);
    await flush();
    void timers.setTimeout(() => undefined);
    bridge.fail(Object.assign(new Error("Too many pending timers"), { code: "ERR_TOO_MANY_PENDING" }));
    await flush();
    const messages = bridge.lines.map((l) => `${l.level}: ${l.message}`);
    expect(messages).toEqual([
      expect.stringMatching(/^error: Uncaught error in setTimeout callback: Error: sync boom/),
      expect.stringMatching(/^error: Uncaught error in setTimeout callback: Error: async boom/),
      expect.stringMatching(/^error: Uncaught error in setTimeout callback: Error: Too many pending timers/),
    ]);
  });

  it("throws a RangeError at the call once 1,000 timers are pending, and takes new ones when some have fired", async () => {
    const { bridge, timers } = setup();
    for (let i = 0; i < 1000; i++) timers.setTimeout(() => undefined, 1);
    expect(() => timers.setTimeout(() => undefined, 1)).toThrow(
      new RangeError("Too many pending timers (at most 1000 at once)"),
    );
    expect(bridge.calls).toHaveLength(1000);
    bridge.answer(null);
    await flush();
    expect(() => timers.setTimeout(() => undefined, 1)).not.toThrow();
  });

  it("refuses a callback that is not a function, as Node does", () => {
    const { timers } = setup();
    expect(() => timers.setTimeout("alert(1)" as never, 1)).toThrow(TypeError);
  });
});
