/**
 * The host's count of a bot's host memory in the sandbox (src/runtime/sandbox.ts with runtime/memory-budget.ts), on a
 * real isolate: a call over the budget refused before it is parsed, results held until the isolate has them, and
 * everything given back once the calls settle. The isolate here is not told the budget, so the host's own checks are
 * what is tested.
 */
import { afterEach, describe, expect, it } from "@jest/globals";
import type { HostCall, LogicArgs } from "../../../src/isolate/protocol.js";
import { isolateScript } from "../../../src/runtime/isolate-script.js";
import { MemoryBudget, NoRoomError } from "../../../src/runtime/memory-budget.js";
import { JsonText, Sandbox, type SandboxHost } from "../../../src/runtime/sandbox.js";
import { waitFor } from "@botyard/testing";

const MiB = 1024 * 1024;
const args: LogicArgs = {
  query: {},
  body: {},
  params: { method: "GET", path: "/custom/b/x", headers: {}, rawBody: "", ip: "127.0.0.1", botId: "b" },
};

let sandbox: Sandbox | undefined;
afterEach(() => {
  sandbox?.close();
  sandbox = undefined;
});

function setup(call: (c: HostCall) => Promise<unknown>, gatewayBytes = 100 * MiB) {
  const overs: string[] = [];
  const memory = new MemoryBudget({
    gatewayBytes,
    botHostBytes: 2 * MiB,
    onBotOverBudget: (_botId, message) => overs.push(message),
  });
  const calls: HostCall[] = [];
  const ledger = memory.ledger("b");
  /** Holds the ledger refused (the bytes asked for). */
  const refusals: number[] = [];
  const host: SandboxHost = {
    call: (c) => {
      calls.push(c);
      return call(c);
    },
    describe: (err) => ({ message: String(err) }),
    log: () => {},
    memory: {
      hold: (bytes) => {
        const refusal = ledger.hold(bytes);
        if (refusal) refusals.push(bytes);
        return refusal;
      },
      release: (bytes) => ledger.release(bytes),
      over: (bytes) => ledger.over(bytes),
    },
  };
  return { memory, overs, calls, refusals, host };
}

const CODE = `
  logic['flood'] = async () => {
    const text = 'x'.repeat(900 * 1024);
    const results = await Promise.all([0, 1, 2, 3].map(() =>
      bot.telegram.sendMessage(1, text).then(() => 'ok', (e) => e.code + ': ' + e.message)));
    return results;
  };
  logic['read'] = async () => (await db.operation.findAll('big')).length;
  logic['reply'] = async (query) => 'r'.repeat(Number(query.chars));`;

/** The length of the outcome message of logic['reply'] answering \`chars\` characters (the isolate's JSON of it). */
const replyMessageChars = (callId: number, chars: number) =>
  JSON.stringify({
    type: "outcome",
    callId,
    outcome: { status: "done", result: { statusCode: 200, headers: {}, data: "r".repeat(chars) } },
  }).length;

