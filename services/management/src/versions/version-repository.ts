/**
 * SQL for the versions of bots' code (docs/versions.md). Every write of a bot's saved code goes through here, so the
 * code on the bot row and its newest version never part: the row's `saved_version` is raised and the version row
 * written in one transaction, and the row lock that update takes makes two saves of one bot take numbers in turn.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import {
  bots,
  botVersions,
  type Database,
  insertVersion,
  type NewVersion,
  pruneVersions,
  type Tx,
  type VersionSource,
} from "@botyard/db";

export type { NewVersion };

/** A version without its code, as lists show it. */
export interface VersionSummary {
  version: number;
  size: number;
  sha256: string;
  source: VersionSource;
  message: string | null;
  restoredFrom: number | null;
  createdAt: Date;
}

/** A version with its code. */
export interface StoredVersion extends VersionSummary {
  code: string;
}

/** A bot's version numbers: the newest saved one and the one its last restart deployed (null before any). */
export interface VersionPointers {
  savedVersion: number;
  runningVersion: number | null;
}

const summaryColumns = {
  version: botVersions.version,
  size: botVersions.size,
  sha256: botVersions.sha256,
  source: botVersions.source,
  message: botVersions.message,
  restoredFrom: botVersions.restoredFrom,
  createdAt: botVersions.createdAt,
};

/** Reads and writes the versions of one account's bots. */
export class VersionRepository {
  /**
   * @param kept How many versions each bot keeps (BOT_VERSIONS_KEPT): older ones are deleted as new ones are written,
   *   except the running one.
   */
  constructor(
    private readonly db: Database,
    private readonly kept: number,
  ) {}

  /**
   * Saves `version.code` as the bot's code and as its next version; resolves with the version's number, or undefined
   * when the account has no such bot. Versions past the newest `kept` are pruned in the same transaction.
   */
  async save(accountId: string, botId: string, version: NewVersion, tx?: Tx): Promise<number | undefined> {
    const run = async (t: Tx) => {
      const rows = await t
        .update(bots)
        .set({ code: version.code, codeUpdatedAt: sql`now()`, savedVersion: sql`${bots.savedVersion} + 1` })
        .where(and(eq(bots.id, botId), eq(bots.accountId, accountId)))
        .returning({
          savedVersion: bots.savedVersion,
          runningVersion: bots.runningVersion,
          rollbackToVersion: bots.rollbackToVersion,
        });
      const row = rows[0];
      if (!row) return undefined;
      await insertVersion(t, botId, row.savedVersion, version);
      await pruneVersions(t, botId, row, this.kept);
      return row.savedVersion;
    };
    return tx ? run(tx) : this.db.transaction(run);
  }

  /** Writes version 1 of a bot just inserted in `tx` (its row holds the same code). */
  async first(tx: Tx, botId: string, version: NewVersion): Promise<void> {
    await tx.update(bots).set({ savedVersion: 1 }).where(eq(bots.id, botId));
    await insertVersion(tx, botId, 1, version);
  }

  /** The bot's versions, newest first, without code; undefined when the account has no such bot. */
  async list(
    accountId: string,
    botId: string,
    limit: number,
  ): Promise<{ pointers: VersionPointers; versions: VersionSummary[] } | undefined> {
    const pointers = await this.pointers(accountId, botId);
    if (!pointers) return undefined;
    const versions = await this.db
      .select(summaryColumns)
      .from(botVersions)
      .where(eq(botVersions.botId, botId))
      .orderBy(desc(botVersions.version))
      .limit(limit);
    return { pointers, versions };
  }

  /** One version with its code; `bot` undefined when the account has no such bot, `version` when no such version. */
  async find(
    accountId: string,
    botId: string,
    version: number,
  ): Promise<{ pointers: VersionPointers; version: StoredVersion | undefined } | undefined> {
    const pointers = await this.pointers(accountId, botId);
    if (!pointers) return undefined;
    const rows = await this.db
      .select({ ...summaryColumns, code: botVersions.code })
      .from(botVersions)
      .where(and(eq(botVersions.botId, botId), eq(botVersions.version, version)))
      .limit(1);
    return { pointers, version: rows[0] };
  }

  /** The bot's saved and running version numbers; undefined when the account has no such bot. */
  async pointers(accountId: string, botId: string): Promise<VersionPointers | undefined> {
    const rows = await this.db
      .select({ savedVersion: bots.savedVersion, runningVersion: bots.runningVersion })
      .from(bots)
      .where(and(eq(bots.id, botId), eq(bots.accountId, accountId)))
      .limit(1);
    return rows[0];
  }
}
