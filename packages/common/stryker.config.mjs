// Mutation testing of @botyard/common (pnpm --filter @botyard/common test:mutation runs the four groups below in
// turn). Each group mutates a few modules against their own tests only: module-level tables (the error catalogue, the
// redaction paths, the config schema) make "static" mutants that run every test of their run, so small runs are fast.
// Left out: bot-events.ts and service/ (pub/sub over Redis and process signals, tested end to end by their own
// suites), metrics.ts (express middleware).
// See docs/testing.md#mutation-testing.
import { fileURLToPath } from "node:url";
import base from "../../jest.config.base.mjs";
import { mutationOptions } from "../../stryker.base.mjs";

// pnpm keeps packages out of core's reach: name the jest runner plugin by its resolved (ESM) path.
const jestRunner = fileURLToPath(import.meta.resolve("@stryker-mutator/jest-runner"));

/** The modules (src/<path>.ts) and tests (test/<name>.test.ts) of each run. */
export const groups = {
  errors: { modules: ["errors", "http/methods", "http/http-errors"], tests: ["errors", "methods", "http-errors"] },
  config: {
    modules: ["config/config", "redis/redis-connection", "redis/redis"],
    tests: ["config", "redis-connection", "redis"],
  },
  crypto: { modules: ["crypto", "documents"], tests: ["crypto", "documents"] },
  logger: { modules: ["logging"], tests: ["logger"] },
  text: { modules: ["text"], tests: ["text"] },
  files: { modules: ["config/secret-key", "config/runtime-env"], tests: ["secret-key"] },
};

/** The Stryker options of one group. */
export function mutationRun(name) {
  const { modules, tests } = groups[name];
  return mutationOptions({
    jestRunner,
    jest: {
      config: {
        ...base,
        rootDir: fileURLToPath(new URL(".", import.meta.url)),
        testMatch: tests.map((t) => `<rootDir>/test/${t}.test.ts`),
      },
    },
    mutate: modules.map((m) => `src/${m}.ts`),
    report: name,
    // One folder per group: groups may run at the same time, each restoring its own files.
    tempDirName: `.stryker-tmp-${name}`,
  });
}

// `STRYKER_GROUP=text pnpm exec stryker run` runs one group; the package script runs each in turn.
export default mutationRun(process.env.STRYKER_GROUP ?? "errors");
