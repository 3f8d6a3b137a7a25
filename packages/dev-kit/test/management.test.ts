/**
 * How deploy and logs read a server's failures they cannot get from a real management app: a server that is not
 * Botyard (HTML, an unknown path), a fault, a URL with credentials. The replies come from a fetch of the test's own.
 */
import { describe, expect, it } from "@jest/globals";
import { logs } from "../src/commands/logs.js";
import { EXIT } from "../src/terminal.js";
import { testTerminal } from "./terminal.js";

const KEY = "byk_unit_key_0123456789";

function withReply(status: number, body: string, contentType = "application/json") {
  const t = testTerminal({ BOTYARD_URL: "https://botyard.example.com/base/", BOTYARD_API_KEY: KEY });
  const requests: Request[] = [];
  t.terminal.fetch = async (input) => {
    requests.push(input as Request);
    return new Response(body, { status, headers: { "content-type": contentType } });
  };
  return { t, requests };
}

describe("failures a real server does not make", () => {
  it("a page that is not JSON: not a Botyard server", async () => {
    const { t } = withReply(200, "<html>hello</html>", "text/html");
    expect(await logs(["--bot", "b"], t.terminal)).toBe(EXIT.network);
    expect(t.stderr()).toMatch(/^botyard-dev: https:\/\/botyard\.example\.com did not answer with JSON/);
  });

  it("a 404 that is not Bot not found: not a Botyard server", async () => {
    const { t } = withReply(404, "Not Found", "text/plain");
    expect(await logs(["--bot", "b"], t.terminal)).toBe(EXIT.network);
    expect(t.stderr()).toMatch(
      /answered 404 \(Not Found\) to getBotLogs: is BOTYARD_URL a Botyard management server\?/,
    );
  });

  it("a fault: the server's message and exit code 1", async () => {
    const { t } = withReply(500, JSON.stringify({ ok: false, msg: "Internal error", stat_code: 500 }));
    expect(await logs(["--bot", "b"], t.terminal)).toBe(EXIT.failed);
    expect(t.stderr()).toBe("botyard-dev: getBotLogs failed: 500 Internal error\n");
  });

  it("posts to the URL's path with the key in the body, never in the URL", async () => {
    const { t, requests } = withReply(200, JSON.stringify({ ok: true, msg: "Bot logs", logs: [], stat_code: 200 }));
    expect(await logs(["--bot", "b", "--limit", "5"], t.terminal)).toBe(EXIT.ok);
    expect(requests.map((r) => [r.method, r.url])).toEqual([
      ["POST", "https://botyard.example.com/base/apiv3/getBotLogs"],
    ]);
    expect(await requests[0]!.json()).toEqual({ apiKey: KEY, botId: "b", limit: 5 });
  });

  it("refuses a URL with credentials, a bad limit, and masks anything shaped like a key", async () => {
    const t = testTerminal({ BOTYARD_URL: "https://u:p@botyard.example.com", BOTYARD_API_KEY: KEY });
    expect(await logs(["--bot", "b"], t.terminal)).toBe(EXIT.usage);
    expect(t.stderr()).toMatch(/must not hold a user name or password/);
    const limit = testTerminal({ BOTYARD_API_KEY: KEY });
    expect(await logs(["--bot", "b", "--limit", "500"], limit.terminal)).toBe(EXIT.usage);
    expect(limit.stderr()).toMatch(/--limit must be an integer from 1 to 200/);
    const typo = testTerminal({});
    expect(await logs(["--bot", "b", "--apikey=byk_typed_wrong_flag"], typo.terminal)).toBe(EXIT.usage);
    expect(typo.stderr()).not.toContain("byk_typed_wrong_flag");
  });
});
