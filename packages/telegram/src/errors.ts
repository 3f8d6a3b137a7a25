/** Errors of Bot API calls. Neither carries the request URL, because the URL contains the bot token. */

/** Telegram answered `ok: false`. `errorCode` is its error_code (400, 401, 403, 429, 5xx …). */
export class TelegramApiError extends Error {
  override readonly name = "TelegramApiError";

  constructor(
    readonly method: string,
    readonly errorCode: number,
    readonly description: string,
    /** Seconds to wait, from `parameters.retry_after` on a 429. */
    readonly retryAfter?: number,
  ) {
    super(`${method}: ${errorCode} ${description}`);
  }

  /** 429: the caller must pause for {@link retryAfter} seconds and try again. */
  get isRateLimit(): boolean {
    return this.errorCode === 429;
  }

  /** 5xx: a fault on Telegram's side that a retry may cure. */
  get isServerError(): boolean {
    return this.errorCode >= 500;
  }
}

/** The call did not get an answer: connection refused or reset, timeout, unparsable reply. Retrying may help. */
export class TelegramNetworkError extends Error {
  override readonly name = "TelegramNetworkError";

  constructor(
    readonly method: string,
    readonly reason: string,
  ) {
    super(`${method}: network error: ${reason}`);
  }
}
