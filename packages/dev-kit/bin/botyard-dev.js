#!/usr/bin/env node
// botyard-dev's executable. isolated-vm (the platform's bot runtime, which `run` and the test helpers use) needs
// Node's --no-node-snapshot, so the first start runs node again with it, passing the terminal through. The installed
// kit loads its bundle (lib/cli.js, made by scripts/build.ts); in the repository, where there is none, the sources
// through tsx. See docs/bot-author-kit.md.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

if (!process.execArgv.includes("--no-node-snapshot")) {
  const child = spawn(
    process.execPath,
    ["--no-node-snapshot", ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { stdio: "inherit" },
  );
  // Ctrl-C reaches the child too (same process group); this process only waits for it and mirrors its exit.
  process.on("SIGINT", () => {});
  process.on("SIGTERM", () => child.kill("SIGTERM"));
  child.on("exit", (code, signal) => {
    if (!signal) process.exit(code ?? 1);
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  });
} else {
  const bundle = new URL("../lib/cli.js", import.meta.url);
  const sources = async () => {
    const { register } = await import("tsx/esm/api");
    register();
    return import(new URL("../src/cli.ts", import.meta.url).href);
  };
  const { cli } = existsSync(fileURLToPath(bundle)) ? await import(bundle.href) : await sources();
  process.exitCode = await cli(process.argv.slice(2));
}
