/**
 * The dashboard's session cookie and CSRF defences, as express middleware:
 * - the cookie `botyard_session` is httpOnly, SameSite=Lax, Path=/, and Secure when the request came over https; when
 *   the public base URL is https it is always Secure and named `__Host-botyard_session` (no other host can set it),
 *   and only that name is read;
 * - a state-changing request (anything but GET/HEAD/OPTIONS) must come from our own origin: `Origin` (or, without it,
 *   `Referer`) must be the origin the request was sent to or PUBLIC_BASE_URL's;
 * - a signed-in state-changing request must also carry `X-CSRF-Token` equal to its session's token.
 *
 * @see docs/dashboard.md#csrf
 */
import type { NextFunction, Request, Response } from "express";
import { AppError } from "@botyard/common/errors";
import { constantTimeEqual } from "@botyard/common/crypto";
import { DASHBOARD_SESSION_COOKIE, platformCookieName } from "@botyard/openapi";
import type { AuthService, NewSession, SessionContext } from "./auth-service.js";
import { SESSION_TTL_MS } from "./auth-service.js";

export { DASHBOARD_SESSION_COOKIE };
export const CSRF_HEADER = "x-csrf-token";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The value of one cookie of the request, or undefined. */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Cookie and origin settings taken from the configuration. */
export interface SessionHttpOptions {
  /** PUBLIC_BASE_URL: its origin is accepted besides the request's own, and https there makes the cookie Secure. */
  publicBaseUrl: string;
}

function originOf(url: string): string | undefined {
  try {
    const { origin } = new URL(url);
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** Session cookie helpers and middleware bound to one AuthService. */
export class SessionHttp {
  readonly #publicOrigin: string | undefined;
  readonly #alwaysSecure: boolean;
  /** `botyard_session`, or `__Host-botyard_session` under an https public base URL. */
  readonly cookieName: string;

  constructor(
    private readonly auth: AuthService,
    options: SessionHttpOptions,
  ) {
    this.#publicOrigin = originOf(options.publicBaseUrl);
    this.#alwaysSecure = options.publicBaseUrl.startsWith("https:");
    this.cookieName = platformCookieName(DASHBOARD_SESSION_COOKIE, this.#alwaysSecure);
  }

  /** Sets the cookie of a new session. */
  setCookie(req: Request, res: Response, session: NewSession): void {
    res.cookie(this.cookieName, session.sessionId, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: req.secure || this.#alwaysSecure,
      maxAge: SESSION_TTL_MS,
    });
  }

  clearCookie(req: Request, res: Response): void {
    res.clearCookie(this.cookieName, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: req.secure || this.#alwaysSecure,
    });
  }

  /** The raw session id the browser sent, if any. */
  cookieValue(req: Request): string | undefined {
    return readCookie(req, this.cookieName);
  }

  /** Refuses a state-changing request whose Origin (or Referer) is not ours: 403 CSRF. */
  sameOrigin = (req: Request, _res: Response, next: NextFunction): void => {
    if (SAFE_METHODS.has(req.method)) {
      next();
      return;
    }
    const claimed = req.get("origin") ?? (req.get("referer") ? originOf(req.get("referer")!) : undefined);
    const own = `${req.protocol}://${req.get("host") ?? ""}`;
    if (claimed !== undefined && (claimed === own || claimed === this.#publicOrigin)) {
      next();
      return;
    }
    next(
      new AppError(
        "CSRF",
        claimed === undefined
          ? "Cross-site request refused: the request has no Origin or Referer header"
          : "Cross-site request refused: the request comes from another origin",
      ),
    );
  };

  /** Loads the session into res.locals; 401 UNAUTHENTICATED without one. */
  requireSession = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const session = await this.auth.resolve(this.cookieValue(req));
    if (!session) {
      next(new AppError("UNAUTHENTICATED"));
      return;
    }
    res.locals.session = session;
    next();
  };

  /** Refuses a state-changing request without the session's CSRF token: 403 CSRF. Runs after requireSession. */
  csrfToken = (req: Request, res: Response, next: NextFunction): void => {
    if (SAFE_METHODS.has(req.method)) {
      next();
      return;
    }
    const presented = req.get(CSRF_HEADER);
    const session = sessionOf(res);
    if (presented && constantTimeEqual(presented, session.csrfToken)) {
      next();
      return;
    }
    next(
      new AppError(
        "CSRF",
        presented ? "The X-CSRF-Token header is not this session's token" : "The X-CSRF-Token header is missing",
      ),
    );
  };
}

/** The session requireSession loaded. */
export function sessionOf(res: Response): SessionContext {
  const session = res.locals.session as SessionContext | undefined;
  if (!session) throw new AppError("UNAUTHENTICATED");
  return session;
}
