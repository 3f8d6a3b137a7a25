/**
 * The bootstrap of every bot isolate, bundled by esbuild into one script (runtime/isolate-script.ts) and run before
 * the bot's code. It takes the host's Callback, the mailbox's shared memory if any (mailbox.ts) and the env from the
 * globals the host set, and deletes those globals. It removes what a bot must not use (WebAssembly, SharedArrayBuffer,
 * Atomics: memory the isolate's heap limit does not count), defines the bot globals read-only, and leaves one
 * function, `__botyardReceive`, which the host takes by reference and deletes before the bot's code runs.
 *
 * @see docs/bot-runtime.md#how-bot-code-runs
 */
import { createAxios } from "./axios.js";
import { createBridge } from "./bridge.js";
import { createComposer } from "./composer.js";
import { createConsole, formatArg } from "./console.js";
import { createDb } from "./db.js";
import { createMailboxSender } from "./mailbox.js";
import { defineProperty, freeze, jsonParse, jsonStringify, NativeError } from "./intrinsics.js";
import { runLogic } from "./logic.js";
import type { CallOutcome, FromIsolate, ToIsolate } from "./protocol.js";
import { MAX_MESSAGE_CHARS } from "./protocol.js";
import { createScheduler, runScheduled } from "./scheduler.js";
import { createTelegram } from "./telegram.js";
import { createTimers } from "./timers.js";

/** The globals the host sets before this script runs; each is deleted at once. */
interface HostGlobals {
  __botyardSend?: (text: string, seq: number) => void;
  __botyardMailbox?: SharedArrayBuffer;
  __botyardEnv?: string;
  /** The bot's host memory budget in bytes (runtime/memory-budget.ts). */
  __botyardHostBudget?: number;
  __botyardReceive?: (text: string) => void;
}

const root = globalThis as unknown as HostGlobals & Record<string, unknown>;
const channel = root.__botyardSend;
const envText = root.__botyardEnv ?? "{}";
const mailbox = root.__botyardMailbox;
const hostBudget = typeof root.__botyardHostBudget === "number" ? root.__botyardHostBudget : undefined;
delete root.__botyardHostBudget;
delete root.__botyardSend;
delete root.__botyardEnv;
delete root.__botyardMailbox;
if (typeof channel !== "function") throw new NativeError("botyard bootstrap: no host channel");
// Without a mailbox (the benchmark's plain version, runtime/mailbox.ts) every message goes through the Callback.
const hostSend = mailbox === undefined ? (text: string) => channel(text, -1) : createMailboxSender(mailbox, channel);
for (const name of ["WebAssembly", "SharedArrayBuffer", "Atomics"]) delete root[name];

const bridge = createBridge(hostSend, undefined, hostBudget);
const console = createConsole(bridge);
const telegram = createTelegram(bridge);
const bot = createComposer(telegram);
const db = createDb(bridge);
const axios = createAxios(bridge);
const timers = createTimers(bridge, console);
const logic: Record<string, unknown> = {};
const scheduler = createScheduler(bridge);
const scheduled: Record<string, unknown> = {};
const env = freeze(jsonParse(envText) as Record<string, string>);

const globals: Record<string, unknown> = {
  logic,
  scheduler,
  scheduled,
  bot,
  db,
  axios,
  console,
  process: freeze({ env }),
  setTimeout: timers.setTimeout,
  clearTimeout: timers.clearTimeout,
};
for (const name of Object.keys(globals)) {
  defineProperty(root, name, { value: globals[name], writable: false, configurable: false, enumerable: false });
}

/** Sends the outcome of a call; a reply too large or not serialisable becomes an error outcome. */
function report(callId: number, outcome: CallOutcome): void {
  hostSend(outcomeText(callId, outcome));
}

function outcomeText(callId: number, outcome: CallOutcome): string {
  let text: string;
  try {
    text = jsonStringify({ type: "outcome", callId, outcome } satisfies FromIsolate);
  } catch (err) {
    const error = `The handler's reply is not JSON-serialisable: ${formatArg(err)}`;
    return jsonStringify({ type: "outcome", callId, outcome: { status: "error", error } } satisfies FromIsolate);
  }
  if (text.length <= MAX_MESSAGE_CHARS) return text;
  const error = "The handler's reply is larger than 5 MiB";
  return jsonStringify({ type: "outcome", callId, outcome: { status: "error", error } } satisfies FromIsolate);
}

async function run(callId: number, work: () => Promise<CallOutcome>): Promise<void> {
  let outcome: CallOutcome;
  try {
    outcome = await work();
  } catch (err) {
    outcome = { status: "error", error: formatArg(err) };
  }
  report(callId, outcome);
}

/** The host's only way in. */
function receive(text: string): void {
  const message = jsonParse(text) as ToIsolate;
  switch (message.type) {
    case "reply":
      bridge.settle(message.id, message.ok, message.ok ? message.value : message.error);
      return;
    case "logic":
      void run(message.callId, () => runLogic(logic, message.path, message.args, db));
      return;
    case "update":
      void run(message.callId, async () => ({
        status: "handled",
        handled: await bot.handleUpdate(message.update as never),
      }));
      return;
    case "scheduled":
      void run(message.callId, () => runScheduled(scheduled, message.name, message.payload, message.run, db));
      return;
  }
}

root.__botyardReceive = receive;
