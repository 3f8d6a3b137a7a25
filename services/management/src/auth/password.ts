/**
 * Password hashing with argon2id (@node-rs/argon2's defaults: 19 MiB, 2 passes, 1 lane, the OWASP minimum). The
 * stored form is the PHC string, so the parameters travel with each hash and can be raised later.
 *
 * @see docs/dashboard.md#passwords
 */
import { hash, verify } from "@node-rs/argon2";

/** Shortest and longest password accepted (the longest bounds the hashing work an attacker can ask for). */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

// argon2id is @node-rs/argon2's default algorithm; stating it keeps that a decision rather than an accident.
const ARGON2ID = 2;

/** The PHC string of `password`. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

let dummy: Promise<string> | undefined;

/**
 * True when `password` matches `stored`. With no stored hash (unknown e-mail, or an account that never set a
 * password) a hash is still verified, so the answer takes as long as for a wrong password and does not tell which
 * e-mail addresses have accounts.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword("not-a-password-anyone-has");
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
