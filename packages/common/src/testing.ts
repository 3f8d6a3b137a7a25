/**
 * Test support shared by every package: wait for what a test can observe instead of sleeping for a guessed time.
 * A sleep that is long enough on an idle laptop is too short on a loaded CI machine, and always too long elsewhere.
 */

/** Options of {@link waitFor}. */
export interface WaitForOptions {
  /**
   * How long the condition may take before the wait fails, in ms.
   * @defaultValue 10000: far above any condition a test waits for, so a failure means "never", not "slow".
   */
  timeout?: number;
  /**
   * Pause between two checks, in ms.
   * @defaultValue 10
   */
  interval?: number;
  /** What was awaited, for the error message. */
  message?: string;
}

/**
 * Checks `condition` until it returns something other than `undefined`, `null` or `false`, and resolves with that
 * value; a check that throws counts as "not yet" (the last error is in the timeout message). Rejects after
 * `timeout` ms.
 */
export async function waitFor<T>(
  condition: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  options: WaitForOptions = {},
): Promise<T> {
  const timeout = options.timeout ?? 10_000;
  const interval = options.interval ?? 10;
  const deadline = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await condition();
      if (value !== undefined && value !== null && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const what = options.message ?? "condition";
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : "";
      throw new Error(`${what} not met within ${timeout} ms${cause}`);
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

/**
 * The message of the `ConfigError` that `load` throws, for tests of a service's settings (each service's
 * `config.test.ts`). Throws when `load` accepts its input, or fails with any other error.
 */
export function configRefusal(load: () => unknown): string {
  try {
    load();
  } catch (err) {
    if (err instanceof Error && err.name === "ConfigError") return err.message;
    throw err;
  }
  throw new Error("the configuration was accepted");
}
