// Mutation testing of src/routes/reply.ts against test/unit/routes/reply.test.ts (docs/testing.md#mutation-testing).
import { mutationRun } from "./stryker.config.mjs";

export default mutationRun("reply", "src/routes/reply.ts", "test/unit/routes/reply.test.ts");
