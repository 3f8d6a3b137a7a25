// The tests of the broadcast state changes, fast enough to run per mutant (stryker.state.config.mjs): the
// repository's on Postgres, the run's on an in-memory repository and a scripted Bot API.
import base from "../../jest.config.base.mjs";
export default {
  ...base,
  testMatch: ["<rootDir>/test/broadcast-repository.test.ts", "<rootDir>/test/broadcast-run.test.ts"],
};
