/**
 * `botyard-dev logs --bot <botId> [--follow] [--limit n] [--json]`: the bot's log (getBotLogs), oldest line first.
 * With --follow it polls every --interval ms and prints only the lines it has not printed yet.
 *
 * @see docs/bot-author-kit.md#logs
 */
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import type { components } from "@botyard/api-client";
import type { Command } from "../cli.js";
import { call, connect, type Management } from "../management.js";
import { CliError, EXIT, parseFlags, processTerminal, runCommand, type Terminal } from "../terminal.js";

const USAGE = `usage: botyard-dev logs --bot <botId> [--follow] [--limit 50] [--interval 2000] [--json]
  BOTYARD_API_KEY (or --api-key) and BOTYARD_URL (or --url; default http://127.0.0.1:3000) say where and as whom.`;

/** The most lines getBotLogs gives in one call: the window --follow compares. */
const WINDOW = 200;

export type LogLine = components["schemas"]["LogLine"];

export const command: Command = {
  summary: "print a bot's log (--follow keeps printing new lines)",
  main: (argv) => logs(argv, processTerminal()),
};

export async function logs(argv: string[], terminal: Terminal): Promise<number> {
  return runCommand(terminal, USAGE, argv, async () => {
    const { values, positionals } = parseFlags(() =>
      parseArgs({
        args: argv,
        allowPositionals: true,
        strict: true,
        options: {
          bot: { type: "string" },
          follow: { type: "boolean", short: "f" },
          limit: { type: "string", short: "n" },
          interval: { type: "string" },
          json: { type: "boolean" },
          url: { type: "string" },
          "api-key": { type: "string" },
          help: { type: "boolean", short: "h" },
        },
      }),
    );
    if (values.help) {
      terminal.stdout.write(`${USAGE}\n`);
      return EXIT.ok;
    }
    if (positionals.length > 0) throw new CliError(EXIT.usage, `unexpected argument ${positionals[0]}`);
    const botId = values.bot;
    if (!botId) throw new CliError(EXIT.usage, "--bot <botId> is required");
    const limit = integerFlag("--limit", values.limit, 50, 1, WINDOW);
    const interval = integerFlag("--interval", values.interval, 2000, 10, 3_600_000);
    const management = connect(terminal, values);
    const print = (line: LogLine) =>
      terminal.stdout.write(
        values.json ? `${JSON.stringify(line)}\n` : `${line.at} ${line.level.padEnd(5)} ${line.message}\n`,
      );

    let seen = await window(management, botId, values.follow ? WINDOW : limit);
    for (const line of seen.slice(-limit)) print(line);
    while (values.follow && !terminal.signal.aborted) {
      try {
        await sleep(interval, undefined, { signal: terminal.signal });
      } catch {
        break; // Ctrl-C
      }
      let current: LogLine[];
      try {
        current = await window(management, botId, WINDOW);
      } catch (err) {
        if (terminal.signal.aborted) break;
        throw err;
      }
      const { lines, gap } = unseen(seen, current);
      if (gap)
        terminal.stderr.write(`botyard-dev: more than ${WINDOW} new lines since the last poll; some are not shown\n`);
      for (const line of lines) print(line);
      seen = current;
    }
    return EXIT.ok;
  });
}

/** The newest `limit` lines, oldest first. */
async function window(management: Management, botId: string, limit: number): Promise<LogLine[]> {
  const { client, apiKey } = management;
  const reply = await call(management, "getBotLogs", botId, () =>
    client.POST("/apiv3/getBotLogs", { body: { apiKey, botId, limit } }),
  );
  return [...reply.logs].reverse();
}

function integerFlag(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new CliError(EXIT.usage, `${name} must be an integer from ${min} to ${max}`);
  }
  return n;
}

const same = (a: LogLine, b: LogLine) => a.at === b.at && a.level === b.level && a.message === b.message;

/**
 * The lines of `current` not yet printed, given the window printed before (`previous`); both oldest first. Log lines
 * have no id in the API, so the windows are aligned: the newest position of `current` where the end of `previous`
 * ends too (as much of it as fits) is where the printed lines stop. Lines are compared with their time, so two
 * equal messages logged at different moments are both new. `gap` is true when nothing overlaps although both have
 * lines: more lines arrived than one window holds.
 */
export function unseen(previous: readonly LogLine[], current: readonly LogLine[]): { lines: LogLine[]; gap: boolean } {
  for (let end = current.length - 1; end >= 0; end--) {
    const overlap = Math.min(end + 1, previous.length);
    if (overlap === 0) break;
    let matches = true;
    for (let i = 0; i < overlap && matches; i++) {
      matches = same(current[end - i]!, previous[previous.length - 1 - i]!);
    }
    if (matches) return { lines: current.slice(end + 1), gap: false };
  }
  return { lines: [...current], gap: previous.length > 0 && current.length > 0 };
}
