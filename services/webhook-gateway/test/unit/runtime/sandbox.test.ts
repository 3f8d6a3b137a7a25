/**
 * The host's end of the isolate protocol, on a real isolate with the real bootstrap: deliveries are applied together,
 * from a `setImmediate` of their own (src/runtime/sandbox.ts, `outbox`), so what fails there must fail its own call
 * and nothing else, and never escape as an uncaught exception.
 */
import { afterEach, describe, expect, it } from "@jest/globals";
import type { LogicArgs } from "../../../src/isolate/protocol.js";
import { isolateScript } from "../../../src/runtime/isolate-script.js";
import {
  type Incident,
  Sandbox,
  SandboxError,
  type SandboxHost,
  type SandboxLimits,
} from "../../../src/runtime/sandbox.js";

const CODE = `
  logic['echo'] = async (query) => query.n;
  logic['loop'] = () => { for (;;) {} };
  logic['busy'] = (query) => { const until = Date.now() + query.ms; while (Date.now() < until) {} return 'done'; };`;

const args = (query: Record<string, unknown>): LogicArgs => ({
  query,
  body: {},
  params: { method: "GET", path: "/custom/b/echo", headers: {}, rawBody: "", ip: "127.0.0.1", botId: "b" },
});

const logs: string[] = [];
const host: SandboxHost = {
  call: async () => null,
  describe: (err) => ({ message: String(err) }),
  log: (level, message) => logs.push(`${level}: ${message}`),
};

let sandbox: Sandbox | undefined;
afterEach(() => {
  sandbox?.close();
  sandbox = undefined;
  logs.length = 0;
});

const load = async (limits: Partial<SandboxLimits> = {}) => {
  sandbox = await Sandbox.create(await isolateScript(), CODE, {}, host, { memoryMb: 64, timeoutMs: 200, ...limits });
  return sandbox;
};

/**
 * Starts `call` and says whether it had settled by the end of the check phase that flushed its message: a
 * `setImmediate` queued after the call's own runs in that same phase, after the flush and its microtasks.
 */
async function settledInItsTurn(call: () => Promise<unknown>): Promise<boolean> {
  let settled = false;
  const done = call().finally(() => {
    settled = true;
  });
  const inTurn = await new Promise<boolean>((resolve) => setImmediate(() => resolve(settled)));
  await done;
  return inTurn;
}

describe("Sandbox deliveries", () => {
  it("answers many calls started in one tick, each with its own result", async () => {
    const s = await load();
    const outcomes = await Promise.all(Array.from({ length: 200 }, (_, n) => s.runLogic("echo", args({ n }))));
    expect(outcomes.map((o) => (o.status === "done" ? o.result.data : o.status))).toEqual(
      Array.from({ length: 200 }, (_, n) => n),
    );
  });

  it("a message that cannot be written fails its own call, and the next call is served", async () => {
    const s = await load();
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on("uncaughtException", onUncaught);
    try {
      // A BigInt has no JSON form: JSON.stringify throws inside the outbox's flush, before the next call's apply.
      const bad = s.runLogic("echo", args({ n: 1n }));
      const good = s.runLogic("echo", args({ n: 2 }));
      const failure = await bad.then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(failure).toBeInstanceOf(SandboxError);
      expect((failure as SandboxError).kind).toBe("error");
      expect((failure as SandboxError).message).toMatch(/BigInt/);
      expect(await good).toMatchObject({ status: "done", result: { statusCode: 200, data: 2 } });
      expect(s.inFlight).toBe(0);
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", onUncaught);
    }
  });

  it("a slice past the time limit is one incident, ends the calls in flight, and closes the isolate", async () => {
    const s = await load();
    const incidents: Incident[] = [];
    s.onIncident = (incident) => incidents.push(incident);
    const settle = (p: Promise<unknown>) =>
      p.then(
        () => "resolved",
        (err: unknown) => (err as SandboxError).kind,
      );
    const results = await Promise.all([
      settle(s.runLogic("loop", args({}))),
      settle(s.runLogic("echo", args({ n: 1 }))),
    ]);
    expect(results).toEqual(["collateral", "collateral"]);
    expect(incidents).toEqual([
      { kind: "timeout", message: "Bot code ran past its time limit without yielding", restarted: true },
    ]);
    expect(s.closed).toBe(true);
  });
});

describe("Sandbox answers in the turn that flushed the message", () => {
  // Waits far longer than these tests need (the default is 0.2 ms), so a slow machine cannot make them flaky.
  const patient = { answerWait: { gapMs: 2_000, maxMs: 2_000 } };

  it("settles a call before the event loop's next phase, with its result read from the mailbox", async () => {
    const s = await load(patient);
    expect(await settledInItsTurn(() => s.runLogic("echo", args({ n: 1 })))).toBe(true);
    const many = await settledInItsTurn(() =>
      Promise.all(Array.from({ length: 50 }, (_, n) => s.runLogic("echo", args({ n })))),
    );
    expect(many).toBe(true);
  });

  it("stops waiting for a slow bot, and skips it for a while, but never loses its answer", async () => {
    const s = await load({ answerWait: { gapMs: 20, maxMs: 20 } });
    const slow = s.runLogic("busy", args({ ms: 150 }));
    expect(await settledInItsTurn(() => slow)).toBe(false);
    expect(await slow).toMatchObject({ status: "done", result: { data: "done" } });
    // The next flush goes without a wait (backoff 1); the one after waits again.
    expect(await settledInItsTurn(() => s.runLogic("echo", args({ n: 1 })))).toBe(false);
    expect(await settledInItsTurn(() => s.runLogic("echo", args({ n: 2 })))).toBe(true);
  });

  it("counts the time the event loop waited as the bot's CPU", async () => {
    const s = await load(patient);
    s.takeCpuMs();
    await s.runLogic("busy", args({ ms: 40 }));
    // The isolate's own 40 ms at most (its CPU time never exceeds the wall clock), and the event loop's wait of about
    // as long: without that charge this stays under 60.
    expect(s.takeCpuMs()).toBeGreaterThanOrEqual(60);
  });
});
