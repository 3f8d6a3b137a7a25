// The database-free tests, fast enough to run per mutant (stryker.config.mjs).
import base from "../../jest.config.base.mjs";
export default {
  ...base,
  testMatch: ["<rootDir>/test/pacer.test.ts", "<rootDir>/test/broadcast-run.test.ts"],
};
