// Mutation testing of filter compilation and update application (docs/testing.md#docstore).
import { fileURLToPath } from "node:url";

// pnpm keeps packages out of core's reach: name the jest runner plugin by its resolved (ESM) path.
const jestRunner = fileURLToPath(import.meta.resolve("@stryker-mutator/jest-runner"));
// Test files share one migrated database instead of creating one per run (test/support.ts); inherited by the runners.
process.env.DOCSTORE_TEST_REUSE_DB = "1";

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "jest",
  plugins: [jestRunner],
  jest: { projectType: "custom", configFile: "jest.mutation.config.mjs", enableFindRelatedTests: false },
  testRunnerNodeArgs: ["--experimental-vm-modules"],
  mutate: ["src/jsonpath.ts", "src/sql.ts", "src/regex.ts", "src/update.ts", "src/values.ts"],
  inPlace: true,
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
