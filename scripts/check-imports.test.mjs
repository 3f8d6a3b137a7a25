// Tests of check-imports.mjs's rules (node --test, as `pnpm lint` runs it).
import assert from "node:assert/strict";
import { test } from "node:test";
import { importProblem, importsOf } from "./check-imports.mjs";

test("finds static, type-only, re-exported and dynamic imports, not comments", () => {
  const text = [
    'import { waitFor } from "@botyard/testing";',
    'import type { Logger } from "@botyard/common/logging";',
    'export { AppError } from "@botyard/common/errors";',
    'const { SecretBox } = await import("@botyard/common/crypto");',
    'import "./side-effect.js";',
    '// import { x } from "@botyard/testing";',
    ' * from "@botyard/testing" in a doc comment',
  ].join("\n");
  assert.deepEqual(
    importsOf(text).map((i) => `${i.line} ${i.specifier}`),
    [
      "1 @botyard/testing",
      "2 @botyard/common/logging",
      "3 @botyard/common/errors",
      "4 @botyard/common/crypto",
      "5 ./side-effect.js",
    ],
  );
});

test("runtime code may not load the test helpers; tests, scripts and the testing package may", () => {
  assert.match(importProblem("services/management/src/app.ts", "@botyard/testing") ?? "", /test helpers/);
  assert.match(importProblem("packages/docstore/src/store.ts", "@botyard/common/testing") ?? "", /test helpers/);
  assert.match(importProblem("infra/src/x.ts", "@botyard/testing") ?? "", /test helpers/);
  assert.match(importProblem("services/webhook-gateway/src/app.ts", "@botyard/db/testing") ?? "", /test support/);
  assert.equal(importProblem("services/management/test/harness.ts", "@botyard/testing"), undefined);
  assert.equal(importProblem("packages/faults/test/support/platform.ts", "@botyard/testing"), undefined);
  assert.equal(importProblem("packages/testing/src/index.ts", "@botyard/testing"), undefined);
  assert.equal(importProblem("bench/gateway.ts", "@botyard/testing"), undefined);
  assert.equal(importProblem("services/management/src/app.ts", "@botyard/common/http"), undefined);
});

test("no file imports the old catch-all", () => {
  assert.match(importProblem("bench/gateway.ts", "@botyard/common") ?? "", /catch-all/);
  assert.match(importProblem("services/management/test/apiv3.test.ts", "@botyard/common") ?? "", /catch-all/);
});
