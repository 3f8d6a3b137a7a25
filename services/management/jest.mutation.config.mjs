// The broadcast service, repository and request schema tests, fast enough to run per mutant (stryker.config.mjs).
import base from "../../jest.config.base.mjs";
export default {
  ...base,
  testMatch: ["<rootDir>/test/broadcast-service.test.ts", "<rootDir>/test/broadcast-body.test.ts"],
};
