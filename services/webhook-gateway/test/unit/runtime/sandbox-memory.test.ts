/**
 * The host's count of a bot's host memory in the sandbox (src/runtime/sandbox.ts with runtime/memory-budget.ts), on a
 * real isolate: a call over the budget refused before it is parsed, results held until the isolate has them, and
 * everything given back once the calls settle. The isolate here is not told the budget, so the host's own checks are
 * what is tested.
 */
import { afterEach, describe, expect, it } from "@jest/globals";
import type { HostCall, LogicArgs } from "../../../src/isolate/protocol.js";
import { isolateScript } from "../../../src/runtime/isolate-script.js";
import { MemoryBudget } from "../../../src/runtime/memory-budget.js";
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

function setup(call: (c: HostCall) => Promise<unknown>) {
  const overs: string[] = [];
  const memory = new MemoryBudget({
    gatewayBytes: 100 * MiB,
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
  logic['read'] = async () => (await db.operation.findAll('big')).length;`;

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
    expect(memory.hostBytesOf("b")).toBe(0);
  });

  it("holds a result until the isolate has it, and refuses one that does not fit", async () => {
    const page = (chars: number) => new JsonText(JSON.stringify(["y".repeat(chars)]));
    let size = 100;
    const { memory, host } = setup(async () => page(size));
    sandbox = await Sandbox.create(await isolateScript(), CODE, {}, host, { memoryMb: 64, timeoutMs: 5000 });
    const small = await sandbox.runLogic("read", args);
    expect(small.status === "done" && small.result.data).toBe(1);
    expect(memory.hostBytesOf("b")).toBe(0);
    size = 3 * MiB;
    const big = await sandbox.runLogic("read", args);
    expect(big).toEqual({ status: "error", error: expect.stringContaining("host memory budget exceeded") });
    expect(memory.hostBytesOf("b")).toBe(0);
  });
});
