/** SQL of the worker: claiming a bot's next broadcast, its recipients, progress and outcome. */
import { and, asc, eq, gt, inArray, isNotNull, lte, or, sql } from "drizzle-orm";
import { bots, broadcasts, recipients, type Database } from "@botyard/db";
import type { BroadcastPayload } from "@botyard/broadcast";

/** A broadcast the worker is sending, under the fence its claim took. */
export interface ClaimedBroadcast {
  id: string;
  botId: string;
  payload: BroadcastPayload;
  total: number;
  sent: number;
  failed: number;
  cursor: number | null;
  /** Recipients above `cursor` that an earlier run of the job already handled: this run skips them. */
  doneAbove: number[];
  /** The job's fence after this claim: every later write of the run carries it (docs/broadcast.md#fencing). */
  fence: number;
}

/** What a claim found: a job now held, another job of the bot holding a live lease, or nothing to send. */
export type Claim = { kind: "claimed"; job: ClaimedBroadcast } | { kind: "busy" } | { kind: "idle" };

/** What a progress write found: the lease renewed, the job cancelled, or the fence taken by another run. */
export type Renewal = "renewed" | "cancelled" | "lost";

/** Progress to persist. */
export interface Progress {
  sent: number;
  failed: number;
  cursor: number | null;
  /** Recipients above `cursor` already handled (see {@link ClaimedBroadcast.doneAbove}). */
  doneAbove: number[];
}

/** A bot whose next broadcast has no live lease, so it needs a drain job. */
export interface Unheld {
  botId: string;
  /** The broadcast a claim would take, and its fence now. */
  jobId: string;
  fence: number;
}

/**
 * How long a job's lease outlives its run's end (completed, cancelled, failed, handed back): one rate window, so the
 * bot's next run, if another loop or worker claims it, starts more than a second after this run's last start and the
 * two never share a second of the rate. The loop that ran it carries its start times over instead and need not wait.
 */
export const COOL_DOWN_MS = 1000;

/** First key of the advisory locks that serialise claims per bot (second key: hashtext of the bot id). */
const CLAIM_LOCK_CLASS = 727_011_002;

const leaseEnd = (leaseMs: number) => sql`now() + ${leaseMs} * interval '1 millisecond'`;

/**
 * Reads and writes what one broadcast needs. Every write of a run is fenced: it matches the row only while the job's
 * fence is still the one the run's claim took (docs/broadcast.md#fencing).
 */
export class WorkerRepository {
  constructor(private readonly db: Database) {}

