/**
 * Built-ins captured when the bootstrap is evaluated, before any bot code runs. Bot code shares the isolate and may
 * replace `JSON.parse`, `Date.now` or `Object.hasOwn` later; the bootstrap keeps using these originals. (Prototype
 * methods are not captured: our code avoids calling them where a bot could profit, and nothing the host relies on is
 * decided inside the isolate: the host checks every message again.)
 */
export const jsonParse = JSON.parse;
export const jsonStringify = JSON.stringify;
export const now = Date.now;
export const isArray = Array.isArray;
export const hasOwn = Object.hasOwn;
export const defineProperty = Object.defineProperty;
export const freeze = Object.freeze;
export const objectKeys = Object.keys;
export const createObject = Object.create;
export const NativeError = Error;
export const NativePromise = Promise;
export const NativeRegExp = RegExp;
/**
 * Taken before the bootstrap deletes `Atomics` from the bot's globals: the mailbox (mailbox.ts) writes with them. The
 * functions themselves, so no property of the namespace is read later.
 */
export const atomics = freeze({ load: Atomics.load, store: Atomics.store });
/** `text.charCodeAt(i)` that a bot cannot redirect by replacing `String.prototype.charCodeAt`. */
export const charCodeAt = Function.prototype.call.bind(String.prototype.charCodeAt) as (
  text: string,
  index: number,
) => number;

/** A dictionary with no prototype: lookups in it cannot be redirected by a bot that edits `Object.prototype`. */
export function dictionary<V>(): Record<string, V> {
  return createObject(null) as Record<string, V>;
}

/**
 * A promise that rejects with `reason` one microtask later: how the bridge refuses a call. A promise rejected at once,
 * before any handler is attached, is recorded by isolated-vm as unhandled, and every handler attached later scans
 * that whole record (IsolateEnvironment::PromiseWasHandled in isolated-vm 5): 20,000 refused calls gathered by one
 * `Promise.allSettled` cost seconds of CPU, quadratic in the flood. A tick later, `await` or `allSettled` has attached
 * its handler and nothing is recorded. An async function consults nothing bot code can replace (`Promise.reject`,
 * `then`, `constructor`).
 */
export async function rejectSoon(reason: unknown): Promise<never> {
  await undefined;
  throw reason;
}
