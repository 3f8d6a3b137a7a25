/**
 * Secrets at rest: AES-256-GCM for what must be read back (bot tokens, env vars), SHA-256 for what only needs to be
 * recognised (API key secrets, bot tokens for lookup, webhook secrets), constant-time comparison for both.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  scryptSync,
  timingSafeEqual,
} from "node:crypto";

const VERSION = "v1";

/** A sealed value {@link SecretBox.decrypt} cannot open: not ours, altered, or sealed under another SECRET_KEY. */
export class SecretBoxError extends Error {
  override readonly name = "SecretBoxError";
}

/** Encrypts and decrypts short secrets with a key derived from SECRET_KEY. */
export class SecretBox {
  readonly #key: Buffer;

  constructor(secretKey: string) {
    // scrypt turns any operator-chosen string into a 32-byte key; the fixed salt is fine because the input is a key, not a password.
    this.#key = scryptSync(secretKey, "botyard-secret-box", 32);
  }

  /** Returns `v1.<iv>.<tag>.<ciphertext>` in base64url. */
  encrypt(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.#key, iv);
    const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return [
      VERSION,
      iv.toString("base64url"),
      cipher.getAuthTag().toString("base64url"),
      body.toString("base64url"),
    ].join(".");
  }

  /** Inverse of {@link encrypt}; throws {@link SecretBoxError} when the value was tampered with or made under another key. */
  decrypt(sealed: string): string {
    const [version, iv, tag, body] = sealed.split(".");
    if (version !== VERSION || !iv || !tag || body === undefined) throw new SecretBoxError("Unrecognised ciphertext");
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.#key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    } catch (err) {
      throw new SecretBoxError("Sealed under another SECRET_KEY, or altered", { cause: err });
    }
  }
}

/** Hex SHA-256 of `value`. */
export function sha256(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/**
 * The bearer token management shows the gateway's internal routes (docs/versions.md#previews): derived from
 * SECRET_KEY, which both services hold already, so no second secret has to be distributed, and never equal to
 * anything else derived from it.
 */
export function internalToken(secretKey: string): string {
  return createHmac("sha256", secretKey).update("botyard internal gateway routes v1").digest("base64url");
}

/** Compares two strings in time independent of where they differ (lengths are hashed first to equalise them). */
export function constantTimeEqual(a: string, b: string): boolean {
  const ha = createHash("sha256").update(a).digest();
  const hb = createHash("sha256").update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

/** A URL-safe random string with `bytes` bytes of entropy. */
export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString("base64url");
}

/** The shape of every id {@link newId} makes (bots, accounts, jobs): a lookup of anything else can answer 404 at once. */
export const ID_PATTERN = /^[A-Za-z0-9]{1,64}$/;

/** A short random identifier (letters and digits only) for bots, jobs and accounts. */
export function newId(length = 20): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  const bytes = randomBytes(length);
  let out = "";
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}