  /**
   * Claims the bot's broadcast to send next for `owner`, with a lease of `leaseMs`: one left running by a run that
   * lost its lease (a crash or hand-back) first, else the oldest queued one, which becomes running with its `total`
   * fixed now. Answers busy, claiming nothing, while any job of the bot holds a live lease of another owner (a run,
   * or the cool-down after one): one active job per bot, oldest first, whatever Redis remembers. Claims of one bot
   * are serialised by an advisory lock.
   */
  async claimNext(botId: string, owner: string, leaseMs: number): Promise<Claim> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK_CLASS}, hashtext(${botId}))`);
      // The rows are locked before their leases are read: a renewal committing meanwhile is seen, never overtaken
      // (a renewed lease is live; one renewal arriving after this claim carries the old fence and matches nothing).
      const held = await tx
        .select({
          live: sql<boolean>`${broadcasts.leaseUntil} is not null and ${broadcasts.leaseUntil} > now()
            and ${broadcasts.leaseOwner} is distinct from ${owner}`,
        })
        .from(broadcasts)
        .where(
          and(
            eq(broadcasts.botId, botId),
            or(inArray(broadcasts.status, ["queued", "running"]), isNotNull(broadcasts.leaseUntil)),
          ),
        )
        .for("update");
      if (held.some((row) => row.live)) return { kind: "busy" } as const;
      const next = await tx
        .select({ id: broadcasts.id, status: broadcasts.status, payload: broadcasts.payload })
        .from(broadcasts)
        .where(and(eq(broadcasts.botId, botId), inArray(broadcasts.status, ["queued", "running"])))
        .orderBy(sql`${broadcasts.status} = 'running' desc`, asc(broadcasts.createdAt), asc(broadcasts.id))
        .limit(1)
        .for("update");
      const row = next[0];
      if (!row) return { kind: "idle" } as const;
      let total: number | undefined;
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
        total = counted[0]?.n ?? 0;
      }
      const claimed = await tx
        .update(broadcasts)
        .set({
          status: "running",
          startedAt: sql`coalesce(${broadcasts.startedAt}, now())`,
          ...(total === undefined ? {} : { total }),
          fence: sql`${broadcasts.fence} + 1`,
          leaseOwner: owner,
          leaseUntil: leaseEnd(leaseMs),
        })
        .where(eq(broadcasts.id, row.id))
        .returning({
          id: broadcasts.id,
          botId: broadcasts.botId,
          payload: broadcasts.payload,
          total: broadcasts.total,
          sent: broadcasts.sent,
          failed: broadcasts.failed,
          cursor: broadcasts.cursor,
          doneAbove: broadcasts.doneAbove,
          fence: broadcasts.fence,
        });
      const c = claimed[0]!;
      return { kind: "claimed", job: { ...c, payload: c.payload as unknown as BroadcastPayload } } as const;
    });
  }

  /** The bot's sealed token, or undefined when it has none. */
  async sealedToken(botId: string): Promise<string | undefined> {
    const rows = await this.db.select({ tokenEnc: bots.tokenEnc }).from(bots).where(eq(bots.id, botId)).limit(1);
    return rows[0]?.tokenEnc ?? undefined;
  }

  /**
   * The next page of recipients of job `jobId` after `afterChatId`, in chat id order: the bot's users recorded by the
   * time the job started (those `total` counted), skipping blocked users and other languages. The start is compared in
   * SQL, to the microsecond (a JavaScript Date keeps milliseconds).
   */
  async recipientsAfter(
    botId: string,
    afterChatId: number | null,
    lang: string | undefined,
    limit: number,
    jobId: string,
  ): Promise<number[]> {
    const rows = await this.db
      .select({ chatId: recipients.chatId })
      .from(recipients)
      .where(
        and(
          eq(recipients.botId, botId),
          eq(recipients.blocked, false),
          lte(
            recipients.createdAt,
            sql`(select ${broadcasts.startedAt} from ${broadcasts} where ${broadcasts.id} = ${jobId})`,
          ),
          afterChatId === null ? undefined : gt(recipients.chatId, afterChatId),
          lang ? sql`lower(${recipients.languageCode}) = lower(${lang})` : undefined,
        ),
      )
      .orderBy(asc(recipients.chatId))
      .limit(limit);
    return rows.map((r) => r.chatId);
  }

  /**
   * Saves counts and cursor and renews the lease for `leaseMs`, if the run still holds the job's fence and the job
   * still runs. Otherwise nothing is written, and the answer says why: cancelled, or lost to another run.
   */
  async saveProgress(id: string, fence: number, progress: Progress, leaseMs: number): Promise<Renewal> {
    const rows = await this.db
      .update(broadcasts)
      .set({ ...progress, leaseUntil: leaseEnd(leaseMs) })
      .where(and(eq(broadcasts.id, id), eq(broadcasts.fence, fence), eq(broadcasts.status, "running")))
      .returning({ id: broadcasts.id });
    if (rows.length === 1) return "renewed";
    const now = await this.db
      .select({ status: broadcasts.status, fence: broadcasts.fence })
      .from(broadcasts)
      .where(eq(broadcasts.id, id));
    return now[0]?.fence === fence && now[0].status === "cancelled" ? "cancelled" : "lost";
  }

  /** Saves progress and gives the lease up (a hand-back at shutdown): another worker resumes after the cool-down. */
  async release(id: string, fence: number, progress: Progress): Promise<void> {
    await this.db
      .update(broadcasts)
      .set({ ...progress, leaseUntil: leaseEnd(COOL_DOWN_MS) })
      .where(and(eq(broadcasts.id, id), eq(broadcasts.fence, fence), eq(broadcasts.status, "running")));
  }

  /** Ends a running job as completed or failed, with its final counts, if the run still holds its fence. */
  async finish(
    id: string,
    fence: number,
    status: "completed" | "failed",
    progress: Progress,
    error: string | null = null,
  ): Promise<void> {
    await this.db
      .update(broadcasts)
      .set({ ...progress, status, error, finishedAt: sql`now()`, leaseUntil: leaseEnd(COOL_DOWN_MS) })
      .where(and(eq(broadcasts.id, id), eq(broadcasts.fence, fence), eq(broadcasts.status, "running")));
  }

  /** Writes final counts of a job that was cancelled while it ran (its status is already cancelled). */
  async saveCancelledCounts(id: string, fence: number, progress: Progress): Promise<void> {
    await this.db
      .update(broadcasts)
      .set({ ...progress, leaseUntil: leaseEnd(COOL_DOWN_MS) })
      .where(and(eq(broadcasts.id, id), eq(broadcasts.fence, fence), eq(broadcasts.status, "cancelled")));
  }

  /** Marks a recipient who blocked the bot; later broadcasts skip them. */
  async markBlocked(botId: string, chatId: number): Promise<void> {
    await this.db
      .update(recipients)
      .set({ blocked: true, blockedAt: sql`now()` })
      .where(and(eq(recipients.botId, botId), eq(recipients.chatId, chatId)));
  }

  /**
   * Bots with queued or running broadcasts of which none holds a live lease, each with the broadcast a claim would
   * take: the sweeper gives each a drain job. A bot whose run holds its lease needs none (that run drains the bot).
   */
  async unheldBots(): Promise<Unheld[]> {
    const { rows } = await this.db.execute<{ bot_id: string; id: string; fence: number }>(sql`
      select distinct on (b.bot_id) b.bot_id, b.id, b.fence
      from broadcasts b
      where b.status in ('queued', 'running')
        and not exists (select 1 from broadcasts l where l.bot_id = b.bot_id and l.lease_until > now())
      order by b.bot_id, b.status = 'running' desc, b.created_at, b.id`);
    return rows.map((r) => ({ botId: r.bot_id, jobId: r.id, fence: Number(r.fence) }));
  }
}
