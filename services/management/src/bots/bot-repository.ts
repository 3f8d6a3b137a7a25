/** SQL for bots, their logs and their seeded documents. Every query is scoped by the owning account. */
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import { dropBotIndexes } from "@botyard/docstore";
import { botLogs, bots, documents, recipients, type BotStatus, type Database } from "@botyard/db";

/** Levels of a bot's log lines. */
export type LogLevel = "log" | "info" | "warn" | "error";

/** The fields of a bot the management API shows. */
export interface BotSummary {
  id: string;
  name: string;
  status: BotStatus;
  /** Why the bot is halted (null unless it is). */
  haltReason: string | null;
  createdAt: Date;
  codeUpdatedAt: Date | null;
  startedAt: Date | null;
  /** The newest version of the bot's code (docs/versions.md). */
  savedVersion: number;
  /** The version the last restart deployed; null before the first restart. */
  runningVersion: number | null;
}

/** What a restart needs to know after the row was updated. */
export interface RestartedBot {
  codeVersion: number;
  tokenEnc: string | null;
  /** With autoRollback: until when the new deploy is watched; null when not (or nothing ran before to return to). */
  watchedUntil: Date | null;
  /** The version an automatic rollback would return to. */
  rollbackTo: number | null;
}

/** A document ready to insert. */
export interface SeedDocument {
  docId: string;
  data: Record<string, unknown>;
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const summaryColumns = {
  id: bots.id,
  name: bots.name,
  status: bots.status,
  haltReason: bots.haltReason,
  createdAt: bots.createdAt,
  codeUpdatedAt: bots.codeUpdatedAt,
  startedAt: bots.startedAt,
  savedVersion: bots.savedVersion,
  runningVersion: bots.runningVersion,
};

// Postgres limits a statement to 65,535 parameters; 4 per document row leaves room for big batches.
const INSERT_BATCH = 5000;

/** Reads and writes bots of one account at a time. */
export class BotRepository {
  constructor(private readonly db: Database) {}

  /** Runs `fn` in a transaction. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async insert(
    values: {
      id: string;
      accountId: string;
      name: string;
      code: string;
      tokenEnc: string | null;
      tokenHash: string | null;
    },
    tx: Tx | Database = this.db,
  ): Promise<void> {
    await tx.insert(bots).values({ ...values, codeUpdatedAt: values.code ? new Date() : null });
  }

  async list(accountId: string): Promise<BotSummary[]> {
    return this.db
      .select(summaryColumns)
      .from(bots)
      .where(eq(bots.accountId, accountId))
      .orderBy(bots.createdAt, bots.id);
  }

  async find(accountId: string, botId: string): Promise<BotSummary | undefined> {
    const rows = await this.db
      .select(summaryColumns)
      .from(bots)
      .where(and(eq(bots.id, botId), eq(bots.accountId, accountId)))
      .limit(1);
    return rows[0];
  }

  /** Code and name, for getbotCode and transferBot. */
  async findCode(accountId: string, botId: string): Promise<{ code: string; name: string } | undefined> {
    const rows = await this.db
      .select({ code: bots.code, name: bots.name })
      .from(bots)
      .where(and(eq(bots.id, botId), eq(bots.accountId, accountId)))
      .limit(1);
    return rows[0];
  }

  /** What the dashboard shows of a bot besides its summary: sealed token and env, and whether code differs. */
  async findDetails(
    accountId: string,
    botId: string,
  ): Promise<(BotSummary & { tokenEnc: string | null; envEnc: string | null; codeDiffers: boolean }) | undefined> {
    const rows = await this.db
      .select({
        ...summaryColumns,
        tokenEnc: bots.tokenEnc,
        envEnc: bots.envEnc,
        // A bot never started runs nothing: its saved code differs from the running code once it has any.
        codeDiffers: sql<boolean>`${bots.code} is distinct from coalesce(${bots.runningCode}, '')`,
      })
      .from(bots)
      .where(and(eq(bots.id, botId), eq(bots.accountId, accountId)))
      .limit(1);
    return rows[0];
  }

  /** The sealed env of the bot (null when it has none), or undefined when there is no such bot. */
  async findEnv(accountId: string, botId: string): Promise<{ envEnc: string | null } | undefined> {
    const rows = await this.db
      .select({ envEnc: bots.envEnc })
      .from(bots)
      .where(and(eq(bots.id, botId), eq(bots.accountId, accountId)))
      .limit(1);
    return rows[0];
  }

