// Unit tests of src/errors.ts: what a caller learns from a failed Bot API call.
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { TelegramApiError, TelegramNetworkError } from "../src/index.js";

describe("TelegramApiError", () => {
  it("names the method, code and description, and keeps retry_after", () => {
    const err = new TelegramApiError("sendMessage", 429, "Too Many Requests: retry after 7", 7);
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe("TelegramApiError");
    expect(err.message).toBe("sendMessage: 429 Too Many Requests: retry after 7");
    expect([err.method, err.errorCode, err.description, err.retryAfter]).toEqual([
      "sendMessage",
      429,
      "Too Many Requests: retry after 7",
      7,
    ]);
    expect(new TelegramApiError("getMe", 401, "Unauthorized").retryAfter).toBeUndefined();
  });

  it("is a rate limit on 429 only, and a server error from 500 on", () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), (code) => {
        const err = new TelegramApiError("m", code, "d");
        expect(err.isRateLimit).toBe(code === 429);
        expect(err.isServerError).toBe(code >= 500);
      }),
    );
    expect([499, 500].map((c) => new TelegramApiError("m", c, "d").isServerError)).toEqual([false, true]);
  });
});

describe("TelegramNetworkError", () => {
  it("names the method and the reason, never more", () => {
    const err = new TelegramNetworkError("getUpdates", "ETIMEDOUT");
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe("TelegramNetworkError");
    expect(err.message).toBe("getUpdates: network error: ETIMEDOUT");
    expect([err.method, err.reason]).toEqual(["getUpdates", "ETIMEDOUT"]);
  });
});
