/**
 * One bot's code in its own V8 isolate. The host talks to it only through JSON text: `runLogic` for custom webhooks,
 * `dispatchUpdate` for Telegram updates. A call that outlives the time limit, or an isolate that runs out of memory,
 * ends with the isolate disposed: that is the one sure way to stop a loop inside async code. The owner of the sandbox
 * then builds a fresh one.
 */
import ivm from "isolated-vm";
import { BOOTSTRAP_SOURCE } from "./bootstrap.js";

/** What bot code can ask of the host. `kind` is db, http or tg; `payload` is JSON text from the isolate. */
export type HostCall = (kind: string, payload: string) => Promise<unknown>;

/** The host side of a sandbox's bridges. */
export interface SandboxHost {
  call: HostCall;
  log(level: string, message: string): void;
}

/** Limits of a sandbox. */
export interface SandboxLimits {
  memoryMb: number;
  timeoutMs: number;
}

/** Why a call into the sandbox failed. */
export type SandboxFailureKind = "timeout" | "memory" | "error" | "disposed";

/** A failed call into bot code; `limit` is true when it counts toward a halt (time or memory). */
export class SandboxError extends Error {
  override readonly name = "SandboxError";
  constructor(readonly kind: SandboxFailureKind, message: string) {
    super(message);
  }
  get limit(): boolean {
    return this.kind === "timeout" || this.kind === "memory";
  }
}

/** The reply of a custom webhook handler as the bot left it. */
export interface LogicResult {
  noHandler?: true;
  statusCode?: unknown;
  headers?: unknown;
  message?: unknown;
  data?: unknown;
}

/** A loaded bot isolate. Create with {@link Sandbox.create}. */
export class Sandbox {
  #disposed = false;
  #disposeReason: SandboxFailureKind | null = null;

  private constructor(
    private readonly isolate: ivm.Isolate,
    private readonly context: ivm.Context,
    private readonly runLogicRef: ivm.Reference,
    private readonly dispatchRef: ivm.Reference,
    private readonly limits: SandboxLimits,
  ) {}

  /** Builds the isolate, installs the globals, and runs the bot's code once. Throws SandboxError on a bad script. */
  static async create(code: string, env: Record<string, string>, host: SandboxHost, limits: SandboxLimits): Promise<Sandbox> {
    const isolate = new ivm.Isolate({ memoryLimit: limits.memoryMb });
    try {
      const context = await isolate.createContext();
      const jail = context.global;
      await jail.set("globalThis", jail.derefInto());
      await jail.set("__hostCall", new ivm.Reference(async (kind: string, payload: string) => {
        try {
          return JSON.stringify({ value: await host.call(String(kind), String(payload)) });
        } catch (err) {
          const e = err as { message?: string; response?: unknown; code?: string };
          return JSON.stringify({ error: { message: String(e.message ?? "host call failed"), response: e.response, code: e.code } });
        }
      }));
      await jail.set("__hostLog", new ivm.Reference((level: string, message: string) => host.log(String(level), String(message))));
      await jail.set("__env", JSON.stringify(env));
      const bootstrap = await isolate.compileScript(BOOTSTRAP_SOURCE, { filename: "botyard:bootstrap" });
      await bootstrap.run(context, { timeout: limits.timeoutMs });
      const runLogicRef = await jail.get("__runLogic", { reference: true });
      const dispatchRef = await jail.get("__dispatchUpdate", { reference: true });
      // The entry points are held by reference now; bot code may overwrite the globals without effect.
      await jail.delete("__runLogic");
      await jail.delete("__dispatchUpdate");
      const sandbox = new Sandbox(isolate, context, runLogicRef, dispatchRef, limits);
      const script = await isolate.compileScript(code, { filename: "bot.js" }).catch((err: Error) => {
        throw new SandboxError("error", `SyntaxError: ${err.message}`);
      });
      // The script's completion value may be any object (`bot.on(…)` returns bot): take it by reference, then drop it.
      const completion = await sandbox.#guard(script.run(context, { timeout: limits.timeoutMs, reference: true }));
      completion.release();
      return sandbox;
    } catch (err) {
      if (!isolate.isDisposed) isolate.dispose();
      throw err instanceof SandboxError ? err : classify(err, null);
    }
  }

  /** True once the isolate is gone (limit hit or evicted); build a new sandbox. */
  get disposed(): boolean {
    return this.#disposed || this.isolate.isDisposed;
  }

  /** Calls `logic[path]` with the webhook's arguments (JSON text); resolves with what the handler left. */
  async runLogic(path: string, argsJson: string): Promise<LogicResult> {
    const text = await this.#guard(this.runLogicRef.apply(undefined, [path, argsJson], { result: { promise: true, copy: true }, timeout: this.limits.timeoutMs }));
    return JSON.parse(String(text)) as LogicResult;
  }

  /** Runs the bot's update handlers on a Telegram update (JSON text). */
  async dispatchUpdate(updateJson: string): Promise<{ handled: boolean }> {
    const text = await this.#guard(this.dispatchRef.apply(undefined, [updateJson], { result: { promise: true, copy: true }, timeout: this.limits.timeoutMs }));
    return JSON.parse(String(text)) as { handled: boolean };
  }

  /** Bytes of heap the isolate uses now. */
  async heapBytes(): Promise<number> {
    const stats = await this.isolate.getHeapStatistics();
    return stats.used_heap_size + stats.externally_allocated_size;
  }

  /** Frees the isolate. */
  dispose(reason: SandboxFailureKind = "disposed"): void {
    this.#disposeReason ??= reason;
    this.#disposed = true;
    if (!this.isolate.isDisposed) this.isolate.dispose();
  }

  /**
   * Waits for `work` but never longer than the time limit: isolated-vm's own timeout covers synchronous runs, this
   * watchdog covers async continuations (a loop after an `await`), by disposing the isolate.
   */
  async #guard<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const watchdog = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.dispose("timeout");
        reject(new SandboxError("timeout", `Handler exceeded ${this.limits.timeoutMs} ms`));
      }, this.limits.timeoutMs + 50);
    });
    try {
      return await Promise.race([work, watchdog]);
    } catch (err) {
      throw classify(err, this);
    } finally {
      clearTimeout(timer);
    }
  }
}

function classify(err: unknown, sandbox: Sandbox | null): SandboxError {
  if (err instanceof SandboxError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/memory limit/i.test(message)) {
    sandbox?.dispose("memory");
    return new SandboxError("memory", "Bot exceeded its memory limit");
  }
  if (/timed out|execution timed out/i.test(message)) {
    sandbox?.dispose("timeout");
    return new SandboxError("timeout", "Handler exceeded its time limit");
  }
  if (/disposed/i.test(message)) return new SandboxError(sandbox?.disposed ? "memory" : "disposed", "Bot isolate was stopped");
  const stack = err instanceof Error && err.stack ? err.stack : message;
  return new SandboxError("error", stack.slice(0, 2000));
}
