// What every package's mutation run shares (docs/testing.md#mutation-testing): StrykerJS 9 with its jest runner, in
// place, per-test coverage, the 85 % goal as the break threshold, reports under reports/mutation/. A package's
// stryker.config.mjs names what it mutates, the tests that judge it, and whatever it does differently.

/**
 * The Stryker options of one run.
 * @param {{ jestRunner: string, jest: Record<string, unknown>, report?: string } & import('@stryker-mutator/api/core').PartialStrykerOptions} options
 *   `jestRunner`: the jest runner plugin's resolved path (pnpm keeps packages out of core's reach, so each package
 *   resolves it: `fileURLToPath(import.meta.resolve("@stryker-mutator/jest-runner"))`); `jest`: the runner's config
 *   file or config, merged over the defaults; `report`: the name of the report files (default `index.html` and
 *   `mutation.json`); anything else overrides the defaults below.
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function mutationOptions({ jestRunner, jest, report, ...overrides }) {
  return {
    testRunner: "jest",
    plugins: [jestRunner],
    testRunnerNodeArgs: ["--experimental-vm-modules"],
    inPlace: true,
    // Only the mutated files are rewritten in place. Stryker's default also writes `// @ts-nocheck` into every other
    // source and test file and puts back, at the end, the copies it took at the start: edits made meanwhile are lost.
    disableTypeChecks: false,
    coverageAnalysis: "perTest",
    // Two cores, shared with other work.
    concurrency: 2,
    // Under load a slow run is not a hanging one: a generous timeout keeps "timed out" for mutants that hang.
    timeoutMS: 15000,
    reporters: ["clear-text", "progress", "html", "json"],
    htmlReporter: { fileName: `reports/mutation/${report ?? "index"}.html` },
    jsonReporter: { fileName: `reports/mutation/${report ?? "mutation"}.json` },
    thresholds: { high: 90, low: 85, break: 85 },
    tempDirName: ".stryker-tmp",
    cleanTempDir: "always",
    ...overrides,
    jest: { projectType: "custom", enableFindRelatedTests: false, ...jest },
  };
}
