// Shared jest setup: native ESM (got and friends are ESM-only), TypeScript through swc, real services.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.dirname(fileURLToPath(import.meta.url));

/** @type {import('jest').Config} */
const base = {
  testEnvironment: "node",
  extensionsToTreatAsEsm: [".ts"],
  transform: {
    "^.+\\.ts$": [
      "@swc/jest",
      { jsc: { target: "es2022", parser: { syntax: "typescript" } }, module: { type: "es6" } },
    ],
  },
  moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1" },
  testMatch: ["<rootDir>/test/**/*.test.ts"],
  testTimeout: 30000,
};

/**
 * The sources `pnpm test:coverage` measures: every package's and service's `src/`, whichever package's tests run
 * them. Left out, and why (docs/testing.md#coverage):
 * - `main.ts`: process entry points (service wiring, the CLI, the fake Bot API's launcher); the tests that start them
 *   run them in child processes, which the jest process's V8 does not see.
 * - `*.gen.ts`: generated (the api-client's OpenAPI types).
 * - the dashboard (`services/management/web`): runs in Chromium, tested end to end there.
 */
export const coverageSources = [
  "packages/*/src/**/*.ts",
  "services/*/src/**/*.ts",
  "infra/src/**/*.ts",
  "!**/main.ts",
  "!**/*.gen.ts",
  "!**/*.d.ts",
];

/**
 * With BOTYARD_COVERAGE_DIR set (scripts/coverage.mjs), one package's tests also record V8 coverage of every
 * package's sources under BOTYARD_COVERAGE_DIR/<package path>: raw V8 coverage (scripts/coverage-reporter.mjs), and
 * jest's JSON for the sources no test loaded; the script merges the runs. rootDir moves up to the repository so that
 * sources outside the package count; tests are still only the package's own.
 */
function withCoverage(config) {
  const out = process.env.BOTYARD_COVERAGE_DIR;
  if (!out) return config;
  const pkg = process.cwd();
  const rel = path.relative(repoRoot, pkg);
  const srcRoots = [
    path.join(repoRoot, "infra", "src"),
    ...["packages", "services"].flatMap((group) =>
      fs.readdirSync(path.join(repoRoot, group)).map((name) => path.join(repoRoot, group, name, "src")),
    ),
  ];
  return {
    ...config,
    rootDir: repoRoot,
    roots: [pkg, ...srcRoots.filter((dir) => fs.existsSync(dir) && !dir.startsWith(`${pkg}${path.sep}`))],
    testMatch: (config.testMatch ?? []).map((glob) => glob.replace("<rootDir>", pkg)),
    collectCoverage: true,
    coverageProvider: "v8",
    collectCoverageFrom: coverageSources,
    coverageReporters: ["json"],
    coverageDirectory: path.join(out, rel.replaceAll(path.sep, "__")),
    reporters: [
      "default",
      [
        path.join(repoRoot, "scripts/coverage-reporter.mjs"),
        { outputDir: path.join(out, rel.replaceAll(path.sep, "__")) },
      ],
    ],
  };
}

export default withCoverage(base);
