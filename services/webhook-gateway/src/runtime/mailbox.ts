/**
 * Where a bot isolate's messages reach the host. {@link IsolateInbox} is the door the sandbox uses;
 * {@link MailboxReader}, the host's end of the isolate's mailbox (isolate/mailbox.ts), is the device behind it
 * (runtime/devices.ts, `mailbox`), {@link CallbackInbox} the plain version: every message through isolated-vm's
 * Callback.
 *
 * What the mailbox buys: each message sent through the Callback reaches the event loop as a task of its own (copied,
 * queued, and a wake-up of the event loop). Written to shared memory, the messages of a slice of bot code are read
 * together when the slice's apply ends, which isolated-vm reports anyway: a trivial webhook takes 41 µs of CPU against
 * 52 through the Callback, and the gateway answers about a third more of them a second
 * (bench/README.md#devices-of-the-request-path).
 *
 * What it costs: two paths for one stream. A message that does not fit the ring (16 KiB) still goes through the
 * Callback, so every message carries a sequence number and the reader below puts the two paths back in order, holding
 * what came early; 16 KiB of shared memory per isolate; and a ring format both ends must agree on, checked here (a
 * ring found inconsistent closes the sandbox).
 */
import {
  MAILBOX_HEADER_BYTES,
  MAILBOX_READ,
  MAILBOX_UNITS,
  MAILBOX_WRITE,
  mailboxBytes,
  RECORD_HEADER_UNITS,
  WRAP,
} from "../isolate/mailbox.js";

// Taken once: the host's own globals are not a bot's to change, but a test may evaluate the isolate's bootstrap (which
// deletes `Atomics`) in the same global as this module.
const { load, store } = Atomics;

/** What the host holds at most of a mailbox's out-of-order messages (characters) before it gives up on it. */
const MAX_EARLY_CHARS = 8 * 2 ** 20;

/** The host's end of an isolate's messages, as the sandbox reads them. */
export interface IsolateInbox {
  /** The memory of the isolate's mailbox, set as its `__botyardMailbox`; none: every message comes as a Callback. */
  readonly memory: SharedArrayBuffer | undefined;
  /** A call of the isolate's Callback (`__botyardSend`): a message, and its sequence number. */
  fromChannel(text: unknown, seq: unknown): void;
  /** Hands on the messages that can be read in order now (when an apply of the isolate ends); returns how many. */
  drain(): number;
}

/** The plain inbox: each message handed on as its Callback arrives, in the order isolated-vm delivers them. */
export class CallbackInbox implements IsolateInbox {
  readonly memory = undefined;

  constructor(private readonly deliver: (text: unknown) => void) {}

  fromChannel(text: unknown): void {
    this.deliver(text);
  }

  drain(): number {
    return 0;
  }
}

/** The device: reads the isolate's messages from the shared ring and from the Callback, in the order they were sent. */
export class MailboxReader implements IsolateInbox {
  readonly memory = new SharedArrayBuffer(mailboxBytes());
  readonly #header = new Int32Array(this.memory, 0, 2);
  readonly #units = new Uint16Array(this.memory, MAILBOX_HEADER_BYTES, MAILBOX_UNITS);
  readonly #bytes = Buffer.from(this.memory, MAILBOX_HEADER_BYTES, MAILBOX_UNITS * 2);
  /** The sequence number of the next message to hand on. */
  #expected = 0;
  /** Messages that came through the Callback before the ring's messages sent ahead of them were read. */
  readonly #early = new Map<number, string>();
  #earlyChars = 0;

  /** Set once the ring held what our writer never writes: nothing more is read from it. */
  #broken = false;

  /**
   * `deliver` gets each message in order; `fail` is called once if the ring is found inconsistent (a bug of ours:
   * bot code cannot reach the ring), and the sandbox should then be closed.
   */
  constructor(
    private readonly deliver: (text: string) => void,
    private readonly fail: (reason: string) => void,
  ) {}

  /** A call of the isolate's Callback: a message that did not fit the ring, with its sequence number. */
  fromChannel(text: unknown, seq: unknown): void {
    if (this.#broken) return;
    if (typeof text !== "string" || typeof seq !== "number") {
      this.#break(0, "a message without its number");
      return;
    }
    if (seq === this.#expected) {
      this.#expected = (this.#expected + 1) | 0;
      this.deliver(text);
    } else {
      // Only a message sent ahead of this one and not yet read can come after it: the ring's, read just below.
      this.#early.set(seq, text);
      this.#earlyChars += text.length;
      if (this.#earlyChars > MAX_EARLY_CHARS) {
        this.#break(0, "a gap in its messages");
        return;
      }
    }
    this.drain();
  }

  /** Hands on every message that can be read in order now; returns how many. */
  drain(): number {
    const header = this.#header;
    const units = this.#units;
    let handed = 0;
    while (!this.#broken) {
      const early = this.#early.get(this.#expected);
      if (early !== undefined) {
        this.#early.delete(this.#expected);
        this.#earlyChars -= early.length;
        this.#expected = (this.#expected + 1) | 0;
        handed += 1;
        this.deliver(early);
        continue;
      }
      const read = header[MAILBOX_READ] as number;
      const unread = (load(header, MAILBOX_WRITE) - read) | 0;
      if (unread === 0) return handed;
      const at = read & (MAILBOX_UNITS - 1);
      const toEnd = MAILBOX_UNITS - at;
      if (toEnd < RECORD_HEADER_UNITS || units[at] === WRAP) {
        if (unread < toEnd) return this.#break(handed, "a skip past the records written");
        store(header, MAILBOX_READ, (read + toEnd) | 0);
        continue;
      }
      const length = (units[at] as number) | ((units[at + 1] as number) << 16);
      if (RECORD_HEADER_UNITS + length > Math.min(toEnd, unread)) return this.#break(handed, "a record too long");
      const seq = (units[at + 2] as number) | ((units[at + 3] as number) << 16);
      // A message sent ahead of this one did not fit and comes through the Callback: read on once it has.
      if (seq !== this.#expected) return handed;
      const start = (at + RECORD_HEADER_UNITS) * 2;
      const text = this.#bytes.toString("utf16le", start, start + length * 2);
      store(header, MAILBOX_READ, (read + RECORD_HEADER_UNITS + length) | 0);
      this.#expected = (this.#expected + 1) | 0;
      handed += 1;
      this.deliver(text);
    }
    return handed;
  }

  #break(handed: number, reason: string): number {
    this.#broken = true;
    this.fail(`The bot's mailbox holds ${reason}`);
    return handed;
  }
}
