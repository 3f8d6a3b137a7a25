// Mutation testing of the egress guard, the halt tracker and reply shaping, each against its own unit tests
// (pnpm --filter @botyard/webhook-gateway test:mutation runs the three configs below in turn; one module per run keeps
// each mutant's jest run to one test file). See docs/testing.md#mutation-testing.
import { fileURLToPath } from "node:url";
import base from "../../jest.config.base.mjs";
import { mutationOptions } from "../../stryker.base.mjs";

// pnpm keeps packages out of core's reach: name the jest runner plugin by its resolved (ESM) path.
const jestRunner = fileURLToPath(import.meta.resolve("@stryker-mutator/jest-runner"));

/** Stryker options of a run mutating `source` against `tests` (one path or several, relative to this package). */
export function mutationRun(name, source, tests) {
  return mutationOptions({
    jestRunner,
    jest: {
      config: {
        ...base,
        rootDir: fileURLToPath(new URL(".", import.meta.url)),
        testMatch: [tests].flat().map((t) => `<rootDir>/${t}`),
      },
    },
    testRunnerNodeArgs: ["--experimental-vm-modules", "--no-node-snapshot"],
    mutate: [source],
    timeoutMS: 5000,
    report: name,
  });
}

/** All three modules in one run (`pnpm exec stryker run`): slower per mutant, one report. */
export default {
  ...mutationRun("all", "src/runtime/egress.ts", [
    "test/unit/runtime/egress.test.ts",
    "test/unit/routes/reply.test.ts",
    "test/unit/bots/halt-tracker.test.ts",
  ]),
  mutate: ["src/runtime/egress.ts", "src/bots/halt-tracker.ts", "src/routes/reply.ts"],
};
