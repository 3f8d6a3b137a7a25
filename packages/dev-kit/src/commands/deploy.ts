/**
 * `botyard-dev deploy bot.js --bot <botId> [--message "…"] [--restart] [--auto-rollback]`: saves the file as the
 * bot's next version (editBotCoreLogic) and prints its number (getBot's savedVersion); with --restart, runs it
 * (restartBot), and with --auto-rollback asks the platform to roll back by itself when the new version fails.
 *
 * @see docs/bot-author-kit.md#deploy
 */
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Command } from "../cli.js";
import { call, connect } from "../management.js";
import { CliError, EXIT, parseFlags, processTerminal, runCommand, type Terminal } from "../terminal.js";

const USAGE = `usage: botyard-dev deploy <bot.js> --bot <botId> [--message "…"] [--restart] [--auto-rollback] [--json]
  BOTYARD_API_KEY (or --api-key) and BOTYARD_URL (or --url; default http://127.0.0.1:3000) say where and as whom.`;

export const command: Command = {
  summary: "save a bot file as the bot's next version (--restart runs it)",
  main: (argv) => deploy(argv, processTerminal()),
};

/** What `deploy --json` prints. */
export interface DeployResult {
  botId: string;
  version: number;
  restarted: boolean;
  /** restartBot's msg (with --restart). */
  restart?: string;
}

export async function deploy(argv: string[], terminal: Terminal): Promise<number> {
  return runCommand(terminal, USAGE, argv, async () => {
    const { values, positionals } = parseFlags(() =>
      parseArgs({
        args: argv,
        allowPositionals: true,
        strict: true,
        options: {
          bot: { type: "string" },
          message: { type: "string", short: "m" },
          restart: { type: "boolean" },
          "auto-rollback": { type: "boolean" },
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
    const [file, ...extra] = positionals;
    if (!file || extra.length > 0) throw new CliError(EXIT.usage, "give one bot file");
    const botId = values.bot;
    if (!botId) throw new CliError(EXIT.usage, "--bot <botId> is required");
    // autoRollback is a flag of restartBot: without a restart there is nothing to roll back.
    if (values["auto-rollback"] && !values.restart) throw new CliError(EXIT.usage, "--auto-rollback needs --restart");
    const management = connect(terminal, values);
    const { apiKey } = management;
    let code: string;
    try {
      code = await readFile(resolve(terminal.cwd, file), "utf8");
    } catch (err) {
      const reason = (err as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (err as Error).message;
      throw new CliError(EXIT.usage, `cannot read ${file}: ${reason}`);
    }
    const { client } = management;
    const message = values.message?.trim();
    await call(management, "editBotCoreLogic", botId, () =>
      client.POST("/apiv3/editBotCoreLogic", {
        body: { apiKey, botId, newCode: code, ...(message ? { message } : {}) },
      }),
    );
    // editBotCoreLogic answers no version (the spec's reply); the bot's newest version is the one just saved.
    const { bot } = await call(management, "getBot", botId, () =>
      client.POST("/apiv3/getBot", { body: { apiKey, botId } }),
    );
    const result: DeployResult = { botId, version: bot.savedVersion, restarted: false };
    if (!values.json) terminal.stdout.write(`Saved ${file} as version ${bot.savedVersion} of bot ${botId}\n`);
    if (values.restart) {
      const restarted = await call(management, "restartBot", botId, () =>
        client.POST("/apiv3/restartBot", {
          // Sent only when asked: a server without automatic rollback ignores unknown fields.
          body: { apiKey, botId, ...(values["auto-rollback"] ? { autoRollback: true } : {}) },
        }),
      );
      result.restarted = true;
      result.restart = restarted.msg;
      if (!values.json) terminal.stdout.write(`${restarted.msg}\n`);
    } else if (!values.json) {
      terminal.stdout.write("It runs after the next restart (deploy --restart, or Restart in the dashboard).\n");
    }
    if (values.json) terminal.stdout.write(`${JSON.stringify(result)}\n`);
    return EXIT.ok;
  });
}
