/**
 * Owner accounts in the dashboard: sign-up, sign-in, sign-out, password change and invites, over server-side
 * sessions in Postgres. The cookie carries a random session id; the table keeps its SHA-256 and the session's CSRF
 * token. Every sign-in (and password change, and invite use) makes a new session id, so an id planted before
 * sign-in is worth nothing after it.
 *
 * @see docs/dashboard.md
 */
import { AppError, invalidField, newId, randomToken, sha256 } from "@botyard/common";
import type { AccountRepository } from "../accounts/account-repository.js";
import { hashPassword, verifyPassword } from "./password.js";
import type { SessionRepository, SessionRow } from "./session-repository.js";
import type { SignInThrottle } from "./throttle.js";

/** How long a session lives after sign-in. */
export const SESSION_TTL_MS = 14 * 24 * 3600_000;
/** How long an invite link works. */
export const INVITE_TTL_MS = 7 * 24 * 3600_000;

/** A new session: the id goes in the cookie, the CSRF token to the page. */
export interface NewSession {
  sessionId: string;
  csrfToken: string;
  user: { email: string };
}

/** The signed-in owner, as the routes see them. */
export interface SessionContext extends SessionRow {
  sessionId: string;
}

/** Accounts, passwords and sessions. */
export class AuthService {
  constructor(
    private readonly deps: {
      sessions: SessionRepository;
      accounts: AccountRepository;
      /** Required to sign in; the operator CLI (invites only) has no Redis and passes none. */
      throttle?: SignInThrottle;
      signup: "open" | "closed";
    },
  ) {}

  /** The session of this cookie value, or undefined (absent, unknown, expired). */
  async resolve(sessionId: string | undefined): Promise<SessionContext | undefined> {
    if (!sessionId || sessionId.length > 128) return undefined;
    const row = await this.deps.sessions.findSession(sha256(sessionId));
    return row ? { ...row, sessionId } : undefined;
  }

  /** Creates an account with a password and signs it in. 403 when sign-up is closed, 409 when the e-mail is taken. */
  async signUp(email: string, password: string): Promise<NewSession> {
    if (this.deps.signup === "closed") throw new AppError("SIGNUP_CLOSED");
    const passwordHash = await hashPassword(password);
    const accountId = newId(20);
    if (!(await this.deps.accounts.insert(accountId, email)))
      throw new AppError("ACCOUNT_EXISTS", "An account with this e-mail already exists; sign in instead", {
        field: "email",
      });
    await this.deps.sessions.setPassword(accountId, passwordHash);
    return this.#open(accountId, email);
  }

  /**
   * Checks the password (throttled per e-mail and per IP) and opens a new session; the previous one of this browser,
   * if any, is closed. Unknown e-mail, account without password and wrong password answer alike.
   */
  async signIn(email: string, password: string, ip: string, previous?: string): Promise<NewSession> {
    const throttle = this.deps.throttle;
    if (!throttle) throw new Error("AuthService: sign-in needs a throttle");
    await throttle.check(email, ip);
    const account = await this.deps.sessions.findAccount(email);
    if (!(await verifyPassword(account?.passwordHash, password)) || !account) {
      await throttle.failed(email, ip);
      throw new AppError("INVALID_CREDENTIALS");
    }
    await throttle.succeeded(email);
    if (previous) await this.deps.sessions.deleteSession(sha256(previous));
    await this.deps.sessions.deleteExpiredSessions(account.id);
    return this.#open(account.id, account.email);
  }

  async signOut(session: SessionContext): Promise<void> {
    await this.deps.sessions.deleteSession(sha256(session.sessionId));
  }

  /**
   * Sets a new password after checking the current one; every session of the account ends and a new one opens. A
   * wrong current password counts as a failed sign-in of the account's e-mail and of `ip` (the same throttle), so a
   * stolen session cannot be used to guess the password without limit.
   */
  async changePassword(
    session: SessionContext,
    currentPassword: string,
    newPassword: string,
    ip: string,
  ): Promise<NewSession> {
    const throttle = this.deps.throttle;
    if (!throttle) throw new Error("AuthService: a password change needs a throttle");
    await throttle.check(session.email, ip);
    const stored = await this.deps.sessions.passwordHash(session.accountId);
    if (!(await verifyPassword(stored, currentPassword))) {
      await throttle.failed(session.email, ip);
      throw invalidField("currentPassword", "currentPassword is not your current password");
    }
    await throttle.succeeded(session.email);
    await this.deps.sessions.setPassword(session.accountId, await hashPassword(newPassword));
    await this.deps.sessions.deleteOtherSessions(session.accountId);
    return this.#open(session.accountId, session.email);
  }

  /** A one-time token to set the password of an existing account (`pnpm botyard user:invite`); older ones die. */
  async invite(email: string): Promise<string> {
    const account = await this.deps.sessions.findAccount(email);
    if (!account) throw new AppError("ACCOUNT_NOT_FOUND", `No account with e-mail ${email}`);
    const token = randomToken(32);
    await this.deps.sessions.replaceInvite(account.id, sha256(token), new Date(Date.now() + INVITE_TTL_MS));
    return token;
  }

  /** The e-mail an invite is for, without using it. */
  async inviteEmail(token: string): Promise<string> {
    const invite = token.length <= 128 ? await this.deps.sessions.findInvite(sha256(token)) : undefined;
    if (!invite) throw new AppError("INVITE_NOT_FOUND");
    return invite.email;
  }

  /** Uses the invite: sets the password, ends every other session of the account and signs in. */
  async acceptInvite(token: string, password: string): Promise<NewSession> {
    const passwordHash = await hashPassword(password);
    const invite = token.length <= 128 ? await this.deps.sessions.consumeInvite(sha256(token)) : undefined;
    if (!invite) throw new AppError("INVITE_NOT_FOUND");
    await this.deps.sessions.setPassword(invite.accountId, passwordHash);
    await this.deps.sessions.deleteOtherSessions(invite.accountId);
    return this.#open(invite.accountId, invite.email);
  }

  async #open(accountId: string, email: string): Promise<NewSession> {
    const sessionId = randomToken(32);
    const csrfToken = randomToken(32);
    await this.deps.sessions.insertSession(
      sha256(sessionId),
      accountId,
      csrfToken,
      new Date(Date.now() + SESSION_TTL_MS),
    );
    return { sessionId, csrfToken, user: { email } };
  }
}
