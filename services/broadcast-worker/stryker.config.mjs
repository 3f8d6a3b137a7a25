// Mutation testing of the pacer against its virtual-clock unit tests (docs/testing.md#mutation-testing).
import { fileURLToPath } from "node:url";
import { mutationOptions } from "../../stryker.base.mjs";

// pnpm keeps packages out of core's reach: name the jest runner plugin by its resolved (ESM) path.
const jestRunner = fileURLToPath(import.meta.resolve("@stryker-mutator/jest-runner"));

export default mutationOptions({
  jestRunner,
  jest: { configFile: "jest.mutation.unit.config.mjs" },
  mutate: ["src/pacer.ts"],
  timeoutMS: 5000,
  report: "pacer",
});
