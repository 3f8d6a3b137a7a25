/** SQL for dashboard sessions, passwords and invites. Only hashes of session ids and invite tokens are stored. */
import { and, eq, gt, ne, sql } from "drizzle-orm";
import { accounts, passwordInvites, sessions, type Database } from "@botyard/db";

/** The account a session belongs to. */
export interface SessionRow {
  accountId: string;
  email: string;
  csrfToken: string;
}

/** Reads and writes `sessions`, `password_invites` and `accounts.password_hash`. */
export class SessionRepository {
  constructor(private readonly db: Database) {}

  /** The account with this e-mail (case-insensitive) and its password hash. */
  async findAccount(email: string): Promise<{ id: string; email: string; passwordHash: string | null } | undefined> {
    const rows = await this.db
      .select({ id: accounts.id, email: accounts.email, passwordHash: accounts.passwordHash })
      .from(accounts)
      .where(sql`lower(${accounts.email}) = lower(${email})`)
      .limit(1);
    return rows[0];
  }

  async passwordHash(accountId: string): Promise<string | null | undefined> {
    const rows = await this.db
      .select({ passwordHash: accounts.passwordHash })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .limit(1);
    return rows[0]?.passwordHash;
  }

  async setPassword(accountId: string, passwordHash: string): Promise<void> {
    await this.db.update(accounts).set({ passwordHash }).where(eq(accounts.id, accountId));
  }

  async insertSession(idHash: string, accountId: string, csrfToken: string, expiresAt: Date): Promise<void> {
    await this.db.insert(sessions).values({ idHash, accountId, csrfToken, expiresAt });
  }

  /** The live session with this id hash, with its account. */
  async findSession(idHash: string): Promise<SessionRow | undefined> {
    const rows = await this.db
      .select({ accountId: sessions.accountId, email: accounts.email, csrfToken: sessions.csrfToken })
      .from(sessions)
      .innerJoin(accounts, eq(accounts.id, sessions.accountId))
      .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, sql`now()`)))
      .limit(1);
    return rows[0];
  }

  async deleteSession(idHash: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.idHash, idHash));
  }

  /** Deletes every session of the account but `keepIdHash` (all of them when it is undefined). */
  async deleteOtherSessions(accountId: string, keepIdHash?: string): Promise<void> {
    await this.db
      .delete(sessions)
      .where(
        keepIdHash === undefined
          ? eq(sessions.accountId, accountId)
          : and(eq(sessions.accountId, accountId), ne(sessions.idHash, keepIdHash)),
      );
  }

  /** Drops expired sessions of the account (done at each sign-in, so the table does not grow without bound). */
  async deleteExpiredSessions(accountId: string): Promise<void> {
    await this.db.delete(sessions).where(and(eq(sessions.accountId, accountId), sql`${sessions.expiresAt} <= now()`));
  }

  /** Replaces any earlier invite of the account: only the newest link works. */
  async replaceInvite(accountId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(passwordInvites).where(eq(passwordInvites.accountId, accountId));
      await tx.insert(passwordInvites).values({ tokenHash, accountId, expiresAt });
    });
  }

  /** The account of a live invite, without using it. */
  async findInvite(tokenHash: string): Promise<{ accountId: string; email: string } | undefined> {
    const rows = await this.db
      .select({ accountId: passwordInvites.accountId, email: accounts.email })
      .from(passwordInvites)
      .innerJoin(accounts, eq(accounts.id, passwordInvites.accountId))
      .where(and(eq(passwordInvites.tokenHash, tokenHash), gt(passwordInvites.expiresAt, sql`now()`)))
      .limit(1);
    return rows[0];
  }

  /** Uses the invite: deletes it and resolves with its account, or undefined when it was not (or no longer) live. */
  async consumeInvite(tokenHash: string): Promise<{ accountId: string; email: string } | undefined> {
    const rows = await this.db
      .delete(passwordInvites)
      .where(and(eq(passwordInvites.tokenHash, tokenHash), gt(passwordInvites.expiresAt, sql`now()`)))
      .returning({ accountId: passwordInvites.accountId });
    const accountId = rows[0]?.accountId;
    if (!accountId) return undefined;
    const account = await this.db
      .select({ email: accounts.email })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .limit(1);
    return account[0] ? { accountId, email: account[0].email } : undefined;
  }
}
