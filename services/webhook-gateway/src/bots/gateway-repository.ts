/** SQL of the gateway: the bot row it runs, halts, recipients and bot logs. */
import { and, eq, lt, sql } from "drizzle-orm";
import {
  accounts,
  botLogs,
  bots,
  botVersions,
  recipients,
  recordNotificationEvent,
  type BotStatus,
  type Database,
} from "@botyard/db";

/**
 * What every call needs to know of a bot, small enough to cache for every bot a replica serves. `fingerprint`
 * changes whenever what a sandbox is built from changes (running code version, env vars, token), so a replica can
 * tell a stale isolate from a fresh one without holding the code.
 */
export interface GatewayBot {
  id: string;
  status: BotStatus;
  hasRunningCode: boolean;
  fingerprint: string;
  webhookSecretHash: string | null;
  /** The owner: requests a second are limited across the account's bots (docs/operations.md#plans-and-quotas). */
  accountId: string;
  /** The account's plan name (null: DEFAULT_PLAN). */
  plan: string | null;
  /** The restart counter: which deploy runs now. */
  codeVersion: number;
  /**
   * Until when (epoch ms) the running version is watched for an automatic rollback; null when it is not
   * (docs/versions.md#automatic-rollback).
   */
  watchUntil: number | null;
}

/** What a sandbox is built from. */
export interface LoadedBot {
  id: string;
  runningCode: string;
  fingerprint: string;
  envEnc: string | null;
  tokenEnc: string | null;
  /** The account's plan name (null: DEFAULT_PLAN): the store's quotas come from it. */
  plan: string | null;
  /** The restart counter of the running code (for a preview, of the running code beside it). */
  codeVersion: number;
  /** As {@link GatewayBot.watchUntil}. */
  watchUntil: number | null;
}

/** The owner's plan: part of the fingerprint, so a plan change rebuilds the bot's sandbox with its new store quotas. */
const plan = sql<string | null>`(select ${accounts.plan} from ${accounts} where ${accounts.id} = ${bots.accountId})`;
/** Epoch ms as float8, which pg hands over as a number. */
const watchUntil = sql<number | null>`(extract(epoch from ${bots.rollbackWatchUntil}) * 1000)::float8`;
const fingerprint = sql<string>`${bots.codeVersion}::text || ':' || md5(coalesce(${bots.envEnc}, '') || '|' || coalesce(${bots.tokenEnc}, '') || '|' || coalesce(${plan}, ''))`;

/** A user seen in a Telegram update. */
export interface SeenUser {
  chatId: number;
  languageCode: string | null;
  firstName: string | null;
  username: string | null;
}

/** Lines kept per bot; older ones are trimmed. */
export const LOG_LINES_KEPT = 1000;

/** Reads and writes what the gateway touches. */
export class GatewayRepository {
  constructor(private readonly db: Database) {}

  async findBot(botId: string): Promise<GatewayBot | undefined> {
    const rows = await this.db
      .select({
        id: bots.id,
        status: bots.status,
        hasRunningCode: sql<boolean>`${bots.runningCode} is not null`,
        fingerprint,
        webhookSecretHash: bots.webhookSecretHash,
        accountId: bots.accountId,
        plan,
        codeVersion: bots.codeVersion,
        watchUntil,
      })
      .from(bots)
      .where(eq(bots.id, botId))
      .limit(1);
    return rows[0];
  }

  /** Ids of every bot, at most `limit` (the gateway's set of existing ids, docs/operations.md#bot-events). */
  async botIds(limit: number): Promise<string[]> {
    const rows = await this.db.select({ id: bots.id }).from(bots).limit(limit);
    return rows.map((r) => r.id);
  }

  /** The running code, env and token of a bot, with their fingerprint; undefined when it has none running. */
  async loadBot(botId: string): Promise<LoadedBot | undefined> {
    const rows = await this.db
      .select({
        id: bots.id,
        runningCode: bots.runningCode,
        fingerprint,
        envEnc: bots.envEnc,
        tokenEnc: bots.tokenEnc,
        plan,
        codeVersion: bots.codeVersion,
        watchUntil,
      })
      .from(bots)
      .where(eq(bots.id, botId))
      .limit(1);
    const row = rows[0];
    return row && row.runningCode !== null ? { ...row, runningCode: row.runningCode } : undefined;
  }

  /**
   * What a preview of `version` is built from (docs/versions.md#previews): that version's code with the bot's env,
   * token and plan now; undefined when the bot has no such version.
   */
  async loadVersion(botId: string, version: number): Promise<LoadedBot | undefined> {
    const rows = await this.db
      .select({
        id: bots.id,
        runningCode: botVersions.code,
        fingerprint,
        envEnc: bots.envEnc,
        tokenEnc: bots.tokenEnc,
        plan,
        codeVersion: bots.codeVersion,
        watchUntil,
      })
      .from(bots)
      .innerJoin(botVersions, and(eq(botVersions.botId, bots.id), eq(botVersions.version, version)))
      .where(eq(bots.id, botId))
      .limit(1);
    return rows[0];
  }

  /**
   * Halts a running bot; resolves true when this call halted it. The owner's notification is written in the same
   * transaction (docs/notifications.md#events), so a halt is told once, even when two replicas halt it at once.
   */
  async halt(botId: string, reason: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(bots)
        .set({ status: "halted", haltReason: reason })
        .where(and(eq(bots.id, botId), eq(bots.status, "running")))
        .returning({ id: bots.id });
      if (rows.length !== 1) return false;
      await recordNotificationEvent(tx, { botId, kind: "bot_halted", detail: { reason } });
      return true;
    });
  }

  /** Records or refreshes a recipient; a user who writes again is no longer marked blocked. */
  async upsertRecipient(botId: string, user: SeenUser): Promise<void> {
    await this.db
      .insert(recipients)
      .values({ botId, ...user })
      .onConflictDoUpdate({
        target: [recipients.botId, recipients.chatId],
        // An update that does not say (a callback's `from` often lacks language_code) keeps what an earlier one said.
        set: {
          languageCode: sql`coalesce(excluded.language_code, ${recipients.languageCode})`,
          firstName: sql`coalesce(excluded.first_name, ${recipients.firstName})`,
          username: sql`coalesce(excluded.username, ${recipients.username})`,
          blocked: false,
          blockedAt: null,
          updatedAt: sql`now()`,
        },
      });
  }

  /** Appends log lines of one bot and trims the oldest beyond {@link LOG_LINES_KEPT}. */
  async appendLogs(
    botId: string,
    lines: Array<{ level: "log" | "info" | "warn" | "error"; message: string; at: Date }>,
  ): Promise<void> {
    if (lines.length === 0) return;
    await this.db.insert(botLogs).values(lines.map((l) => ({ botId, ...l })));
    await this.db
      .delete(botLogs)
      .where(
        and(
          eq(botLogs.botId, botId),
          lt(
            botLogs.id,
            sql`(select id from ${botLogs} where ${botLogs.botId} = ${botId} order by id desc offset ${LOG_LINES_KEPT - 1} limit 1)`,
          ),
        ),
      );
  }
}
