/**
 * The isolate bootstrap (src/isolate/entry.ts) evaluated as a module in this test file's own global, as the host
 * evaluates its bundle in a fresh isolate: the host globals it consumes, the bot globals it leaves, and the messages
 * it answers through `__botyardReceive`. (Jest gives every test file its own global object, so the read-only globals
 * the bootstrap defines stay inside this file.)
 */
import { beforeAll, describe, expect, it } from "@jest/globals";
import type { BotDb } from "../../../src/isolate/db.js";
import type { FromIsolate, ToIsolate } from "../../../src/isolate/protocol.js";
import { MAX_MESSAGE_CHARS } from "../../../src/isolate/protocol.js";
import { MailboxReader } from "../../../src/runtime/mailbox.js";

type Root = Record<string, unknown> & { __botyardReceive?: (text: string) => void };
const root = globalThis as unknown as Root;
const sent: FromIsolate[] = [];
let receive: (text: string) => void;
let nextCallId = 1;

/** The host's end of the mailbox, as the sandbox builds it; read here each turn (the sandbox reads it after applies). */
const mailbox = new MailboxReader(
  (text) => sent.push(JSON.parse(text) as FromIsolate),
  (reason) => {
    throw new Error(reason);
  },
);

beforeAll(async () => {
  root.__botyardSend = (text: string, seq: number) => mailbox.fromChannel(text, seq);
  root.__botyardMailbox = mailbox.memory;
  root.__botyardEnv = JSON.stringify({ TOKEN_NAME: "value" });
  await import("../../../src/isolate/entry.js");
  const fn = root.__botyardReceive;
  if (typeof fn !== "function") throw new Error("the bootstrap left no __botyardReceive");
  receive = fn;
});

const send = (message: ToIsolate) => receive(JSON.stringify(message));

/**
 * Waits (turn by turn, no clock) until the bootstrap has sent the outcome of `callId`. Not with waitFor: the bootstrap
 * has made this file's global setTimeout the bot's own, which asks the host (nobody here) to sleep.
 */
