/**
 * Every error a Botyard service answers with, in one table: a stable code, its HTTP status and the message a user can
 * act on. Services throw {@link AppError} with a code (never an HTTP status of their own choosing); one translator per
 * route family (see http-errors.ts) turns any error into that family's reply envelope.
 *
 * @see docs/management-api.md#errors, docs/broadcast.md#errors, docs/bot-runtime.md#errors
 */

/** The catalogue: code → status and default message. A thrown error may carry a more precise message. */
export const errorCatalogue = {
  // The request itself.
  INVALID_INPUT: { status: 400, message: "Invalid request" },
  MALFORMED_JSON: { status: 400, message: "Malformed JSON body" },
  UNREADABLE_BODY: { status: 400, message: "Unreadable request body" },
  // Refused by Node's HTTP parser before any route (client-errors.ts).
  MALFORMED_REQUEST: { status: 400, message: "Malformed HTTP request" },
  HEADERS_TOO_LARGE: { status: 431, message: "Request headers are too large" },
  REQUEST_TIMEOUT: { status: 408, message: "The request took too long to arrive" },
  BODY_TOO_LARGE: { status: 413, message: "Request body is too large" },
  METHOD_NOT_ALLOWED: { status: 405, message: "Method not allowed" },
  NOT_FOUND: { status: 404, message: "Not found" },
  UNKNOWN_OPERATION: { status: 404, message: "Unknown operation" },
  RATE_LIMITED: { status: 429, message: "Too many requests" },
  // Who is calling.
  INVALID_API_KEY: { status: 401, message: "Invalid API Key" },
  INVALID_BOT_TOKEN: { status: 401, message: "Invalid bot token" },
  INVALID_SECRET_TOKEN: { status: 401, message: "Invalid secret token" },
  INVALID_INTERNAL_TOKEN: { status: 401, message: "Invalid internal token" },
  // The dashboard's accounts and sessions (docs/dashboard.md).
  UNAUTHENTICATED: { status: 401, message: "Sign in first" },
  INVALID_CREDENTIALS: { status: 401, message: "Wrong e-mail or password" },
  CSRF: { status: 403, message: "Cross-site request refused: reload the page and try again" },
  SIGNUP_CLOSED: { status: 403, message: "Sign-up is closed on this server; ask the operator for an invite" },
  SIGN_IN_THROTTLED: { status: 429, message: "Too many sign-in attempts; try again later" },
  INVITE_NOT_FOUND: { status: 404, message: "This invite link is unknown, used or expired" },
  // Resources.
  BOT_NOT_FOUND: { status: 404, message: "Bot not found" },
  VERSION_NOT_FOUND: { status: 404, message: "Version not found" },
  ACCOUNT_NOT_FOUND: { status: 404, message: "Account not found" },
  TARGET_ACCOUNT_NOT_FOUND: { status: 404, message: "Target account not found" },
  ACCOUNT_EXISTS: { status: 409, message: "An account with this e-mail already exists" },
  JOB_NOT_FOUND: { status: 404, message: "Job not found" },
  JOB_FINISHED: { status: 409, message: "Job is already finished" },
  SCHEDULE_NOT_FOUND: { status: 404, message: "Schedule not found" },
  // The bot runtime.
  INVALID_PATH: { status: 400, message: "Invalid path format" },
  NO_HANDLER: { status: 400, message: "No handler for this path" },
  BOT_HALTED: { status: 403, message: "Bot is halted" },
  BOT_NOT_RUNNING: { status: 403, message: "Bot is not running" },
  BOT_BUSY: { status: 429, message: "Too many concurrent requests for this bot" },
  // The account's plan (docs/operations.md#plans-and-quotas): 403 for amounts, 429 (with Retry-After) for rates.
  // Thrown through quotaExceeded, which names the quota, its limit and the current use.
  QUOTA_EXCEEDED: { status: 403, message: "Over a quota of the account's plan" },
  HANDLER_ERROR: { status: 500, message: "Handler error" },
  // The platform.
  GATEWAY_UNREACHABLE: { status: 502, message: "The webhook gateway did not answer" },
  UNAVAILABLE: { status: 503, message: "Service temporarily unavailable; try again shortly" },
  INTERNAL: { status: 500, message: "Internal error" },
} as const satisfies Record<string, { status: number; message: string }>;

/** A code of the catalogue. */
export type ErrorCode = keyof typeof errorCatalogue;

/** Options of an {@link AppError}. */
export interface AppErrorOptions {
  /** Extra fields merged into the error body, e.g. the job on a 409. */
  details?: Record<string, unknown>;
  /** Extra reply headers, e.g. `Retry-After` or `Allow`. */
  headers?: Record<string, string>;
  /** The field of the request the error is about, for forms that show it next to the field. */
  field?: string;
  /** Another status than the code's, for the one code that has two (QUOTA_EXCEEDED: 403 amounts, 429 rates). */
  status?: 403 | 429;
  cause?: unknown;
}

/** An error a user can act on: its code decides the status; its message says what to do. */
export class AppError extends Error {
  override readonly name = "AppError";
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly field: string | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string = errorCatalogue[code].message,
    options: AppErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status ?? errorCatalogue[code].status;
    this.details = options.details;
    this.headers = options.headers;
    this.field = options.field;
  }
}

/**
 * A QUOTA_EXCEEDED error: 403 for an amount (bots, stored data, broadcasts a day), 429 with Retry-After for a rate
 * (requests a second). The body carries `code`, `quota`, `limit` and `use` beside the family's message.
 */
export function quotaExceeded(
  quota: string,
  limit: number,
  use: number,
  options: { message?: string; retryAfterS?: number } = {},
): AppError {
  const message =
    options.message ??
    `Over the ${quota} quota of this account's plan (limit ${limit}, in use ${use}); ask the operator for a larger plan`;
  const error = new AppError("QUOTA_EXCEEDED", message, {
    details: { code: "QUOTA_EXCEEDED", quota, limit, use },
    ...(options.retryAfterS === undefined
      ? {}
      : { status: 429 as const, headers: { "Retry-After": String(options.retryAfterS) } }),
  });
  return error;
}

/** A 400 about one field of the request, e.g. `botId is required`. */
export function invalidField(field: string, message: string): AppError {
  return new AppError("INVALID_INPUT", message, { field });
}

/**
 * True for errors that express's body parser raises: they carry `status`/`type` of their own, except a body that
 * does not inflate as its `Content-Encoding` says (zlib's error, marked 400 and `expose` by http-errors, no `type`).
 */
export function isBodyParserError(err: unknown): err is { status: number; type?: string; message: string } {
  return (
    typeof err === "object" &&
    err !== null &&
    ("type" in err || (err as { expose?: unknown }).expose === true) &&
    "status" in err &&
    typeof (err as { status: unknown }).status === "number"
  );
}
