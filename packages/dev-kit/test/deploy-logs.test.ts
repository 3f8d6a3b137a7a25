/**
 * `botyard-dev deploy` and `botyard-dev logs` against the real management app (real Postgres and Redis, started
 * in-process by management's own test harness) over HTTP, through the typed client: deploy makes a version and prints
 * its number, logs prints the bot's lines and --follow the new ones once each, and every failure is one line on
 * stderr with its exit code, no stack trace and never the key.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createBotyardClient } from "@botyard/api-client";
import { botLogs } from "@botyard/db";
import { waitFor } from "@botyard/testing";
import { startHarness, type Harness } from "../../../services/management/test/harness.js";
import { deploy } from "../src/commands/deploy.js";
import { type LogLine, logs, unseen } from "../src/commands/logs.js";
import { EXIT } from "../src/terminal.js";
import { closedPort, testTerminal } from "./terminal.js";

let h: Harness;
let server: Server;
let url: string;
let apiKey: string;
let dir: string;
let nowhere: string;

beforeAll(async () => {
  h = await startHarness();
  server = createServer(h.app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ({ apiKey } = await h.account());
  dir = await mkdtemp(join(tmpdir(), "botyard-dev-deploy-"));
  nowhere = `http://127.0.0.1:${await closedPort()}`;
  await writeFile(join(dir, "bot.js"), "logic['hi'] = async () => 'hi';\n");
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await h.close();
  await rm(dir, { recursive: true, force: true });
});

const env = () => ({ BOTYARD_URL: url, BOTYARD_API_KEY: apiKey });

async function createBot(): Promise<string> {
  const client = createBotyardClient({ baseUrl: url });
  const created = await client.POST("/apiv3/createBot", { body: { apiKey, name: "Kit", code: "// v1" } });
  return created.data!.botId;
}

async function getBot(botId: string) {
  const client = createBotyardClient({ baseUrl: url });
  return (await client.POST("/apiv3/getBot", { body: { apiKey, botId } })).data!.bot;
}

/** Writes log lines as the gateway does (one insert per flush), oldest first. */
async function writeLogs(botId: string, lines: Array<{ message: string; level?: LogLine["level"]; at?: Date }>) {
  await h.handle.db
    .insert(botLogs)
    .values(lines.map((l) => ({ botId, level: l.level ?? "log", message: l.message, at: l.at ?? new Date() })));
}

describe("deploy", () => {
  it("saves the file as the next version with its message, and prints the number", async () => {
    const botId = await createBot();
    const t = testTerminal(env(), dir);
    expect(await deploy(["bot.js", "--bot", botId, "--message", "Say hi"], t.terminal)).toBe(EXIT.ok);
    expect(t.stdout()).toContain(`Saved bot.js as version 2 of bot ${botId}`);
    expect(t.stderr()).toBe("");
    const client = createBotyardClient({ baseUrl: url });
    const version = await client.POST("/apiv3/getVersion", { body: { apiKey, botId, version: 2 } });
    expect(version.data?.version).toMatchObject({ code: "logic['hi'] = async () => 'hi';\n", message: "Say hi" });
    expect(await getBot(botId)).toMatchObject({ status: "stopped", savedVersion: 2, runningVersion: null });
  });

  it("with --restart runs the new version; --json prints the result as one line", async () => {
    const botId = await createBot();
    const t = testTerminal(env(), dir);
    expect(await deploy(["bot.js", "--bot", botId, "--restart", "--json"], t.terminal)).toBe(EXIT.ok);
    expect(JSON.parse(t.stdout())).toEqual({ botId, version: 2, restarted: true, restart: expect.any(String) });
    expect(await getBot(botId)).toMatchObject({ status: "running", savedVersion: 2, runningVersion: 2 });
  });

  it("refuses --auto-rollback without --restart, before any request", async () => {
    const botId = await createBot();
    const t = testTerminal(env(), dir);
    expect(await deploy(["bot.js", "--bot", botId, "--auto-rollback"], t.terminal)).toBe(EXIT.usage);
    expect(t.stderr()).toMatch(/^botyard-dev: --auto-rollback needs --restart\nusage: botyard-dev deploy/);
    expect((await getBot(botId)).savedVersion).toBe(1);
  });

  const failures: Array<[string, () => Record<string, string>, string[], number, RegExp]> = [
    [
      "a wrong key",
      () => ({ ...env(), BOTYARD_API_KEY: "byk_wrong_key_0123456789" }),
      [],
      EXIT.auth,
      /refused the API key/,
    ],
    ["an unknown bot", env, ["--bot", "no-such-bot"], EXIT.notFound, /no bot no-such-bot on this account/],
    [
      "a server that is not there",
      () => ({ ...env(), BOTYARD_URL: nowhere }),
      [],
      EXIT.network,
      /cannot reach http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\): check BOTYARD_URL/,
    ],
    ["no key", () => ({ BOTYARD_URL: url }), [], EXIT.usage, /no API key: set BOTYARD_API_KEY/],
    [
      "a URL that is not one",
      () => ({ ...env(), BOTYARD_URL: "botyard.example.com" }),
      [],
      EXIT.usage,
      /BOTYARD_URL is not a URL/,
    ],
  ];
  it.each(failures)("says what is wrong on one line for %s", async (_name, environment, flags, code, message) => {
    const botId = await createBot();
    const t = testTerminal(environment(), dir);
    const argv = ["bot.js", "--bot", botId, ...flags];
    expect(await deploy(argv, t.terminal)).toBe(code);
    const first = t.stderr().split("\n")[0]!;
    expect(first).toMatch(/^botyard-dev: /);
    expect(first).toMatch(message);
    expect(t.stderr()).not.toMatch(/\n\s+at /);
    expect(t.stderr()).not.toContain(apiKey);
    expect(t.stdout()).toBe("");
  });

  it("names a file it cannot read", async () => {
    const t = testTerminal(env(), dir);
    expect(await deploy(["missing.js", "--bot", "b"], t.terminal)).toBe(EXIT.usage);
    expect(t.stderr()).toMatch(/^botyard-dev: cannot read missing\.js: no such file\n/);
  });

  it("takes the key and URL from flags too, and never prints the key", async () => {
    const botId = await createBot();
    const t = testTerminal({}, dir);
    const argv = ["bot.js", "--bot", botId, "--url", url, "--api-key", "byk_flag_key_refused_0123"];
    expect(await deploy(argv, t.terminal)).toBe(EXIT.auth);
    expect(t.stderr()).not.toContain("byk_flag_key_refused_0123");
  });
});

