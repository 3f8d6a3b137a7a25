/** SQL for broadcast jobs as the management routes see them: always scoped by bot. */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { bots, broadcasts, type Database } from "@botyard/db";
import type { BroadcastPayload, BroadcastRow } from "@botyard/broadcast";

const rowColumns = {
  id: broadcasts.id,
  status: broadcasts.status,
  total: broadcasts.total,
  sent: broadcasts.sent,
  failed: broadcasts.failed,
  error: broadcasts.error,
  createdAt: broadcasts.createdAt,
  startedAt: broadcasts.startedAt,
  finishedAt: broadcasts.finishedAt,
};

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Reads and writes the `broadcasts` rows of one bot at a time. */
export class BroadcastRepository {
  constructor(private readonly db: Database) {}

  /** The SHA-256 of the bot's token, or undefined when the bot does not exist or has no token. */
  async tokenHash(botId: string): Promise<string | undefined> {
    const rows = await this.db.select({ tokenHash: bots.tokenHash }).from(bots).where(eq(bots.id, botId)).limit(1);
    return rows[0]?.tokenHash ?? undefined;
  }

  /** Runs `fn` in a transaction. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async insert(
    id: string,
    botId: string,
    payload: BroadcastPayload,
    tx: Tx | Database = this.db,
  ): Promise<BroadcastRow> {
    const rows = await tx
      .insert(broadcasts)
      .values({ id, botId, payload: { ...payload } })
      .returning(rowColumns);
    return rows[0]!;
  }

  /**
   * Deletes a job that no worker has ever claimed (still queued, fence 0); resolves false when a worker already
   * holds it, so it is going out and must be reported as accepted.
   */
  async withdrawUnclaimed(botId: string, jobId: string): Promise<boolean> {
    const rows = await this.db
      .delete(broadcasts)
      .where(
        and(
          eq(broadcasts.id, jobId),
          eq(broadcasts.botId, botId),
          eq(broadcasts.status, "queued"),
          eq(broadcasts.fence, 0),
        ),
      )
      .returning({ id: broadcasts.id });
    return rows.length > 0;
  }

  async find(botId: string, jobId: string): Promise<BroadcastRow | undefined> {
    const rows = await this.db
      .select(rowColumns)
      .from(broadcasts)
      .where(and(eq(broadcasts.id, jobId), eq(broadcasts.botId, botId)))
      .limit(1);
    return rows[0];
  }

  /** Newest first. */
  async latest(botId: string, limit: number): Promise<BroadcastRow[]> {
    return this.db
      .select(rowColumns)
      .from(broadcasts)
      .where(eq(broadcasts.botId, botId))
      .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
      .limit(limit);
  }

  /** Cancels the job if it is still queued or running; resolves with the cancelled row, or undefined. */
  async cancel(botId: string, jobId: string): Promise<BroadcastRow | undefined> {
    const rows = await this.db
      .update(broadcasts)
      .set({ status: "cancelled", finishedAt: sql`now()` })
      .where(
        and(eq(broadcasts.id, jobId), eq(broadcasts.botId, botId), inArray(broadcasts.status, ["queued", "running"])),
      )
      .returning(rowColumns);
    return rows[0];
  }
}
