/**
 * The isolate bootstrap (src/isolate/entry.ts and its modules) bundled by esbuild into one classic script, once per
 * process, in memory. Bundling at start keeps the bootstrap real TypeScript (typed, linted, unit-tested in Node)
 * with no generated file to keep in step.
 */
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ENTRY = fileURLToPath(new URL("../isolate/entry.ts", import.meta.url));

let bundled: Promise<string> | undefined;

/** The bootstrap script's source. */
export function isolateScript(): Promise<string> {
  bundled ??= build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    format: "iife",
    platform: "neutral",
    target: "es2022",
    legalComments: "none",
    logLevel: "silent",
  }).then((result) => {
    const file = result.outputFiles[0];
    if (!file) throw new Error("esbuild produced no isolate script");
    return file.text;
  });
  return bundled;
}
