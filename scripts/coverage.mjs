#!/usr/bin/env node
// `pnpm test:coverage`: the whole suite as `pnpm test` runs it (scripts/test.mjs, one package at a time), each jest
// run also recording V8 coverage of every package's sources (jest.config.base.mjs, BOTYARD_COVERAGE_DIR). The runs
// are merged, so a line counts as covered when any package's tests ran it. Prints one row per package (the isolate's
// modules also on a row of their own), a total, and fails when a row is under the thresholds or a test failed.
// Writes the merged map to coverage/coverage-final.json. What is measured and what is left out:
// docs/testing.md#coverage. `--files` also lists each file under the thresholds with its uncovered lines.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { mergeProcessCovs } from "@bcoe/v8-coverage";
import libCoverage from "istanbul-lib-coverage";
import v8ToIstanbul from "v8-to-istanbul";

/** Thresholds of issue 17, in percent, for every row. */
const LINES = 90;
const BRANCHES = 85;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, "coverage");
const raw = path.join(out, "runs");
const listFiles = process.argv.includes("--files");

/** Rows of the table: each package, plus the isolate's modules (part of the gateway's row as well). */
function rowsOf(file) {
  const rel = path.relative(root, file).split(path.sep).join("/");
  const parts = rel.split("/");
  const pkg = parts[0] === "infra" ? "infra" : `${parts[0]}/${parts[1]}`;
  return rel.startsWith("services/webhook-gateway/src/isolate/") ? [pkg, "  ↳ gateway src/isolate"] : [pkg];
}

function runTests() {
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(raw, { recursive: true });
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, "scripts/test.mjs")], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, BOTYARD_COVERAGE_DIR: raw },
    });
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

/**
 * The raw V8 coverage of every run merged first (as jest merges its test files), then turned into counts through each
 * file's source map; sources that no run loaded come from jest's own JSON, all zero.
 */
/** Sources whose code differed between two package runs (edited during the run). */
const changed = new Set();

async function merge() {
  const runs = fs.readdirSync(raw).map((dir) => path.join(raw, dir));
  const processes = [];
  const transforms = {};
  for (const run of runs) {
    const file = path.join(run, "v8.json");
    if (!fs.existsSync(file)) continue;
    const data = JSON.parse(fs.readFileSync(file, "utf8"));
    processes.push({ result: data.result });
    for (const [url, transform] of Object.entries(data.transforms)) {
      // Offsets from two versions of a file cannot be merged: a source edited between two package runs.
      if (transforms[url] && transforms[url].code !== transform.code) changed.add(path.relative(root, url));
      transforms[url] ??= transform;
    }
  }
  const map = libCoverage.createCoverageMap({});
  for (const script of mergeProcessCovs(processes).result) {
    const t = transforms[script.url];
    const converter = v8ToIstanbul(
      script.url,
      0,
      t?.sourcemap
        ? {
            originalSource: t.originalCode,
            source: t.code,
            sourceMap: { sourcemap: { file: script.url, ...t.sourcemap } },
          }
        : { source: fs.readFileSync(script.url, "utf8") },
    );
    await converter.load();
    converter.applyCoverage(script.functions);
    map.merge(converter.toIstanbul());
  }
  for (const run of runs) {
    const file = path.join(run, "coverage-final.json");
    if (!fs.existsSync(file)) continue;
    for (const [name, data] of Object.entries(JSON.parse(fs.readFileSync(file, "utf8")))) {
      if (!map.files().includes(name)) map.addFileCoverage(data);
    }
  }
  fs.writeFileSync(path.join(out, "coverage-final.json"), JSON.stringify(map.toJSON()));
  if (changed.size > 0) {
    console.log(`coverage: sources changed during the run, their figures are wrong: ${[...changed].join(", ")}`);
  }
  return map;
}

const pct = (m) => (m.total === 0 ? 100 : (100 * m.covered) / m.total);
const cell = (m) => `${pct(m).toFixed(1).padStart(5)} % ${`(${m.covered}/${m.total})`.padEnd(13)}`;

/** Uncovered line ranges of one file, as "12-14, 30". */
function uncoveredLines(fc) {
  const lines = Object.entries(fc.getLineCoverage())
    .filter(([, hits]) => hits === 0)
    .map(([line]) => Number(line))
    .sort((a, b) => a - b);
  const ranges = [];
  for (const line of lines) {
    const last = ranges.at(-1);
    if (last && last[1] === line - 1) last[1] = line;
    else ranges.push([line, line]);
  }
  return ranges.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(", ");
}

function report(map) {
  const rows = new Map();
  const total = libCoverage.createCoverageSummary();
  const weak = [];
  for (const file of map.files().sort()) {
    const fc = map.fileCoverageFor(file);
    const summary = fc.toSummary();
    total.merge(summary);
    for (const row of rowsOf(file)) {
      if (!rows.has(row)) rows.set(row, libCoverage.createCoverageSummary());
      rows.get(row).merge(summary);
    }
    if (pct(summary.lines) < LINES || pct(summary.branches) < BRANCHES) weak.push([file, summary, fc]);
  }
  const width = Math.max(...[...rows.keys()].map((k) => k.length), 5);
  const header = `${"package".padEnd(width)}  ${"lines".padEnd(21)}  ${"branches".padEnd(21)}  functions`;
  console.log(`\ncoverage (V8; thresholds: lines >= ${LINES} %, branches >= ${BRANCHES} %)\n${header}`);
  const below = [];
  for (const [name, s] of [...rows.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const ok = pct(s.lines) >= LINES && pct(s.branches) >= BRANCHES;
    if (!ok) below.push(name.trim());
    console.log(
      `${name.padEnd(width)}  ${cell(s.lines)}  ${cell(s.branches)}  ${cell(s.functions)}${ok ? "" : "  BELOW"}`,
    );
  }
  console.log(`${"total".padEnd(width)}  ${cell(total.lines)}  ${cell(total.branches)}  ${cell(total.functions)}`);
  if (listFiles) {
    console.log("\nfiles under the thresholds (uncovered lines):");
    for (const [file, s, fc] of weak) {
      const name = path.relative(root, file);
      console.log(`${name}  lines ${pct(s.lines).toFixed(1)} %, branches ${pct(s.branches).toFixed(1)} %`);
      console.log(`    ${uncoveredLines(fc)}`);
    }
  }
  return below;
}

// `--report` reads the runs of an earlier `pnpm test:coverage` again without running the tests.
const testCode = process.argv.includes("--report") ? 0 : await runTests();
const below = report(await merge());
if (below.length > 0) console.log(`coverage: under the thresholds: ${below.join(", ")}`);
if (testCode !== 0) console.log("coverage: the tests failed; the figures above are of an incomplete run");
process.exit(testCode === 0 && below.length === 0 && changed.size === 0 ? 0 : 1);
