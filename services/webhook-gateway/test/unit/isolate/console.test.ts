import { describe, expect, it } from "@jest/globals";
import { createConsole, formatArg, formatLine } from "../../../src/isolate/console.js";
import { fakeBridge } from "./fake-bridge.js";

describe("console", () => {
  it("shows strings as they are, objects as JSON, errors with their stack, and the rest as Node would", () => {
    const circular: Record<string, unknown> = {};
    circular.me = circular;
    const err = new Error("boom");
    expect(formatArg("text")).toBe("text");
    expect(formatArg({ a: [1, "b"] })).toBe('{"a":[1,"b"]}');
    expect(formatArg(err)).toBe(err.stack);
    expect(formatArg(undefined)).toBe("undefined");
    expect(formatArg(null)).toBe("null");
    expect(formatArg(function named() {})).toBe("[Function named]");
    expect(formatArg(() => 1)).toBe("[Function anonymous]");
    expect(formatArg(10n)).toBe("10n");
    expect(formatArg(Symbol("s"))).toBe("Symbol(s)");
    expect(formatArg(circular)).toBe("[object Object]");
    expect(formatLine(["a", 1, { b: 2 }])).toBe('a 1 {"b":2}');
    expect(formatLine([])).toBe("");
  });

  it("writes each level to the bot's log; debug counts as log", () => {
    const bridge = fakeBridge();
    const console = createConsole(bridge);
    console.log("l", 1);
    console.info("i");
    console.warn("w");
    console.error("e");
    console.debug("d");
    expect(bridge.lines).toEqual([
      { level: "log", message: "l 1" },
      { level: "info", message: "i" },
      { level: "warn", message: "w" },
      { level: "error", message: "e" },
      { level: "log", message: "d" },
    ]);
  });
});
