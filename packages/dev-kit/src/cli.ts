/**
 * botyard-dev: the bot author's kit on the command line (docs/bot-author-kit.md).
 * Each subcommand is a module of src/commands/ exporting `main(argv) => exit code`, loaded only when named, so
 * `botyard-dev deploy` never loads the isolate or the embedded Postgres.
 */
import { realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";

export interface Command {
  /** One line for `botyard-dev --help`. */
  summary: string;
  main(argv: string[]): Promise<number>;
}

const COMMANDS = ["init", "run", "deploy", "logs"] as const;

export async function cli(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || !(COMMANDS as readonly string[]).includes(name)) {
    const lines: string[] = [];
    for (const c of COMMANDS) {
      const command = (await load(c).catch(() => null)) as { command?: Command } | null;
      if (command?.command) lines.push(`  ${c.padEnd(8)} ${command.command.summary}`);
    }
    const out = name && name !== "--help" && name !== "-h" ? process.stderr : process.stdout;
    out.write(
      `${name && !name.startsWith("-") ? `unknown command: ${name}\n` : ""}usage: botyard-dev <command>\n${lines.join("\n")}\n`,
    );
    return name && name !== "--help" && name !== "-h" ? 2 : 0;
  }
  const { command } = (await load(name)) as { command: Command };
  return command.main(rest);
}

/**
 * A command's module. The specifier is built in a variable on purpose: a bundler leaves such an import alone, and the
 * kit's build makes each command an entry of its own beside cli.js (scripts/build.ts), so the same relative import
 * finds it in dist as in src.
 */
function load(name: string): Promise<unknown> {
  const specifier = `./commands/${name}.js`;
  return import(specifier);
}

// Run as a program (the bin, or `node --import tsx src/cli.ts`): `botyard-dev <command> …`.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  process.exit(await cli(process.argv.slice(2)));
}
