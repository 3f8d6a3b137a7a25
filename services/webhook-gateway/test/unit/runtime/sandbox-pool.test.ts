/**
 * SandboxPool's leases (src/runtime/sandbox-pool.ts): a call to a bot whose sandbox is loaded gets its lease at once,
 * without a promise, and every lease, at once or after a build, is counted until its release. Builds, swaps and
 * incidents with real isolates are tested in test/restart.test.ts.
 */
import { describe, expect, it } from "@jest/globals";
import { type Sandbox, SandboxError } from "../../../src/runtime/sandbox.js";
import { Lease, SandboxPool } from "../../../src/runtime/sandbox-pool.js";

/** What the pool uses of a Sandbox, counting leases: retired, it closes once no lease holds it, as a Sandbox does. */
class FakeSandbox {
  leases = 0;
  retired = false;
  closed = false;
  constructor(readonly fingerprint: string) {}
  lease(): void {
    this.leases += 1;
  }
  unlease(): void {
    this.leases -= 1;
    if (this.retired && this.leases === 0) this.closed = true;
  }
  retire(): void {
    this.retired = true;
    if (this.leases === 0) this.closed = true;
  }
  close(): void {
    this.closed = true;
  }
}

function pool(fingerprints: string[]) {
  let now = 0;
  const built: FakeSandbox[] = [];
  const pool = new SandboxPool(
    async () => {
      const sandbox = new FakeSandbox(fingerprints[built.length] ?? "none");
      built.push(sandbox);
      return { sandbox: sandbox as unknown as Sandbox, fingerprint: sandbox.fingerprint };
    },
    { maxLoaded: 10, idleMs: 1000, clock: () => now },
  );
  return { pool, built, advance: (ms: number) => (now += ms) };
}

describe("SandboxPool leases", () => {
  it("a bot's first call waits for the build; the next calls get the loaded sandbox at once", async () => {
    const { pool: p, built } = pool(["v1"]);
    const first = p.acquire("bot1", "v1");
    expect(first).toBeInstanceOf(Promise);
    const lease = await first;
    const second = p.acquire("bot1", "v1");
    expect(second).toBeInstanceOf(Lease);
    expect((second as Lease).sandbox).toBe(lease.sandbox);
    expect(built).toHaveLength(1);
    expect(built[0]?.leases).toBe(2);
    p.close();
  });

  it("a release counts once, however often it is called, and an idle sandbox is freed only once all are released", async () => {
    const { pool: p, built, advance } = pool(["v1"]);
    const built1 = await p.acquire("bot1", "v1");
    const quick = p.acquire("bot1", "v1") as Lease;
    built1.release();
    built1.release();
    expect(built[0]?.leases).toBe(1);
    advance(5000);
    p.sweep();
    expect(built[0]?.retired).toBe(false); // `quick` still holds it
    quick.release();
    quick.release();
    expect(built[0]?.leases).toBe(0);
    advance(5000);
    p.sweep();
    expect(built[0]?.retired).toBe(true);
    p.close();
  });

  it("a sandbox leased at once stays open through a restart's swap until that lease is released", async () => {
    const { pool: p, built } = pool(["v1", "v2"]);
    (await p.acquire("bot1", "v1")).release();
    const running = p.acquire("bot1", "v1") as Lease;
    const swapped = await p.acquire("bot1", "v2");
    expect(built[0]?.retired).toBe(true);
    expect(running.sandbox.closed).toBe(false); // the call on v1 finishes on v1
    running.release();
    expect(running.sandbox.closed).toBe(true);
    expect(swapped.sandbox.closed).toBe(false);
    p.retire("bot1");
    expect(swapped.sandbox.closed).toBe(false); // a stop waits for the call in flight too
    swapped.release();
    expect(swapped.sandbox.closed).toBe(true);
    p.close();
  });

  it("a new fingerprint is not served at once from the old sandbox: it waits for the new build", async () => {
    const { pool: p, built } = pool(["v1", "v2"]);
    (await p.acquire("bot1", "v1")).release();
    const next = p.acquire("bot1", "v2");
    expect(next).toBeInstanceOf(Promise);
    expect((await next).sandbox).toBe(built[1]);
    expect(built[0]?.retired).toBe(true);
    expect(p.acquire("bot1", "v2")).toBeInstanceOf(Lease);
    p.close();
  });

  it("a failed build rejects its call and counts it out, so an idle sweep frees the slot and the next call builds", async () => {
    let now = 0;
    let builds = 0;
    const p = new SandboxPool(
      async () => {
        builds += 1;
        throw new SandboxError("error", "SyntaxError: Unexpected token");
      },
      { maxLoaded: 10, idleMs: 1000, clock: () => now },
    );
    await expect(p.acquire("bot1", "v1")).rejects.toThrow("Unexpected token");
    // The failure is remembered for this fingerprint: no rebuild until it changes, or the slot is freed.
    await expect(p.acquire("bot1", "v1")).rejects.toThrow("Unexpected token");
    expect(builds).toBe(1);
    now = 5000;
    p.sweep(); // frees the slot only if no call is counted in it
    await expect(p.acquire("bot1", "v1")).rejects.toThrow("Unexpected token");
    expect(builds).toBe(2);
    p.close();
  });
});
