/**
 * The limits that keep one bot's data from hurting the others on the same Postgres. The gateway reads them from its
 * environment once (its zod config) and passes them to every store; these defaults apply otherwise.
 *
 * @see docs/bot-runtime.md#limits
 */

/** Per-bot limits of the document store. */
export interface DocumentStoreLimits {
  /**
   * Documents one collection may hold; an insert beyond it is refused.
   * @defaultValue 1,000,000 (ten times the 100,000 users of a big bot)
   */
  maxDocsPerCollection: number;
  /**
   * Bytes of documents (as Postgres stores them, `pg_column_size`) all of one bot's collections may hold; an insert
   * or a growing update beyond it is refused.
   * @defaultValue 1 GiB
   */
  maxBytesPerBot: number;
  /**
   * Time one statement of bot code may run in Postgres before it is cancelled.
   * @defaultValue 2000 ms (well inside the handler's 10 s; an indexed query takes about a millisecond)
   */
  statementTimeoutMs: number;
  /**
   * createIndex indexes one bot may have across its collections (each is a partial index on the shared table,
   * which every write of that collection maintains and every query's planning considers).
   * @defaultValue 5
   */
  maxIndexesPerBot: number;
  /**
   * Time CREATE INDEX CONCURRENTLY may take.
   * @defaultValue 120,000 ms
   */
  indexBuildTimeoutMs: number;
  /**
   * Most documents one findAll returns.
   * @defaultValue 1000
   */
  maxFindLimit: number;
  /**
   * Most characters of documents (their JSON text as Postgres writes it) one findAll returns: the page ends at the
   * first document that reaches it, so it always holds at least one document. It bounds what Postgres reads and the
   * gateway forwards for one call, which the count alone does not (1,000 documents of 256 KiB are 256 MB): rows are
   * fetched in batches sized by the budget left, so Postgres stops about one document past it.
   * @defaultValue 512 KiB (12 findAll at once of 256 KiB documents raised gateway RSS by 190–265 MiB with 4 MiB pages,
   *   by 93–170 MiB with 1 MiB pages and by 64–101 MiB with 512 KiB ones, against a bot heap limit of 64 MiB:
   *   bench/README.md#abuse)
   */
  maxFindBytes: number;
  /**
   * Documents all the bots of the bot's account may hold together: the storedDocuments quota of its plan
   * (docs/operations.md#plans-and-quotas). An insert beyond it is refused with kind `quota`.
   * @defaultValue Infinity (no account quota: management's seeding and tests without plans)
   */
  maxAccountDocs: number;
  /**
   * Bytes all the bots of the account may hold together (the plan's storedBytes), counted as maxBytesPerBot counts.
   * @defaultValue Infinity
   */
  maxAccountBytes: number;
}

export const DEFAULT_LIMITS: Readonly<DocumentStoreLimits> = Object.freeze({
  maxDocsPerCollection: 1_000_000,
  maxBytesPerBot: 1024 * 1024 * 1024,
  statementTimeoutMs: 2000,
  maxIndexesPerBot: 5,
  indexBuildTimeoutMs: 120_000,
  maxFindLimit: 1000,
  maxFindBytes: 512 * 1024,
  maxAccountDocs: Number.POSITIVE_INFINITY,
  maxAccountBytes: Number.POSITIVE_INFINITY,
});

/** A limit as the session setting the document triggers read: empty (no check) when it is infinite. */
export function settingOf(limit: number): string {
  return Number.isFinite(limit) ? String(limit) : "";
}

/** The limits with defaults filled in. */
export function resolveLimits(partial: Partial<DocumentStoreLimits>): DocumentStoreLimits {
  const out = { ...DEFAULT_LIMITS };
  for (const [k, v] of Object.entries(partial) as Array<[keyof DocumentStoreLimits, number | undefined]>) {
    if (v !== undefined) out[k] = v;
  }
  return out;
}
