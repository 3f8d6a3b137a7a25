/**
 * Turns one service into what its container runs: a single ESM bundle (`dist/main.mjs`, every workspace package and
 * npm dependency inlined by esbuild; management adds `dist/cli.mjs`, the operator CLI), the SQL migrations the bundle applies at start (`drizzle/`, found at
 * `../drizzle` from the bundle, as from `packages/db/src`), and the one native module that cannot be bundled
 * (isolated-vm, gateway only) trimmed to its compiled addon. The final image stage copies this folder and nothing
 * else, so it holds no compiler, no TypeScript loader and no dev dependency.
 *
 * Usage (build stage of infra/docker/*.Dockerfile, after `pnpm install`):
 *   node --import tsx infra/docker/bundle.ts <management|broadcast-worker|webhook-gateway> <out-dir>
 * @see docs/operations.md#containers
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";
import { isolateScript } from "../../services/webhook-gateway/src/runtime/isolate-script.js";

const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const services = ["management", "broadcast-worker", "webhook-gateway"] as const;
type Service = (typeof services)[number];

/**
 * Native or optional modules left out of the bundle. Those the bundle imports are installed beside it: isolated-vm
 * trimmed to its addon ({@link copyIsolatedVm}), the others whole with their platform package
 * ({@link copyNativePackage}); pg-native is optional to pg and not installed.
 */
const external = ["isolated-vm", "pg-native", "@node-rs/argon2"];

function isService(name: string | undefined): name is Service {
  return services.some((s) => s === name);
}

/** Copies the files isolated-vm needs at run time (its loader and the compiled addon), not its C++ sources. */
function copyIsolatedVm(out: string): void {
  const require = createRequire(join(root, "services/webhook-gateway/package.json"));
  const pkgDir = dirname(realpathSync(require.resolve("isolated-vm/package.json")));
  const target = join(out, "node_modules/isolated-vm");
  mkdirSync(join(target, "out"), { recursive: true });
  for (const file of ["package.json", "isolated-vm.js", "LICENSE", "out/isolated_vm.node"]) {
    cpSync(join(pkgDir, file), join(target, file));
  }
  // The addon is built with debug symbols (26 MB); stripped it is about 1 MB. `strip` comes with the build stage's g++.
  try {
    execFileSync("strip", ["--strip-unneeded", join(target, "out/isolated_vm.node")]);
  } catch {
    console.warn("strip not available: isolated-vm keeps its debug symbols");
  }
}

/**
 * Copies a package whose code loads a prebuilt addon from a platform package (napi-rs style: `@node-rs/argon2` loads
 * `@node-rs/argon2-linux-x64-gnu`): the package's own files and every optional platform package installed for this
 * machine, side by side in `node_modules` as the package expects.
 */
function copyNativePackage(out: string, service: Service, name: string): void {
  const require = createRequire(join(root, "services", service, "package.json"));
  const pkgDir = dirname(realpathSync(require.resolve(`${name}/package.json`)));
  const copy = (from: string, to: string) =>
    cpSync(from, to, {
      recursive: true,
      dereference: true,
      filter: (f) => !f.slice(from.length).includes("node_modules"),
    });
  copy(pkgDir, join(out, "node_modules", name));
  const manifest = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")) as {
    optionalDependencies?: Record<string, string>;
  };
  const fromPkg = createRequire(join(pkgDir, "package.json"));
  for (const dep of Object.keys(manifest.optionalDependencies ?? {})) {
    let depDir: string;
    try {
      depDir = dirname(realpathSync(fromPkg.resolve(`${dep}/package.json`)));
    } catch {
      continue; // another platform's package: not installed here
    }
    copy(depDir, join(out, "node_modules", dep));
  }
}

/**
 * The owner dashboard (services/management/web, built by its own script with Vite) into `<out>/web/dist`. The
 * management bundle looks for it at `../../web/dist` from its chunk in `/app/dist`, i.e. `/web/dist`: the Dockerfile
 * links `/web` to `/app/web`.
 */
async function buildDashboard(out: string): Promise<void> {
  const { ensureWebBuild } = await import("../../services/management/scripts/build-web.js");
  await ensureWebBuild({ force: true, quiet: true });
  cpSync(join(root, "services/management/web/dist"), join(out, "web/dist"), {
    recursive: true,
    filter: (f) => !f.endsWith(".build-hash"),
  });
}

/**
 * Swagger UI's files, which packages/openapi/src/docs-router.ts finds through `require.resolve("swagger-ui-dist/…")`
 * when it is loaded and serves at /docs/assets (management and gateway): only the ones the page loads.
 */
function copySwaggerUi(out: string): void {
  const require = createRequire(join(root, "packages/openapi/package.json"));
  const pkgDir = dirname(realpathSync(require.resolve("swagger-ui-dist/package.json")));
  const target = join(out, "node_modules/swagger-ui-dist");
  mkdirSync(target, { recursive: true });
  const files = ["package.json", "LICENSE", "NOTICE", "swagger-ui.css", "swagger-ui-bundle.js"];
  files.push("swagger-ui-standalone-preset.js", "favicon-32x32.png", "favicon-16x16.png");
  for (const file of files) cpSync(join(pkgDir, file), join(target, file));
}

/**
 * The gateway bundles its isolate bootstrap with esbuild when it starts (runtime/isolate-script.ts); the image has no
 * esbuild, so the bundle carries that script, built here by the same function, as a constant instead.
 */
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

async function main(): Promise<void> {
  const [service, outArg] = process.argv.slice(2);
  if (!isService(service) || !outArg) {
    console.error(`usage: bundle.ts <${services.join("|")}> <out-dir>`);
    process.exit(2);
  }
  const out = resolve(outArg);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, "dist"), { recursive: true });

  // Management also carries the operator CLI (`node dist/cli.mjs user:create --email …`); shared code goes to chunks.
  const entryPoints: Record<string, string> = { main: join(root, "services", service, "src/main.ts") };
  if (service === "management") entryPoints["cli"] = join(root, "services/management/src/cli/main.ts");
  const result = await build({
    metafile: true,
    entryPoints,
    outdir: join(out, "dist"),
    outExtension: { ".js": ".mjs" },
    // Chunks stay beside the entry points: migrate.ts finds the migrations at `../drizzle` from its own file.
    chunkNames: "[name]-[hash]",
    splitting: true,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    external,
    plugins: service === "webhook-gateway" ? [await prebuiltIsolateScript()] : [],
    // Class and function names stay readable in logs and stack traces.
    keepNames: true,
    legalComments: "none",
    logLevel: "warning",
    // CommonJS dependencies (pg, ioredis…) call require() for Node built-ins; an ESM bundle has no require of its own.
    banner: {
      js:
        "import { createRequire as __botyardRequire } from 'node:module';\n" +
        "const require = __botyardRequire(import.meta.url);",
    },
  });
  cpSync(join(root, "packages/db/drizzle"), join(out, "drizzle"), { recursive: true });
  if (service === "management") await buildDashboard(out);
  const imported = new Set(
    Object.values(result.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path)),
  );
  for (const name of external) {
    if (!imported.has(name) || name === "pg-native") continue;
    if (name === "isolated-vm") copyIsolatedVm(out);
    else copyNativePackage(out, service, name);
  }
  if (service !== "broadcast-worker") copySwaggerUi(out);
  writeFileSync(join(out, "package.json"), `${JSON.stringify({ name: `botyard-${service}`, private: true })}\n`);
  if (!existsSync(join(out, "drizzle/meta/_journal.json"))) throw new Error("migrations were not copied");
  console.log(`bundled ${service} into ${out}`);
}

await main();
