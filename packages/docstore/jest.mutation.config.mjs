// The tests the mutation run uses (pnpm test:mutation:docstore): fast, deterministic, each naming the case it checks.
// The differential, limits and index tests run in `pnpm test`; they are too slow to repeat for every mutant.
import base from "../../jest.config.base.mjs";
export default {
  ...base,
  testMatch: [
    "<rootDir>/test/compile.test.ts",
    "<rootDir>/test/semantics.test.ts",
    "<rootDir>/test/update.test.ts",
    "<rootDir>/test/regex.test.ts",
    "<rootDir>/test/values.test.ts",
    "<rootDir>/test/errors.test.ts",
  ],
};
