/**
 * `botyard-dev run bot.js [--port 8787] [--env-file .env] [--fresh] [--json]`: the bot file run as the platform runs
 * it (the kit's LocalBot), with a chat in the terminal. Each line typed is a message from a test user; `/press <button
 * text>` presses an inline button of the newest message that has it. The bot's Bot API calls are answered by the fake
 * Bot API and printed (text, buttons in brackets, photos by their URL), and so is its log. Custom webhooks answer on
 * `http://127.0.0.1:<port>/custom/local/<path>`. Data is kept in `.botyard-dev/` of the current folder (`--fresh`
 * starts from none). Saving the file reloads the bot. `--json`: the lines come from stdin, and each Bot API call is
 * one JSON line on stdout (`{"method":…,"params":…}`); everything else goes to stderr.
 */
import { spawn } from "node:child_process";
import { existsSync, type FSWatcher, mkdirSync, readFileSync, rmSync, watch, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import type { Command } from "../cli.js";
import { EnvFileError, parseEnvFile } from "../local/env-file.js";
import { canRunIsolates, LocalBot, syntaxErrorOf } from "../local/local-bot.js";
import { formatReply, replyOf } from "../local/updates.js";

const USAGE = `usage: botyard-dev run <bot.js> [--port 8787] [--env-file .env] [--fresh] [--json]
  --port N         custom webhooks on http://127.0.0.1:N/custom/local/<path> (default 8787; 0: any free port)
  --env-file FILE  the bot's environment variables (process.env), NAME=value lines
  --fresh          start with no stored data (deletes .botyard-dev/ first)
  --json           read the messages from stdin; print each Bot API call as one JSON line
In the chat: type a message to send it as the test user; /press <button text> presses an inline button.
`;

/** How long after the last change of the file it is reloaded: editors write a file in several steps. */
const RELOAD_DEBOUNCE_MS = 150;

/** Runs this same command again in a Node that can run isolates (with `--no-node-snapshot`); answers its exit code. */
function again(): Promise<number> {
  const script = process.argv[1];
  if (script === undefined) return Promise.resolve(1);
  const child = spawn(process.execPath, ["--no-node-snapshot", ...process.execArgv, script, ...process.argv.slice(2)], {
    stdio: "inherit",
  });
  // Ctrl-C reaches the child too (the same terminal): it stops the bot and exits, and so do we after it.
  const ignore = () => {};
  process.on("SIGINT", ignore);
  process.on("SIGTERM", () => child.kill("SIGTERM"));
  return new Promise((resolve) => {
    child.on("exit", (code, signal) => {
      process.off("SIGINT", ignore);
      resolve(code ?? (signal ? 1 : 0));
    });
    child.on("error", () => resolve(1));
  });
}

export const command: Command = {
  summary: "run a bot file locally with a chat in the terminal, its webhooks and its data",
  async main(argv) {
    let parsed: ReturnType<typeof parse>;
    try {
      parsed = parse(argv);
    } catch (err) {
      process.stderr.write(`${(err as Error).message}\n${USAGE}`);
      return 2;
    }
    if (parsed.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    if (!canRunIsolates()) return again();
    return run(parsed);
  },
};

interface RunArgs {
  help: boolean;
  file: string;
  port: number;
  envFile: string | undefined;
  fresh: boolean;
  json: boolean;
}

function parse(argv: string[]): RunArgs {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: "string" },
      "env-file": { type: "string" },
      fresh: { type: "boolean" },
      json: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const help = values.help === true;
  const file = positionals[0];
  if (!help && file === undefined) throw new Error("botyard-dev run: name the bot's file");
  if (positionals.length > 1) throw new Error(`botyard-dev run: one file only (got ${positionals.join(", ")})`);
  const port = values.port === undefined ? 8787 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`botyard-dev run: --port must be a port number (got '${values.port}')`);
  }
  return {
    help,
    file: file ?? "",
    port,
    envFile: values["env-file"],
    fresh: values.fresh === true,
    json: values.json === true,
  };
}

async function run(args: RunArgs): Promise<number> {
  const file = path.resolve(args.file);
  const name = path.basename(file);
  const { stdout, stderr } = process;
  // In --json mode stdout carries the Bot API calls alone.
  const say = (text: string) => (args.json ? stderr : stdout).write(`${text}\n`);
  if (!existsSync(file)) {
    stderr.write(`botyard-dev run: no file ${file}\n`);
    return 2;
  }
  let env: Record<string, string> = {};
  if (args.envFile !== undefined) {
    try {
      env = parseEnvFile(readFileSync(path.resolve(args.envFile), "utf8"));
    } catch (err) {
      const reason = err instanceof EnvFileError ? err.message : (err as NodeJS.ErrnoException).code;
      stderr.write(`botyard-dev run: cannot read ${args.envFile}: ${reason}\n`);
      return 2;
    }
  }
  const home = path.resolve(".botyard-dev");
  // One run per folder: two would open the same PGlite data and spoil it.
  const lock = path.join(home, "run.pid");
  const holder = lockHolder(lock);
  if (holder !== undefined) {
    stderr.write(
      `botyard-dev run: another run (pid ${holder}) uses ${home}; stop it first, or run from another folder\n`,
    );
    return 1;
  }
  if (args.fresh) rmSync(home, { recursive: true, force: true });
  mkdirSync(home, { recursive: true });
  writeFileSync(lock, String(process.pid));
  try {
    return await runIn(args, file, name, home, env, say);
  } finally {
    rmSync(lock, { force: true });
  }
}

