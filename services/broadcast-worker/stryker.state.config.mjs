// Mutation testing of the broadcast state changes (claim, progress, fencing, cancel, completion): the repository's SQL
// against its Postgres tests, the run against its in-memory repository (docs/testing.md#mutation-testing).
import base from "./stryker.config.mjs";

// The repository tests share one migrated database instead of creating one per run (test/support.ts); inherited by
// the test runner processes.
process.env.BROADCAST_TEST_REUSE_DB = "1";

export default {
  ...base,
  jest: { ...base.jest, configFile: "jest.mutation.state.config.mjs" },
  mutate: ["src/broadcast-repository.ts", "src/broadcast-run.ts"],
  disableTypeChecks: "src/{broadcast-repository,broadcast-run}.ts",
  htmlReporter: { fileName: "reports/mutation/state.html" },
  jsonReporter: { fileName: "reports/mutation/state.json" },
};
