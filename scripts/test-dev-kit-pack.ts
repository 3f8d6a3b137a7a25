/**
 * `pnpm test:dev-kit-pack`: the bot author's kit as an author gets it, outside this repository. It builds the kit
 * (packages/dev-kit/scripts/build.ts), packs it with `pnpm pack`, installs the tarball with npm into an empty folder
 * (so its npm dependencies, isolated-vm among them, come from the registry and compile there), and in that folder:
 * `npx botyard-dev init`; the starter bot through the CLI (`botyard-dev run bot.js --json`, lines piped in, one JSON
 * line per Bot API call out); and its test with node's test runner (`npm test`, which loads @botyard/dev/testing).
 * Prints one line per check, "dev-kit-pack: N passed, N failed" last, and exits 1 on any failure.
 * KEEP=1 keeps the temporary folder. @see docs/bot-author-kit.md#how-the-kit-is-shipped
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
const work = mkdtempSync(join(tmpdir(), "botyard-dev-kit-pack-"));
const pkg = join(work, "package");
const app = join(work, "app");
/** Past this a step has hung (an install compiles isolated-vm in about a minute on two cores). */
const STEP_TIMEOUT_MS = 10 * 60_000;

let passed = 0;
let failed = 0;
function record(ok: boolean, name: string, detail = ""): boolean {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? "ok" : "not ok"} - ${name}${detail ? `\n${indent(detail)}` : ""}`);
  return ok;
}

const indent = (text: string) =>
  text
    .trim()
    .split("\n")
    .slice(-40)
    .map((l) => `    ${l}`)
    .join("\n");

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function sh(cmd: string, args: string[], cwd: string, input?: string): Run {
  const r = spawnSync(cmd, args, {
    cwd,
    input,
    encoding: "utf8",
    timeout: STEP_TIMEOUT_MS,
    env: { ...process.env, npm_config_update_notifier: "false", npm_config_fund: "false", npm_config_audit: "false" },
  });
  return {
    status: r.status,
    stdout: r.stdout ?? "",
    stderr: `${r.stderr ?? ""}${r.error ? `\n${r.error.message}` : ""}`,
  };
}

const output = (r: Run) => `${r.stdout}\n${r.stderr}`;

function main(): void {
  const started = performance.now();
  const built = sh("node", ["--import", "tsx", "packages/dev-kit/scripts/build.ts", pkg], root);
  if (!record(built.status === 0, "the kit builds", built.status === 0 ? built.stdout.trim() : output(built))) return;
  const manifest = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
  };
  const workspaceDeps = Object.keys(manifest.dependencies ?? {}).filter((d) => d.startsWith("@botyard/"));
  record(workspaceDeps.length === 0, "its package.json names no workspace package", workspaceDeps.join(", "));

  const packed = sh("pnpm", ["pack", "--pack-destination", work], pkg);
  const tarball = readdirSync(work).find((f) => f.endsWith(".tgz"));
  if (!record(packed.status === 0 && tarball !== undefined, "pnpm pack makes a tarball", output(packed))) return;

  mkdirSync(app);
  const botyardDev = join(app, "node_modules", ".bin", "botyard-dev");
  const install = sh("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", join(work, tarball!)], app);
  const installDetail = `${((performance.now() - started) / 1000).toFixed(0)} s since the build`;
  if (
    !record(
      install.status === 0,
      "npm installs it into an empty folder",
      install.status === 0 ? installDetail : output(install),
    )
  )
    return;

  const help = sh(botyardDev, ["--help"], app);
  record(
    help.status === 0 && /init/.test(help.stdout) && /deploy/.test(help.stdout),
    "botyard-dev --help lists the commands",
    output(help),
  );
  const deployHelp = sh(botyardDev, ["deploy", "--help"], app);
  record(
    deployHelp.status === 0 && /--bot <botId>/.test(deployHelp.stdout),
    "botyard-dev deploy --help",
    output(deployHelp),
  );

  const init = sh(botyardDev, ["init"], app);
  const written = ["bot.js", "bot.test.mjs", "jsconfig.json", ".gitignore"].filter((f) => !existsSync(join(app, f)));
  record(
    init.status === 0 && written.length === 0,
    "botyard-dev init writes the starter bot",
    written.length ? `missing ${written.join(", ")}\n${output(init)}` : "",
  );
  const scripts = (JSON.parse(readFileSync(join(app, "package.json"), "utf8")) as { scripts?: Record<string, string> })
    .scripts;
  record(
    /--test/.test(scripts?.test ?? ""),
    "init adds the test script to the existing package.json",
    JSON.stringify(scripts),
  );

  // The chat of the issue's `run --json`: each stdin line a message from the test user, one JSON line per Bot API call.
  const run = sh(botyardDev, ["run", "bot.js", "--json"], app, "/start\n/press Count me\n");
  const calls = run.stdout
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => {
      try {
        return JSON.stringify(JSON.parse(l));
      } catch {
        return `not JSON: ${l}`;
      }
    });
  const greeted = calls.some((c) => c.includes("sendMessage") && c.includes("Hello, ") && c.includes("Count me"));
  const counted = calls.some((c) => c.includes("You pressed 1 time."));
  record(
    run.status === 0 && greeted && counted && !calls.some((c) => c.startsWith("not JSON")),
    "botyard-dev run bot.js --json answers /start and the button press, in JSON lines",
    output(run),
  );

  const test = sh("npm", ["test"], app);
  record(test.status === 0, "the starter test passes with node's test runner (@botyard/dev/testing)", output(test));
}

try {
  main();
} finally {
  if (process.env.KEEP === "1") console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
console.log(`dev-kit-pack: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
