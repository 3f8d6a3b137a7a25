/**
 * `console` for bot code: every level writes one line to the bot's log through the bridge, which keeps the
 * per-minute budget. Objects are shown as JSON, errors with their stack.
 */
import type { Bridge } from "./bridge.js";
import { jsonStringify, NativeError } from "./intrinsics.js";
import type { LogLevel } from "./protocol.js";

/** The `console` global of bot code. */
export interface BotConsole {
  log(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  debug(...args: unknown[]): void;
}

/** One console argument as text. */
export function formatArg(value: unknown): string {
  if (typeof value === "string") return value;
  if (value instanceof NativeError) return value.stack ?? `${value.name}: ${value.message}`;
  if (value === undefined) return "undefined";
  if (typeof value === "function") return `[Function ${value.name || "anonymous"}]`;
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "symbol") return value.toString();
  try {
    return jsonStringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Joins console arguments as Node does: separated by spaces. */
export function formatLine(args: readonly unknown[]): string {
  let line = "";
  for (let i = 0; i < args.length; i += 1) line += (i === 0 ? "" : " ") + formatArg(args[i]);
  return line;
}

/** Builds the console over the bridge. */
export function createConsole(bridge: Bridge): BotConsole {
  const at =
    (level: LogLevel) =>
    (...args: unknown[]) =>
      bridge.log(level, formatLine(args));
  return { log: at("log"), info: at("info"), warn: at("warn"), error: at("error"), debug: at("log") };
}
