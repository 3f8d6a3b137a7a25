/**
 * A trace of the steps of host calls, for `pnpm bench:docdb`: where the time of a `db.operation` call made inside a
 * handler goes between the isolate and Postgres (bench/README.md#document-store). Each step is a name and a
 * `process.hrtime.bigint()`.
 *
 * Off unless `BOTYARD_TRACE_HOST_CALLS=1` (docs/operations.md#benchmark-switches): then {@link callTrace} is undefined
 * and each step costs the gateway one test of it. On, steps are kept only between `start()` and `stop()`.
 *
 * Steps are kept in the order they happen in the process, not per call: read them with one call in flight at a time
 * (the benchmark's trace row), where that order is the call's own.
 */

/** A step of a host call, in the order one call passes them. */
export type TraceStep =
  /** The slice of bot code that sent the call ended: isolated-vm resolved the apply (host side). */
  | "sliceEnded"
  /** The call's message was read from the mailbox and decoded. */
  | "call"
  /** The call holds a slot of its bot's limiter and its bot is within its CPU budget: the store runs it from here. */
  | "admitted"
  /** The host call settled (the store answered). */
  | "answered"
  /** The reply was handed to the isolate (the apply was made). */
  | "handed"
  /** Steps the benchmark adds from outside the gateway (its pg pool: a connection acquired, a statement sent…). */
  | `pg:${string}`;

/** The steps recorded between `start` and `stop`. */
export class CallTrace {
  #on = false;
  readonly #steps: TraceStep[] = [];
  readonly #at: bigint[] = [];

  /** Keeps the steps from now on (and forgets any before). */
  start(): void {
    this.#steps.length = 0;
    this.#at.length = 0;
    this.#on = true;
  }

  /** Stops keeping steps; returns those kept since `start`. */
  stop(): Array<{ step: TraceStep; at: bigint }> {
    this.#on = false;
    return this.#steps.map((step, i) => ({ step, at: this.#at[i] as bigint }));
  }

  mark(step: TraceStep): void {
    if (!this.#on) return;
    this.#steps.push(step);
    this.#at.push(process.hrtime.bigint());
  }
}

/** The process's trace when `BOTYARD_TRACE_HOST_CALLS=1`; else undefined. */
export const callTrace: CallTrace | undefined =
  process.env.BOTYARD_TRACE_HOST_CALLS === "1" ? new CallTrace() : undefined;
