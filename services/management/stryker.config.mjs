// Mutation testing of the broadcast routes' rules: the service and its SQL (authentication, queueing, withdrawal,
// cancel) against real Postgres and Redis, and the request schemas (docs/testing.md#mutation-testing).
import { fileURLToPath } from "node:url";

// pnpm keeps packages out of core's reach: name the jest runner plugin by its resolved (ESM) path.
const jestRunner = fileURLToPath(import.meta.resolve("@stryker-mutator/jest-runner"));
// The service tests share one migrated database instead of creating one per run; inherited by the test runners.
process.env.BROADCAST_TEST_REUSE_DB = "1";

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "jest",
  plugins: [jestRunner],
  jest: { projectType: "custom", configFile: "jest.mutation.config.mjs", enableFindRelatedTests: false },
  testRunnerNodeArgs: ["--experimental-vm-modules", "--no-node-snapshot"],
  mutate: [
    "src/broadcast/broadcast-service.ts",
    "src/broadcast/broadcast-repository.ts",
    // The request schemas only; the rest of the file describes them for the OpenAPI document.
    "src/broadcast/schemas.ts:1-48",
  ],
  inPlace: true,
  // "// @ts-nocheck" goes into the mutated files only. By default Stryker writes it into every source and test file
  // of the package and, being in place, puts back at the end the copies it took at the start: edits others made
  // meanwhile would be lost.
  disableTypeChecks: "src/broadcast/{broadcast-service,broadcast-repository,schemas}.ts",
  coverageAnalysis: "perTest",
  concurrency: 2,
  timeoutMS: 10000,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  thresholds: { high: 90, low: 85, break: 85 },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
