/**
 * The signature of an outgoing notification webhook: `Botyard-Signature: t=<unix seconds>,v1=<hex>` where `v1` is
 * HMAC-SHA256 of `<t>.<raw body>` under the channel's secret. The timestamp inside the signed text lets a receiver
 * refuse a replayed call (older than its tolerance) without keeping any state; the scheme is Stripe's.
 *
 * @see docs/notifications.md#webhook-signature
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** The header that carries the signature. */
export const SIGNATURE_HEADER = "Botyard-Signature";

/** The header value for `body` sent at `atSeconds`. */
export function signWebhook(secret: string, body: string, atSeconds: number): string {
  const t = Math.floor(atSeconds);
  return `t=${t},v1=${hmac(secret, `${t}.${body}`)}`;
}

/**
 * Whether `header` is a valid signature of `body` under `secret`, made at most `toleranceSeconds` before (or after)
 * `nowSeconds`. What a receiver runs; compared in constant time.
 */
export function verifyWebhook(
  secret: string,
  body: string,
  header: string | undefined,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const parts = new Map(
    (header ?? "").split(",").map((part) => {
      const at = part.indexOf("=");
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get("t"));
  const given = parts.get("v1") ?? "";
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds || !/^[0-9a-f]{64}$/.test(given)) {
    return false;
  }
  return timingSafeEqual(Buffer.from(given, "hex"), Buffer.from(hmac(secret, `${t}.${body}`), "hex"));
}

function hmac(secret: string, text: string): string {
  return createHmac("sha256", secret).update(text).digest("hex");
}
