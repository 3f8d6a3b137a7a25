/**
 * The isolate's end of its mailbox: a ring of UTF-16 records in memory shared with the host (one writer, this
 * isolate's thread; one reader, the gateway's event loop), through which the isolate's messages reach the host.
 *
 * Why: a message sent through isolated-vm's Callback reaches the event loop as a task, in a later poll phase. Written
 * here, it can be read at once by an event loop that waits for it right after handing the isolate its messages, and
 * a webhook is answered in the turn that read it, as workerd answers (docs/bot-runtime.md#how-bot-code-runs).
 *
 * Every message has a sequence number. One that does not fit the ring goes through the Callback with its number,
 * and the host reads the two paths in that order. When the host is not waiting, the first record written since
 * the host last read rings it through the Callback (with no text).
 */
import { atomics, charCodeAt } from "./intrinsics.js";

/** Int32 slots of the header, before the records. */
export const MAILBOX_WRITE = 0;
export const MAILBOX_READ = 1;
/** 1 while the host waits on the doorbell for this mailbox's records; 0 when it must be rung through the Callback. */
export const MAILBOX_WATCHED = 2;
/** 1 from the ring through the Callback until the host takes it. */
export const MAILBOX_RUNG = 3;
export const MAILBOX_HEADER_BYTES = 16;
/** UTF-16 units of the ring (a power of two): 16 KiB. */
export const MAILBOX_UNITS = 8192;
/** Units before each record's text: its length and its sequence number, each as two units (low first). */
export const RECORD_HEADER_UNITS = 4;
/** A record length that says "the ring goes on at its start". */
export const WRAP = 0xffff;
/** The sequence number the Callback carries for a ring of the doorbell. */
export const RING = -1;

/** The shared memory of one isolate's mailbox. */
export function mailboxBytes(): number {
  return MAILBOX_HEADER_BYTES + MAILBOX_UNITS * 2;
}

/**
 * Builds `send` over the mailbox `memory`, the host-wide `doorbell` (an Int32 the host waits on) and the host's
 * Callback `channel`.
 */
export function createMailboxSender(
  memory: SharedArrayBuffer,
  doorbell: SharedArrayBuffer,
  channel: (text: string, seq: number) => void,
): (text: string) => void {
  const header = new Int32Array(memory, 0, 4);
  const units = new Uint16Array(memory, MAILBOX_HEADER_BYTES, MAILBOX_UNITS);
  const bell = new Int32Array(doorbell, 0, 1);
  const mask = MAILBOX_UNITS - 1;
  let seq = 0;

  const ring = () => {
    if (atomics.load(header, MAILBOX_WATCHED) === 1) {
      atomics.add(bell, 0, 1);
      atomics.notify(bell, 0);
    } else if (atomics.compareExchange(header, MAILBOX_RUNG, 0, 1) === 0) {
      channel("", RING);
    }
  };

  return (text) => {
    const number = seq;
    seq = (seq + 1) | 0;
    const length = text.length;
    const need = RECORD_HEADER_UNITS + length;
    let write = atomics.load(header, MAILBOX_WRITE);
    const free = MAILBOX_UNITS - ((write - atomics.load(header, MAILBOX_READ)) | 0);
    let at = write & mask;
    const toEnd = MAILBOX_UNITS - at;
    const skip = toEnd < need ? toEnd : 0;
    if (length >= WRAP || need + skip > free) {
      channel(text, number);
      return;
    }
    if (skip > 0) {
      // A header that does not fit before the end is skipped by the reader without a mark.
      if (toEnd >= RECORD_HEADER_UNITS) units[at] = WRAP;
      write = (write + skip) | 0;
      at = 0;
    }
    units[at] = length;
    units[at + 1] = 0;
    units[at + 2] = number & 0xffff;
    units[at + 3] = number >>> 16;
    const start = at + RECORD_HEADER_UNITS;
    for (let i = 0; i < length; i += 1) units[start + i] = charCodeAt(text, i);
    atomics.store(header, MAILBOX_WRITE, (write + need) | 0);
    ring();
  };
}
