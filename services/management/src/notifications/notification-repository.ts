/** SQL for an account's notification channels (docs/notifications.md#channels). */
import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { type Database, type NotificationChannelKind, notificationChannels } from "@botyard/db";

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

/** Reads and writes `notification_channels`; every query is scoped by the account, except the start link's. */
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
}
