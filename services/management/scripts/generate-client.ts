/**
 * Writes the management document and the typed client's types into packages/api-client: `openapi/management.json`
 * (the document as GET /openapi.json serves it) and `src/management.gen.ts` (openapi-typescript's `paths`,
 * `components` and `operations`). With `--check`, writes nothing and exits 1 when either file is stale.
 *
 * Run: `pnpm api:generate` (or `pnpm --filter @botyard/management generate:client`); CI runs `pnpm api:check`.
 * @see docs/api-contract.md#the-typed-client
 */
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { clientFiles } from "../src/client-files.js";

const root = fileURLToPath(new URL("../../../packages/api-client/", import.meta.url));
const check = process.argv.includes("--check");
let stale = 0;
for (const [path, contents] of Object.entries(await clientFiles())) {
  const target = `${root}${path}`;
  const current = await readFile(target, "utf8").catch(() => "");
  if (current === contents) continue;
  stale++;
  if (check) console.error(`stale: packages/api-client/${path} (run pnpm api:generate)`);
  else {
    await writeFile(target, contents);
    console.log(`wrote packages/api-client/${path}`);
  }
}
if (check && stale > 0) process.exit(1);
if (check) console.log("api-client is up to date");
