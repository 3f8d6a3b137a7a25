/**
 * Builds the dashboard (web/ → web/dist) when its build is missing or stale. "Stale" means the sources changed: a
 * hash of web/src, web/public, index.html, vite.config.ts, the bot API's declarations (the kit's bot-api.d.ts, which
 * the editor's completion reads) and the lockfile is kept in dist/.build-hash and compared.
 * `--force` builds anyway. Used by `pnpm start` (scripts/start.ts) and the dashboard's end-to-end test.
 *
 * @see README.md#the-dashboard
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const web = fileURLToPath(new URL("../web", import.meta.url));
const dist = join(web, "dist");
const stampFile = join(dist, ".build-hash");

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : [path];
    });
}

/** A hash of everything the build reads. */
export function sourceHash(): string {
  const hash = createHash("sha256");
  const lockfile = fileURLToPath(new URL("../../../pnpm-lock.yaml", import.meta.url));
  const botApiTypes = fileURLToPath(new URL("../../../packages/dev-kit/types/bot-api.d.ts", import.meta.url));
  const inputs = [
    ...files(join(web, "src")),
    ...files(join(web, "public")),
    join(web, "index.html"),
    join(web, "vite.config.ts"),
    botApiTypes,
    lockfile,
  ];
  for (const path of inputs) {
    if (!existsSync(path)) continue;
    hash.update(relative(web, path));
    hash.update(readFileSync(path));
  }
  return hash.digest("hex");
}

/** True when dist holds a build of the current sources. */
export function isBuildFresh(): boolean {
  return (
    existsSync(join(dist, "index.html")) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === sourceHash()
  );
}

/** Builds unless the build is fresh (or `force`); resolves with whether it built. */
export async function ensureWebBuild(options: { force?: boolean; quiet?: boolean } = {}): Promise<boolean> {
  const hash = sourceHash();
  if (!options.force && isBuildFresh()) return false;
  const { build } = await import("vite");
  await build({
    configFile: join(web, "vite.config.ts"),
    root: web,
    logLevel: options.quiet ? "error" : "warn",
  });
  writeFileSync(stampFile, hash);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const force = process.argv.includes("--force");
  const started = Date.now();
  const built = await ensureWebBuild({ force });
  process.stdout.write(
    `${JSON.stringify({ name: "dashboard", msg: built ? `built web/dist in ${Date.now() - started} ms` : "web/dist is up to date" })}\n`,
  );
}
