/**
 * SQL of automatic rollbacks (docs/versions.md#automatic-rollback). The decision is one conditional UPDATE: it clears
 * the watch of the very restart that failed, so of any number of gateway replicas that see the failure at once
 * exactly one rolls the bot back, and a restart made since (a newer `code_version`) is never undone.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import { bots, botVersions, type Database, insertVersion, pruneVersions } from "@botyard/db";

/** What an automatic rollback did. */
export interface AutoRollback {
  /** The new version (source `automatic-rollback`), now saved and running. */
  version: number;
  /** The version whose code it holds: the one running before the failed restart. */
  restoredFrom: number;
  /** The restart counter of the rolled-back deploy (the `restart` event carries it). */
  codeVersion: number;
}

/** Reads and writes what an automatic rollback touches. */
export class RollbackRepository {
  /** @param kept BOT_VERSIONS_KEPT (docs/versions.md#pruning). */
  constructor(
    private readonly db: Database,
    private readonly kept: number,
  ) {}

  /**
   * Rolls the bot back to the version that ran before the restart numbered `codeVersion`, if that restart is still
   * watched: the code of that version becomes a new version (saved and running), the bot runs again (a halt is
   * cleared). Undefined when another replica decided first, the window has passed, or a newer restart happened.
   */
  async rollBack(botId: string, codeVersion: number, reason: string): Promise<AutoRollback | undefined> {
    return this.db.transaction(async (tx) => {
      const claimed = await tx
        .update(bots)
        .set({ rollbackWatchUntil: null })
        .where(
          and(
            eq(bots.id, botId),
            eq(bots.codeVersion, codeVersion),
            gt(bots.rollbackWatchUntil, sql`now()`),
            sql`${bots.rollbackToVersion} is not null`,
          ),
        )
        .returning({ to: bots.rollbackToVersion });
      const to = claimed[0]?.to;
      if (to === undefined || to === null) return undefined;
      const versions = await tx
        .select({ code: botVersions.code })
        .from(botVersions)
        .where(and(eq(botVersions.botId, botId), eq(botVersions.version, to)))
        .limit(1);
      const code = versions[0]?.code;
      // Pruning spares it, so only a hand-made deletion can take it: the watch stays cleared, nothing else changes.
      if (code === undefined) return undefined;
      const rows = await tx
        .update(bots)
        .set({
          code,
          codeUpdatedAt: sql`now()`,
          savedVersion: sql`${bots.savedVersion} + 1`,
          runningCode: code,
          runningVersion: sql`${bots.savedVersion} + 1`,
          codeVersion: sql`${bots.codeVersion} + 1`,
          status: "running",
          haltReason: null,
          startedAt: sql`now()`,
          rollbackToVersion: null,
        })
        .where(eq(bots.id, botId))
        .returning({ savedVersion: bots.savedVersion, codeVersion: bots.codeVersion });
      const row = rows[0];
      if (!row) return undefined;
      await insertVersion(tx, botId, row.savedVersion, {
        code,
        source: "automatic-rollback",
        message: reason,
        restoredFrom: to,
      });
      await pruneVersions(tx, botId, { savedVersion: row.savedVersion, runningVersion: row.savedVersion }, this.kept);
      return { version: row.savedVersion, restoredFrom: to, codeVersion: row.codeVersion };
    });
  }
}
