/**
 * Accounts and API keys. A key is `byk_<keyId>_<secret>`: the row is found by keyId and sha256(secret) is compared in
 * constant time. The key is also kept sealed (SecretBox) because the dashboard and `user:key` show the same key until
 * the owner regenerates it; only the hash is ever used to authenticate.
 */
import { AppError, invalidField } from "@botyard/common/errors";
import { constantTimeEqual, newId, randomToken, sha256, type SecretBox } from "@botyard/common/crypto";
import type { AccountRepository } from "./account-repository.js";

const KEY_PATTERN = /^byk_([A-Za-z0-9]{16})_([A-Za-z0-9_-]{32,})$/;
const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

/** Rules for accounts and their keys. */
export class AccountService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly box: SecretBox,
  ) {}

  /** The account id the key belongs to, or undefined for a missing, malformed or unknown key. */
  async authenticate(apiKey: unknown): Promise<string | undefined> {
    if (typeof apiKey !== "string") return undefined;
    const match = KEY_PATTERN.exec(apiKey);
    if (!match) return undefined;
    const row = await this.accounts.findKey(match[1]!);
    // Hash even when the row is missing so an unknown key id costs the same as a wrong secret.
    const presented = sha256(match[2]!);
    return row && constantTimeEqual(presented, row.secretHash) ? row.accountId : undefined;
  }

  /** Creates an account and its first key. Fails with 409 when the e-mail has an account. */
  async create(email: string): Promise<{ userId: string; email: string; apiKey: string }> {
    const normalized = normalizeEmail(email);
    const userId = newId(20);
    if (!(await this.accounts.insert(userId, normalized)))
      throw new AppError("ACCOUNT_EXISTS", `An account with e-mail ${normalized} already exists`);
    const apiKey = (await this.#issue(userId, "replace"))!;
    return { userId, email: normalized, apiKey };
  }

  /** The account's key, created on first use as the dashboard does on first visit. */
  async key(email: string): Promise<string> {
    return this.keyOf((await this.#require(email)).id);
  }

  /** Replaces the account's key; the old one stops working at once. */
  async rotate(email: string): Promise<string> {
    return this.rotateOf((await this.#require(email)).id);
  }

  /** {@link key} by account id (the dashboard's Settings → API Key). */
  async keyOf(accountId: string): Promise<string> {
    const sealed = await this.accounts.findSealedKey(accountId);
    if (sealed) return this.box.decrypt(sealed);
    const made = await this.#issue(accountId, "if-absent");
    // Another caller created it between our read and write: show theirs, the one that is stored.
    return made ?? this.box.decrypt((await this.accounts.findSealedKey(accountId))!);
  }

  /** {@link rotate} by account id. */
  async rotateOf(accountId: string): Promise<string> {
    return (await this.#issue(accountId, "replace"))!;
  }

  async #require(email: string) {
    const account = await this.accounts.findByEmail(normalizeEmail(email));
    if (!account) throw new AppError("ACCOUNT_NOT_FOUND", `No account with e-mail ${email}`);
    return account;
  }

  async #issue(accountId: string, mode: "replace" | "if-absent"): Promise<string | undefined> {
    const keyId = newId(16);
    const secret = randomToken(32);
    const apiKey = `byk_${keyId}_${secret}`;
    const sealed = this.box.encrypt(apiKey);
    if (mode === "replace") {
      await this.accounts.upsertKey(accountId, keyId, sha256(secret), sealed);
      return apiKey;
    }
    return (await this.accounts.insertKeyIfAbsent(accountId, keyId, sha256(secret), sealed)) ? apiKey : undefined;
  }
}

/** Trims and validates an e-mail address; throws a 400 naming the problem. */
export function normalizeEmail(email: string): string {
  const trimmed = email.trim();
  if (!EMAIL_PATTERN.test(trimmed)) throw invalidField("targetEmail", "targetEmail must be an e-mail address");
  return trimmed;
}
