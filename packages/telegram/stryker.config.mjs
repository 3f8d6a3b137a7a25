// Mutation testing of the Bot API client and its errors (pnpm --filter @botyard/telegram test:mutation).
// See docs/testing.md#mutation-testing.
import { fileURLToPath } from "node:url";

// pnpm keeps packages out of core's reach: name the jest runner plugin by its resolved (ESM) path.
const jestRunner = fileURLToPath(import.meta.resolve("@stryker-mutator/jest-runner"));

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "jest",
  plugins: [jestRunner],
  jest: { projectType: "custom", configFile: "jest.config.mjs", enableFindRelatedTests: false },
  testRunnerNodeArgs: ["--experimental-vm-modules"],
  mutate: ["src/client.ts", "src/errors.ts"],
  inPlace: true,
  // Only the mutated files are rewritten in place. Stryker's default also writes `// @ts-nocheck` into every other
  // source and test file and restores them all at the end, undoing edits made meanwhile in a shared tree.
  disableTypeChecks: false,
  coverageAnalysis: "perTest",
  // The machine's two cores are shared with other work.
  concurrency: 2,
  // Under load a slow run is not a hanging one: a generous timeout keeps "timed out" for mutants that hang.
  timeoutMS: 15000,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  thresholds: { high: 90, low: 85, break: 85 },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
