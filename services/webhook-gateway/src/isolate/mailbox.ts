/**
 * The isolate's end of its mailbox: a ring of UTF-16 records in memory shared with the host (one writer, this
 * isolate's thread; one reader, the gateway's event loop), through which the isolate's messages reach the host.
 *
 * A performance device (runtime/devices.ts, `mailbox`): what it buys and what it costs are in runtime/mailbox.ts, the
 * host's end (bench/README.md#devices-of-the-request-path). When the host sets no mailbox, every message goes through
 * the Callback (entry.ts).
 *
 * - Every message has a sequence number. One that does not fit the ring goes through the Callback with its number,
 *   and the host reads the two paths in that order.
 * - A number is spent only once its message is out (published, or taken by the Callback): an exception on the way
 *   (a stack overflow of bot code that called in at the edge of the stack) loses that message alone, never the order.
 */
import { atomics, charCodeAt } from "./intrinsics.js";

/** Int32 slots of the header, before the records. */
export const MAILBOX_WRITE = 0;
export const MAILBOX_READ = 1;
export const MAILBOX_HEADER_BYTES = 8;
/** UTF-16 units of the ring (a power of two): 16 KiB. */
export const MAILBOX_UNITS = 8192;
/** Units before each record's text: its length and its sequence number, each as two units (low first). */
export const RECORD_HEADER_UNITS = 4;
/** A record length that says "the ring goes on at its start". */
export const WRAP = 0xffff;

/** The shared memory of one isolate's mailbox. */
export function mailboxBytes(): number {
  return MAILBOX_HEADER_BYTES + MAILBOX_UNITS * 2;
}

/** Builds `send` over the mailbox `memory` and the host's Callback `channel` (for what does not fit). */
export function createMailboxSender(
  memory: SharedArrayBuffer,
  channel: (text: string, seq: number) => void,
): (text: string) => void {
  const header = new Int32Array(memory, 0, 2);
  const units = new Uint16Array(memory, MAILBOX_HEADER_BYTES, MAILBOX_UNITS);
  const mask = MAILBOX_UNITS - 1;
  let seq = 0;
  return (text) => {
    const number = seq;
    const length = text.length;
    const need = RECORD_HEADER_UNITS + length;
    let write = atomics.load(header, MAILBOX_WRITE);
    const free = MAILBOX_UNITS - ((write - atomics.load(header, MAILBOX_READ)) | 0);
    let at = write & mask;
    const toEnd = MAILBOX_UNITS - at;
    const skip = toEnd < need ? toEnd : 0;
    if (length >= WRAP || need + skip > free) {
      channel(text, number);
      seq = (number + 1) | 0;
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
    seq = (number + 1) | 0;
  };
}
