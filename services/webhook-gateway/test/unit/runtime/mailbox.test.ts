import { describe, expect, it } from "@jest/globals";
import {
  createMailboxSender,
  MAILBOX_HEADER_BYTES,
  MAILBOX_UNITS,
  MAILBOX_WRITE,
} from "../../../src/isolate/mailbox.js";
import { MailboxReader } from "../../../src/runtime/mailbox.js";

/** A writer (the isolate's end) and a reader (the host's) over one mailbox, with the Callback recorded. */
function pair() {
  const received: string[] = [];
  const failures: string[] = [];
  const reader = new MailboxReader(
    (text) => received.push(text),
    (reason) => failures.push(reason),
  );
  /** Callback calls not yet handed to the reader: isolated-vm runs them as later tasks of the event loop. */
  const channel: Array<[string, number]> = [];
  /** Set to make the Callback throw once, as a call at the edge of the stack does. */
  const failNext = { channel: false };
  const send = createMailboxSender(reader.memory, (text, seq) => {
    if (failNext.channel) {
      failNext.channel = false;
      throw new RangeError("Maximum call stack size exceeded");
    }
    channel.push([text, seq]);
  });
  const runChannel = () => {
    for (const [text, seq] of channel.splice(0)) reader.fromChannel(text, seq);
  };
  return { reader, send, received, failures, channel, runChannel, failNext };
}

describe("the isolate's mailbox", () => {
  it("carries every message whole and in order, unicode and lone surrogates included", () => {
    const { reader, send, received, failures } = pair();
    const texts = ["", "a", '{"type":"log","message":"héllo 👋"}', "x\uD800y", "\uDFFF", "漢字".repeat(500)];
    for (const text of texts) send(text);
    expect(reader.drain()).toBe(texts.length);
    expect(received).toEqual(texts);
    expect(failures).toEqual([]);
  });

  it("goes round the ring many times without losing or reordering a message", () => {
    const { reader, send, received, channel, runChannel } = pair();
    const sent: string[] = [];
    let overflowed = 0;
    // Lengths that do not divide the ring, so records straddle its end in every way (a header cut short included).
    for (let i = 0; i < 3000; i += 1) {
      const text = `${i}:`.padEnd((i * 37) % 1500, String.fromCharCode(65 + (i % 26)));
      sent.push(text);
      send(text);
      if (i % 7 === 0) {
        overflowed += channel.length;
        runChannel();
        reader.drain();
      }
    }
    runChannel();
    reader.drain();
    expect(received.length).toBe(sent.length);
    expect(received.findIndex((text, i) => text !== sent[i])).toBe(-1);
    // Both paths were taken: most messages through the ring, some (the ring full) through the Callback.
    expect(overflowed).toBeGreaterThan(0);
    expect(overflowed).toBeLessThan(sent.length / 2);
  });

  it("sends what does not fit through the Callback, and the host reads both paths in the order they were sent", () => {
    const { reader, send, received, channel, runChannel } = pair();
    const big = "b".repeat(MAILBOX_UNITS);
    send("first");
    send(big);
    send("third");
    expect(channel.map(([, seq]) => seq)).toEqual([1]);
    // The ring's third message waits for the second, which has not come through the Callback yet.
    expect(reader.drain()).toBe(1);
    expect(received).toEqual(["first"]);
    runChannel();
    expect(received).toEqual(["first", big, "third"]);
  });

  it("falls back to the Callback while the ring is full, and keeps the order when the Callback comes first", () => {
    const { reader, send, received, runChannel } = pair();
    const sent: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      const text = `${i}`.padEnd(1000, ".");
      sent.push(text);
      send(text);
    }
    // The Callback's messages (the ring filled after about 8) are run before the host drains the ring.
    runChannel();
    reader.drain();
    expect(received).toEqual(sent);
  });

  it("uses the Callback only for what does not fit the ring", () => {
    const { reader, send, received, channel } = pair();
    for (let i = 0; i < 100; i += 1) send(`message ${i}`);
    expect(channel).toEqual([]);
    expect(reader.drain()).toBe(100);
    expect(received.at(-1)).toBe("message 99");
  });

  it("loses only the message whose sending failed, and keeps every later one in order", () => {
    const { reader, send, received, failures, runChannel, failNext } = pair();
    send("before");
    failNext.channel = true;
    expect(() => send("x".repeat(MAILBOX_UNITS))).toThrow(RangeError);
    send("after");
    send("y".repeat(MAILBOX_UNITS));
    send("last");
    runChannel();
    reader.drain();
    expect(received.map((text) => text.slice(0, 6))).toEqual(["before", "after", "yyyyyy", "last"]);
    expect(failures).toEqual([]);
  });

  it("stops reading, and says so once, when the ring holds what the writer never writes", () => {
    const { reader, send, received, failures } = pair();
    send("ok");
    const header = new Int32Array(reader.memory, 0, 2);
    const units = new Uint16Array(reader.memory, MAILBOX_HEADER_BYTES, MAILBOX_UNITS);
    // A record whose length runs past what was written.
    const at = Atomics.load(header, MAILBOX_WRITE);
    units[at] = 500;
    units[at + 2] = 1;
    Atomics.store(header, MAILBOX_WRITE, at + 10);
    reader.drain();
    send("after");
    reader.drain();
    expect(received).toEqual(["ok"]);
    expect(failures).toEqual(["The bot's mailbox holds a record too long"]);
  });
});
