/**
 * Where SECRET_KEY comes from when the operator sets none: outside production, a key generated once into
 * `.botyard/secret.key` at the workspace root, so `pnpm start` works on a fresh clone and restarts keep decrypting
 * what earlier runs encrypted. In production a missing SECRET_KEY is a configuration error.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { randomBytes } from "node:crypto";

/** The workspace root (the folder with pnpm-workspace.yaml) above `from`, or `from` itself when there is none. */
export function workspaceRoot(from = process.cwd()): string {
  let dir = resolve(from);
  for (;;) {
    if (existsSync(join(dir, "pnpm-workspace.yaml"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return resolve(from);
    dir = parent;
  }
}

/** Path of the generated development key. BOTYARD_HOME overrides the `.botyard` folder. */
export function localSecretKeyPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.BOTYARD_HOME ?? join(workspaceRoot(), ".botyard"), "secret.key");
}

/**
 * Returns `env` with SECRET_KEY filled in from the local key file (created on first use) when it is unset and
 * NODE_ENV is not production. Leaves `env` unchanged otherwise, so validation reports the missing key in production.
 */
export function withLocalSecretKey(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  if (env.SECRET_KEY || env.NODE_ENV === "production") return env;
  const path = localSecretKeyPath(env);
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    // 'wx' fails if another service created it a moment ago; then we read theirs.
    try {
      writeFileSync(path, `${randomBytes(32).toString("base64url")}\n`, { flag: "wx", mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
  }
  return { ...env, SECRET_KEY: readFileSync(path, "utf8").trim() };
}
