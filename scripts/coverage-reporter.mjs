// A jest reporter for `pnpm test:coverage` (jest.config.base.mjs adds it when BOTYARD_COVERAGE_DIR is set): keeps the
// raw V8 coverage of the run (merged over its test files, as jest itself merges them) with each file's transformed
// code and source map, and writes it to <outputDir>/v8.json. scripts/coverage.mjs merges the raw coverage of every
// package's run before turning it into line and branch counts: V8 reports different block ranges for the same code
// depending on what ran, so counts converted per run and then added would count some branches twice.
import fs from "node:fs";
import path from "node:path";
import { mergeProcessCovs } from "@bcoe/v8-coverage";

export default class RawV8CoverageReporter {
  constructor(_globalConfig, options) {
    this.outputDir = options.outputDir;
    this.merged = { result: [] };
    this.transforms = {};
  }

  onTestResult(_test, testResult) {
    const coverage = testResult.v8Coverage;
    if (!coverage) return;
    // Merged as results arrive, so memory holds one process's worth, not one per test file.
    this.merged = mergeProcessCovs([this.merged, { result: coverage.map((entry) => entry.result) }]);
    for (const { codeTransformResult: transform, result } of coverage) {
      if (!transform || this.transforms[result.url]) continue;
      const mapPath = transform.sourceMapPath;
      const sourcemap = mapPath && fs.existsSync(mapPath) ? JSON.parse(fs.readFileSync(mapPath, "utf8")) : undefined;
      this.transforms[result.url] = { code: transform.code, originalCode: transform.originalCode, sourcemap };
    }
  }

  onRunComplete() {
    fs.mkdirSync(this.outputDir, { recursive: true });
    const raw = { result: this.merged.result, transforms: this.transforms };
    fs.writeFileSync(path.join(this.outputDir, "v8.json"), JSON.stringify(raw));
  }
}