  async setName(accountId: string, botId: string, name: string): Promise<boolean> {
    const rows = await this.db
      .update(bots)
      .set({ name })
      .where(and(eq(bots.id, botId), eq(bots.accountId, accountId)))
      .returning({ id: bots.id });
    return rows.length === 1;
  }

  /**
   * Marks the bot running with a snapshot of its saved code and its version number, in one statement: the running
   * code, its saved version and the restart counter always belong to the same restart.
   */
  async markRestarted(
    accountId: string,
    botId: string,
    tx: Tx | Database = this.db,
    watchS?: number,
  ): Promise<RestartedBot | undefined> {
    // SET reads the row as it was: the version running until now is the one a rollback returns to, and watching
    // makes sense only when there was one and it differs from the one deployed now.
    const returnable = sql`(${bots.runningVersion} is not null and ${bots.runningVersion} <> ${bots.savedVersion})`;
    const rows = await tx
      .update(bots)
      .set({
        status: "running",
        haltReason: null,
        runningCode: sql`${bots.code}`,
        runningVersion: sql`${bots.savedVersion}`,
        codeVersion: sql`${bots.codeVersion} + 1`,
        startedAt: sql`now()`,
        rollbackWatchUntil:
          watchS === undefined
            ? null
            : sql`case when ${returnable} then now() + make_interval(secs => ${watchS}) else null end`,
        rollbackToVersion: watchS === undefined ? null : sql`case when ${returnable} then ${bots.runningVersion} end`,
      })
      .where(and(eq(bots.id, botId), eq(bots.accountId, accountId)))
      .returning({
        codeVersion: bots.codeVersion,
        tokenEnc: bots.tokenEnc,
        watchedUntil: bots.rollbackWatchUntil,
        rollbackTo: bots.rollbackToVersion,
      });
    return rows[0];
  }

  /** Records the secret_token Telegram was just given by setWebhook (its hash: the intake compares against it). */
  async setWebhookSecret(botId: string, webhookSecretHash: string): Promise<void> {
    await this.db.update(bots).set({ webhookSecretHash }).where(eq(bots.id, botId));
  }

  /** Sets status stopped (or halted with a reason). Resolves false when no such bot. */
  async setStatus(
    accountId: string,
    botId: string,
    status: BotStatus,
    haltReason: string | null = null,
  ): Promise<boolean> {
    const rows = await this.db
      .update(bots)
      .set({ status, haltReason })
      .where(and(eq(bots.id, botId), eq(bots.accountId, accountId)))
      .returning({ id: bots.id });
    return rows.length === 1;
  }

  async setToken(
    accountId: string,
    botId: string,
    tokenEnc: string | null,
    tokenHash: string | null,
  ): Promise<boolean> {
    const rows = await this.db
      .update(bots)
      .set({ tokenEnc, tokenHash })
      .where(and(eq(bots.id, botId), eq(bots.accountId, accountId)))
      .returning({ id: bots.id });
    return rows.length === 1;
  }

  async setEnv(accountId: string, botId: string, envEnc: string): Promise<boolean> {
    const rows = await this.db
      .update(bots)
      .set({ envEnc })
      .where(and(eq(bots.id, botId), eq(bots.accountId, accountId)))
      .returning({ id: bots.id });
    return rows.length === 1;
  }

  /**
   * Deletes the bot and everything it owns (cascades). Its createIndex indexes are partial indexes on the shared
   * documents table, not rows: they are dropped first, once the bot is known to be the caller's.
   */
  async delete(accountId: string, botId: string): Promise<boolean> {
    const owned = await this.db
      .select({ id: bots.id })
      .from(bots)
      .where(and(eq(bots.id, botId), eq(bots.accountId, accountId)));
    if (owned.length === 0) return false;
    await dropBotIndexes(this.db, botId);
    const rows = await this.db
      .delete(bots)
      .where(and(eq(bots.id, botId), eq(bots.accountId, accountId)))
      .returning({ id: bots.id });
    return rows.length === 1;
  }

