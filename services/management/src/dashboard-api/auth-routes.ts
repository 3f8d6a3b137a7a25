/**
 * The dashboard's /api/auth routes: sign-up, sign-in, sign-out, password change and invite links. The rules live in
 * AuthService; the session cookie and CSRF token in SessionHttp.
 *
 * @see docs/dashboard.md
 */
import type { NewSession } from "../auth/auth-service.js";
import { type DashboardRoute, type DashboardServices, type RouteInput, session } from "./route.js";
import * as s from "./schemas.js";

/** Replies with a new session: sets its cookie and hands the page its CSRF token. */
function opened(input: RouteInput, services: DashboardServices, made: NewSession) {
  services.http.setCookie(input.req, input.res, made);
  return { ok: true, user: made.user, csrfToken: made.csrfToken };
}

/** The auth routes, in the order the document lists them. */
export const authRoutes: DashboardRoute[] = [
  {
    method: "get",
    path: "/api/auth/session",
    operationId: "dashboardSession",
    summary: "The signed-in owner and the session's CSRF token",
    access: "session",
    reply: s.SessionReply,
    errors: [],
    handler: async (input) => ({
      ok: true,
      user: { email: session(input).email },
      csrfToken: session(input).csrfToken,
    }),
  },
  {
    method: "post",
    path: "/api/auth/signup",
    operationId: "dashboardSignUp",
    summary: "Create an account and sign in",
    description:
      "Refused with 403 SIGNUP_CLOSED when the server runs with SIGNUP=closed (invites only); 429 RATE_LIMITED past " +
      "10 sign-ups an hour from one address, or while the server's password hashing is saturated.",
    access: "public",
    body: s.Credentials,
    reply: s.SessionReply,
    status: 201,
    errors: [409, 429],
    handler: async (input, services) => {
      const { email, password } = input.body as { email: string; password: string };
      return opened(input, services, await services.auth.signUp(email, password, input.req.ip ?? "unknown"));
    },
  },
  {
    method: "post",
    path: "/api/auth/signin",
    operationId: "dashboardSignIn",
    summary: "Sign in with e-mail and password",
    description:
      "A new session id every time. Attempts are throttled per address and per address and e-mail (429 + " +
      "Retry-After); past 5 failures of one e-mail, addresses that failed before wait a doubling delay.",
    access: "public",
    body: s.SignIn,
    reply: s.SessionReply,
    errors: [401, 429],
    handler: async (input, services) => {
      const { email, password } = input.body as { email: string; password: string };
      const made = await services.auth.signIn(
        email,
        password,
        input.req.ip ?? "unknown",
        services.http.cookieValue(input.req),
      );
      return opened(input, services, made);
    },
  },
  {
    method: "post",
    path: "/api/auth/signout",
    operationId: "dashboardSignOut",
    summary: "Sign out (ends this session)",
    access: "session",
    reply: s.Ok,
    errors: [],
    handler: async (input, services) => {
      await services.auth.signOut(session(input));
      services.http.clearCookie(input.req, input.res);
      return { ok: true };
    },
  },
  {
    method: "post",
    path: "/api/auth/password",
    operationId: "dashboardChangePassword",
    summary: "Change the password",
    description:
      "Every other session of the account ends; this one gets a new id and CSRF token. A wrong current password " +
      "counts as a failed sign-in (429 SIGN_IN_THROTTLED past the limit).",
    access: "session",
    body: s.PasswordChange,
    reply: s.CsrfReply,
    errors: [429],
    handler: async (input, services) => {
      const { currentPassword, newPassword } = input.body as { currentPassword: string; newPassword: string };
      const made = await services.auth.changePassword(
        session(input),
        currentPassword,
        newPassword,
        input.req.ip ?? "unknown",
      );
      services.http.setCookie(input.req, input.res, made);
      return { ok: true, csrfToken: made.csrfToken };
    },
  },
  {
    method: "get",
    path: "/api/auth/invite/:token",
    operationId: "dashboardInvite",
    summary: "The e-mail an invite link is for",
    access: "public",
    params: s.tokenParam,
    reply: s.InviteReply,
    errors: [404],
    handler: async (input, services) => ({ ok: true, email: await services.auth.inviteEmail(input.params.token!) }),
  },
  {
    method: "post",
    path: "/api/auth/invite/:token",
    operationId: "dashboardAcceptInvite",
    summary: "Set the password from an invite link and sign in",
    description:
      "The link works once; every other session of the account ends. 429 RATE_LIMITED past 10 attempts in 15 " +
      "minutes from one address.",
    access: "public",
    params: s.tokenParam,
    body: s.InvitePassword,
    reply: s.SessionReply,
    errors: [404, 429],
    handler: async (input, services) => {
      const { password } = input.body as { password: string };
      const made = await services.auth.acceptInvite(input.params.token!, password, input.req.ip ?? "unknown");
      return opened(input, services, made);
    },
  },
];
