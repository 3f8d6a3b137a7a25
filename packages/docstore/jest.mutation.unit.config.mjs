// The database-free tests: enough for update application, the regex policy and the SQL text of filters, and fast
// enough to run per mutant (stryker.unit.config.mjs).
import base from "../../jest.config.base.mjs";
export default {
  ...base,
  testMatch: [
    "<rootDir>/test/compile.test.ts",
    "<rootDir>/test/update.test.ts",
    "<rootDir>/test/regex.test.ts",
    "<rootDir>/test/values.test.ts",
  ],
};
