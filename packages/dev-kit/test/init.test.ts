/**
 * `botyard-dev init`: the starter files, kept when they exist, and a bot.js that typechecks (checkJs, strict) against
 * the bot API's declarations through the jsconfig.json init writes, as an author's editor reads it.
 */
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import ts from "typescript";
import { init } from "../src/commands/init.js";
import { kitRoot } from "../src/kit.js";
import { EXIT } from "../src/terminal.js";
import { testTerminal } from "./terminal.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "botyard-dev-init-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The errors tsc reports for the project of `jsconfig.json` in `folder`, one line each. */
function typecheck(folder: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(folder, "jsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  )!;
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
  return [...config.errors, ...ts.getPreEmitDiagnostics(program)].map((d) => {
    const where = d.file ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: ` : "";
    return `${where}${ts.flattenDiagnosticMessageText(d.messageText, " ")}`;
  });
}

describe("init", () => {
  it("writes the starter bot, its test, the editor config, package.json and .gitignore into a new folder", async () => {
    const t = testTerminal({}, dir);
    expect(await init(["my-bot"], t.terminal)).toBe(EXIT.ok);
    const folder = join(dir, "my-bot");
    for (const name of ["bot.js", "bot.test.mjs", "jsconfig.json", "package.json", ".gitignore"]) {
      expect(t.stdout()).toContain(`wrote    ${join("my-bot", name)}`);
    }
    expect(t.stdout()).toContain("npm install --save-dev @botyard/dev");
    const manifest = JSON.parse(await readFile(join(folder, "package.json"), "utf8"));
    expect(manifest).toMatchObject({
      name: "my-bot",
      type: "module",
      scripts: { test: expect.stringMatching(/^node .*--test$/) },
    });
    expect((await readFile(join(folder, ".gitignore"), "utf8")).split("\n")).toContain(".botyard-dev/");
    const bot = await readFile(join(folder, "bot.js"), "utf8");
    for (const use of ["bot.start(", "inline_keyboard", "bot.action(", "db.operation.", "logic["])
      expect(bot).toContain(use);
    expect(await readFile(join(folder, "bot.test.mjs"), "utf8")).toContain('from "@botyard/dev/testing"');
  });

  it("keeps what exists: files untouched, package.json and .gitignore only gain what they lack", async () => {
    const folder = join(dir, "existing");
    await mkdir(folder);
    await writeFile(join(folder, "bot.js"), "// mine\n");
    await writeFile(
      join(folder, "package.json"),
      JSON.stringify({ name: "x", scripts: { test: "jest" }, dependencies: { a: "1" } }),
    );
    await writeFile(join(folder, ".gitignore"), "dist/");
    const t = testTerminal({}, folder);
    expect(await init([], t.terminal)).toBe(EXIT.ok);
    expect(t.stdout()).toContain("kept     bot.js");
    expect(await readFile(join(folder, "bot.js"), "utf8")).toBe("// mine\n");
    const manifest = JSON.parse(await readFile(join(folder, "package.json"), "utf8"));
    expect(manifest).toEqual({
      name: "x",
      scripts: { test: "jest", start: "botyard-dev run bot.js" },
      dependencies: { a: "1" },
    });
    expect(await readFile(join(folder, ".gitignore"), "utf8")).toBe("dist/\nnode_modules/\n.botyard-dev/\n.env\n");
    const again = testTerminal({}, folder);
    expect(await init([], again.terminal)).toBe(EXIT.ok);
    expect(again.stdout()).not.toMatch(/^(wrote|updated)/m);
  });

  it("refuses a package.json that is not JSON, and a second folder", async () => {
    const folder = join(dir, "broken");
    await mkdir(folder);
    await writeFile(join(folder, "package.json"), "{");
    const t = testTerminal({}, folder);
    expect(await init([], t.terminal)).toBe(EXIT.usage);
    expect(t.stderr()).toMatch(/package\.json is not JSON/);
    expect(await init(["a", "b"], testTerminal({}, dir).terminal)).toBe(EXIT.usage);
  });

  it("writes a bot.js that typechecks against the shipped declarations through its jsconfig.json", async () => {
    const folder = join(dir, "typed");
    expect(await init(["typed"], testTerminal({}, dir).terminal)).toBe(EXIT.ok);
    // As `npm install --save-dev @botyard/dev` would place the kit.
    await mkdir(join(folder, "node_modules", "@botyard"), { recursive: true });
    await symlink(kitRoot(), join(folder, "node_modules", "@botyard", "dev"), "dir");
    expect(typecheck(folder)).toEqual([]);
    // The check is real: a call the bot API does not have fails it.
    await writeFile(
      join(folder, "bot.js"),
      `${await readFile(join(folder, "bot.js"), "utf8")}\nbot.sendMessage(1, "x");\n`,
    );
    expect(typecheck(folder)).toEqual([
      expect.stringMatching(/bot\.js:\d+: Property 'sendMessage' does not exist on type 'Bot'/),
    ]);
  });
});
