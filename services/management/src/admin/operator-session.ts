/**
 * Who may open the operator pages: a request carrying `Authorization: Bearer <OPERATOR_TOKEN>`, or a browser holding
 * the session cookie that the login form gives for the same token. The cookie holds no token: it is
 * `v1.<expiry>.<HMAC-SHA256(token, expiry)>`, so it dies with its expiry or when OPERATOR_TOKEN changes. Every
 * comparison is constant-time.
 *
 * @see docs/operations.md#queue-dashboard
 */
import { createHmac } from "node:crypto";
import { constantTimeEqual } from "@botyard/common/crypto";
import { OPERATOR_COOKIE } from "@botyard/openapi";

/** Name of the session cookie (httpOnly, SameSite=Strict; `__Host-` prefixed under https, see router.ts). */
export { OPERATOR_COOKIE };
/** How long a login lasts. */
export const SESSION_SECONDS = 12 * 60 * 60;

/** Signs and checks operator credentials for one OPERATOR_TOKEN. */
export class OperatorSessions {
  constructor(
    private readonly token: string,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** True when `presented` is the operator token. */
  matchesToken(presented: string | undefined): boolean {
    return presented !== undefined && constantTimeEqual(presented, this.token);
  }

  /** True for an `Authorization: Bearer <token>` header with the operator token. */
  matchesBearer(header: string | undefined): boolean {
    const match = header === undefined ? null : /^Bearer\s+(.+)$/i.exec(header.trim());
    return match !== null && this.matchesToken(match[1]);
  }

  /** A new session cookie value. */
  issue(): string {
    const expires = Math.floor(this.now() / 1000) + SESSION_SECONDS;
    return `v1.${expires}.${this.#mac(expires)}`;
  }

  /** True for an unexpired cookie value made by {@link issue} under the current token. */
  verify(value: string | undefined): boolean {
    const match = value === undefined ? null : /^v1\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
    if (!match) return false;
    const expires = Number(match[1]);
    const valid = constantTimeEqual(match[2]!, this.#mac(expires));
    return valid && expires * 1000 > this.now();
  }

  #mac(expires: number): string {
    return createHmac("sha256", this.token).update(`botyard-operator-session:${expires}`).digest("base64url");
  }
}

/** The value of cookie `name` in a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
