/**
 * Owner accounts in the dashboard: sign-up, sign-in, sign-out, password change and invites, over server-side
 * sessions in Postgres. The cookie carries a random session id; the table keeps its SHA-256 and the session's CSRF
 * token. Every sign-in (and password change, and invite use) makes a new session id, so an id planted before
 * sign-in is worth nothing after it.
 *
 * @see docs/dashboard.md
 */
import { AppError, invalidField } from "@botyard/common/errors";
import { newId, randomToken, sha256 } from "@botyard/common/crypto";
import type { AccountRepository } from "../accounts/account-repository.js";
import type { FixedWindowLimiter, WindowLimit } from "../limits/fixed-window.js";
import { clientAddressKey } from "./client-address.js";
import { PasswordHasher } from "./password.js";
import type { SessionRepository, SessionRow } from "./session-repository.js";
import type { SignInSlot, SignInThrottle } from "./throttle.js";

/** How long a session lives after sign-in. */
export const SESSION_TTL_MS = 14 * 24 * 3600_000;
/** How long an invite link works. */
export const INVITE_TTL_MS = 7 * 24 * 3600_000;

/** Attempts allowed per client address, counted before any other work. */
export interface AddressLimits {
  /** Sign-ups per address. @defaultValue 10 an hour: a household or an office signs up a few owners, not dozens. */
  signUp: WindowLimit;
  /** Invite acceptances per address. @defaultValue 10 in 15 minutes: a real link is used once. */
  acceptInvite: WindowLimit;
}

export const DEFAULT_ADDRESS_LIMITS: AddressLimits = {
  signUp: { limit: 10, windowMs: 3600_000 },
  acceptInvite: { limit: 10, windowMs: 15 * 60_000 },
};

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
      /** Required to sign up and accept invites (per-address counts); the CLI passes none. */
      limiter?: FixedWindowLimiter;
      /** Key names of the per-address counts (with `limiter`). */
      keyOf?: (...parts: string[]) => string;
      addressLimits?: AddressLimits;
      /** The process's argon2 gate; a private one by default (the CLI hashes nothing). */
      hasher?: PasswordHasher;
      signup: "open" | "closed";
    },
  ) {
    this.#hasher = deps.hasher ?? new PasswordHasher();
  }

  readonly #hasher: PasswordHasher;

  /** Counts one `action` of `ip` (an IPv6 client by its /56), or throws 429 RATE_LIMITED with Retry-After. */
  async #perAddress(action: keyof AddressLimits, ip: string): Promise<void> {
    const { limiter, keyOf } = this.deps;
    if (!limiter || !keyOf) throw new Error(`AuthService: ${action} needs a limiter`);
    const limit = (this.deps.addressLimits ?? DEFAULT_ADDRESS_LIMITS)[action];
    const what = action === "signUp" ? "sign-ups" : "invite attempts";
    await limiter.enforce(
      keyOf(action, clientAddressKey(ip)),
      limit,
      (s) => `Too many ${what} from your address; try again in ${s} s`,
    );
  }

  /** Runs `check` on a reserved sign-in slot: a failure keeps it counted, a success or a fault gives it back. */
  async #checked<T>(slot: SignInSlot, throttle: SignInThrottle, check: () => Promise<T | undefined | false>) {
    let passed: T | undefined | false;
    try {
      passed = await check();
    } catch (err) {
      await throttle.release(slot);
      throw err;
    }
    if (passed) await throttle.succeeded(slot);
    else await throttle.failed(slot);
    return passed || undefined;
  }

  /** The session of this cookie value, or undefined (absent, unknown, expired). */
  async resolve(sessionId: string | undefined): Promise<SessionContext | undefined> {
    if (!sessionId || sessionId.length > 128) return undefined;
    const row = await this.deps.sessions.findSession(sha256(sessionId));
    return row ? { ...row, sessionId } : undefined;
  }

  /**
   * Creates an account with a password and signs it in. 403 when sign-up is closed, 429 past the address's count, 409
   * when the e-mail is taken: all decided before the password is hashed.
   */
  async signUp(email: string, password: string, ip: string): Promise<NewSession> {
    if (this.deps.signup === "closed") throw new AppError("SIGNUP_CLOSED");
    await this.#perAddress("signUp", ip);
    const taken = () =>
      new AppError("ACCOUNT_EXISTS", "An account with this e-mail already exists; sign in instead", {
        field: "email",
      });
    if (await this.deps.sessions.findAccount(email)) throw taken();
    const passwordHash = await this.#hasher.hash(password);
    const accountId = newId(20);
    if (!(await this.deps.accounts.insert(accountId, email))) throw taken();
    await this.deps.sessions.setPassword(accountId, passwordHash);
    return this.#open(accountId, email);
  }

  /**
   * Checks the password (its attempt reserved in the throttle first) and opens a new session; the previous one of this
   * browser, if any, is closed. Unknown e-mail, account without password and wrong password answer alike.
   */
  async signIn(email: string, password: string, ip: string, previous?: string): Promise<NewSession> {
    const throttle = this.deps.throttle;
    if (!throttle) throw new Error("AuthService: sign-in needs a throttle");
    const slot = await throttle.reserve(email, ip);
    const account = await this.#checked(slot, throttle, async () => {
      const found = await this.deps.sessions.findAccount(email);
      return (await this.#hasher.verify(found?.passwordHash, password)) ? found : undefined;
    });
    if (!account) throw new AppError("INVALID_CREDENTIALS");
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
    const slot = await throttle.reserve(session.email, ip);
    const ok = await this.#checked(slot, throttle, async () =>
      this.#hasher.verify(await this.deps.sessions.passwordHash(session.accountId), currentPassword),
    );
    if (!ok) throw invalidField("currentPassword", "currentPassword is not your current password");
    await this.deps.sessions.setPassword(session.accountId, await this.#hasher.hash(newPassword));
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

  /**
   * Uses the invite: sets the password, ends every other session of the account and signs in. The address's count
   * and the token are checked before the password is hashed, so made-up tokens cost a Redis call and a lookup only.
   */
  async acceptInvite(token: string, password: string, ip: string): Promise<NewSession> {
    await this.#perAddress("acceptInvite", ip);
    await this.inviteEmail(token);
    const passwordHash = await this.#hasher.hash(password);
    // Used by a parallel acceptance meanwhile: 404 as for any used link.
    const invite = await this.deps.sessions.consumeInvite(sha256(token));
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
