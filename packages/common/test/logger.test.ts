/** logger.ts: which fields are redacted in log lines, and what scrubSecrets removes from free text. */
import { describe, expect, it } from "@jest/globals";
import { Writable } from "node:stream";
import fc from "fast-check";
import { createLogger, redactedPaths, scrubSecrets, withoutQueryParams } from "../src/logging.js";

/** A logger whose lines the test reads back. */
function capture(level?: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger("svc", level, sink), lines };
}

const SECRET = "s3cr3t-value";

describe("createLogger", () => {
  it("writes JSON lines named after the service, at info and above by default", () => {
    const { logger, lines } = capture();
    logger.debug("hidden");
    logger.info({ a: 1 }, "shown");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ name: "svc", msg: "shown", a: 1, level: 30 });
    const verbose = capture("debug");
    verbose.logger.debug("now shown");
    expect(verbose.lines).toHaveLength(1);
  });

  it.each(["apiKey", "token", "botToken", "newBotToken", "secret", "env", "password"])(
    "redacts %s at the top level and one level down",
    (field) => {
      const { logger, lines } = capture();
      logger.info({ [field]: SECRET, nested: { [field]: SECRET }, other: "kept" }, "m");
      expect(lines[0]).toMatchObject({ [field]: "[redacted]", nested: { [field]: "[redacted]" }, other: "kept" });
      expect(JSON.stringify(lines)).not.toContain(SECRET);
    },
  );

  it("redacts the authorization and token headers of a request, and bare token headers", () => {
    const { logger, lines } = capture();
    const headers = {
      "x-bot-token": SECRET,
      "x-telegram-bot-api-secret-token": SECRET,
      "user-agent": "kept",
    };
    logger.info({ req: { headers: { ...headers, authorization: `Bearer ${SECRET}` } }, headers }, "m");
    expect(JSON.stringify(lines)).not.toContain(SECRET);
    expect(lines[0]).toMatchObject({
      req: {
        headers: {
          authorization: "[redacted]",
          "x-bot-token": "[redacted]",
          "x-telegram-bot-api-secret-token": "[redacted]",
          "user-agent": "kept",
        },
      },
      headers: { "x-bot-token": "[redacted]", "x-telegram-bot-api-secret-token": "[redacted]", "user-agent": "kept" },
    });
  });

  it("lists each path once", () => {
    expect(new Set(redactedPaths).size).toBe(redactedPaths.length);
    expect(redactedPaths).toHaveLength(19);
  });
});

describe("scrubSecrets", () => {
  it("removes Telegram bot tokens and Botyard API keys, keeping the text around them", () => {
    expect(scrubSecrets("GET /bot123456:AAHabcdefghijklmnopqrstuv/sendMessage failed")).toBe(
      "GET /bot[redacted-token]/sendMessage failed",
    );
    expect(scrubSecrets("key byk_ab12_Zx-9_q and byk_c_d.")).toBe("key [redacted-key] and [redacted-key].");
    expect(scrubSecrets("1:A 22:B 333:short id 42 byk_ byk__x")).toBe("1:A 22:B 333:short id 42 byk_ byk__x");
  });

  it("needs at least 3 digits and 20 token characters", () => {
    const tail = "A".repeat(20);
    expect(scrubSecrets(`12:${tail}`)).toBe(`12:${tail}`);
    expect(scrubSecrets(`123:${tail.slice(1)}`)).toBe(`123:${tail.slice(1)}`);
    expect(scrubSecrets(`123:${tail}`)).toBe("[redacted-token]");
    expect(scrubSecrets(`a 123:${tail} b 456:${tail}`)).toBe("a [redacted-token] b [redacted-token]");
  });

  it("leaves no token or key in any text that contains some", () => {
    const token = fc
      .tuple(fc.stringMatching(/^[0-9]{3,12}$/), fc.stringMatching(/^[A-Za-z0-9_-]{20,46}$/))
      .map(([id, rest]) => `${id}:${rest}`);
    const key = fc
      .tuple(fc.stringMatching(/^[A-Za-z0-9]{1,12}$/), fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/))
      .map(([id, rest]) => `byk_${id}_${rest}`);
    const filler = fc.stringMatching(/^[ ./?=&"']{0,5}$/);
    fc.assert(
      fc.property(fc.array(fc.tuple(filler, fc.oneof(token, key))), filler, (pieces, end) => {
        const text = pieces.map(([f, s]) => `${f}${s}`).join("") + end;
        const scrubbed = scrubSecrets(text);
        for (const [, secret] of pieces) expect(scrubbed).not.toContain(secret);
        expect(scrubbed).not.toMatch(/\d{3,}:[A-Za-z0-9_-]{20,}|byk_[A-Za-z0-9]+_/);
      }),
    );
  });
});

describe("scrubSecrets on a key run into a token", () => {
  it("redacts both, leaving neither the token's secret half nor the key's prefix (fast-check counterexample)", () => {
    const scrubbed = scrubSecrets("byk_A_0000:_a_00-a_0-A_0a_0AAaa");
    expect(scrubbed).toBe("[redacted-key][redacted-token]");
  });
});

describe("a failed query's parameters", () => {
  /** The shape of drizzle-orm's DrizzleQueryError (0.45): the parameters in its message, its stack and `params`. */
  function queryError(params: unknown[]) {
    const err = new Error(`Failed query: update "bots" set "env" = $1 where "id" = $2\nparams: ${params}`);
    return Object.assign(err, { query: 'update "bots" set "env" = $1 where "id" = $2', params, cause: new Error("x") });
  }

  it("never reach a log line, whether the error is logged as err, alone, or nested in a cause", () => {
    const { logger, lines } = capture();
    const err = queryError([`{"API_KEY":"${SECRET}"}`, "bot1"]);
    logger.error({ err }, "failed");
    logger.error(err);
    logger.error({ err: Object.assign(new Error("outer"), { cause: err }) }, "wrapped");
    expect(lines).toHaveLength(3);
    expect(JSON.stringify(lines)).not.toContain(SECRET);
    expect(lines[0]).toMatchObject({ err: { params: "[redacted]", query: expect.stringContaining("update") } });
    expect(lines[0]).toMatchObject({ err: { message: expect.stringContaining("params: [redacted]") } });
  });

  it("are cut from free text up to the stack frames, which stay", () => {
    const text = `Error: Failed query: select 1\nparams: a,\nb,${SECRET}\n    at run (x.js:1:1)\n    at y (y.js:2:2)`;
    expect(withoutQueryParams(text)).toBe(
      "Error: Failed query: select 1\nparams: [redacted]\n    at run (x.js:1:1)\n    at y (y.js:2:2)",
    );
  });
});
