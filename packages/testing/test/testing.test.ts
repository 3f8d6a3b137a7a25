/** waitFor (testing.ts): resolves with the first value that is not "not yet", and fails with what it waited for. */
import { describe, expect, it } from "@jest/globals";
import { waitFor } from "../src/index.js";

describe("waitFor", () => {
  it("checks until the condition holds and resolves with its value", async () => {
    let checks = 0;
    const value = await waitFor(() => (++checks === 3 ? { checks } : undefined), { intervalMs: 1 });
    expect(value).toEqual({ checks: 3 });
  });

  it("treats false, null and a throwing check as not yet, and 0 or an empty string as a value", async () => {
    const answers: Array<() => unknown> = [
      () => false,
      () => null,
      () => {
        throw new Error("not ready");
      },
      () => 0,
    ];
    let i = 0;
    expect(await waitFor(() => answers[i++]!(), { intervalMs: 1 })).toBe(0);
    expect(await waitFor(async () => "", { intervalMs: 1 })).toBe("");
  });

  it("fails after the timeout, naming what it waited for and the last error", async () => {
    await expect(
      waitFor(
        () => {
          throw new Error("still booting");
        },
        { timeoutMs: 20, intervalMs: 5, what: "the service" },
      ),
    ).rejects.toThrow("waited 20 ms for the service (last error: still booting)");
  });

  it("names the condition by its source when not told what it waits for", async () => {
    const ready = false;
    await expect(waitFor(() => ready, { timeoutMs: 20 })).rejects.toThrow(/^waited 20 ms for `\(\) ?=> ?ready`$/);
  });
});
