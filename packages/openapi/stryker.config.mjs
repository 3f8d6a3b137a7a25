// Mutation testing of the field schemas and the parse-to-error translation (docs/testing.md#mutation-testing).
import { fileURLToPath } from "node:url";
import { mutationOptions } from "../../stryker.base.mjs";

// pnpm keeps packages out of core's reach: name the jest runner plugin by its resolved (ESM) path.
const jestRunner = fileURLToPath(import.meta.resolve("@stryker-mutator/jest-runner"));

export default mutationOptions({
  jestRunner,
  jest: { configFile: "jest.config.mjs" },
  mutate: ["src/fields.ts", "src/validation.ts"],
  timeoutMS: 5000,
});
