// Mutation testing of src/bots/halt-tracker.ts against test/unit/bots/halt-tracker.test.ts (docs/testing.md#mutation-testing).
import { mutationRun } from "./stryker.config.mjs";

export default mutationRun("halt-tracker", "src/bots/halt-tracker.ts", "test/unit/bots/halt-tracker.test.ts");
