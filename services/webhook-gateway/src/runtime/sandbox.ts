/**
 * One bot's code in its own V8 isolate, and the host's end of the message protocol (isolate/protocol.ts).
 *
 * The isolate's messages arrive through its inbox (runtime/mailbox.ts: a mailbox in shared memory, read here when each
 * apply ends, and one isolated-vm Callback, fire-and-forget, for a message the mailbox cannot hold); the host's
 * messages go out through one Reference (`receive`), applied when the handover says (runtime/outbox.ts), always with
 * option objects created here: no object of the bot's is ever read as an option, and no isolated-vm class or handle
 * is reachable from bot code. Every apply carries the handler time limit, so a loop in any slice of bot code (its top
 * level, a handler, or a continuation after an `await`) is stopped by V8. The performance devices on this path
 * (runtime/devices.ts) each sit behind a door of their own: the inbox, the handover, the call table.
 *
 * Failures are incidents, and one incident is one strike however many calls it ends (docs/bot-runtime.md#halts):
 * - a slice that ran past the time limit, or an isolate over its memory limit: the isolate is disposed, every call
 *   in flight on it ends (the one incident is reported once);
 * - a call still unsettled at its deadline while the isolate is idle (a handler awaiting forever): that call ends,
 *   the isolate lives on.
 */
import ivm from "isolated-vm";
import {
  type CallError,
  type CallOutcome,
  type HostCall,
  type HostCallKind,
  type LogicArgs,
  type LogLevel,
  MAX_MESSAGE_CHARS,
  PENDING_LIMITS,
  type ScheduledRun,
  type ToIsolate,
} from "../isolate/protocol.js";
import { type CallTable, MapCallTable, RingCallTable } from "./call-table.js";
import { callTrace } from "./call-trace.js";
import { ALL_DEVICES, type Devices } from "./devices.js";
import { decodeFromIsolate } from "./host-protocol.js";
import { CallbackInbox, type IsolateInbox, MailboxReader } from "./mailbox.js";
import { atOnce, type Handover, inCheckPhase } from "./outbox.js";
import { type HoldRefusal, type HostMemoryLedger, NoRoomError } from "./memory-budget.js";

/** What bot code may ask of the host, and where its console goes. */
export interface SandboxHost {
  /** Carries out a host call; rejects with the error bot code should see. */
  call(call: HostCall): Promise<unknown>;
  /** Turns a failure of `call` into the error bot code sees (never SQL, never a token). */
  describe(err: unknown, call: HostCall): CallError;
  log(level: LogLevel, message: string): void;
  /**
   * The bot's host memory: a host call's message is held from its arrival until its reply is in the isolate
   * (runtime/memory-budget.ts). @defaultValue none: nothing is counted
   */
  readonly memory?: HostMemoryLedger;
}

/**
 * A call's outcome as the sandbox resolves it. A webhook's reply (`done`) comes with the bytes of the bot's host memory
 * held for it (its message's length) in `heldBytes`: the caller gives them back once the reply has been sent
 * (docs/bot-runtime.md#memory). Every other outcome's bytes are given back by the sandbox.
 */
export type SandboxOutcome = CallOutcome & { heldBytes?: number };

/** A host call's result that is JSON text already: sent to the isolate as it is, not serialised again. */
export class JsonText {
  constructor(readonly text: string) {}
}

/** Limits of a sandbox. */
export interface SandboxLimits {
  memoryMb: number;
  timeoutMs: number;
  /** The bot's host memory budget, which the isolate checks its own pending calls against too. @defaultValue none */
  hostBytes?: number;
}

/** An isolate's heap, as V8 reports it: memory of the gateway's process that its own V8 heap does not count. */
export interface IsolateHeap {
  /** Bytes the isolate's heap holds from the system (V8's total_heap_size). */
  committedBytes: number;
  /** Bytes of live and not yet collected objects in it (used_heap_size). */
  usedBytes: number;
  /** Bytes of ArrayBuffers and other memory outside the heap that the isolate accounts for. */
  externalBytes: number;
}

