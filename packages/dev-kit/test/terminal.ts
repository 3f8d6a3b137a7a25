/** A terminal for running commands in-process: captured output, an environment of the test's own, and a Ctrl-C. */
import { createServer } from "node:net";
import type { Terminal } from "../src/terminal.js";

/** A local port nothing listens on (one the system just gave and took back). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface TestTerminal {
  terminal: Terminal;
  stdout(): string;
  stderr(): string;
  /** Ctrl-C. */
  interrupt(): void;
}

export function testTerminal(env: Record<string, string | undefined>, cwd = process.cwd()): TestTerminal {
  const out: string[] = [];
  const err: string[] = [];
  const controller = new AbortController();
  return {
    terminal: {
      env,
      cwd,
      signal: controller.signal,
      stdout: { write: (text: string) => out.push(text) },
      stderr: { write: (text: string) => err.push(text) },
    },
    stdout: () => out.join(""),
    stderr: () => err.join(""),
    interrupt: () => controller.abort(),
  };
}
