/**
 * Bot lifecycle events from management to every gateway replica, with "read your restart": once restartBot (or
 * stopBot, deleteBot, setBotEnv) has answered, no gateway starts a call on the old code or state.
 *
 * How it holds, without a database read on every webhook call:
 * - Every member publishes a heartbeat on the events channel every `beatMs`. A gateway trusts what it cached about
 *   bots only until `leaseMs` after the send time of its own last heartbeat that came back to it. Redis delivers a
 *   channel's messages in order, so every event published before that heartbeat has been applied by then. A gateway
 *   cut off from Redis stops trusting its cache within `leaseMs` and reads bot rows from Postgres for every call.
 * - A publisher (management) publishes the event, then waits until every gateway it has heard a heartbeat from
 *   within `leaseMs` has acknowledged it, or until that gateway's lease must have run out. A gateway it has not heard
 *   from within `leaseMs` cannot be trusting its cache. When the publisher's own view is not current (its own
 *   heartbeats are not coming back), it waits the whole lease.
 * So restartBot answers within milliseconds while all gateways are healthy, and within `leaseMs` in the worst case.
 *
 * @see docs/operations.md#bot-events
 */
import { randomUUID } from "node:crypto";
import type { RedisNames } from "./redis/redis.js";
import type { RedisConnection } from "./redis/redis-connection.js";

/** A bot lifecycle event, published after the database row is committed. */
export type BotEvent =
  | { type: "restart"; botId: string; codeVersion: number }
  | { type: "stop"; botId: string }
  | { type: "delete"; botId: string }
  | { type: "env"; botId: string }
  | { type: "token"; botId: string }
  | { type: "create"; botId: string }
  | { type: "halt"; botId: string };

type Wire =
  | { t: "event"; id: string; from: string; event: BotEvent }
  | { t: "ack"; id: string; from: string }
  | { t: "beat"; from: string; role: BusRole; seq: number }
  | { t: "bye"; from: string };

/** A gateway applies events and acknowledges them; a publisher sends them and waits for acknowledgements. */
export type BusRole = "gateway" | "publisher";

/** Options of a {@link BotEventBus}. */
export interface BotEventBusOptions {
  role: BusRole;
  /**
   * How often each member publishes a heartbeat.
   * @defaultValue 250 ms
   */
  beatMs?: number;
  /**
   * How long a gateway trusts its cache after its last heartbeat came back; the longest a restart can wait.
   * @defaultValue 1500 ms
   */
  leaseMs?: number;
  /** Monotonic clock, for tests. @defaultValue performance.now */
  clock?: () => number;
}

const EVENT_TYPES = new Set(["restart", "stop", "delete", "env", "token", "create", "halt"]);

function decode(text: string): Wire | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const w = value as Record<string, unknown>;
  if (typeof w.from !== "string") return undefined;
  if (w.t === "beat" && (w.role === "gateway" || w.role === "publisher") && typeof w.seq === "number") {
    return w as Wire;
  }
  if (w.t === "ack" && typeof w.id === "string") return w as Wire;
  if (w.t === "bye") return w as Wire;
  if (w.t === "event" && typeof w.id === "string" && typeof w.event === "object" && w.event !== null) {
    const e = w.event as Record<string, unknown>;
    if (typeof e.botId === "string" && typeof e.type === "string" && EVENT_TYPES.has(e.type)) return w as Wire;
  }
  return undefined;
}

