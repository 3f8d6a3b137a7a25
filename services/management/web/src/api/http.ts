/**
 * One way to call the dashboard API: same-origin fetch with the session cookie, the CSRF token on every
 * state-changing call, and every refusal turned into an {@link ApiError} that names its field when the server did.
 */

/** A refusal of the API, or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

let csrfToken = "";

/** Remembers the token the session, sign-in or sign-up reply handed out. */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

interface ErrorBody {
  ok: false;
  error?: { code?: unknown; message?: unknown; field?: unknown } | string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function toError(status: number, body: unknown): ApiError {
  const error = isRecord(body) ? (body as unknown as ErrorBody).error : undefined;
  if (typeof error === "string") return new ApiError(status, "ERROR", error);
  if (isRecord(error)) {
    const code = typeof error.code === "string" ? error.code : "ERROR";
    const message = typeof error.message === "string" ? error.message : `Request failed (${status})`;
    const field = typeof error.field === "string" ? error.field : undefined;
    return new ApiError(status, code, message, field);
  }
  return new ApiError(status, "ERROR", `Request failed (${status})`);
}

/** Calls `path` and resolves with the reply of a 2xx; rejects with an {@link ApiError} otherwise. */
export async function api<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET" && csrfToken) headers["X-CSRF-Token"] = csrfToken;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      credentials: "same-origin",
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw new ApiError(0, "NETWORK", "The server did not answer. Check your connection and try again.");
  }
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = undefined;
  }
  if (!res.ok) {
    const error = toError(res.status, parsed);
    if (res.status === 429) {
      const after = res.headers.get("Retry-After");
      if (after) return Promise.reject(new ApiError(429, error.code, `${error.message} (retry in ${after} s)`));
    }
    throw error;
  }
  return parsed as T;
}
