/**
 * The one error `db.operation` throws into bot code. Its message is short, safe and actionable: it names the rule the
 * call broke ("unknown operator '$foo'"), never SQL text, table or column names, or query parameters.
 *
 * @see docs/bot-runtime.md#db
 */
import { storableText } from "@botyard/common/text";

/** What went wrong, for the gateway's logs and metrics (never shown to other tenants). */
export type DocumentStoreErrorKind =
  /** The call itself is wrong: a bad filter, document, update or option. */
  | "invalid"
  /** A limit of the bot's data was reached (documents, bytes, indexes). */
  | "limit"
  /** A quota of the account's plan was reached (its bots' stored documents or bytes together). */
  | "quota"
  /** The statement ran past the per-query time limit. */
  | "timeout"
  /** Postgres did not answer; the call can be retried. */
  | "unavailable"
  /** Anything else; details stay in the gateway's log. */
  | "internal";

/** A refused or failed `db.operation` call; `message` goes to bot code as is. */
export class DocumentStoreError extends Error {
  override readonly name = "DocumentStoreError";

  constructor(
    message: string,
    readonly kind: DocumentStoreErrorKind = "invalid",
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Shorthand for a refusal of the call's input. */
export function invalid(message: string): DocumentStoreError {
  return new DocumentStoreError(message, "invalid");
}

/**
 * At most `max` characters of `text` for an error message, with an ellipsis when cut. NUL and lone surrogates become
 * U+FFFD: the message may end up in the bot's log, which Postgres stores as text.
 */
export function excerpt(text: string, max = 40): string {
  const chars = [...storableText(text)];
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : chars.join("");
}
