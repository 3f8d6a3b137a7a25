/**
 * One poll loop per source in this process, whatever the number of streams reading it: every open log stream of a
 * bot shares one query of its new lines, every broadcast stream of a bot one query of its jobs, each every
 * {@link STREAM_POLL_MS}. A loop starts with its source's first subscriber and stops when the last one leaves.
 * Subscribers join between two polls, so a joiner's catch-up and the polls never interleave.
 *
 * @see docs/dashboard.md#live-logs-and-progress
 */

/** How often a source is polled while anyone reads it. */
export const STREAM_POLL_MS = 500;

/** What a hub polls for one source (a bot's logs, a bot's broadcasts). */
export interface Feed<S> {
  /** Brings a new subscriber up to the feed's position before it joins (a query at most). */
  join(subscriber: S): Promise<void>;
  /** One poll: reads what is new and hands it to the subscribers. */
  poll(subscribers: ReadonlySet<S>): Promise<void>;
}

interface Loop<S> {
  feed: Feed<S>;
  subscribers: Set<S>;
  joining: S[];
  timer: NodeJS.Timeout | undefined;
  stopped: boolean;
}

/** The poll loops of this process, by source key. */
export class LiveHub {
  readonly #loops = new Map<string, Loop<never>>();
  #polls = 0;

  constructor(private readonly pollMs = STREAM_POLL_MS) {}

  /** Number of sources polled now (one per bot and kind, whatever the number of streams). */
  get sources(): number {
    return this.#loops.size;
  }

  /** Polls made since start, all sources together. */
  get polls(): number {
    return this.#polls;
  }

  /**
   * Adds `subscriber` to the loop of `key`, starting it with `create()` when none runs. Returns the function that
   * takes it out again (the loop stops when it was the last).
   */
  subscribe<S>(key: string, create: () => Feed<S>, subscriber: S): () => void {
    let loop = this.#loops.get(key) as Loop<S> | undefined;
    if (!loop) {
      loop = { feed: create(), subscribers: new Set(), joining: [], timer: undefined, stopped: false };
      this.#loops.set(key, loop as unknown as Loop<never>);
      const started = loop;
      setImmediate(() => void this.#tick(key, started));
    }
    loop.joining.push(subscriber);
    const owner = loop;
    return () => {
      owner.subscribers.delete(subscriber);
      owner.joining = owner.joining.filter((s) => s !== subscriber);
      if (owner.subscribers.size === 0 && owner.joining.length === 0) this.#stop(key, owner);
    };
  }

  #stop<S>(key: string, loop: Loop<S>): void {
    loop.stopped = true;
    clearTimeout(loop.timer);
    if (this.#loops.get(key) === (loop as unknown as Loop<never>)) this.#loops.delete(key);
  }

  async #tick<S>(key: string, loop: Loop<S>): Promise<void> {
    if (loop.stopped) return;
    try {
      while (loop.joining.length > 0) {
        const joiner = loop.joining[0]!;
        await loop.feed.join(joiner);
        // Still waiting to join, unless it left while its catch-up ran.
        const at = loop.joining.indexOf(joiner);
        if (at === -1) continue;
        loop.joining.splice(at, 1);
        loop.subscribers.add(joiner);
      }
      if (loop.subscribers.size > 0) {
        this.#polls++;
        await loop.feed.poll(loop.subscribers);
      }
    } catch {
      // Postgres away for a moment: the next tick tries again (a joiner too); the streams stay open.
    }
    if (!loop.stopped) loop.timer = setTimeout(() => void this.#tick(key, loop), this.pollMs);
  }
}