async function outcomeOf(callId: number) {
  for (let turn = 0; turn < 1000; turn++) {
    mailbox.drain();
    const found = sent.find((m) => m.type === "outcome" && m.callId === callId);
    if (found && found.type === "outcome") return found.outcome;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  throw new Error(`no outcome for call ${callId}`);
}

/** Waits until the bootstrap has sent a host call matching `match`. */
async function hostCall(match: (m: Extract<FromIsolate, { type: "call" }>) => boolean) {
  for (let turn = 0; turn < 1000; turn++) {
    mailbox.drain();
    const found = sent.find((m) => m.type === "call" && match(m));
    if (found && found.type === "call") return found;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  throw new Error("no such host call");
}

const logicArgs = {
  query: { name: "ada" },
  body: { n: 1 },
  params: { method: "POST", path: "/p", headers: {}, rawBody: "{}", ip: "127.0.0.1", botId: "b" },
};

function callLogic(path: string) {
  const callId = nextCallId++;
  send({ type: "logic", callId, path, args: logicArgs });
  return callId;
}

const logic = () => root.logic as Record<string, unknown>;

describe("isolate bootstrap: globals", () => {
  it("consumes the host's globals and removes memory the heap limit does not count", () => {
    for (const name of ["__botyardSend", "__botyardEnv", "__botyardMailbox"]) {
      expect(name in root).toBe(false);
    }
    for (const name of ["WebAssembly", "SharedArrayBuffer", "Atomics"]) expect(name in root).toBe(false);
  });

  it("defines the bot globals read-only and not enumerable, with process.env frozen from the host's env", () => {
    for (const name of ["logic", "bot", "db", "axios", "console", "process", "setTimeout", "clearTimeout"]) {
      const descriptor = Object.getOwnPropertyDescriptor(root, name);
      expect({ name, writable: descriptor?.writable, configurable: descriptor?.configurable }).toEqual({
        name,
        writable: false,
        configurable: false,
      });
      expect(descriptor?.enumerable).toBe(false);
    }
    const env = (root.process as { env: Record<string, string> }).env;
    expect(env).toEqual({ TOKEN_NAME: "value" });
    expect(Object.isFrozen(env)).toBe(true);
    expect(() => {
      root.bot = {};
    }).toThrow(TypeError);
  });

  it("refuses to start without the host's channel", async () => {
    // A second evaluation of the bootstrap (a distinct module instance): the channel was consumed by the first.
    await expect(import("../../../src/isolate/entry.js?again" as string)).rejects.toThrow(
      "botyard bootstrap: no host channel",
    );
  });
});

describe("isolate bootstrap: messages", () => {
  it("runs a custom webhook handler and reports what it left", async () => {
    logic().hello = (query: { name: string }, _body: unknown, _db: unknown, response: { statusCode: number }) => {
      response.statusCode = 201;
      return { greeting: `Hi ${query.name}` };
    };
    const outcome = await outcomeOf(callLogic("hello"));
    expect(outcome).toEqual({
      status: "done",
      result: { statusCode: 201, headers: {}, data: { greeting: "Hi ada" } },
    });
  });

  it("reports a missing handler, and a thrown error with its message", async () => {
    expect(await outcomeOf(callLogic("nowhere"))).toEqual({ status: "no-handler" });
    logic().boom = () => {
      throw new Error("kaboom");
    };
    const outcome = await outcomeOf(callLogic("boom"));
    expect(outcome).toMatchObject({ status: "error", error: expect.stringContaining("Error: kaboom") });
  });

  it("settles a handler's db call with the host's reply, and rejects it with the host's error", async () => {
    const db = root.db as BotDb;
    logic().read = async () => ({ found: await db.operation.findOne("users", { id: 1 }) });
    const callId = callLogic("read");
    const call = await hostCall((m) => m.call.kind === "db" && m.call.op === "findOne");
    expect(call.call).toEqual({ kind: "db", op: "findOne", args: ["users", { id: 1 }] });
    send({ type: "reply", id: call.id, ok: true, value: { id: 1, name: "ada" } });
    expect(await outcomeOf(callId)).toMatchObject({ status: "done", result: { data: { found: { id: 1 } } } });

    logic().fails = async () => db.operation.countDocuments("users");
    const failing = callLogic("fails");
    const count = await hostCall((m) => m.call.kind === "db" && m.call.op === "countDocuments");
    send({ type: "reply", id: count.id, ok: false, error: { message: "quota", code: "ERR_QUOTA" } });
    expect(await outcomeOf(failing)).toMatchObject({ status: "error", error: expect.stringContaining("quota") });
  });

  it("hands a Telegram update to the composer and reports whether a handler took it", async () => {
    const bot = root.bot as { command(name: string, h: () => void): void };
    let started = 0;
    bot.command("start", () => {
      started += 1;
    });
    const update = (text: string) => ({
      update_id: 1,
      message: { message_id: 1, date: 1, chat: { id: 5, type: "private" }, text },
    });
    const taken = nextCallId++;
    send({ type: "update", callId: taken, update: update("/start") });
    expect(await outcomeOf(taken)).toEqual({ status: "handled", handled: true });
    const ignored = nextCallId++;
    send({ type: "update", callId: ignored, update: update("no command") });
    expect(await outcomeOf(ignored)).toEqual({ status: "handled", handled: false });
    expect(started).toBe(1);
  });

  it("turns a reply that is not JSON or larger than 5 MiB into an error outcome", async () => {
    logic().bigint = () => ({ n: 10n });
    expect(await outcomeOf(callLogic("bigint"))).toEqual({
      status: "error",
      error: expect.stringMatching(/^The handler's reply is not JSON-serialisable: TypeError: .*BigInt/),
    });
    logic().huge = () => "x".repeat(MAX_MESSAGE_CHARS);
    expect(await outcomeOf(callLogic("huge"))).toEqual({
      status: "error",
      error: "The handler's reply is larger than 5 MiB",
    });
    // Just under the bound it goes through whole.
    logic().large = () => "y".repeat(MAX_MESSAGE_CHARS - 200);
    const outcome = await outcomeOf(callLogic("large"));
    expect(outcome.status).toBe("done");
  });
});
