// Mutation testing of the broadcast routes' rules: the service and its SQL (authentication, queueing, withdrawal,
// cancel) against real Postgres and Redis, and the request schemas (docs/testing.md#mutation-testing).
import { fileURLToPath } from "node:url";
import { mutationOptions } from "../../stryker.base.mjs";

// pnpm keeps packages out of core's reach: name the jest runner plugin by its resolved (ESM) path.
const jestRunner = fileURLToPath(import.meta.resolve("@stryker-mutator/jest-runner"));

// The service tests share one migrated database instead of creating one per run; inherited by the test runners.
process.env.BROADCAST_TEST_REUSE_DB = "1";

export default mutationOptions({
  jestRunner,
  jest: { configFile: "jest.mutation.config.mjs" },
  testRunnerNodeArgs: ["--experimental-vm-modules", "--no-node-snapshot"],
  mutate: [
    "src/broadcast/broadcast-service.ts",
    "src/broadcast/broadcast-repository.ts",
    // The request schemas only; the rest of the file describes them for the OpenAPI document.
    "src/broadcast/schemas.ts:1-48",
  ],
  timeoutMS: 10000,
});
