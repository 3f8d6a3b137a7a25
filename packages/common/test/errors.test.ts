/** errors.ts: the catalogue (the statuses and messages clients see), AppError and the body-parser error check. */
import { describe, expect, it } from "@jest/globals";
import { AppError, errorCatalogue, invalidField, isBodyParserError } from "../src/errors.js";

describe("errorCatalogue", () => {
  // The contract clients program against (docs/management-api.md#errors, docs/broadcast.md#errors,
  // docs/bot-runtime.md#errors): a change here is a change of the public API and must be made on purpose.
  it("gives each code its status and default message", () => {
    const table = Object.fromEntries(
      Object.entries(errorCatalogue).map(([code, e]) => [code, `${e.status} ${e.message}`]),
    );
    expect(table).toEqual({
      INVALID_INPUT: "400 Invalid request",
      MALFORMED_JSON: "400 Malformed JSON body",
      UNREADABLE_BODY: "400 Unreadable request body",
      MALFORMED_REQUEST: "400 Malformed HTTP request",
      HEADERS_TOO_LARGE: "431 Request headers are too large",
      REQUEST_TIMEOUT: "408 The request took too long to arrive",
      BODY_TOO_LARGE: "413 Request body is too large",
      METHOD_NOT_ALLOWED: "405 Method not allowed",
      NOT_FOUND: "404 Not found",
      UNKNOWN_OPERATION: "404 Unknown operation",
      RATE_LIMITED: "429 Too many requests",
      INVALID_API_KEY: "401 Invalid API Key",
      INVALID_BOT_TOKEN: "401 Invalid bot token",
      INVALID_SECRET_TOKEN: "401 Invalid secret token",
      INVALID_INTERNAL_TOKEN: "401 Invalid internal token",
      UNAUTHENTICATED: "401 Sign in first",
      INVALID_CREDENTIALS: "401 Wrong e-mail or password",
      CSRF: "403 Cross-site request refused: reload the page and try again",
      SIGNUP_CLOSED: "403 Sign-up is closed on this server; ask the operator for an invite",
      SIGN_IN_THROTTLED: "429 Too many sign-in attempts; try again later",
      INVITE_NOT_FOUND: "404 This invite link is unknown, used or expired",
      BOT_NOT_FOUND: "404 Bot not found",
      VERSION_NOT_FOUND: "404 Version not found",
      ACCOUNT_NOT_FOUND: "404 Account not found",
      TARGET_ACCOUNT_NOT_FOUND: "404 Target account not found",
      ACCOUNT_EXISTS: "409 An account with this e-mail already exists",
      JOB_NOT_FOUND: "404 Job not found",
      JOB_FINISHED: "409 Job is already finished",
      SCHEDULE_NOT_FOUND: "404 Schedule not found",
      INVALID_PATH: "400 Invalid path format",
      NO_HANDLER: "400 No handler for this path",
      QUOTA_EXCEEDED: "403 Over a quota of the account's plan",
      BOT_HALTED: "403 Bot is halted",
      BOT_NOT_RUNNING: "403 Bot is not running",
      BOT_BUSY: "429 Too many concurrent requests for this bot",
      HANDLER_ERROR: "500 Handler error",
      GATEWAY_UNREACHABLE: "502 The webhook gateway did not answer",
      UNAVAILABLE: "503 Service temporarily unavailable; try again shortly",
      INTERNAL: "500 Internal error",
    });
  });
});

describe("AppError", () => {
  it("takes status and message from the catalogue", () => {
    const err = new AppError("BOT_HALTED");
    expect(err).toBeInstanceOf(Error);
    expect([err.name, err.code, err.status, err.message]).toEqual(["AppError", "BOT_HALTED", 403, "Bot is halted"]);
    expect([err.details, err.headers, err.field, err.cause]).toEqual([undefined, undefined, undefined, undefined]);
    expect("cause" in err).toBe(false);
  });

  it("keeps a precise message, details, headers, field and cause", () => {
    const cause = new Error("pg");
    const err = new AppError("JOB_FINISHED", "Job 7 is done", {
      details: { job: 7 },
      headers: { "Retry-After": "2" },
      field: "jobId",
      cause,
    });
    expect([err.status, err.message, err.details, err.headers, err.field, err.cause]).toEqual([
      409,
      "Job 7 is done",
      { job: 7 },
      { "Retry-After": "2" },
      "jobId",
      cause,
    ]);
  });

  it("invalidField is a 400 naming the field", () => {
    const err = invalidField("botId", "botId is required");
    expect([err.code, err.status, err.message, err.field]).toEqual([
      "INVALID_INPUT",
      400,
      "botId is required",
      "botId",
    ]);
  });
});

describe("isBodyParserError", () => {
  it("is true for objects with a type and a numeric status", () => {
    expect(isBodyParserError({ type: "entity.parse.failed", status: 400, message: "x" })).toBe(true);
    expect(isBodyParserError(Object.assign(new Error("x"), { type: "entity.too.large", status: 413 }))).toBe(true);
  });

  it("is true for a body that does not inflate: zlib's error as http-errors marks it, without a type", () => {
    const zlibError = Object.assign(new Error("incorrect header check"), { code: "Z_DATA_ERROR" });
    expect(isBodyParserError(Object.assign(zlibError, { status: 400, statusCode: 400, expose: true }))).toBe(true);
  });

  it("is false for anything else", () => {
    for (const value of [
      null,
      undefined,
      "type status",
      400,
      { type: "x" },
      { status: 400 },
      { type: "x", status: "400" },
      { status: 400, expose: false },
      new Error("x"),
    ])
      expect(isBodyParserError(value)).toBe(false);
  });
});
