#!/usr/bin/env node
// Runs every workspace package's tests one package at a time (they share one Postgres and one Redis), passes their
// output through, and closes with one summary line: "tests: N passed, N failed".
import { spawn } from "node:child_process";

const child = spawn("pnpm", ["-r", "--workspace-concurrency=1", "--no-bail", "test"], {
  stdio: ["ignore", "pipe", "pipe"],
});
let passed = 0;
let failed = 0;
const count = (chunk) => {
  for (const line of String(chunk).split("\n")) {
    const m = /^Tests:\s+(.*)$/.exec(line.trim());
    if (!m) continue;
    passed += Number(/(\d+) passed/.exec(m[1])?.[1] ?? 0);
    failed += Number(/(\d+) failed/.exec(m[1])?.[1] ?? 0);
  }
};
child.stdout.on("data", (c) => {
  process.stdout.write(c);
  count(c);
});
child.stderr.on("data", (c) => {
  process.stderr.write(c);
  count(c);
});
child.on("exit", (code) => {
  console.log(`tests: ${passed} passed, ${failed} failed`);
  process.exit(code === 0 && failed === 0 && passed > 0 ? 0 : 1);
});
