// Mutation testing of filter compilation and update application (docs/testing.md#docstore).
import { fileURLToPath } from "node:url";
import { mutationOptions } from "../../stryker.base.mjs";

// pnpm keeps packages out of core's reach: name the jest runner plugin by its resolved (ESM) path.
const jestRunner = fileURLToPath(import.meta.resolve("@stryker-mutator/jest-runner"));

// Test files share one migrated database instead of creating one per run (test/support.ts); inherited by the runners.
process.env.DOCSTORE_TEST_REUSE_DB = "1";

export default mutationOptions({
  jestRunner,
  jest: { configFile: "jest.mutation.config.mjs" },
  mutate: ["src/jsonpath.ts", "src/sql.ts", "src/regex.ts", "src/update.ts", "src/values.ts"],
  timeoutMS: 5000,
});
