/**
 * The `botyard-dev` executable as a terminal runs it (a process; in the repository it loads the sources through
 * tsx): the command list, a command's help, and a failure that is one line on stderr and an exit code.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "@jest/globals";
import { EXIT } from "../src/terminal.js";
import { closedPort } from "./terminal.js";

const BIN = fileURLToPath(new URL("../bin/botyard-dev.js", import.meta.url));

function botyardDev(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const { BOTYARD_API_KEY: _key, BOTYARD_URL: _url, ...rest } = process.env;
    execFile(process.execPath, [BIN, ...args], { env: { ...rest, ...env } }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === "number" ? err.code : null) : 0, stdout, stderr });
    });
  });
}

describe("botyard-dev", () => {
  it("lists its commands with --help", async () => {
    const r = await botyardDev(["--help"]);
    expect(r.code).toBe(0);
    for (const name of ["init", "deploy", "logs"]) expect(r.stdout).toMatch(new RegExp(`^  ${name} +\\S`, "m"));
  });

  it("refuses an unknown command with the list on stderr", async () => {
    const r = await botyardDev(["dpeloy"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^unknown command: dpeloy\nusage: botyard-dev <command>/);
  });

  it("prints a command's help", async () => {
    const r = await botyardDev(["deploy", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^usage: botyard-dev deploy <bot\.js> --bot <botId>/);
  });

  it("fails in one line with the network's exit code when the server is not there, without the key", async () => {
    const key = "byk_process_key_never_printed_01";
    const url = `http://127.0.0.1:${await closedPort()}`;
    const r = await botyardDev(["logs", "--bot", "b1"], { BOTYARD_URL: url, BOTYARD_API_KEY: key });
    expect(r.code).toBe(EXIT.network);
    expect(r.stderr).toBe(
      `botyard-dev: cannot reach ${url} (ECONNREFUSED): check BOTYARD_URL and that Botyard is running\n`,
    );
    expect(`${r.stdout}${r.stderr}`).not.toContain(key);
  });
});