describe("Sandbox host memory", () => {
  it("refuses a call past the bot's host budget before parsing it, and gives back what settled calls held", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { memory, overs, calls, refusals, host } = setup(async () => {
      await gate;
      return true;
    });
    sandbox = await Sandbox.create(await isolateScript(), CODE, {}, host, { memoryMb: 64, timeoutMs: 5000 });
    const outcome = sandbox.runLogic("flood", args);
    // Two messages of 0.9 MiB fit in 2 MiB; the next two are refused without reaching host.call.
    await waitFor(() => refusals.length === 2, { what: "the third and fourth messages to be refused" });
    expect(calls).toHaveLength(2);
    release();
    const done = await outcome;
    expect(done.status === "done" && done.result.data).toEqual([
      "ok",
      "ok",
      expect.stringMatching(/^ERR_HOST_MEMORY: host memory budget exceeded: 1\.8 MiB held for this bot, 0\.9 MiB more/),
      expect.stringMatching(/^ERR_HOST_MEMORY: /),
    ]);
    expect(overs).toHaveLength(1);
    // What is left is the reply, which its caller gives back once it is sent.
    expect(done.heldBytes).toBeGreaterThan(0);
    expect(memory.hostBytesOf("b")).toBe(done.heldBytes);
    memory.release("b", done.heldBytes ?? 0);
    expect(memory.hostBytesOf("b")).toBe(0);
  });

  it("holds a result until the isolate has it, and refuses one that does not fit", async () => {
    const page = (chars: number) => new JsonText(JSON.stringify(["y".repeat(chars)]));
    let size = 100;
    const { memory, host } = setup(async () => page(size));
    sandbox = await Sandbox.create(await isolateScript(), CODE, {}, host, { memoryMb: 64, timeoutMs: 5000 });
    const small = await sandbox.runLogic("read", args);
    expect(small.status === "done" && small.result.data).toBe(1);
    memory.release("b", small.heldBytes ?? 0);
    expect(memory.hostBytesOf("b")).toBe(0);
    size = 3 * MiB;
    const big = await sandbox.runLogic("read", args);
    expect(big).toEqual({ status: "error", error: expect.stringContaining("host memory budget exceeded") });
    expect(memory.hostBytesOf("b")).toBe(0);
  });

  it("holds a handler's reply, at its message's length, until its caller gives it back", async () => {
    const { memory, overs, host } = setup(async () => true);
    sandbox = await Sandbox.create(await isolateScript(), CODE, {}, host, { memoryMb: 64, timeoutMs: 5000 });
    const chars = 1.5 * MiB;
    const first = await sandbox.runLogic("reply", { ...args, query: { chars: String(chars) } });
    expect(first.status === "done" && (first.result.data as string).length).toBe(chars);
    expect(first.heldBytes).toBe(replyMessageChars(2, chars));
    expect(memory.hostBytesOf("b")).toBe(first.heldBytes);
    // A second one while the first is still held does not fit in 2 MiB: a memory error, and one strike.
    const second = await sandbox
      .runLogic("reply", { ...args, query: { chars: String(chars) } })
      .catch((e: unknown) => e);
    expect(second).toMatchObject({
      kind: "memory",
      message: expect.stringMatching(
        /^The handler's reply \(1\.5 MiB\) was refused \(ERR_HOST_MEMORY\): host memory budget exceeded: 1\.5 MiB held/,
      ),
    });
    expect(overs).toHaveLength(1);
    expect(memory.hostBytesOf("b")).toBe(first.heldBytes);
    memory.release("b", first.heldBytes ?? 0);
    // Other outcomes are given back at once: a handler that throws, a path without a handler.
    await sandbox.runLogic("nothing", args);
    expect(memory.hostBytesOf("b")).toBe(0);
  });

  it("takes a reply just under the budget, and refuses one just over it", async () => {
    const { memory, host } = setup(async () => true);
    sandbox = await Sandbox.create(await isolateScript(), CODE, {}, host, { memoryMb: 64, timeoutMs: 5000 });
    const under = 2 * MiB - replyMessageChars(1, 0);
    expect(replyMessageChars(1, under)).toBe(2 * MiB);
    const fits = await sandbox.runLogic("reply", { ...args, query: { chars: String(under) } });
    expect(fits.status === "done" && fits.result.data).toBe("r".repeat(under));
    expect(fits.heldBytes).toBe(2 * MiB);
    memory.release("b", fits.heldBytes ?? 0);
    const over = await sandbox
      .runLogic("reply", { ...args, query: { chars: String(under + 1) } })
      .catch((e: unknown) => e);
    expect(over).toMatchObject({ kind: "memory" });
    expect(memory.hostBytesOf("b")).toBe(0);
  });

  it("fails a reply the gateway's budget has no room for as NoRoomError, without a strike", async () => {
    const { memory, overs, host } = setup(async () => true, 1 * MiB);
    sandbox = await Sandbox.create(await isolateScript(), CODE, {}, host, { memoryMb: 64, timeoutMs: 5000 });
    const refused = await sandbox
      .runLogic("reply", { ...args, query: { chars: String(1.2 * MiB) } })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(NoRoomError);
    expect(overs).toEqual([]);
    expect(memory.hostBytesOf("b")).toBe(0);
  });
});
