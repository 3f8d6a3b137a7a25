// Mutation testing of src/runtime/egress.ts against test/unit/runtime/egress.test.ts (docs/testing.md#mutation-testing).
import { mutationRun } from "./stryker.config.mjs";

export default mutationRun("egress", "src/runtime/egress.ts", "test/unit/runtime/egress.test.ts");
