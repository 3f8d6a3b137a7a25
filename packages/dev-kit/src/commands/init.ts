/**
 * `botyard-dev init [folder]`: a starter bot in folder (default: here): bot.js (/start, a button, the document store
 * and a custom webhook), bot.test.mjs (its first test, node's test runner and @botyard/dev/testing), jsconfig.json
 * (the editor checks bot.js against the bot API's declarations the kit ships), package.json (`npm test`) and
 * .gitignore (with the local runtime's .botyard-dev/). A file that exists is kept, never overwritten: an existing
 * package.json gains only the scripts it lacks, an existing .gitignore only the lines it lacks.
 *
 * @see docs/bot-author-kit.md#init
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { basename, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Command } from "../cli.js";
import { kitPath } from "../kit.js";
import { CliError, EXIT, parseFlags, processTerminal, runCommand, type Terminal } from "../terminal.js";

const USAGE = "usage: botyard-dev init [folder]";

/** Template file → the name it gets (npm leaves `.gitignore` files out of packages, so the template has none). */
const FILES: Record<string, string> = {
  "bot.js": "bot.js",
  "bot.test.mjs": "bot.test.mjs",
  "jsconfig.json": "jsconfig.json",
};

/** The scripts init adds to package.json. isolated-vm, the platform's runtime, needs --no-node-snapshot. */
const SCRIPTS: Record<string, string> = {
  test: "node --no-node-snapshot --test",
  start: "botyard-dev run bot.js",
};

export const command: Command = {
  summary: "write a starter bot, its first test and an editor config into a folder",
  main: (argv) => init(argv, processTerminal()),
};

export async function init(argv: string[], terminal: Terminal): Promise<number> {
  return runCommand(terminal, USAGE, argv, async () => {
    const { values, positionals } = parseFlags(() =>
      parseArgs({
        args: argv,
        allowPositionals: true,
        strict: true,
        options: { help: { type: "boolean", short: "h" } },
      }),
    );
    if (values.help) {
      terminal.stdout.write(`${USAGE}\n`);
      return EXIT.ok;
    }
    if (positionals.length > 1) throw new CliError(EXIT.usage, "give at most one folder");
    const folder = resolve(terminal.cwd, positionals[0] ?? ".");
    await mkdir(folder, { recursive: true });
    const shown = (name: string) => relative(terminal.cwd, join(folder, name)) || name;
    const report = (what: string, name: string) => terminal.stdout.write(`${what.padEnd(8)} ${shown(name)}\n`);

    for (const [template, name] of Object.entries(FILES)) {
      const target = join(folder, name);
      if (existsSync(target)) {
        report("kept", name);
        continue;
      }
      await writeFile(target, await readFile(kitPath("templates", "starter", template), "utf8"));
      report("wrote", name);
    }
    report(await writePackageJson(folder), "package.json");
    report(await writeGitignore(folder), ".gitignore");

    const steps = [`cd ${relative(terminal.cwd, folder) || "."}`];
    if (!existsSync(join(folder, "node_modules", "@botyard", "dev"))) steps.push("npm install --save-dev @botyard/dev");
    steps.push("npx botyard-dev run bot.js", "npm test");
    terminal.stdout.write(`\nNext:\n${steps.map((s) => `  ${s}`).join("\n")}\n`);
    return EXIT.ok;
  });
}

async function writePackageJson(folder: string): Promise<string> {
  const path = join(folder, "package.json");
  if (!existsSync(path)) {
    const name =
      basename(folder)
        .toLowerCase()
        .replace(/[^a-z0-9._-]+/g, "-")
        .replace(/^[._-]+/, "") || "my-bot";
    const manifest = { name, version: "0.1.0", private: true, type: "module", scripts: SCRIPTS };
    await writeFile(path, `${JSON.stringify(manifest, null, 2)}\n`);
    return "wrote";
  }
  let manifest: { scripts?: Record<string, string> } & Record<string, unknown>;
  try {
    manifest = JSON.parse(await readFile(path, "utf8")) as typeof manifest;
  } catch {
    throw new CliError(EXIT.usage, `${path} is not JSON: fix it or remove it, then run init again`);
  }
  const scripts = { ...(manifest.scripts ?? {}) };
  let added = false;
  for (const [key, value] of Object.entries(SCRIPTS)) {
    if (scripts[key] === undefined) {
      scripts[key] = value;
      added = true;
    }
  }
  if (!added) return "kept";
  await writeFile(path, `${JSON.stringify({ ...manifest, scripts }, null, 2)}\n`);
  return "updated";
}

async function writeGitignore(folder: string): Promise<string> {
  const path = join(folder, ".gitignore");
  const wanted = (await readFile(kitPath("templates", "starter", "gitignore"), "utf8")).split("\n").filter(Boolean);
  if (!existsSync(path)) {
    await writeFile(path, `${wanted.join("\n")}\n`);
    return "wrote";
  }
  const text = await readFile(path, "utf8");
  const have = new Set(text.split("\n").map((l) => l.trim()));
  const missing = wanted.filter((l) => !have.has(l));
  if (missing.length === 0) return "kept";
  await writeFile(path, `${text}${text.endsWith("\n") || text === "" ? "" : "\n"}${missing.join("\n")}\n`);
  return "updated";
}