/** Why a call into the sandbox failed. */
export type SandboxFailureKind =
  /** The call (or a slice of bot code) ran past the time limit. */
  | "timeout"
  /** The isolate went over its memory limit. */
  | "memory"
  /** The bot's code threw, or does not compile. */
  | "error"
  /** Another call's incident ended this one (no strike of its own). */
  | "collateral"
  /** The sandbox was closed (eviction or shutdown) before the call could finish. */
  | "closed";

/** A failed call into bot code. */
export class SandboxError extends Error {
  override readonly name = "SandboxError";
  constructor(
    readonly kind: SandboxFailureKind,
    message: string,
  ) {
    super(message);
  }
}

/** A time or memory incident of a sandbox: what counts toward a halt. */
export interface Incident {
  kind: "timeout" | "memory";
  message: string;
  /** True when the isolate was disposed (a loop or a memory blow-up); false for a handler that never finished. */
  restarted: boolean;
}

interface PendingCall {
  resolve(outcome: SandboxOutcome): void;
  reject(err: SandboxError | NoRoomError): void;
  timer: NodeJS.Timeout;
}

const TIMED_OUT = /timed out/i;
/** How long after the time limit a call's deadline falls (see #start). */
export const DEADLINE_GRACE_MS = 100;
const MEMORY = /memory limit/i;

/**
 * The id of a call message, or the call id of an outcome, as the bootstrap writes them, read without parsing the
 * message (see #holdMessage).
 */
