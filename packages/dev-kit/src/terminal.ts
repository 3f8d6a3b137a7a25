/**
 * What every command shares with the terminal: where it writes, its environment, how it stops (Ctrl-C), and how a
 * failure becomes one line on stderr and an exit code, never a stack trace (docs/bot-author-kit.md#exit-codes).
 * Commands take a {@link Terminal} so tests run them in-process with their own streams and environment.
 */

/** Where a command reads its settings and writes its output. */
export interface Terminal {
  env: Readonly<Record<string, string | undefined>>;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** The working directory paths are relative to. */
  cwd: string;
  /** Aborted when the command should stop (Ctrl-C); `logs --follow` ends cleanly then. */
  signal: AbortSignal;
  /** The fetch requests go through (tests, proxies). @defaultValue the global fetch */
  fetch?: typeof globalThis.fetch;
}

/** Exit codes of every command. */
export const EXIT = {
  ok: 0,
  /** The server refused the request or failed (the message says why). */
  failed: 1,
  /** A wrong flag, a missing argument or setting, a file that cannot be read. */
  usage: 2,
  /** The API key was refused. */
  auth: 3,
  /** No such bot on that account. */
  notFound: 4,
  /** The server could not be reached, or it is not a Botyard management server. */
  network: 5,
} as const;

/** A failure the user can act on: its message is printed as it is, and the command exits with `exitCode`. */
export class CliError extends Error {
  override readonly name = "CliError";
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** The terminal of the running process; Ctrl-C aborts its signal (a second Ctrl-C exits at once). */
export function processTerminal(): Terminal {
  const controller = new AbortController();
  process.once("SIGINT", () => {
    controller.abort();
    process.once("SIGINT", () => process.exit(130));
  });
  return {
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    signal: controller.signal,
  };
}

/** Runs node's parseArgs (strict); a wrong or unknown flag becomes a usage error naming it. */
export function parseFlags<R>(parse: () => R): R {
  try {
    return parse();
  } catch (err) {
    throw new CliError(EXIT.usage, err instanceof Error ? err.message : String(err));
  }
}

/** What an API key looks like (`byk_…`): masked in any message, wherever it came from. */
const API_KEY = /byk_[A-Za-z0-9_-]+/g;

/**
 * Runs a command's body: its exit code, or a failure's message on stderr and its code. An unexpected error prints its
 * message only: a stack trace helps no bot author, and the message says what failed. Neither ever shows an API key:
 * the key of BOTYARD_API_KEY, those of `argv`'s --api-key, and anything shaped like one are masked.
 */
export async function runCommand(
  terminal: Terminal,
  usage: string,
  argv: readonly string[],
  body: () => Promise<number>,
): Promise<number> {
  try {
    return await body();
  } catch (err) {
    const code = err instanceof CliError ? err.exitCode : EXIT.failed;
    let message = err instanceof CliError ? err.message : `unexpected error: ${errorText(err)}`;
    const secrets = [terminal.env.BOTYARD_API_KEY, ...argv.flatMap((a, i) => (a === "--api-key" ? [argv[i + 1]] : []))];
    for (const a of argv) if (a.startsWith("--api-key=")) secrets.push(a.slice("--api-key=".length));
    for (const secret of secrets) if (secret) message = message.split(secret).join("***");
    message = message.replace(API_KEY, "byk_***");
    terminal.stderr.write(`botyard-dev: ${message}\n`);
    if (code === EXIT.usage) terminal.stderr.write(`${usage}\n`);
    return code;
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
