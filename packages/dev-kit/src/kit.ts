/**
 * Files the kit ships beside its code (templates/, types/): found from the nearest package.json above this module,
 * which is packages/dev-kit when the sources run and the installed package when its bundle does (lib/*.js).
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

let root: string | undefined;

/** The kit's own folder. */
export function kitRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const up = dirname(dir);
    if (up === dir) throw new Error("the kit's package.json was not found above its code");
    dir = up;
  }
  root = dir;
  return dir;
}

/** A path inside the kit's folder. */
export function kitPath(...parts: string[]): string {
  return join(kitRoot(), ...parts);
}

/**
 * A file of another workspace package that the kit's bundle reads at run time (the database migrations), copied by
 * the build into assets/ under its path in the repository (scripts/build.ts rewrites `new URL(…, import.meta.url)`
 * to this).
 */
export function kitAsset(repoPath: string): URL {
  return pathToFileURL(kitPath("assets", repoPath));
}
