/**
 * When the host hands a message to a bot's isolate. {@link Handover} is the door the sandbox uses; {@link inCheckPhase}
 * is the device behind it (runtime/devices.ts, `outbox`), {@link atOnce} the plain version.
 *
 * What the outbox buys: a trivial webhook takes 41 µs of CPU against 50 handed over at once, and the gateway answers
 * about a third more of them a second (bench/README.md#devices-of-the-request-path), for two reasons:
 * - Handed over from `setImmediate`, after the poll phase has read every request that arrived together, the applies
 *   of a turn reach an isolate's thread back to back: it wakes once for them and its lock is rarely contended. Handed
 *   over one by one as each request is parsed, the thread has gone back to sleep by the next, and every call pays a
 *   futex wake across cores.
 * - isolated-vm's `apply` captures the caller's stack trace (ten frames, async ones included) for the promise it
 *   returns, which costs by the frame: from the flush the stack is a few frames deep, from a request's handler it is
 *   the whole of the request's path.
 *
 * What it costs: a message waits for the end of the turn that made it (never longer: the check phase follows the poll
 * phase), and the queue is one for the whole process, across sandboxes, so one turn's applies go out together. Each
 * apply must not throw: a throw would end the flush and the process (the sandbox catches its own).
 */

/** Hands `apply` (which makes one apply to an isolate, and never throws) over: now or later in this turn. */
export type Handover = (apply: () => void) => void;

/** This turn's handovers, in order, across sandboxes. */
const queue: Array<() => void> = [];

function flush(): void {
  // A handover queued while flushing (none is today) is taken by this loop, which reads the length each time.
  for (let i = 0; i < queue.length; i += 1) (queue[i] as () => void)();
  queue.length = 0;
}

/** The device: in this turn's check phase, after every request read in its poll phase. */
export const inCheckPhase: Handover = (apply) => {
  if (queue.length === 0) setImmediate(flush);
  queue.push(apply);
};

/** The plain version: at once, from the caller's stack. */
export const atOnce: Handover = (apply) => apply();