/** The pid of a live process holding the lock file, or undefined. */
function lockHolder(lock: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(lock, "utf8"));
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: alive, another user's; ESRCH: gone, the lock is stale.
    return (err as NodeJS.ErrnoException).code === "EPERM" ? pid : undefined;
  }
}

async function runIn(
  args: RunArgs,
  file: string,
  name: string,
  home: string,
  env: Record<string, string>,
  say: (text: string) => void,
): Promise<number> {
  const { stdout, stderr } = process;

  const code = readFileSync(file, "utf8");
  const syntax = syntaxErrorOf(code, file);
  if (syntax) say(`error › ${syntax}\n(fix the file and save it: the bot reloads)`);
  let bot: LocalBot;
  try {
    bot = await LocalBot.start({
      file,
      env,
      dataDir: path.join(home, "pglite"),
      port: args.port,
      gatewayEnv: { ALLOW_PRIVATE_EGRESS: process.env.ALLOW_PRIVATE_EGRESS },
    });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const reason =
      e.code === "EADDRINUSE" ? `port ${args.port} is in use; choose another with --port` : (e.message ?? String(e));
    stderr.write(`botyard-dev run: could not start: ${reason}\n`);
    return 1;
  }

  bot.onCall((call) => {
    if (args.json) stdout.write(`${JSON.stringify({ method: call.method, params: call.params })}\n`);
    else say(indent("bot", formatReply(replyOf(call.method, call.params, call.result))));
  });
  bot.onLog((line) => say(indent(line.level === "log" ? "log" : line.level, line.message)));

  say(
    `${name} runs as the platform runs it (data in ${path.relative(process.cwd(), home) || "."}/, ` +
      `version ${bot.codeVersion} of its code)\n` +
      `custom webhooks: ${bot.url}/custom/local/<path>\n` +
      (args.json ? "" : "type a message and press Enter; /press <button text> presses a button; Ctrl-D ends\n"),
  );

  let lastCode = code;
  let timer: NodeJS.Timeout | undefined;
  let reloading = Promise.resolve();
  const reload = () => {
    reloading = reloading.then(async () => {
      let next: string;
      try {
        next = readFileSync(file, "utf8");
      } catch {
        return; // gone for a moment while the editor replaces it: the next event brings it back
      }
      if (next === lastCode) return;
      lastCode = next;
      const error = syntaxErrorOf(next, file);
      if (error) say(`error › ${error}`);
      const version = await bot.reload(next);
      say(`↻ ${name} reloaded (version ${version})${error ? " with the error above" : ""}`);
    });
  };
  // The folder, not the file: editors that save by replacing the file would end a watch on the file itself.
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(path.dirname(file), (_event, changed) => {
      if (changed !== null && changed.toString() !== name) return;
      clearTimeout(timer);
      timer = setTimeout(reload, RELOAD_DEBOUNCE_MS);
    });
  } catch {
    say(`(cannot watch ${path.dirname(file)}: edits will not reload the bot)`);
  }

  const chat = bot.chat({ userId: 1001, firstName: "Test", languageCode: "en" });
  const input = createInterface({ input: process.stdin, terminal: !args.json && process.stdin.isTTY === true });
  const stop = () => input.close();
  input.on("SIGINT", stop);
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  if (!args.json && process.stdin.isTTY) {
    input.setPrompt("you › ");
    input.prompt();
  }
  for await (const raw of input) {
    const line = raw.trim();
    if (line !== "") {
      try {
        const press = /^\/press\s+(.+)$/.exec(line);
        if (press) await chat.press((press[1] as string).trim());
        else await chat.send(line);
      } catch (err) {
        say(`! ${(err as Error).message}`);
      }
    }
    if (!args.json && process.stdin.isTTY) input.prompt();
  }
  clearTimeout(timer);
  watcher?.close();
  await reloading;
  process.off("SIGINT", stop);
  process.off("SIGTERM", stop);
  await bot.close();
  return 0;
}

/** `who › text`, the text's further lines indented under its first. */
function indent(who: string, text: string): string {
  const prefix = `${who} › `;
  return prefix + text.split("\n").join(`\n${" ".repeat(prefix.length)}`);
}
