/** SQL for an account's notification channels (docs/notifications.md#channels). */
import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import {
  bots,
  type Database,
  type NotificationChannelKind,
  type NotificationEventKind,
  notificationChannels,
  notificationOutbox,
  notificationRules,
} from "@botyard/db";

/** A channel as the service sees it; `secretEnc` is the webhook's sealed signing secret. */
export interface ChannelRow {
  id: string;
  accountId: string;
  kind: NotificationChannelKind;
  url: string | null;
  secretEnc: string | null;
  chatId: number | null;
  lastDeliveredAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  createdAt: Date;
}

const columns = {
  id: notificationChannels.id,
  accountId: notificationChannels.accountId,
  kind: notificationChannels.kind,
  url: notificationChannels.url,
  secretEnc: notificationChannels.secretEnc,
  chatId: notificationChannels.chatId,
  lastDeliveredAt: notificationChannels.lastDeliveredAt,
  lastError: notificationChannels.lastError,
  lastErrorAt: notificationChannels.lastErrorAt,
  createdAt: notificationChannels.createdAt,
};

/** An event taken from the outbox, with the owner and name of its bot. */
export interface OutboxRow {
  id: number;
  botId: string;
  kind: NotificationEventKind;
  detail: Record<string, string | number>;
  accountId: string | null;
  botName: string | null;
}

/**
 * Reads and writes `notification_channels`, `notification_rules` and takes from `notification_outbox`; every query
 * of channels and rules is scoped by the account, except the start link's.
 */
export class NotificationRepository {
  constructor(private readonly db: Database) {}

  /** The account's channels, newest first. */
  list(accountId: string): Promise<ChannelRow[]> {
    return this.db
      .select(columns)
      .from(notificationChannels)
      .where(eq(notificationChannels.accountId, accountId))
      .orderBy(desc(notificationChannels.createdAt), notificationChannels.id);
  }

  /** The channels a message can reach: every webhook, and every Telegram channel whose chat is linked. */
  deliverable(accountId: string): Promise<ChannelRow[]> {
    return this.db
      .select(columns)
      .from(notificationChannels)
      .where(
        and(
          eq(notificationChannels.accountId, accountId),
          or(eq(notificationChannels.kind, "webhook"), isNotNull(notificationChannels.chatId)),
        ),
      );
  }

  async count(accountId: string): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notificationChannels)
      .where(eq(notificationChannels.accountId, accountId));
    return rows[0]?.n ?? 0;
  }

  async insertWebhook(id: string, accountId: string, url: string, secretEnc: string): Promise<void> {
    await this.db.insert(notificationChannels).values({ id, accountId, kind: "webhook", url, secretEnc });
  }

  async insertTelegram(id: string, accountId: string, linkTokenHash: string): Promise<void> {
    await this.db.insert(notificationChannels).values({ id, accountId, kind: "telegram", linkTokenHash });
  }

  /** Links the unlinked Telegram channel of this start token to `chatId`, once; the token is forgotten. */
  async link(linkTokenHash: string, chatId: number): Promise<{ id: string; accountId: string } | undefined> {
    const rows = await this.db
      .update(notificationChannels)
      .set({ chatId, linkTokenHash: null })
      .where(and(eq(notificationChannels.linkTokenHash, linkTokenHash), isNull(notificationChannels.chatId)))
      .returning({ id: notificationChannels.id, accountId: notificationChannels.accountId });
    return rows[0];
  }

  /** Removes the account's channel; false when it has none of that id. */
  async remove(accountId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(notificationChannels)
      .where(and(eq(notificationChannels.accountId, accountId), eq(notificationChannels.id, id)))
      .returning({ id: notificationChannels.id });
    return rows.length === 1;
  }

  async recordDelivered(id: string, at: Date): Promise<void> {
    await this.db
      .update(notificationChannels)
      .set({ lastDeliveredAt: at, lastError: null, lastErrorAt: null })
      .where(eq(notificationChannels.id, id));
  }

  async recordFailure(id: string, message: string, at: Date): Promise<void> {
    await this.db
      .update(notificationChannels)
      .set({ lastError: message, lastErrorAt: at })
      .where(eq(notificationChannels.id, id));
  }

  /** The account's rules; undefined when it never set them (every kind). */
  async rules(accountId: string): Promise<NotificationEventKind[] | undefined> {
    const rows = await this.db
      .select({ kinds: notificationRules.kinds })
      .from(notificationRules)
      .where(eq(notificationRules.accountId, accountId));
    return rows[0]?.kinds;
  }

  async setRules(accountId: string, kinds: NotificationEventKind[]): Promise<void> {
    await this.db
      .insert(notificationRules)
      .values({ accountId, kinds })
      .onConflictDoUpdate({ target: notificationRules.accountId, set: { kinds, updatedAt: sql`now()` } });
  }

  /**
   * Takes up to `limit` events out of the outbox, oldest first, with their bot's owner and name (null for a bot
   * deleted since). Rows another replica is taking are skipped, so each event is taken once.
   */
  async take(limit: number): Promise<OutboxRow[]> {
    const { rows } = await this.db.execute<{
      id: string;
      bot_id: string;
      kind: NotificationEventKind;
      detail: Record<string, string | number>;
      account_id: string | null;
      name: string | null;
    }>(sql`
      with taken as (
        delete from ${notificationOutbox}
        where id in (select id from ${notificationOutbox} order by id limit ${limit} for update skip locked)
        returning id, bot_id, kind, detail
      )
      select taken.id, taken.bot_id, taken.kind, taken.detail, b.account_id, b.name
      from taken left join ${bots} b on b.id = taken.bot_id
      order by taken.id`);
    return rows.map((r) => ({
      id: Number(r.id),
      botId: r.bot_id,
      kind: r.kind,
      detail: r.detail,
      accountId: r.account_id,
      botName: r.name,
    }));
  }

  /** Accounts with at least one channel that can receive a message (the quota sweep looks only at these). */
  async accountsWithChannels(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ accountId: notificationChannels.accountId })
      .from(notificationChannels)
      .where(or(eq(notificationChannels.kind, "webhook"), isNotNull(notificationChannels.chatId)));
    return rows.map((r) => r.accountId);
  }
}
