/**
 * Memory is budgeted twice. Per bot: every byte a bot makes the host hold for it (its host calls' arguments while they
 * wait and run, their results until the isolate has them, an `axios` response as it downloads, its buffered log
 * lines, its handlers' replies until they are sent) counts against its host budget, and a call that would go past it
 * fails in bot code (a reply past it fails the webhook call). Per gateway: the
 * isolates (each at its measured heap) and all bots' host bytes together stay within the gateway's budget, which the
 * sandbox pool keeps by evicting idle isolates; when nothing is left to evict, loading a bot and holding more bytes are
 * refused instead, so the process is never killed for its memory.
 *
 * @see docs/bot-runtime.md#memory
 */

const MiB = 1024 * 1024;

/** Why bytes could not be held. */
export type HoldRefusal =
  /** The bot's own host budget is spent: its fault, and a strike. */
  | { kind: "bot"; message: string }
  /** The gateway's budget is spent and no idle isolate could be evicted: nobody's fault in particular, no strike. */
  | { kind: "gateway"; message: string };

/** One bot's share of the host's memory, as its host and sandbox use it. */
export interface HostMemoryLedger {
  /** Holds `bytes` for the bot; undefined when held, else why not (then nothing is held). */
  hold(bytes: number): HoldRefusal | undefined;
  /** Gives back bytes held earlier. */
  release(bytes: number): void;
  /**
   * The isolate refused a call of `bytes` on its own count of what the bot holds (src/isolate/bridge.ts): the bot went
   * past its budget as surely as when the host refuses, so the episode counts the same.
   */
  over(bytes: number): void;
}

/** Settings of the budget. */
export interface MemoryBudgetOptions {
  /** Bytes of isolates and host-held bot memory this gateway may use in all (`GATEWAY_MEMORY_MB`). */
  gatewayBytes: number;
  /** Bytes the host may hold for one bot (`BOT_HOST_MEMORY_MB`, by default the isolate limit `BOT_MEMORY_MB`). */
  botHostBytes: number;
  /** Called when a bot first goes past its host budget after being under half of it (one strike per episode). */
  onBotOverBudget?(botId: string, message: string): void;
  clock?: () => number;
}

/** What `/readyz` and `/metrics` show of the budget. */
export interface MemoryReport {
  budgetBytes: number;
  isolateBytes: number;
  hostBytes: number;
  /** True while a load or a hold was refused for want of room within the last {@link PRESSURE_WINDOW_MS}. */
  pressure: boolean;
  /** Refusals so far: holds past a bot's host budget, holds past the gateway's, loads past the gateway's. */
  refusals: { bot: number; gateway: number; load: number };
}

/** How long a refusal for want of room counts as pressure. */
export const PRESSURE_WINDOW_MS = 10_000;

const mib = (bytes: number) => (bytes / MiB).toFixed(1);

/** The gateway's memory ledger: host bytes per bot, isolate bytes in all, and the room left. */
export class MemoryBudget {
  readonly #host = new Map<string, number>();
  /** Bots that went over their host budget and have not yet fallen back under half of it. */
  readonly #over = new Set<string>();
  #hostBytes = 0;
  #isolateBytes = 0;
  #refusedAt = Number.NEGATIVE_INFINITY;
  readonly #refusals = { bot: 0, gateway: 0, load: 0 };
  readonly #clock: () => number;
  /** Frees idle isolates until `bytes` more fit, if it can (the sandbox pool sets it). */
  evictIdle: (bytes: number) => void = () => {};

  constructor(readonly options: MemoryBudgetOptions) {
    this.#clock = options.clock ?? (() => performance.now());
  }

  /** Bytes in use now: isolates plus host-held bot memory. */
  get usedBytes(): number {
    return this.#isolateBytes + this.#hostBytes;
  }

  /** Bytes the host holds for `botId` now. */
  hostBytesOf(botId: string): number {
    return this.#host.get(botId) ?? 0;
  }

  /** The ledger of one bot. */
  ledger(botId: string): HostMemoryLedger {
    return {
      hold: (bytes) => this.hold(botId, bytes),
      release: (bytes) => this.release(botId, bytes),
      over: (bytes) => {
        this.#refuseForBot(botId, this.#host.get(botId) ?? 0, bytes);
      },
    };
  }

  /** Holds `bytes` for `botId`: within its host budget, and within the gateway's once idle isolates are evicted. */
  hold(botId: string, bytes: number): HoldRefusal | undefined {
    if (bytes <= 0) return undefined;
    const held = this.#host.get(botId) ?? 0;
    const { botHostBytes, gatewayBytes } = this.options;
    if (held + bytes > botHostBytes) return this.#refuseForBot(botId, held, bytes);
    if (!this.fits(bytes)) {
      this.#refusals.gateway += 1;
      this.#refusedAt = this.#clock();
      return {
        kind: "gateway",
        message: `the gateway's memory for bots is full (${mib(gatewayBytes)} MiB); try again shortly`,
      };
    }
    this.#host.set(botId, held + bytes);
    this.#hostBytes += bytes;
    return undefined;
  }

  /** A call of `bytes` refused for the bot's own budget: counted, and a strike once per episode. */
  #refuseForBot(botId: string, held: number, bytes: number): HoldRefusal {
    const { botHostBytes } = this.options;
    const message =
      `host memory budget exceeded: ${mib(held)} MiB held for this bot, ${mib(bytes)} MiB more asked ` +
      `(limit ${mib(botHostBytes)} MiB); await some calls before starting more`;
    this.#refusals.bot += 1;
    if (!this.#over.has(botId)) {
      this.#over.add(botId);
      this.options.onBotOverBudget?.(botId, message);
    }
    return { kind: "bot", message };
  }

  release(botId: string, bytes: number): void {
    if (bytes <= 0) return;
    const held = this.#host.get(botId) ?? 0;
    const left = held - bytes;
    this.#hostBytes -= Math.min(held, bytes);
    if (left <= 0) this.#host.delete(botId);
    else this.#host.set(botId, left);
    if (left * 2 <= this.options.botHostBytes) this.#over.delete(botId);
  }

  /** True when `bytes` more fit in the gateway's budget, evicting idle isolates first when they do not. */
  fits(bytes: number): boolean {
    if (this.usedBytes + bytes <= this.options.gatewayBytes) return true;
    this.evictIdle(this.usedBytes + bytes - this.options.gatewayBytes);
    return this.usedBytes + bytes <= this.options.gatewayBytes;
  }

  /** Adds (or, negative, removes) isolate bytes, as the pool loads, measures and frees isolates. */
  addIsolateBytes(delta: number): void {
    this.#isolateBytes += delta;
  }

  /** A load was refused for want of room: the pressure `/readyz` reports. */
  noteRefusal(): void {
    this.#refusals.load += 1;
    this.#refusedAt = this.#clock();
  }

  report(): MemoryReport {
    return {
      budgetBytes: this.options.gatewayBytes,
      isolateBytes: this.#isolateBytes,
      hostBytes: this.#hostBytes,
      pressure: this.#clock() - this.#refusedAt < PRESSURE_WINDOW_MS,
      refusals: { ...this.#refusals },
    };
  }
}

/** Loading a bot was refused: the gateway's budget is full and every loaded isolate is busy. */
export class NoRoomError extends Error {
  override readonly name = "NoRoomError";
}
