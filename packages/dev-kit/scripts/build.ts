/**
 * Builds the kit into a package that installs outside this repository (dist/ by default, or the folder given):
 * - lib/: esbuild bundles of src/cli.ts, every src/commands/*.ts (cli.js loads them as ./commands/<name>.js),
 *   src/index.ts and src/testing.ts, with the workspace packages they import inlined (the workspace exports
 *   TypeScript source, which Node cannot load from node_modules) and every npm package left external;
 * - package.json whose dependencies are exactly those external packages, at the ranges the workspace packages that
 *   import them declare (so isolated-vm, pg, PGlite… install as real dependencies);
 * - bin/, types/ (the bot API's declarations), templates/ (what init writes), and assets/ for files a bundled
 *   workspace module reads beside its source (`new URL("../drizzle", import.meta.url)` in packages/db), rewritten
 *   to the copy (src/kit.ts kitAsset);
 * - the gateway's isolate bootstrap, which the gateway bundles from its TypeScript when it starts, built here once
 *   and carried as a constant (as infra/docker/bundle.ts does for the container), so the kit needs no esbuild.
 *
 * Usage: `pnpm --filter @botyard/dev build [out-dir]`, then `pnpm pack` in the out folder (scripts/test-dev-kit-pack.ts
 * does both). @see docs/bot-author-kit.md#how-the-kit-is-shipped
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";
import { isolateScript } from "../../../services/webhook-gateway/src/runtime/isolate-script.js";

const kit = resolve(fileURLToPath(new URL("..", import.meta.url)));
const repo = resolve(kit, "../..");

interface Manifest {
  name?: string;
  version?: string;
  description?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Manifest;

/** The npm package a bare specifier names: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/** The package.json nearest above a file. */
function manifestOf(file: string): string {
  let dir = dirname(file);
  while (!existsSync(join(dir, "package.json"))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${file}`);
    dir = up;
  }
  return join(dir, "package.json");
}

/** npm packages stay external; who imported each is kept to find the range it declares. */
function externalNpm(importers: Map<string, Set<string>>): Plugin {
  return {
    name: "external-npm",
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith("@botyard/") || isBuiltin(args.path)) return undefined;
        const name = packageName(args.path);
        const set = importers.get(name) ?? new Set<string>();
        set.add(manifestOf(args.importer));
        importers.set(name, set);
        return { path: args.path, external: true };
      });
    },
  };
}

/** The gateway's isolate bootstrap as a constant (see the header). */
async function prebuiltIsolateScript(): Promise<Plugin> {
  const script = await isolateScript();
  return {
    name: "prebuilt-isolate-script",
    setup(b) {
      b.onLoad({ filter: /[\\/]webhook-gateway[\\/]src[\\/]runtime[\\/]isolate-script\.ts$/ }, () => ({
        contents: `export function isolateScript() { return Promise.resolve(${JSON.stringify(script)}); }`,
        loader: "ts",
      }));
    },
  };
}

const ASSET_URL = /new URL\(\s*(["'])([^"']+)\1\s*,\s*import\.meta\.url\s*\)/g;

/** Files read beside a workspace module's source: copied to assets/, the module pointed at the copy. */
function workspaceAssets(out: string, unhandled: Set<string>): Plugin {
  const helper = join(kit, "src/kit.ts");
  return {
    name: "workspace-assets",
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        // kit.ts finds the kit's own folder from import.meta.url on purpose: it works in src/ and lib/ alike.
        if (args.path.includes("/node_modules/") || args.path === helper) return undefined;
        const source = readFileSync(args.path, "utf8");
        if (!source.includes("import.meta.url")) return undefined;
        let rewritten = false;
        const contents = source.replace(ASSET_URL, (_all, _quote: string, rel: string) => {
          const target = resolve(dirname(args.path), rel);
          const repoPath = relative(repo, target);
          cpSync(target, join(out, "assets", repoPath), { recursive: true });
          rewritten = true;
          return `__botyardKitAsset(${JSON.stringify(repoPath)})`;
        });
        if (contents.includes("import.meta.url")) unhandled.add(relative(repo, args.path));
        if (!rewritten) return undefined;
        return {
          contents: `import { kitAsset as __botyardKitAsset } from ${JSON.stringify(helper)};\n${contents}`,
          loader: "ts",
        };
      });
    },
  };
}

/** The range a workspace package (or the root) declares for `name`. */
function rangeOf(name: string, manifests: Set<string>): string {
  for (const path of [...manifests, join(repo, "package.json")]) {
    const m = readJson(path);
    for (const field of ["dependencies", "optionalDependencies", "peerDependencies", "devDependencies"] as const) {
      const range = m[field]?.[name];
      if (range && !range.startsWith("workspace:")) return range;
    }
  }
  const where = [...manifests].map((p) => relative(repo, p)).join(", ");
  throw new Error(`${name} is imported but not declared in ${where}: add it there with pnpm add`);
}

async function main(): Promise<void> {
  const out = resolve(process.argv[2] ?? join(kit, "dist"));
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });

  const entryPoints: Record<string, string> = {
    cli: join(kit, "src/cli.ts"),
    index: join(kit, "src/index.ts"),
  };
  for (const file of readdirSync(join(kit, "src/commands")).filter((f) => f.endsWith(".ts"))) {
    entryPoints[`commands/${file.replace(/\.ts$/, "")}`] = join(kit, "src/commands", file);
  }
  const testing = join(kit, "src/testing.ts");
  if (existsSync(testing)) entryPoints["testing"] = testing;

  const importers = new Map<string, Set<string>>();
  const unhandled = new Set<string>();
  const result = await build({
    metafile: true,
    entryPoints,
    outdir: join(out, "lib"),
    chunkNames: "chunks/[name]-[hash]",
    splitting: true,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    plugins: [await prebuiltIsolateScript(), externalNpm(importers), workspaceAssets(out, unhandled)],
    // Class and function names stay readable in messages and stack traces.
    keepNames: true,
    legalComments: "none",
    logLevel: "warning",
  });
  for (const file of unhandled) {
    console.warn(`warning: ${file} uses import.meta.url in a way the build does not rewrite; check it works in lib/`);
  }

  const external = new Set(
    Object.values(result.metafile.outputs).flatMap((o) =>
      o.imports.filter((i) => i.external && !isBuiltin(i.path)).map((i) => packageName(i.path)),
    ),
  );
  // Packages the bundle finds with require.resolve at run time (swagger-ui-dist, whose files @botyard/openapi serves)
  // are no import esbuild sees: find them in the output, with the range a workspace package declares.
  const workspaceManifests = new Set(
    ["packages", "services"].flatMap((group) =>
      readdirSync(join(repo, group))
        .map((name) => join(repo, group, name, "package.json"))
        .filter((path) => existsSync(path)),
    ),
  );
  for (const file of Object.keys(result.metafile.outputs).filter((f) => f.endsWith(".js"))) {
    for (const m of readFileSync(resolve(file), "utf8").matchAll(
      /\.resolve\(\s*["']((?:@[^/"']+\/)?[^./"'][^/"']*)/g,
    )) {
      const name = m[1]!;
      if (isBuiltin(name) || external.has(name)) continue;
      external.add(name);
      importers.set(name, workspaceManifests);
    }
  }
  const dependencies: Record<string, string> = {};
  for (const name of [...external].sort()) dependencies[name] = rangeOf(name, importers.get(name) ?? new Set());

  for (const dir of ["bin", "types", "templates"]) cpSync(join(kit, dir), join(out, dir), { recursive: true });
  const own = readJson(join(kit, "package.json"));
  const exports: Record<string, string> = {
    ".": "./lib/index.js",
    ...(entryPoints["testing"] ? { "./testing": "./lib/testing.js" } : {}),
    "./types/bot-api.d.ts": "./types/bot-api.d.ts",
    "./package.json": "./package.json",
  };
  const manifest = {
    name: own.name,
    version: own.version,
    description: own.description,
    type: "module",
    engines: { node: ">=20" },
    bin: { "botyard-dev": "./bin/botyard-dev.js" },
    exports,
    files: ["bin", "lib", "types", "templates", ...(existsSync(join(out, "assets")) ? ["assets"] : [])],
    dependencies,
  };
  writeFileSync(join(out, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const readme = join(repo, "docs/bot-author-kit.md");
  if (existsSync(readme)) cpSync(readme, join(out, "README.md"));
  console.log(
    `built ${own.name}@${own.version} into ${relative(process.cwd(), out) || "."}: ` +
      `${Object.keys(entryPoints).length} entries; dependencies ${Object.keys(dependencies).join(", ") || "none"}`,
  );
}

await main();