/** One member of the bot-events channel. Create, `start()`, and `close()` at shutdown. */
export class BotEventBus {
  readonly id = randomUUID();
  readonly #role: BusRole;
  readonly #beatMs: number;
  readonly #leaseMs: number;
  readonly #clock: () => number;
  readonly #handlers: Array<(event: BotEvent) => void> = [];
  readonly #lostHandlers: Array<() => void> = [];
  /** Send times of our own heartbeats that have not come back yet, by sequence number. */
  readonly #beatsSent = new Map<number, number>();
  /** When we last heard each gateway's heartbeat (our clock). */
  readonly #gateways = new Map<string, number>();
  readonly #waiters = new Map<string, { missing: Set<string>; done(): void }>();
  #seq = 0;
  #trustUntil = Number.NEGATIVE_INFINITY;
  #ownBeatBackAt = Number.NEGATIVE_INFINITY;
  #startedAt = Number.NEGATIVE_INFINITY;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly redis: RedisConnection,
    private readonly subscriber: RedisConnection,
    private readonly names: RedisNames,
    options: BotEventBusOptions,
  ) {
    this.#role = options.role;
    this.#beatMs = options.beatMs ?? 250;
    this.#leaseMs = options.leaseMs ?? 1500;
    this.#clock = options.clock ?? (() => performance.now());
    this.subscriber.on("message", (channel: string, text: string) => {
      if (channel === this.names.botEvents) this.#receive(text);
    });
    // Messages published while the subscription is down are lost for good: stop trusting at once, and tell the
    // owner to forget what it cached (trust comes back with the next heartbeat that returns).
    const lost = () => this.#lose();
    this.subscriber.on("close", lost);
    this.subscriber.on("reconnecting", lost);
    this.subscriber.on("end", lost);
  }

  /** The longest a publish waits for acknowledgements. */
  get leaseMs(): number {
    return this.#leaseMs;
  }

  /** Subscribes and starts the heartbeat; resolves once subscribed. */
  async start(): Promise<void> {
    await this.subscriber.subscribe(this.names.botEvents);
    this.#startedAt = this.#clock();
    this.#beat();
    this.#timer = setInterval(() => this.#beat(), this.#beatMs);
    this.#timer.unref();
  }

  /** Gateways: called with every event, before it is acknowledged. */
  onEvent(handler: (event: BotEvent) => void): void {
    this.#handlers.push(handler);
  }

  /**
   * Called when events may have been missed, so caches must be forgotten: the subscription dropped, or trust comes
   * back after it lapsed (the handler runs in the same tick as trust returns, before any other code).
   */
  onLost(handler: () => void): void {
    this.#lostHandlers.push(handler);
  }

  /** True while this member has heard its own heartbeat back within the lease: its cache reflects every event. */
  get trusted(): boolean {
    return this.#clock() < this.#trustUntil;
  }

  /**
   * Publishes `event`. With `awaitAcks`, resolves once no gateway can start a call on the state before it (see the
   * file header); otherwise as soon as Redis took it.
   */
  async publish(event: BotEvent, options: { awaitAcks: boolean }): Promise<void> {
    const id = randomUUID();
    if (!options.awaitAcks) {
      await this.redis.publish(this.names.botEvents, JSON.stringify({ t: "event", id, from: this.id, event }));
      return;
    }
    const now = this.#clock();
    // Our view of live gateways is current when we have listened a whole lease and our own heartbeats come back
    // promptly (so theirs reach us promptly too).
    const viewIsCurrent = now - this.#startedAt >= this.#leaseMs && now - this.#ownBeatBackAt < 2 * this.#beatMs;
    const missing = new Set<string>();
    let deadline = now + this.#leaseMs;
    if (viewIsCurrent) {
      deadline = now;
      for (const [gateway, heardAt] of this.#gateways) {
        if (now - heardAt < this.#leaseMs) {
          missing.add(gateway);
          // Its trust ends a lease after the heartbeat we heard, plus the delivery lag our own beats allow.
          deadline = Math.max(deadline, heardAt + this.#leaseMs + 2 * this.#beatMs);
        }
      }
    }
    let timer: NodeJS.Timeout | undefined;
    const acked = new Promise<void>((resolve) => {
      const done = () => {
        this.#waiters.delete(id);
        clearTimeout(timer);
        resolve();
      };
      this.#waiters.set(id, { missing, done });
      timer = setTimeout(done, Math.max(0, deadline - now));
      if (viewIsCurrent && missing.size === 0) done();
    });
    try {
      await this.redis.publish(this.names.botEvents, JSON.stringify({ t: "event", id, from: this.id, event }));
    } catch (err) {
      this.#waiters.get(id)?.done();
      throw err;
    }
    await acked;
  }

  /** Stops the heartbeat, tells publishers not to wait for us, and unsubscribes. */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    this.#trustUntil = Number.NEGATIVE_INFINITY;
    if (this.#role === "gateway") {
      const bye: Wire = { t: "bye", from: this.id };
      await this.redis.publish(this.names.botEvents, JSON.stringify(bye)).catch(() => {});
    }
    for (const waiter of [...this.#waiters.values()]) waiter.done();
    await this.subscriber.unsubscribe(this.names.botEvents).catch(() => {});
  }

  #lose(): void {
    if (this.#trustUntil === Number.NEGATIVE_INFINITY && this.#beatsSent.size === 0) return;
    this.#trustUntil = Number.NEGATIVE_INFINITY;
    this.#beatsSent.clear();
    for (const handler of this.#lostHandlers) handler();
  }

  #beat(): void {
    const seq = ++this.#seq;
    this.#beatsSent.set(seq, this.#clock());
    // Forget beats that never came back (Redis was away); they cannot extend trust any more.
    for (const [s, at] of this.#beatsSent) if (this.#clock() - at > this.#leaseMs) this.#beatsSent.delete(s);
    const beat: Wire = { t: "beat", from: this.id, role: this.#role, seq };
    this.redis.publish(this.names.botEvents, JSON.stringify(beat)).catch(() => {});
  }

  #receive(text: string): void {
    const wire = decode(text);
    if (!wire) return;
    if (wire.t === "beat") {
      if (wire.from === this.id) {
        const sentAt = this.#beatsSent.get(wire.seq);
        this.#beatsSent.delete(wire.seq);
        const wasTrusted = this.trusted;
        if (sentAt !== undefined) this.#trustUntil = Math.max(this.#trustUntil, sentAt + this.#leaseMs);
        this.#ownBeatBackAt = this.#clock();
        // Trust lapsed without the connection dropping (Redis paused or unreachable, this process stalled): events
        // published meanwhile may never have reached us, so what was cached is forgotten before it is trusted again.
        if (!wasTrusted && this.trusted) for (const handler of this.#lostHandlers) handler();
      } else if (wire.role === "gateway") {
        this.#gateways.set(wire.from, this.#clock());
      }
      return;
    }
    if (wire.t === "bye") {
      this.#gateways.delete(wire.from);
      for (const waiter of [...this.#waiters.values()]) {
        waiter.missing.delete(wire.from);
        if (waiter.missing.size === 0) waiter.done();
      }
      return;
    }
    if (wire.t === "ack") {
      const waiter = this.#waiters.get(wire.id);
      if (waiter) {
        waiter.missing.delete(wire.from);
        if (waiter.missing.size === 0) waiter.done();
      }
      return;
    }
    if (this.#role !== "gateway") return;
    for (const handler of this.#handlers) handler(wire.event);
    const ack: Wire = { t: "ack", id: wire.id, from: this.id };
    this.redis.publish(this.names.botEvents, JSON.stringify(ack)).catch(() => {});
  }
}