  /** Newest log lines of the bot (the caller has checked ownership). */
  async logs(botId: string, limit: number): Promise<Array<{ at: Date; level: LogLevel; message: string }>> {
    return this.db
      .select({ at: botLogs.at, level: botLogs.level, message: botLogs.message })
      .from(botLogs)
      .where(eq(botLogs.botId, botId))
      .orderBy(desc(botLogs.id))
      .limit(limit);
  }

  /** The id of the bot's newest log line (0 when it has none): where a live tail starts. */
  async latestLogId(botId: string): Promise<number> {
    const rows = await this.db
      .select({ id: sql<string | null>`max(${botLogs.id})` })
      .from(botLogs)
      .where(eq(botLogs.botId, botId));
    return Number(rows[0]?.id ?? 0);
  }

  /** Log lines after `afterId`, oldest first (a live tail). */
  async logsAfter(
    botId: string,
    afterId: number,
    limit: number,
  ): Promise<Array<{ id: number; at: Date; level: LogLevel; message: string }>> {
    return this.db
      .select({ id: botLogs.id, at: botLogs.at, level: botLogs.level, message: botLogs.message })
      .from(botLogs)
      .where(and(eq(botLogs.botId, botId), gt(botLogs.id, afterId)))
      .orderBy(asc(botLogs.id))
      .limit(limit);
  }

  /** Recipients of the bot by language_code, with the total and how many blocked the bot. */
  async recipientStats(
    botId: string,
  ): Promise<{ total: number; blocked: number; byLanguage: Array<{ lang: string | null; count: number }> }> {
    const rows = await this.db
      .select({
        lang: recipients.languageCode,
        count: sql<string>`count(*)`,
        blocked: sql<string>`count(*) filter (where ${recipients.blocked})`,
      })
      .from(recipients)
      .where(eq(recipients.botId, botId))
      .groupBy(recipients.languageCode)
      .orderBy(desc(sql`count(*)`), recipients.languageCode);
    const byLanguage = rows.map((r) => ({ lang: r.lang, count: Number(r.count) }));
    return {
      total: byLanguage.reduce((n, r) => n + r.count, 0),
      blocked: rows.reduce((n, r) => n + Number(r.blocked), 0),
      byLanguage,
    };
  }

  /** Appends a line to the bot's log. */
  async appendLog(botId: string, level: "info" | "warn" | "error", message: string): Promise<void> {
    await this.db.insert(botLogs).values({ botId, level, message });
  }

  /** Inserts documents of one collection in multi-row batches. Duplicate `_id`s keep the last one. */
  async insertDocuments(tx: Tx, botId: string, collection: string, docs: SeedDocument[]): Promise<number> {
    const unique = new Map(docs.map((d) => [d.docId, d]));
    const rows = [...unique.values()];
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      const batch = rows.slice(i, i + INSERT_BATCH).map((d) => ({ botId, collection, docId: d.docId, data: d.data }));
      await tx.insert(documents).values(batch);
    }
    return rows.length;
  }

  /**
   * insertDocuments in a savepoint: a collection that would take the account over its stored-data quota (the
   * triggers' DS004/DS005, docs/operations.md#plans-and-quotas) is rolled back alone and reported.
   */
  async insertDocumentsWithinQuota(
    tx: Tx,
    botId: string,
    collection: string,
    docs: SeedDocument[],
  ): Promise<{ inserted: number; error?: string }> {
    try {
      return { inserted: await tx.transaction((inner) => this.insertDocuments(inner, botId, collection, docs)) };
    } catch (err) {
      const quota = quotaOfError(err);
      if (!quota) throw err;
      return {
        inserted: 0,
        error: `QUOTA_EXCEEDED: over the ${quota.quota} quota of the target account's plan (limit ${quota.limit})`,
      };
    }
  }
}

/** The account quota a write broke (the document triggers' DS004 and DS005), if that is why it failed. */
function quotaOfError(err: unknown): { quota: string; limit: number } | undefined {
  for (let e: unknown = err; typeof e === "object" && e !== null; e = (e as { cause?: unknown }).cause) {
    const { code, detail } = e as { code?: unknown; detail?: unknown };
    if (code === "DS004" || code === "DS005") {
      const limit = Number(String(detail ?? "").split("/")[0]);
      return { quota: code === "DS004" ? "storedDocuments" : "storedBytes", limit };
    }
  }
  return undefined;
}
