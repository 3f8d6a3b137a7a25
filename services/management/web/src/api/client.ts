/**
 * The typed client of the dashboard API: openapi-fetch over the `paths` generated from management's OpenAPI document
 * (packages/api-client, `pnpm api:generate`), so every path, parameter, body and reply below is checked against the
 * server's schemas. Same-origin, with the session cookie; the CSRF token goes on every state-changing call.
 */
import { createBotyardClient, type paths } from "@botyard/api-client";
import { ApiError } from "./http.js";

let csrfToken = "";

/** Remembers the token the session, sign-in or sign-up reply handed out. */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

export const client = createBotyardClient({ baseUrl: window.location.origin });
client.use({
  onRequest({ request }) {
    if (request.method !== "GET" && request.method !== "HEAD" && csrfToken) {
      request.headers.set("X-CSRF-Token", csrfToken);
    }
    return request;
  },
});

/** The JSON body of a path and method's success reply (200 or 201). */
export type Reply<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: infer R }
  ? R extends { 200: { content: { "application/json": infer J } } }
    ? J
    : R extends { 201: { content: { "application/json": infer J } } }
      ? J
      : never
  : never;

/** The JSON body a path and method takes. */
export type Body<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { "application/json": infer B } };
}
  ? B
  : never;

type Outcome<D> = { data: D; error?: never; response: Response } | { data?: never; error: unknown; response: Response };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A refusal as an {@link ApiError}: the `{ ok: false, error: { code, message, field? } }` body, or the status. */
function toError(response: Response, body: unknown): ApiError {
  const error = isRecord(body) ? body.error : undefined;
  let message = `Request failed (${response.status})`;
  let code = "ERROR";
  let field: string | undefined;
  if (typeof error === "string") message = error;
  if (isRecord(error)) {
    if (typeof error.code === "string") code = error.code;
    if (typeof error.message === "string") message = error.message;
    if (typeof error.field === "string") field = error.field;
  }
  const after = response.headers.get("Retry-After");
  if (response.status === 429 && after && !/try again|retry/i.test(message)) message += ` (try again in ${after} s)`;
  return new ApiError(response.status, code, message, field);
}

/** Resolves with the reply of a 2xx; rejects with an {@link ApiError} otherwise (status 0: no answer). */
export async function unwrap<D>(pending: Promise<Outcome<D>>): Promise<NonNullable<D>> {
  let outcome: Outcome<D>;
  try {
    outcome = await pending;
  } catch {
    throw new ApiError(0, "NETWORK", "The server did not answer. Check your connection and try again.");
  }
  if (outcome.error !== undefined || !outcome.response.ok) throw toError(outcome.response, outcome.error);
  return outcome.data as NonNullable<D>;
}
