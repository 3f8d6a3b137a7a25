// The pacer's virtual-clock tests, fast enough to run per mutant (stryker.config.mjs).
import base from "../../jest.config.base.mjs";
export default { ...base, testMatch: ["<rootDir>/test/pacer.test.ts"] };
