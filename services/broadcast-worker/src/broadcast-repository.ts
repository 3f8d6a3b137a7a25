/** SQL of the worker: claiming a bot's next broadcast, its recipients, progress and outcome. */
import { and, asc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import { bots, broadcasts, recipients, type Database } from "@botyard/db";
import type { BroadcastPayload } from "@botyard/broadcast";

/** A broadcast the worker is sending. */
export interface ClaimedBroadcast {
  id: string;
  botId: string;
  payload: BroadcastPayload;
  total: number;
  sent: number;
  failed: number;
  cursor: number | null;
}

/** Progress to persist. */
export interface Progress {
  sent: number;
  failed: number;
  cursor: number | null;
}

/** Reads and writes what one broadcast needs. */
export class WorkerRepository {
  constructor(private readonly db: Database) {}

  /**
   * Takes the bot's broadcast to send next: one already running (a job resumed after a crash or hand-back) first,
   * else the oldest queued one, which becomes running with its `total` fixed now.
   */
  async claimNext(botId: string): Promise<ClaimedBroadcast | undefined> {
    return this.db.transaction(async (tx) => {
      const next = await tx
        .select({ id: broadcasts.id, status: broadcasts.status, payload: broadcasts.payload })
        .from(broadcasts)
        .where(and(eq(broadcasts.botId, botId), inArray(broadcasts.status, ["queued", "running"])))
        .orderBy(sql`${broadcasts.status} = 'running' desc`, asc(broadcasts.createdAt), asc(broadcasts.id))
        .limit(1)
        .for("update");
      const row = next[0];
      if (!row) return undefined;
      if (row.status === "queued") {
        const lang = (row.payload as unknown as BroadcastPayload).filter?.lang;
        const counted = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(recipients)
          .where(
            and(
              eq(recipients.botId, botId),
              eq(recipients.blocked, false),
              lang ? sql`lower(${recipients.languageCode}) = lower(${lang})` : undefined,
            ),
          );
        await tx
          .update(broadcasts)
          .set({ status: "running", startedAt: sql`now()`, total: counted[0]?.n ?? 0 })
          .where(eq(broadcasts.id, row.id));
      }
      const claimed = await tx
        .select({
          id: broadcasts.id,
          botId: broadcasts.botId,
          payload: broadcasts.payload,
          total: broadcasts.total,
          sent: broadcasts.sent,
          failed: broadcasts.failed,
          cursor: broadcasts.cursor,
        })
        .from(broadcasts)
        .where(eq(broadcasts.id, row.id));
      const c = claimed[0]!;
      return { ...c, payload: c.payload as unknown as BroadcastPayload };
    });
  }

  /** The bot's sealed token, or undefined when it has none. */
  async sealedToken(botId: string): Promise<string | undefined> {
    const rows = await this.db.select({ tokenEnc: bots.tokenEnc }).from(bots).where(eq(bots.id, botId)).limit(1);
    return rows[0]?.tokenEnc ?? undefined;
  }

  /** The next page of recipients after `afterChatId`, in chat id order, skipping blocked users and other languages. */
  async recipientsAfter(
    botId: string,
    afterChatId: number | null,
    lang: string | undefined,
    limit: number,
  ): Promise<number[]> {
    const rows = await this.db
      .select({ chatId: recipients.chatId })
      .from(recipients)
      .where(
        and(
          eq(recipients.botId, botId),
          eq(recipients.blocked, false),
          afterChatId === null ? undefined : gt(recipients.chatId, afterChatId),
          lang ? sql`lower(${recipients.languageCode}) = lower(${lang})` : undefined,
        ),
      )
      .orderBy(asc(recipients.chatId))
      .limit(limit);
    return rows.map((r) => r.chatId);
  }

  /** Saves counts and cursor while the job is still running; resolves false when it is not (cancelled). */
  async saveProgress(id: string, progress: Progress): Promise<boolean> {
    const rows = await this.db
      .update(broadcasts)
      .set(progress)
      .where(and(eq(broadcasts.id, id), eq(broadcasts.status, "running")))
      .returning({ id: broadcasts.id });
    return rows.length === 1;
  }

  /** Ends a running job as completed or failed, with its final counts. */
  async finish(
    id: string,
    status: "completed" | "failed",
    progress: Progress,
    error: string | null = null,
  ): Promise<void> {
    await this.db
      .update(broadcasts)
      .set({ ...progress, status, error, finishedAt: sql`now()` })
      .where(and(eq(broadcasts.id, id), eq(broadcasts.status, "running")));
  }

  /** Writes final counts of a job that was cancelled while it ran (its status is already cancelled). */
  async saveCancelledCounts(id: string, progress: Progress): Promise<void> {
    await this.db
      .update(broadcasts)
      .set(progress)
      .where(and(eq(broadcasts.id, id), eq(broadcasts.status, "cancelled")));
  }

  /** Marks a recipient who blocked the bot; later broadcasts skip them. */
  async markBlocked(botId: string, chatId: number): Promise<void> {
    await this.db
      .update(recipients)
      .set({ blocked: true, blockedAt: sql`now()` })
      .where(and(eq(recipients.botId, botId), eq(recipients.chatId, chatId)));
  }

  /** Bots that have queued or running broadcasts: the sweeper makes sure each has a drain job. */
  async botsWithPendingBroadcasts(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ botId: broadcasts.botId })
      .from(broadcasts)
      .where(and(inArray(broadcasts.status, ["queued", "running"]), isNotNull(broadcasts.botId)));
    return rows.map((r) => r.botId);
  }
}
