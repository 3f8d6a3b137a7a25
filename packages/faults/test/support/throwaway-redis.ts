/**
 * A redis-server of the test's own on a free port (no persistence: a restart comes back empty), so a fault test can
 * kill and restart it. The shared Redis on 6379 is never touched.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { waitFor } from "@botyard/testing";
import { answers, freePort } from "./ports.js";

/** A running (or killed) throwaway Redis. */
export class ThrowawayRedis {
  #child: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  static async start(): Promise<ThrowawayRedis> {
    const redis = new ThrowawayRedis(await freePort());
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts redis-server on the same port and waits until it accepts connections. */
  async start(): Promise<void> {
    const child = spawn(
      "redis-server",
      ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    this.#child = child;
    const failed = new Promise<never>((_, reject) => child.once("error", reject));
    await Promise.race([failed, waitFor(() => answers(this.port), { what: `redis-server on ${this.port}` })]);
  }

  /** Freezes the server (SIGSTOP): connections stay open and commands get no answer, as from a hung server. */
  pause(): void {
    this.#child?.kill("SIGSTOP");
  }

  /** Lets a paused server go on (SIGCONT). */
  resume(): void {
    this.#child?.kill("SIGCONT");
  }

  /** Kills the server outright (SIGKILL): clients see their connections cut; its data is gone. */
  async kill(): Promise<void> {
    const child = this.#child;
    this.#child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    child.kill("SIGCONT"); // a paused server dies only once it runs again
    await exited;
  }
}
