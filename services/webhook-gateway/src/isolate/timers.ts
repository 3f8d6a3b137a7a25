/**
 * `setTimeout`/`clearTimeout` for bot code. The isolate has no event loop of its own: each timer is a `sleep` host
 * call, so pending timers count against the bridge's limit (1,000 at once: setTimeout throws a RangeError past it)
 * and the host caps every wait at the
 * handler time limit. A cleared timer's sleep still ends on the host; its callback is skipped. There is no
 * `setInterval`: bot code runs per call, as on serverless hosts (docs/bot-runtime.md#timers).
 */
import type { Bridge } from "./bridge.js";
import type { BotConsole } from "./console.js";
import { dictionary, NativePromise } from "./intrinsics.js";
import { PENDING_LIMITS } from "./protocol.js";

type TimerCallback = (...args: unknown[]) => unknown;

/** The timer globals of bot code. */
export interface BotTimers {
  setTimeout(fn: TimerCallback, ms?: number, ...args: unknown[]): number;
  clearTimeout(id: unknown): void;
}

/** Builds the timers over the bridge; errors thrown by a callback go to the bot's log. */
export function createTimers(bridge: Bridge, console: BotConsole): BotTimers {
  const live = dictionary<true>();
  let nextId = 1;

  const report = (err: unknown) => console.error("Uncaught error in setTimeout callback:", err);

  const run = async (id: number, ms: number, fn: TimerCallback, args: unknown[]) => {
    let refused: unknown;
    try {
      await bridge.call({ kind: "sleep", ms });
    } catch (err) {
      refused = err;
    }
    if (live[id] !== true) return; // cleared meanwhile
    delete live[id];
    if (refused !== undefined) throw refused;
    const result = fn(...args);
    if (result instanceof NativePromise) await result;
  };

  return {
    setTimeout(fn, ms, ...args) {
      if (typeof fn !== "function") throw new TypeError("The callback of setTimeout must be a function");
      // Refused here, at the call, rather than later in the callback's report: a flood costs one exception.
      if (bridge.pending("sleep") >= PENDING_LIMITS.sleep) {
        throw new RangeError(`Too many pending timers (at most ${PENDING_LIMITS.sleep} at once)`);
      }
      const id = nextId++;
      live[id] = true;
      const wait = typeof ms === "number" && ms > 0 ? ms : 0;
      run(id, wait, fn, args).catch(report);
      return id;
    },
    clearTimeout(id) {
      if (typeof id === "number") delete live[id];
    },
  };
}
