#!/usr/bin/env node
// Checks the import boundaries `pnpm lint` guards (docs/testing.md#waiting-in-tests):
// - no runtime code imports the test helpers: a file under services/*/src, infra/src or packages/*/src (but
//   packages/testing itself) that imports `@botyard/testing` or `@botyard/common/testing`, and a service's src/ that
//   imports any `@botyard/<package>/testing`;
// - no code imports the old `@botyard/common` catch-all: an import names its group (`@botyard/common/http`, …; the
//   table is in packages/common/README.md);
// - `@botyard/testing` only in devDependencies of every workspace package.json.
// Prints one line per breach (file:line: what) and exits 1 when there is any.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;

/** The module specifiers a source text imports or re-exports, with their line numbers. */
export function importsOf(text) {
  const found = [];
  for (const [i, line] of text.split("\n").entries()) {
    const code = line.replace(/\/\/.*$/, "");
    if (/^\s*(\*|\/\*)/.test(code)) continue;
    for (const match of code.matchAll(SPECIFIER)) found.push({ line: i + 1, specifier: match[1] });
  }
  return found;
}

/** What is wrong with `specifier` imported from the repository file `file` (a path from the root), or undefined. */
export function importProblem(file, specifier) {
  const runtime = /^(services\/[^/]+|packages\/[^/]+|infra)\/src\//.test(file) && !file.startsWith("packages/testing/");
  if (specifier === "@botyard/common")
    return "imports the @botyard/common catch-all: import its group (packages/common/README.md)";
  if (runtime && (specifier === "@botyard/testing" || specifier === "@botyard/common/testing"))
    return `runtime code imports the test helpers (${specifier})`;
  if (runtime && file.startsWith("services/") && /^@botyard\/[^/]+\/testing$/.test(specifier))
    return `a service's runtime code imports test support (${specifier})`;
  return undefined;
}

/** Every breach in the repository at `root`. */
export function checkRepository(root) {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: root })
    .toString()
    .split("\n")
    .filter((f) => f && fs.existsSync(path.join(root, f)));
  const problems = [];
  for (const file of files.filter((f) => /\.(ts|mts|tsx|mjs|js)$/.test(f) && !f.startsWith("scripts/check-imports."))) {
    for (const { line, specifier } of importsOf(fs.readFileSync(path.join(root, file), "utf8"))) {
      const problem = importProblem(file, specifier);
      if (problem) problems.push(`${file}:${line}: ${problem}`);
    }
  }
  for (const file of files.filter((f) => f === "package.json" || f.endsWith("/package.json"))) {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, file), "utf8"));
    for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
      if (pkg[field]?.["@botyard/testing"])
        problems.push(`${file}: @botyard/testing in ${field}; only devDependencies`);
    }
  }
  return problems;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const problems = checkRepository(root);
  for (const p of problems) console.error(p);
  if (problems.length > 0) {
    console.error(`check-imports: ${problems.length} import(s) across a boundary`);
    process.exit(1);
  }
  console.log("check-imports: runtime code loads no test helper, every import names its group");
}
