/** SQL for accounts and their API keys. */
import { eq, sql } from "drizzle-orm";
import { accounts, apiKeys, type Database } from "@botyard/db";

/** An account with the stored (hashed and sealed) form of its key, if it has one. */
export interface AccountRow {
  id: string;
  email: string;
}

/** Reads and writes `accounts` and `api_keys`. */
export class AccountRepository {
  constructor(private readonly db: Database) {}

  /** The account with this e-mail (case-insensitive), or undefined. */
  async findByEmail(email: string): Promise<AccountRow | undefined> {
    const rows = await this.db
      .select({ id: accounts.id, email: accounts.email })
      .from(accounts)
      .where(sql`lower(${accounts.email}) = lower(${email})`)
      .limit(1);
    return rows[0];
  }

  /** Inserts an account; resolves false when the e-mail is taken. */
  async insert(id: string, email: string): Promise<boolean> {
    const rows = await this.db
      .insert(accounts)
      .values({ id, email })
      .onConflictDoNothing()
      .returning({ id: accounts.id });
    return rows.length === 1;
  }

  /** The key row found by its public key id. */
  async findKey(keyId: string): Promise<{ accountId: string; secretHash: string } | undefined> {
    const rows = await this.db
      .select({ accountId: apiKeys.accountId, secretHash: apiKeys.secretHash })
      .from(apiKeys)
      .where(eq(apiKeys.keyId, keyId))
      .limit(1);
    return rows[0];
  }

  /** The sealed copy of the account's key, or undefined when it has none yet. */
  async findSealedKey(accountId: string): Promise<string | undefined> {
    const rows = await this.db
      .select({ keyEnc: apiKeys.keyEnc })
      .from(apiKeys)
      .where(eq(apiKeys.accountId, accountId))
      .limit(1);
    return rows[0]?.keyEnc ?? undefined;
  }

  /** Sets the account's key, replacing any previous one in the same statement (the old key stops working at once). */
  async upsertKey(accountId: string, keyId: string, secretHash: string, keyEnc: string): Promise<void> {
    await this.db
      .insert(apiKeys)
      .values({ accountId, keyId, secretHash, keyEnc })
      .onConflictDoUpdate({ target: apiKeys.accountId, set: { keyId, secretHash, keyEnc, createdAt: sql`now()` } });
  }

  /** Inserts the key only when the account has none; resolves false when one was already there. */
  async insertKeyIfAbsent(accountId: string, keyId: string, secretHash: string, keyEnc: string): Promise<boolean> {
    const rows = await this.db
      .insert(apiKeys)
      .values({ accountId, keyId, secretHash, keyEnc })
      .onConflictDoNothing({ target: apiKeys.accountId })
      .returning({ keyId: apiKeys.keyId });
    return rows.length === 1;
  }
}
