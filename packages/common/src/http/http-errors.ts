/**
 * The one translator from any error to a reply. {@link toProblem} classifies: an {@link AppError} keeps its code; a
 * body-parser failure becomes 400/413; a database or Redis that does not answer becomes 503 with Retry-After (the
 * caller did nothing wrong and should retry); anything else is an unexpected 500 whose details stay in our log.
 * Each route family then wraps the problem in its own envelope (`{ ok, msg, stat_code }` for /apiv3,
 * `{ ok, error }` for broadcasts, `{ ok, message }` for the gateway).
 */
import type { ErrorRequestHandler, Response } from "express";
import type { Logger } from "pino";
import { AppError, type ErrorCode, errorCatalogue, isBodyParserError } from "../errors.js";
import { withoutQueryParams } from "../logging.js";

/** What a reply says about an error, before a route family wraps it. */
export interface Problem {
  status: number;
  code: ErrorCode;
  message: string;
  field?: string;
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** Seconds a client is asked to wait before retrying while a dependency is down. */
export const UNAVAILABLE_RETRY_AFTER_S = 2;

// Connection-level failures of pg and ioredis, by error code (pg's SQLSTATE class 08 and server shutdowns included).
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "ERR_DEPENDENCY_DOWN",
]);
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /Connection is closed/i,
  /connect ECONNREFUSED/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Reached the max retries per request limit/i,
  /Stream isn't writeable/i,
  /Redis (?:is )?unavailable/i,
  // ioredis's commandTimeout (failFastRedisOptions): Redis accepted the connection but does not answer.
  /^Command timed out$/,
  /Client was closed and is not queryable/i,
];
// Text Postgres refuses to store (a NUL character); routes validate first, this is the safety net.
const UNSTORABLE_TEXT_CODES = new Set(["22P05", "22021"]);

/**
 * `err`, its causes (drizzle wraps pg's error as `cause`) and the members of an AggregateError (Node's connect to
 * a host name with several addresses fails with one), at most 16 errors deep and wide.
 */
function causes(err: unknown): unknown[] {
  const seen: unknown[] = [];
  const pending: unknown[] = [err];
  while (pending.length > 0 && seen.length < 16) {
    const current = pending.shift();
    if (current === undefined || current === null || seen.includes(current)) continue;
    seen.push(current);
    if (typeof current !== "object") continue;
    pending.push((current as { cause?: unknown }).cause);
    const members = (current as { errors?: unknown }).errors;
    if (Array.isArray(members)) pending.push(...members);
  }
  return seen;
}

const codeOf = (e: unknown): string | undefined =>
  typeof e === "object" && e !== null && typeof (e as { code?: unknown }).code === "string"
    ? (e as { code: string }).code
    : undefined;

/** True when `err` (or its cause) says Postgres or Redis could not be reached, rather than that a query was wrong. */
export function isUnavailableError(err: unknown): boolean {
  return causes(err).some((e) => {
    const code = codeOf(e);
    if (code && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    const message = e instanceof Error ? e.message : "";
    return UNAVAILABLE_MESSAGES.some((re) => re.test(message));
  });
}

/** A problem from a catalogue code. */
export function problemOf(code: ErrorCode, message?: string): Problem {
  return { status: errorCatalogue[code].status, code, message: message ?? errorCatalogue[code].message };
}

/**
 * Classifies any error. `unexpected` is true only for the 500s that are our fault: those are logged in full, and the
 * reply says no more than "Internal error".
 */
export function toProblem(err: unknown, bodyLimit = "the limit"): { problem: Problem; unexpected: boolean } {
  if (err instanceof AppError) {
    const problem: Problem = { status: err.status, code: err.code, message: err.message };
    if (err.field !== undefined) problem.field = err.field;
    if (err.details !== undefined) problem.details = err.details;
    if (err.headers !== undefined) problem.headers = err.headers;
    return { problem, unexpected: false };
  }
  if (isBodyParserError(err) && err.status < 500) {
    if (err.status === 413)
      return { problem: problemOf("BODY_TOO_LARGE", `Request body is larger than ${bodyLimit}`), unexpected: false };
    if (err.type === "entity.parse.failed") return { problem: problemOf("MALFORMED_JSON"), unexpected: false };
    return { problem: problemOf("UNREADABLE_BODY"), unexpected: false };
  }
  if (err instanceof URIError) {
    // The router could not percent-decode a path parameter (e.g. %ED%A0%80, a surrogate, is not UTF-8): the URL is bad.
    const problem = problemOf("INVALID_INPUT", "Malformed URL: a path segment is not valid percent-encoded UTF-8");
    return { problem, unexpected: false };
  }
  if (causes(err).some((e) => UNSTORABLE_TEXT_CODES.has(codeOf(e) ?? ""))) {
    const problem = problemOf("INVALID_INPUT", "Text contains a character that cannot be stored (NUL)");
    return { problem, unexpected: false };
  }
  if (isUnavailableError(err)) {
    const problem = problemOf("UNAVAILABLE");
    problem.headers = { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_S) };
    return { problem, unexpected: false };
  }
  return { problem: problemOf("INTERNAL"), unexpected: true };
}

/** How a route family shapes an error body. */
export type ErrorEnvelope = (problem: Problem) => Record<string, unknown>;

/** Sends `problem` wrapped in `envelope`, with its headers. */
export function sendProblem(res: Response, problem: Problem, envelope: ErrorEnvelope): void {
  if (problem.headers) res.set(problem.headers);
  res.status(problem.status).json(envelope(problem));
}

/** The request a failed reply answers, as its log line names it. */
export interface FailedRequest {
  method?: string;
  /** The request target; only its path is logged (a query string may carry a token or a bot's data). */
  url?: string;
  /** The route's pattern, when a route matched. */
  route?: string;
}

/** The path of a request target, without its query string or fragment. */
export function pathOfTarget(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/**
 * Translates `err` (see {@link toProblem}) and logs it as every route family does: an unexpected 500 in full as an
 * error, a dependency that is down as a warning with the error's text (its query parameters removed), anything the
 * caller caused not at all. Each line names the request's method, route and path, never its query string. The one
 * error path of express's {@link errorHandler} and of the gateway's own request listener.
 */
export function reportError(
  err: unknown,
  request: FailedRequest,
  options: { logger: Logger; context: string; bodyLimit?: string },
): Problem {
  const { problem, unexpected } = toProblem(err, options.bodyLimit);
  if (!unexpected && problem.status !== 503) return problem;
  const where = {
    method: request.method,
    route: request.route,
    path: request.url === undefined ? undefined : pathOfTarget(request.url),
  };
  if (unexpected) options.logger.error({ err, ...where }, `${options.context} failed`);
  else
    options.logger.warn(
      { err: withoutQueryParams(String(err)), ...where },
      `${options.context}: dependency unavailable`,
    );
  return problem;
}

/** The express error handler of one route family. Unexpected errors are logged with `context`; others are not. */
export function errorHandler(options: {
  envelope: ErrorEnvelope;
  logger: Logger;
  context: string;
  bodyLimit?: string;
}): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    const problem = reportError(err, { method: req.method, url: req.originalUrl, route: req.route?.path }, options);
    sendProblem(res, problem, options.envelope);
  };
}
