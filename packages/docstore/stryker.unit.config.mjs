// The quick mutation run (pnpm --filter @botyard/docstore test:mutation:unit): update application, the regex policy and
// the SQL the compiler writes, against the database-free tests only. See docs/testing.md#docstore.
import base from "./stryker.config.mjs";

export default {
  ...base,
  jest: { ...base.jest, configFile: "jest.mutation.unit.config.mjs" },
  mutate: ["src/update.ts", "src/values.ts", "src/regex.ts", "src/sql.ts"],
  htmlReporter: { fileName: "reports/mutation-unit/index.html" },
  jsonReporter: { fileName: "reports/mutation-unit/mutation.json" },
};
