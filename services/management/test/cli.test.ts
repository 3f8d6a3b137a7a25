/** The operator CLI as a real process against a test database: create, key, rotate-key, and the errors. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import request from "supertest";
import { startHarness, SECRET_KEY, type Harness } from "./harness.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

function cli(...args: string[]) {
  const run = spawnSync(process.execPath, ["--import", "tsx", "services/management/src/cli/main.ts", ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: h.database.url, SECRET_KEY },
    encoding: "utf8",
  });
  return { code: run.status, out: run.stdout.trim(), err: run.stderr.trim() };
}

describe("pnpm botyard", () => {
  it("creates a user, shows the same key, rotates it and the old key stops working at once", async () => {
    const created = cli("user:create", "--email", "Cli.User@example.com");
    expect(created.code).toBe(0);
    const user = JSON.parse(created.out) as { userId: string; email: string; apiKey: string };
    expect(user).toEqual({
      userId: expect.any(String),
      email: "Cli.User@example.com",
      apiKey: expect.stringMatching(/^byk_/),
    });
    expect(cli("user:key", "--email", "cli.user@example.com")).toEqual({ code: 0, out: user.apiKey, err: "" });

    expect((await request(h.app).post("/apiv3/listBots").send({ apiKey: user.apiKey })).status).toBe(200);
    const rotated = cli("user:rotate-key", "--email", "cli.user@example.com");
    expect(rotated.code).toBe(0);
    expect(rotated.out).toMatch(/^byk_/);
    expect(rotated.out).not.toBe(user.apiKey);
    expect((await request(h.app).post("/apiv3/listBots").send({ apiKey: user.apiKey })).body).toMatchObject({
      stat_code: 401,
      msg: "Invalid API Key",
    });
    expect((await request(h.app).post("/apiv3/listBots").send({ apiKey: rotated.out })).status).toBe(200);
    expect(cli("user:key", "--email", "cli.user@example.com").out).toBe(rotated.out);
  }, 60_000);

  it("explains its errors on stderr: exit 1 for a refused request, 2 for a bad command line", () => {
    const dup = cli("user:create", "--email", "dup@example.com");
    expect(dup.code).toBe(0);
    expect(cli("user:create", "--email", "dup@example.com")).toMatchObject({
      code: 1,
      err: expect.stringMatching(/already exists/),
    });
    expect(cli("user:key", "--email", "nobody@example.com")).toMatchObject({
      code: 1,
      err: expect.stringMatching(/No account/),
    });
    expect(cli("user:create", "--email", "not-an-email")).toMatchObject({
      code: 1,
      err: expect.stringMatching(/e-mail/),
    });
    // A command line the CLI does not understand exits 2, as getopt tools do.
    expect(cli("user:create")).toMatchObject({ code: 2, err: expect.stringMatching(/--email is required/) });
    expect(cli("user:delete", "--email", "x@example.com")).toMatchObject({
      code: 2,
      err: expect.stringMatching(/unknown command/),
    });
  }, 60_000);

  it("exits 2 with the usage for an unknown option or an option without its value", () => {
    for (const args of [
      ["user:create", "--email", "opt@example.com", "--bogus"],
      ["user:key", "--email"],
      ["user:key", "-e", "opt@example.com"],
    ]) {
      const run = cli(...args);
      expect(run).toMatchObject({ code: 2, out: "", err: expect.stringContaining("usage: pnpm botyard") });
      expect(run.err).not.toMatch(/^error:/);
    }
    // Nothing was created by the refused command line.
    expect(cli("user:key", "--email", "opt@example.com")).toMatchObject({ code: 1 });
  }, 60_000);

  it("says that SECRET_KEY is not the one that sealed the key, rather than a cipher error", () => {
    expect(cli("user:create", "--email", "sealed@example.com").code).toBe(0);
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", "services/management/src/cli/main.ts", "user:key", "--email", "sealed@example.com"],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: h.database.url, SECRET_KEY: "another-secret-key-0123456789" },
        encoding: "utf8",
      },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/SECRET_KEY is not the key it was sealed with/);
  }, 60_000);
});
