// Mutation testing of the field schemas and the parse-to-error translation (docs/testing.md#mutation-testing).
import { fileURLToPath } from "node:url";

// pnpm keeps packages out of core's reach: name the jest runner plugin by its resolved (ESM) path.
const jestRunner = fileURLToPath(import.meta.resolve("@stryker-mutator/jest-runner"));

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "jest",
  plugins: [jestRunner],
  jest: { projectType: "custom", configFile: "jest.config.mjs", enableFindRelatedTests: false },
  testRunnerNodeArgs: ["--experimental-vm-modules"],
  mutate: ["src/fields.ts", "src/validation.ts"],
  inPlace: true,
  // "// @ts-nocheck" goes into the mutated files only. By default Stryker writes it into every source and test file
  // of the package and, being in place, puts back at the end the copies it took at the start: edits others made
  // meanwhile would be lost.
  disableTypeChecks: "src/{fields,validation}.ts",
  coverageAnalysis: "perTest",
  concurrency: 2,
  timeoutMS: 5000,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  thresholds: { high: 90, low: 85, break: 85 },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