const HELD_PREFIX = /^\{"type":"(call|outcome)","(?:id|callId)":(\d{1,15}),/;
/** Every sandbox of this process whose isolate is not freed yet: current, retiring, or kept by mistake. */
const open = new Set<Sandbox>();

/** A loaded bot isolate. Create with {@link Sandbox.create}. */
export class Sandbox {
  /** The calls in flight (runtime/call-table.ts). */
  readonly #calls: CallTable<PendingCall>;
  readonly #hostPending: Record<HostCallKind, number> = { db: 0, tg: 0, http: 0, sleep: 0, schedule: 0 };
  #receive: ivm.Reference | undefined;
  #nextCallId = 1;
  /** Applies in flight: bot code may be running while this is above zero. */
  #slices = 0;
  #closed = false;
  #retiring = false;
  /** Callers that hold this sandbox (leases of the pool), whether or not their call has started yet. */
  #leases = 0;
  #onIncident: (incident: Incident) => void = () => {};
  /** The isolate's CPU time (ns) when it was last read, and CPU ms used since then but not yet taken. */
  #cpuReadNs = 0n;
  #cpuUntakenMs = 0;
  /** True while the event-loop time of a message of this bot is being counted. */
  #timing = false;
  /** The options of every apply: created here, so no object of the bot's is ever read as an option. */
  readonly #applyOptions: ivm.ReferenceApplyOptions;
  /** Where the isolate's messages arrive (runtime/mailbox.ts). */
  readonly #mailbox: IsolateInbox;
  /** When a message is handed to the isolate (runtime/outbox.ts). */
  readonly #handover: Handover;
  /** Whether the outcome that ends a call is decoded by hand (runtime/host-protocol.ts). */
  readonly #byHand: boolean;

  private constructor(
    private readonly isolate: ivm.Isolate,
    private readonly context: ivm.Context,
    private readonly host: SandboxHost,
    private readonly limits: SandboxLimits,
    devices: Devices,
  ) {
    this.#applyOptions = Object.freeze({ timeout: limits.timeoutMs });
    this.#calls = devices.ring ? new RingCallTable<PendingCall>() : new MapCallTable<PendingCall>();
    this.#handover = devices.outbox ? inCheckPhase : atOnce;
    this.#byHand = devices.decoder;
    const deliver = (text: unknown) => this.#onMessage(text);
    this.#mailbox = devices.mailbox
      ? new MailboxReader(deliver, (reason) => {
          this.#logSafely(reason);
          this.close();
        })
      : new CallbackInbox(deliver);
  }

  /**
   * Builds the isolate, runs the bootstrap (`script`) and then the bot's code. Throws SandboxError: `error` for code
   * that does not compile or throws at its top level, `timeout`/`memory` for a top level past a limit. `devices` are
   * the performance devices on (runtime/devices.ts). `filename` names the bot's code in its stack traces and syntax
   * errors (`at bot.js:3:9`).
   */
  static async create(
    script: string,
    code: string,
    env: Record<string, string>,
    host: SandboxHost,
    limits: SandboxLimits,
    devices: Devices = ALL_DEVICES,
    filename = "bot.js",
  ): Promise<Sandbox> {
    const isolate = new ivm.Isolate({ memoryLimit: limits.memoryMb });
    let sandbox: Sandbox | undefined;
    try {
      const context = await isolate.createContext();
      sandbox = new Sandbox(isolate, context, host, limits, devices);
      open.add(sandbox);
      const self = sandbox;
      await context.global.set(
        "__botyardSend",
        new ivm.Callback((text: unknown, seq: unknown) => self.#mailbox.fromChannel(text, seq), { ignored: true }),
      );
      // Synchronous: the new isolate is idle, and a set from this thread saves a hop to isolated-vm's threads.
      const memory = sandbox.#mailbox.memory;
      if (memory !== undefined) context.global.setSync("__botyardMailbox", new ivm.ExternalCopy(memory).copyInto());
      await context.global.set("__botyardEnv", JSON.stringify(env));
      if (limits.hostBytes !== undefined) await context.global.set("__botyardHostBudget", limits.hostBytes);
      const bootstrap = await isolate.compileScript(script, { filename: "botyard:bootstrap" });
      await bootstrap.run(context, { timeout: limits.timeoutMs });
      bootstrap.release();
      sandbox.#receive = await context.global.get("__botyardReceive", { reference: true });
      await context.global.delete("__botyardReceive");
      const compiled = await isolate.compileScript(code, { filename }).catch((err: Error) => {
        throw new SandboxError("error", `SyntaxError: ${err.message}`);
      });
      // The completion value may be any object (`bot.on(…)` returns bot): take it by reference, then drop it.
      const completion = await sandbox.#slice(() =>
        compiled.run(context, { timeout: limits.timeoutMs, reference: true }),
      );
      completion.release();
      compiled.release();
      // Loading the code is not charged to the bot's CPU budget; what runs from here on is.
      sandbox.#cpuReadNs = isolate.cpuTime;
      return sandbox;
    } catch (err) {
      sandbox?.close();
      if (!isolate.isDisposed) isolate.dispose();
      throw toSandboxError(err);
    }
  }

  /**
   * The isolates of this process not freed yet (whichever runtime built them) and their heaps, summed: memory of the
   * process that its own V8 heap does not count (docs/operations.md#isolate-memory).
   */
  static async heapTotals(): Promise<IsolateHeap & { isolates: number }> {
    const heaps = await Promise.all([...open].map((sandbox) => sandbox.heapStatistics()));
    // Counted whether or not its statistics came back: an isolate that is gone but still listed is a leak to see.
    const sum = { isolates: heaps.length, committedBytes: 0, usedBytes: 0, externalBytes: 0 };
    for (const heap of heaps) {
      if (heap === undefined) continue;
      sum.committedBytes += heap.committedBytes;
      sum.usedBytes += heap.usedBytes;
      sum.externalBytes += heap.externalBytes;
    }
    return sum;
  }

  /** Called once per time or memory incident. */
  set onIncident(handler: (incident: Incident) => void) {
    this.#onIncident = handler;
  }

  /** Calls in flight. */
  get inFlight(): number {
    return this.#calls.size;
  }

  /** True once the isolate is gone; build a new sandbox. */
  get closed(): boolean {
    return this.#closed || this.isolate.isDisposed;
  }

  /**
   * CPU milliseconds the bot used since the last call of this method: its isolate's CPU time (on isolated-vm's
   * threads) plus the gateway's event-loop time spent on its messages (parsing what it sends, serialising and
   * copying what it gets).
   */
  takeCpuMs(): number {
    this.#readCpu();
    const ms = this.#cpuUntakenMs;
    this.#cpuUntakenMs = 0;
    return ms;
  }

  #readCpu(): void {
    if (this.isolate.isDisposed) return;
    const now = this.isolate.cpuTime;
    this.#cpuUntakenMs += Number(now - this.#cpuReadNs) / 1e6;
    this.#cpuReadNs = now;
  }

  /**
   * Bytes the isolate takes now, as the gateway's memory budget counts it: its committed heap (what the process holds
   * for it, used or not) and its ArrayBuffers. 0 once it is disposed.
   */
  async memoryBytes(): Promise<number> {
    const heap = await this.heapStatistics();
    return heap ? heap.committedBytes + heap.externalBytes : 0;
  }

  /** Bytes of heap (and ArrayBuffers) the isolate uses now; 0 once it is gone. */
  async heapBytes(): Promise<number> {
    const heap = await this.heapStatistics();
    return heap ? heap.usedBytes + heap.externalBytes : 0;
  }

  /** The isolate's heap now; undefined once the isolate is gone. */
  async heapStatistics(): Promise<IsolateHeap | undefined> {
    if (this.closed || this.isolate.isDisposed) return undefined;
    try {
      const stats = await this.isolate.getHeapStatistics();
      return {
        committedBytes: stats.total_heap_size,
        usedBytes: stats.used_heap_size,
        externalBytes: stats.externally_allocated_size,
      };
    } catch {
      // Disposed while the statistics were on their way (an incident, a retirement): nothing to count.
      return undefined;
    }
  }

  /** Calls `logic[path]` with the webhook's arguments. */
  runLogic(path: string, args: LogicArgs): Promise<SandboxOutcome> {
    return this.#start((callId) => ({ type: "logic", callId, path, args }));
  }

  /** Runs the bot's update handlers on a Telegram update. */
  runUpdate(update: Record<string, unknown>): Promise<CallOutcome> {
    return this.#start((callId) => ({ type: "update", callId, update }));
  }

  /** Runs `scheduled[name](payload, db, run)` (docs/bot-runtime.md#scheduled-runs). */
  runScheduled(name: string, payload: unknown, run: ScheduledRun): Promise<CallOutcome> {
    return this.#start((callId) => ({ type: "scheduled", callId, name, payload, run }));
  }

  /** Marks the sandbox held by a caller about to start a call: a retirement waits for it. */
  lease(): void {
    this.#leases += 1;
  }

  /** The caller is done with the sandbox. */
  unlease(): void {
    this.#leases -= 1;
    this.#closeIfRetiredAndIdle();
  }

  /** No new calls; the isolate is freed once every holder is done and the calls in flight have ended. */
  retire(): void {
    this.#retiring = true;
    this.#closeIfRetiredAndIdle();
  }

  #closeIfRetiredAndIdle(): void {
    if (this.#retiring && this.#leases === 0 && this.#calls.size === 0) this.close();
  }

  /** Frees the isolate now; calls in flight end with `closed`. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    open.delete(this);
    this.#failAll(new SandboxError("closed", "The bot's isolate was closed"));
    this.#receive?.release();
    this.context.release();
    this.#readCpu();
    if (!this.isolate.isDisposed) this.isolate.dispose();
  }

  #start(build: (callId: number) => ToIsolate): Promise<SandboxOutcome> {
    if (this.closed) return Promise.reject(new SandboxError("closed", "The bot's isolate was closed"));
    const callId = this.#nextCallId++;
    const done = new Promise<SandboxOutcome>((resolve, reject) => {
      // A little after the slice limit, so a slice that loops is caught by V8 first and named as the incident.
      const timer = setTimeout(() => this.#deadline(callId), this.limits.timeoutMs + DEADLINE_GRACE_MS);
      this.#calls.set(callId, { resolve, reject, timer });
    });
    this.#deliver(build(callId));
    return done;
  }

  /**
   * Hands a message to the isolate (when: runtime/outbox.ts); a slice past a limit is an incident.
   * `text` is the message already serialised, whose `held` bytes of host memory are given back once it is handed over.
   */
  #deliver(message: ToIsolate, text?: string, held = 0): void {
    if (this.closed || this.#receive === undefined) {
      this.host.memory?.release(held);
      return;
    }
    this.#handover(() => this.#apply(message, text, held));
  }

  /** Runs `work`, counting its event-loop time as the bot's CPU (once, when nested). */
  #onEventLoop(work: () => void): void {
    if (this.#timing) {
      work();
      return;
    }
    this.#timing = true;
    const started = performance.now();
    try {
      work();
    } finally {
      this.#timing = false;
      this.#cpuUntakenMs += performance.now() - started;
    }
  }

  /**
   * Applies one message to the isolate's `receive`, from the handover (runtime/outbox.ts): kept flat (no wrapper, no
   * async function) because isolated-vm's stack capture costs by the frame. Its event-loop time is the bot's CPU.
   */
  #apply(message: ToIsolate, text?: string, held = 0): void {
    const receive = this.#receive;
    if (this.closed || receive === undefined) {
      this.host.memory?.release(held);
      return;
    }
    const started = performance.now();
    try {
      this.#slices += 1;
      // isolated-vm copies the text when the apply is made: from here the host need not hold it.
      if (callTrace !== undefined && message.type === "reply") callTrace.mark("handed");
      receive.apply(undefined, [text ?? this.#textOf(message)], this.#applyOptions).then(
        () => {
          this.#slices -= 1;
          callTrace?.mark("sliceEnded");
          // What the slice sent, read together now that it has ended (see runtime/mailbox.ts).
          this.#mailbox.drain();
        },
        (err: unknown) => {
          this.#slices -= 1;
          this.#mailbox.drain();
          this.#sliceFailed(message, err);
        },
      );
    } catch (err) {
      // Nothing may escape the flush (it would end the process): the message's call fails instead.
      this.#slices -= 1;
      this.#sliceFailed(message, err);
    } finally {
      if (held > 0) this.host.memory?.release(held);
      this.#cpuUntakenMs += performance.now() - started;
    }
  }

  /** A slice that failed: past a limit it is an incident; otherwise the message's call, if it is one, fails. */
  #sliceFailed(message: ToIsolate, err: unknown): void {
    if (this.#closed) return;
    const failure = toSandboxError(err);
    if (failure.kind === "timeout" || failure.kind === "memory") this.#incident(failure.kind, failure.message);
    else if (message.type !== "reply") this.#settle(message.callId, failure);
  }

  /** The message as the isolate reads it; a reply over the size limit becomes an error reply. */
  #textOf(message: ToIsolate): string {
    const text =
      message.type === "reply" && message.ok && message.value instanceof JsonText
        ? `{"type":"reply","id":${message.id},"ok":true,"value":${message.value.text}}`
        : JSON.stringify(message);
    if (text.length <= MAX_MESSAGE_CHARS || message.type !== "reply") return text;
    const error: CallError = {
      message: "The result is larger than 5 MiB; ask for less (limit)",
      code: "ERR_TOO_LARGE",
    };
    return JSON.stringify({ type: "reply", id: message.id, ok: false, error } satisfies ToIsolate);
  }

  async #slice<T>(work: () => Promise<T>): Promise<T> {
    this.#slices += 1;
    try {
      return await work();
    } catch (err) {
      const failure = toSandboxError(err);
      if (failure.kind === "timeout" || failure.kind === "memory") this.#incident(failure.kind, failure.message);
      throw failure;
    } finally {
      this.#slices -= 1;
      this.#mailbox.drain();
    }
  }

  #deadline(callId: number): void {
    if (!this.#calls.has(callId)) return;
    const message = `Handler exceeded its time limit of ${this.limits.timeoutMs} ms`;
    if (this.#slices > 0) {
      // Bot code is running right now: that slice's own time limit makes the incident; this call is its collateral.
      this.#settle(callId, new SandboxError("collateral", message));
      return;
    }
    this.#settle(callId, new SandboxError("timeout", message));
    this.#onIncident({ kind: "timeout", message, restarted: false });
  }

  #incident(kind: "timeout" | "memory", message: string): void {
    if (this.#closed) return;
    const text = kind === "memory" ? "Bot exceeded its memory limit" : message;
    this.#onIncident({ kind, message: text, restarted: true });
    this.#closed = true;
    open.delete(this);
    this.#failAll(new SandboxError("collateral", `Ended because the bot's isolate was restarted: ${text}`));
    this.#receive?.release();
    this.#readCpu();
    if (!this.isolate.isDisposed) this.isolate.dispose();
  }

  #failAll(err: SandboxError): void {
    for (const callId of this.#calls.ids()) this.#settle(callId, err);
  }

  /** Ends a call; `held` bytes of host memory were held for its outcome: handed on with a reply, else given back. */
  #settle(callId: number, result: CallOutcome | SandboxError | NoRoomError, held = 0): void {
    const call = this.#calls.take(callId);
    if (held > 0 && (call === undefined || result instanceof Error || result.status !== "done")) {
      this.host.memory?.release(held);
      held = 0;
    }
    if (!call) return;
    clearTimeout(call.timer);
    if (result instanceof Error) call.reject(result);
    else {
      if (held > 0) (result as SandboxOutcome).heldBytes = held;
      call.resolve(result);
    }
    this.#closeIfRetiredAndIdle();
  }

  #onMessage(text: unknown): void {
    if (this.#closed) return;
    try {
      this.#onEventLoop(() => this.#handleMessage(text));
    } catch (err) {
      // Read when an apply settles, where a throw would be an unhandled rejection, which ends the process.
      this.#logSafely(
        `The gateway failed on a message of the bot's isolate: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  #logSafely(message: string): void {
    try {
      this.host.log("error", message);
    } catch {
      // The bot's log is out of reach: nothing more to do for one message.
    }
  }

  #handleMessage(text: unknown): void {
    // A call is held in the bot's host memory from here (its text's length stands for what its parsed arguments take)
    // until it settles, and a handler's reply until it has been sent; one over the budget is refused before it is
    // even parsed.
    const held = typeof text === "string" && this.host.memory !== undefined ? this.#holdMessage(text) : 0;
    if (held < 0) return;
    const decoded = decodeFromIsolate(text, this.#byHand);
    if (!decoded.ok || (decoded.message.type !== "call" && decoded.message.type !== "outcome")) {
      this.host.memory?.release(held);
    }
    if (!decoded.ok) {
      if (decoded.id !== undefined) this.#reply(decoded.id, { message: `Invalid call: ${decoded.reason}` });
      else this.host.log("error", `The bot's isolate sent an invalid message (${decoded.reason})`);
      return;
    }
    const message = decoded.message;
    if (message.type === "log") {
      this.host.log(message.level, message.message);
      return;
    }
    if (message.type === "outcome") {
      this.#settle(message.callId, message.outcome, held);
      return;
    }
    if (message.type === "over") {
      // The isolate refused a call on its own count, which runs ahead of the host's (the host gives a call's bytes back
      // when it answers, the isolate when it reads the answer): the bot went past its budget either way, so the
      // episode counts as a host refusal would (a strike, once per episode; docs/bot-runtime.md#memory).
      this.host.memory?.over(message.chars);
      return;
    }
    const { id, call } = message;
    if (this.#hostPending[call.kind] >= PENDING_LIMITS[call.kind]) {
      this.host.memory?.release(held);
      this.#reply(id, { message: `Too many pending ${call.kind} calls`, code: "ERR_TOO_MANY_PENDING" });
      return;
    }
    this.#hostPending[call.kind] += 1;
    callTrace?.mark("call");
    this.host.call(call).then(
      (value) => {
        callTrace?.mark("answered");
        this.#hostPending[call.kind] -= 1;
        this.host.memory?.release(held);
        this.#deliverResult(id, value ?? null);
      },
      (err: unknown) => {
        this.#hostPending[call.kind] -= 1;
        this.host.memory?.release(held);
        this.#reply(id, this.host.describe(err, call));
      },
    );
  }

  /**
   * Holds the bytes of a call message or an outcome (a handler's reply) in the bot's host memory: its length when
   * held, 0 for any other message, -1 when it was refused, unparsed: a call is answered with the reason, and a call
   * of the host whose outcome it was fails as a memory error (the bot's budget) or for want of room (the gateway's).
   */
  #holdMessage(text: string): number {
    const match = HELD_PREFIX.exec(text.slice(0, 52));
    if (match === null) return 0;
    const refusal = this.host.memory?.hold(text.length);
    if (refusal === undefined) return text.length;
    const id = Number(match[2]);
    if (match[1] === "call") this.#reply(id, { message: refusal.message, code: memoryErrorCode(refusal) });
    else if (refusal.kind === "gateway") this.#settle(id, new NoRoomError(NO_ROOM_FOR_REPLY));
    else {
      const size = (text.length / 2 ** 20).toFixed(1);
      const message = `The handler's reply (${size} MiB) was refused (ERR_HOST_MEMORY): ${refusal.message}`;
      this.#settle(id, new SandboxError("memory", message));
    }
    return -1;
  }

  /** A host call's result: serialised now, and held in the bot's host memory until the isolate has it. */
  #deliverResult(id: number, value: unknown): void {
    const message: ToIsolate = { type: "reply", id, ok: true, value };
    const memory = this.host.memory;
    if (memory === undefined) {
      this.#deliver(message);
      return;
    }
    if (this.closed) return;
    const text = this.#textOf(message);
    const refusal = memory.hold(text.length);
    if (refusal !== undefined) {
      this.#reply(id, { message: refusal.message, code: memoryErrorCode(refusal) });
      return;
    }
    this.#deliver(message, text, text.length);
  }

  #reply(id: number, error: CallError): void {
    this.#deliver({ type: "reply", id, ok: false, error });
  }
}

/** What a webhook answers (503) when the gateway's budget has no room for its handler's reply. */
const NO_ROOM_FOR_REPLY = "The gateway has no memory free for this bot now; try again shortly";

/** The code bot code sees on a call refused for memory: its own budget, or the gateway's. */
function memoryErrorCode(refusal: HoldRefusal): string {
  return refusal.kind === "bot" ? "ERR_HOST_MEMORY" : "ERR_GATEWAY_MEMORY";
}

/** Classifies what isolated-vm threw. */
export function toSandboxError(err: unknown): SandboxError {
  if (err instanceof SandboxError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (MEMORY.test(message)) return new SandboxError("memory", "Bot exceeded its memory limit");
  if (TIMED_OUT.test(message)) return new SandboxError("timeout", "Bot code ran past its time limit without yielding");
  if (/disposed/i.test(message)) return new SandboxError("closed", "The bot's isolate was closed");
  const stack = err instanceof Error && err.stack ? err.stack : message;
  return new SandboxError("error", stack.slice(0, 2000));
}
