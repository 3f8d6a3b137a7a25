/**
 * Password hashing with argon2id (@node-rs/argon2's defaults: 19 MiB, 2 passes, 1 lane, the OWASP minimum). The
 * stored form is the PHC string, so the parameters travel with each hash and can be raised later.
 *
 * Every hash and verification goes through one gate per process ({@link PasswordHasher}): at most `concurrency` run
 * at once on libuv's thread pool, at most `queue` more wait, and any beyond answer 429 RATE_LIMITED with Retry-After
 * at once. A flood of sign-ups or made-up invites therefore cannot fill the pool that file and DNS work share, nor
 * hold 19 MiB per request.
 *
 * @see docs/dashboard.md#passwords
 */
import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";
import { AppError } from "@botyard/common/errors";

/** Shortest and longest password accepted (the longest bounds the hashing work an attacker can ask for). */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

// argon2id is @node-rs/argon2's default algorithm; stating it keeps that a decision rather than an accident.
const ARGON2ID = 2;

/**
 * Default number of argon2 runs at once: the cores, but never more than libuv's pool less two threads (4 - 2 = 2 by
 * default), so DNS lookups and file reads keep threads of their own. One hash takes about 9 ms of one core here.
 */
export function defaultArgon2Concurrency(
  cores = availableParallelism(),
  poolSize = Number(process.env.UV_THREADPOOL_SIZE) || 4,
): number {
  return Math.max(1, Math.min(cores, poolSize - 2));
}

/** Options of {@link PasswordHasher}. */
export interface PasswordHasherOptions {
  /** argon2 runs at once. @defaultValue {@link defaultArgon2Concurrency} */
  concurrency?: number;
  /** Runs that may wait for a turn; beyond, 429. @defaultValue 16 × concurrency (about 0.2 s of work at 9 ms each) */
  queue?: number;
  /** Called at each run that starts (tests count them; metrics may). */
  onRun?: (kind: "hash" | "verify") => void;
  /** Called at each run refused with 429. */
  onRefused?: () => void;
}

/** Hashes and verifies passwords through a bounded gate. */
export class PasswordHasher {
  readonly concurrency: number;
  readonly queue: number;
  #running = 0;
  readonly #waiting: Array<() => void> = [];
  #dummy: Promise<string> | undefined;

  constructor(private readonly options: PasswordHasherOptions = {}) {
    this.concurrency = options.concurrency ?? defaultArgon2Concurrency();
    this.queue = options.queue ?? this.concurrency * 16;
  }

  /** The PHC string of `password`. */
  hash(password: string): Promise<string> {
    return this.#run("hash", () => hash(password, { algorithm: ARGON2ID }));
  }

  /**
   * True when `password` matches `stored`. With no stored hash (unknown e-mail, or an account that never set a
   * password) a hash is still verified, so the answer takes as long as for a wrong password and does not tell which
   * e-mail addresses have accounts.
   */
  async verify(stored: string | null | undefined, password: string): Promise<boolean> {
    if (!stored) {
      this.#dummy ??= hash("not-a-password-anyone-has", { algorithm: ARGON2ID });
      const dummy = await this.#dummy;
      await this.#run("verify", () => verify(dummy, password).catch(() => false));
      return false;
    }
    return this.#run("verify", () => verify(stored, password).catch(() => false));
  }

  async #run<T>(kind: "hash" | "verify", work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.concurrency) {
      if (this.#waiting.length >= this.queue) {
        this.options.onRefused?.();
        throw new AppError("RATE_LIMITED", "The server is busy checking passwords; try again in a second", {
          headers: { "Retry-After": "1" },
        });
      }
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running++;
    }
    this.options.onRun?.(kind);
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      // The slot passes straight to the next waiter; only when none waits is it freed.
      if (next) next();
      else this.#running--;
    }
  }
}
