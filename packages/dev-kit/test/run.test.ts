/**
 * `botyard-dev run` as an author uses it: the CLI in a process of its own (started without `--no-node-snapshot`, so
 * it re-runs itself with it), in a folder of its own: `--json` with piped lines, data kept between runs and dropped
 * by `--fresh`, a custom webhook over HTTP, a reload on save, and errors that name the file, line and column.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, test } from "@jest/globals";
import { waitFor } from "@botyard/testing";

const CLI = fileURLToPath(new URL("../src/cli.ts", import.meta.url));
const FIXTURE = fileURLToPath(new URL("./fixtures/greeter.js", import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const folders: string[] = [];

/** A folder of its own, with the fixture bot as bot.js. */
function folder(): { dir: string; file: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "botyard-dev-run-"));
  folders.push(dir);
  const file = path.join(dir, "bot.js");
  copyFileSync(FIXTURE, file);
  return { dir, file };
}

interface Cli {
  child: ChildProcessWithoutNullStreams;
  out: { stdout: string; stderr: string };
  exited: Promise<number | null>;
}

function runCli(dir: string, args: string[]): Cli {
  const child = spawn(process.execPath, ["--import", TSX, CLI, "run", ...args], {
    cwd: dir,
    env: { ...process.env, NODE_OPTIONS: "" },
  });
  const out = { stdout: "", stderr: "" };
  child.stdout.on("data", (c: Buffer) => {
    out.stdout += c.toString();
  });
  child.stderr.on("data", (c: Buffer) => {
    out.stderr += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, out, exited };
}

/** Runs the CLI with `--json` and `lines` piped in; answers the Bot API calls it printed. */
async function piped(dir: string, lines: string[], extra: string[] = []) {
  const cli = runCli(dir, ["bot.js", "--json", "--port", "0", ...extra]);
  cli.child.stdin.end(lines.map((l) => `${l}\n`).join(""));
  const code = await cli.exited;
  expect([code, cli.out.stderr]).toEqual([0, expect.any(String)]);
  return cli.out.stdout
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as { method: string; params: Record<string, unknown> });
}

afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe("botyard-dev run", () => {
  test("--json: one JSON line per Bot API call for piped lines; data kept until --fresh", async () => {
    const { dir } = folder();
    const calls = await piped(dir, ["/start", "/press Yes", "hello"]);
    expect(calls.map((c) => c.method)).toEqual(["sendMessage", "answerCallbackQuery", "sendPhoto", "sendMessage"]);
    expect(calls[0]?.params).toMatchObject({ chat_id: 1001, text: "Hello Test! Ready?" });
    expect(calls[2]?.params).toMatchObject({ photo: "https://example.com/cat.png", caption: "A cat for you" });
    expect(calls[3]?.params).toMatchObject({ text: "You said: hello" });

    const again = await piped(dir, ["count"]);
    expect(again.map((c) => c.params.text)).toEqual(["users: 1, hits: 0"]);
    const fresh = await piped(dir, ["count"], ["--fresh"]);
    expect(fresh.map((c) => c.params.text)).toEqual(["users: 0, hits: 0"]);
    // Three start-ups of the CLI, each with its embedded Postgres, on a machine that may be loaded.
  }, 300_000);

  test("answers custom webhooks, reloads on save, and shows errors at their line and column", async () => {
    const { dir, file } = folder();
    const cli = runCli(dir, ["bot.js", "--json", "--port", "0"]);
    try {
      const base = await waitFor(() => /custom webhooks: (http:\/\/127\.0\.0\.1:\d+)\//.exec(cli.out.stderr)?.[1], {
        what: "the CLI's webhook address",
        timeoutMs: 60_000,
      });
      const hello = async () => {
        const res = await fetch(`${base}/custom/local/hello?name=Ada`);
        return {
          status: res.status,
          header: res.headers.get("x-hi"),
          body: (await res.json()) as Record<string, unknown>,
        };
      };
      expect(await hello()).toEqual({
        status: 200,
        header: "there",
        body: { ok: true, data: { hi: "Ada", method: "GET", path: "/custom/BOT/hello" } },
      });

      const reloaded = (version: number) =>
        waitFor(() => cli.out.stderr.includes(`↻ bot.js reloaded (version ${version})`), {
          what: `version ${version} of the code`,
        });
      writeFileSync(file, 'logic.hello = async (query) => ({ hi: "v2 " + query.name });\n');
      await reloaded(2);
      expect((await hello()).body).toEqual({ ok: true, data: { hi: "v2 Ada" } });

      writeFileSync(
        file,
        "// a bot\n\nlogic.hello = async () => {\n  const user = undefined;\n  return user.name;\n};\n",
      );
      await reloaded(3);
      expect((await hello()).status).toBe(500);
      await waitFor(() => cli.out.stderr.includes(`${file}:5:15`), { what: "the error's file, line and column" });
      expect(cli.out.stderr).toMatch(/TypeError: Cannot read properties of undefined \(reading 'name'\)/);

      writeFileSync(file, "logic.hello = async () => {\n  return 1 +;\n};\n");
      // At once, from the file alone, then from the isolate at the next call: both name the line (and the column).
      await waitFor(() => cli.out.stderr.includes(`error › ${file}:2`), { what: "the syntax error at once" });
      await reloaded(4);
      expect((await hello()).status).toBe(500);
      await waitFor(() => cli.out.stderr.includes(`custom/hello: SyntaxError: Unexpected token ';' [${file}:2:13]`), {
        what: "the call's syntax error",
      });
    } finally {
      cli.child.stdin.end();
    }
    expect(await cli.exited).toBe(0);
  }, 180_000);
});
