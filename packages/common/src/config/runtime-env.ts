/**
 * What `pnpm start` chose for Postgres and Redis (possibly embedded servers on ports of its own), written to
 * `.botyard/runtime.env` while it runs, so `pnpm botyard …` in another terminal reaches the same database.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { workspaceRoot } from "./secret-key.js";

const file = () => join(process.env.BOTYARD_HOME ?? join(workspaceRoot(), ".botyard"), "runtime.env");

/** Records the URLs the launcher chose. */
export function writeRuntimeEnv(values: { DATABASE_URL: string; REDIS_URL: string }): void {
  writeFileSync(file(), `DATABASE_URL=${values.DATABASE_URL}\nREDIS_URL=${values.REDIS_URL}\n`, { mode: 0o600 });
}

/** Removes the record (launcher exit). */
export function clearRuntimeEnv(): void {
  rmSync(file(), { force: true });
}

/** `env` with DATABASE_URL/REDIS_URL filled from the launcher's record where unset. */
export function withRuntimeEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  if (!existsSync(file())) return env;
  const out = { ...env };
  for (const line of readFileSync(file(), "utf8").split("\n")) {
    const match = /^(DATABASE_URL|REDIS_URL)=(.+)$/.exec(line.trim());
    if (match && !out[match[1]!]) out[match[1]!] = match[2];
  }
  return out;
}
