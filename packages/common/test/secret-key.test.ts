/** secret-key.ts and runtime-env.ts: the files `pnpm start` keeps under .botyard (BOTYARD_HOME in these tests). */
import { afterEach, describe, expect, it } from "@jest/globals";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { clearRuntimeEnv, withRuntimeEnv, writeRuntimeEnv } from "../src/config/runtime-env.js";
import { localSecretKeyPath, withLocalSecretKey, workspaceRoot } from "../src/config/secret-key.js";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "botyard-key-"));
  dirs.push(dir);
  return dir;
};
const savedHome = process.env.BOTYARD_HOME;
afterEach(() => {
  if (savedHome === undefined) delete process.env.BOTYARD_HOME;
  else process.env.BOTYARD_HOME = savedHome;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("workspaceRoot", () => {
  it("finds the folder holding pnpm-workspace.yaml above a path, or keeps the path when there is none", () => {
    const root = tempDir();
    writeFileSync(join(root, "pnpm-workspace.yaml"), "");
    mkdirSync(join(root, "a", "b"), { recursive: true });
    expect(workspaceRoot(join(root, "a", "b"))).toBe(root);
    expect(workspaceRoot(root)).toBe(root);
    const lone = tempDir();
    expect(workspaceRoot(join(lone, "."))).toBe(lone);
  });

  it("starts from the working directory by default", () => {
    expect(workspaceRoot()).toBe(workspaceRoot(process.cwd()));
    expect(readFileSync(join(workspaceRoot(), "pnpm-workspace.yaml"), "utf8")).toContain("packages");
  });
});

describe("withLocalSecretKey", () => {
  it("keeps a SECRET_KEY that is set, and leaves a production env without one alone", () => {
    const home = tempDir();
    const set = { SECRET_KEY: "given", BOTYARD_HOME: home };
    expect(withLocalSecretKey(set)).toBe(set);
    const production = { NODE_ENV: "production", BOTYARD_HOME: home };
    expect(withLocalSecretKey(production)).toBe(production);
    expect(() => statSync(join(home, "secret.key"))).toThrow();
  });

  it("creates a 32-byte key readable by the owner only, and reads the same key back", () => {
    const home = join(tempDir(), "two", "levels");
    const env = { BOTYARD_HOME: home };
    expect(localSecretKeyPath(env)).toBe(join(home, "secret.key"));
    const first = withLocalSecretKey(env);
    expect(first).not.toBe(env);
    expect(first.BOTYARD_HOME).toBe(home);
    expect(Buffer.from(first.SECRET_KEY!, "base64url")).toHaveLength(32);
    expect(statSync(join(home, "secret.key")).mode & 0o777).toBe(0o600);
    expect(statSync(home).mode & 0o777).toBe(0o700);
    expect(withLocalSecretKey({ BOTYARD_HOME: home, NODE_ENV: "development" }).SECRET_KEY).toBe(first.SECRET_KEY);
  });

  it("uses a key file another process wrote, trimmed", () => {
    const home = tempDir();
    writeFileSync(join(home, "secret.key"), "theirs-key\n");
    expect(withLocalSecretKey({ BOTYARD_HOME: home }).SECRET_KEY).toBe("theirs-key");
  });

  it("defaults to .botyard at the workspace root", () => {
    expect(localSecretKeyPath({})).toBe(join(workspaceRoot(), ".botyard", "secret.key"));
  });

  it("reads process.env when called without an env", () => {
    const home = tempDir();
    process.env.BOTYARD_HOME = home;
    expect(localSecretKeyPath()).toBe(join(home, "secret.key"));
    const saved = { SECRET_KEY: process.env.SECRET_KEY, NODE_ENV: process.env.NODE_ENV };
    try {
      delete process.env.SECRET_KEY;
      process.env.NODE_ENV = "test";
      const key = withLocalSecretKey().SECRET_KEY;
      expect(readFileSync(join(home, "secret.key"), "utf8").trim()).toBe(key);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it("takes a key path that exists when it writes (another process won the race) as theirs, and reads it", () => {
    // A dangling symlink is the race made still: existsSync says no file, the exclusive create says EEXIST. The
    // write's EEXIST is not the caller's error; reading the missing target then is (ENOENT, not EEXIST).
    const home = tempDir();
    symlinkSync(join(home, "nowhere", "key"), join(home, "secret.key"));
    expect(() => withLocalSecretKey({ BOTYARD_HOME: home })).toThrow(expect.objectContaining({ code: "ENOENT" }));
  });

  it("passes on any other failure to create the key file", () => {
    // Nothing may be created in sysfs, not even by root: the create fails (EACCES, or EROFS where sysfs is mounted
    // read-only). That error is the caller's; had it been swallowed, the read after it would fail with ENOENT.
    let thrown: unknown;
    try {
      withLocalSecretKey({ BOTYARD_HOME: "/sys" });
    } catch (err) {
      thrown = err;
    }
    expect(["EACCES", "EROFS", "EPERM"]).toContain((thrown as NodeJS.ErrnoException | undefined)?.code);
  });
});

describe("runtime env", () => {
  it("fills DATABASE_URL and REDIS_URL from the launcher's record where unset, and forgets it when cleared", () => {
    process.env.BOTYARD_HOME = tempDir();
    const env = { REDIS_URL: "redis://mine:1", OTHER: "x" };
    expect(withRuntimeEnv(env)).toBe(env);
    writeRuntimeEnv({ DATABASE_URL: "postgres://launcher/db", REDIS_URL: "redis://launcher:2" });
    expect(statSync(join(process.env.BOTYARD_HOME, "runtime.env")).mode & 0o777).toBe(0o600);
    expect(withRuntimeEnv(env)).toEqual({
      DATABASE_URL: "postgres://launcher/db",
      REDIS_URL: "redis://mine:1",
      OTHER: "x",
    });
    expect(withRuntimeEnv({})).toEqual({ DATABASE_URL: "postgres://launcher/db", REDIS_URL: "redis://launcher:2" });
    clearRuntimeEnv();
    expect(withRuntimeEnv({})).toEqual({});
    clearRuntimeEnv();
  });

  it("reads only the two variables, from whole lines", () => {
    process.env.BOTYARD_HOME = tempDir();
    writeFileSync(
      join(process.env.BOTYARD_HOME, "runtime.env"),
      "SECRET_KEY=x\n  REDIS_URL=redis://r:1  \nXDATABASE_URL=no\nDATABASE_URL=\n",
    );
    expect(withRuntimeEnv({})).toEqual({ REDIS_URL: "redis://r:1" });
  });
});