describe("logs", () => {
  it("prints the bot's lines oldest first, --limit the newest n", async () => {
    const botId = await createBot();
    await writeLogs(botId, [{ message: "one" }, { message: "two", level: "warn" }, { message: "three" }]);
    const t = testTerminal(env());
    expect(await logs(["--bot", botId], t.terminal)).toBe(EXIT.ok);
    expect(t.stdout().split("\n").filter(Boolean)).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\dT\S+Z log {3}one$/),
      expect.stringMatching(/ warn {2}two$/),
      expect.stringMatching(/ log {3}three$/),
    ]);
    const last = testTerminal(env());
    expect(await logs(["--bot", botId, "--limit", "1", "--json"], last.terminal)).toBe(EXIT.ok);
    expect(JSON.parse(last.stdout())).toEqual({ at: expect.any(String), level: "log", message: "three" });
  });

  it("--follow prints new lines as they come, each once, until Ctrl-C", async () => {
    const botId = await createBot();
    await writeLogs(botId, [{ message: "before" }]);
    const t = testTerminal(env());
    const done = logs(["--bot", botId, "--follow", "--interval", "20"], t.terminal);
    await waitFor(() => t.stdout().includes("before"), { what: "the first line" });
    await writeLogs(botId, [{ message: "same" }, { message: "same" }]);
    await waitFor(() => t.stdout().split("same").length === 3, { what: "both new lines" });
    await writeLogs(botId, [{ message: "after" }]);
    await waitFor(() => t.stdout().includes("after"), { what: "the last line" });
    t.interrupt();
    expect(await done).toBe(EXIT.ok);
    const messages = t
      .stdout()
      .split("\n")
      .filter(Boolean)
      .map((l) => l.split(/\s+/).slice(2).join(" "));
    expect(messages).toEqual(["before", "same", "same", "after"]);
    expect(t.stderr()).toBe("");
  });

  it("fails cleanly for an unknown bot", async () => {
    const t = testTerminal(env());
    expect(await logs(["--bot", "no-such-bot", "--follow"], t.terminal)).toBe(EXIT.notFound);
    expect(t.stderr()).toMatch(/^botyard-dev: no bot no-such-bot/);
  });
});

describe("unseen: the lines of a new window not printed yet", () => {
  const line = (message: string, at = "2026-11-29T00:00:00.000Z"): LogLine => ({ at, level: "log", message });
  const [a, b, c, d] = ["a", "b", "c", "d"].map((m) => line(m));

  it("is everything at first, nothing when nothing changed", () => {
    expect(unseen([], [a!, b!])).toEqual({ lines: [a, b], gap: false });
    expect(unseen([a!, b!], [a!, b!])).toEqual({ lines: [], gap: false });
  });

  it("is the lines after the end of the previous window, when the window slid", () => {
    expect(unseen([a!, b!], [b!, c!, d!])).toEqual({ lines: [c, d], gap: false });
    expect(unseen([b!], [a!, b!, c!])).toEqual({ lines: [c], gap: false });
  });

  it("tells equal messages at other times apart, and says when windows do not overlap", () => {
    const later = line("a", "2026-11-29T00:00:01.000Z");
    expect(unseen([a!], [a!, later])).toEqual({ lines: [later], gap: false });
    expect(unseen([a!, b!], [c!, d!])).toEqual({ lines: [c, d], gap: true });
  });
});
