/** SQL of the worker: claiming a bot's next broadcast, writing its audience, progress and outcome. */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, TransactionRollbackError } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import {
  bots,
  broadcastAudience,
  broadcasts,
  type Database,
  type OutboxEvent,
  recipients,
  recordNotificationEvent,
} from "@botyard/db";
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
  /** Its audience is written; if not, its run writes it before sending ({@link WorkerRepository.writeAudience}). */
  audienceWritten: boolean;
}

/** What a claim found: a job now held, another job of the bot holding a live lease, or nothing to send. */
export type Claim = { kind: "claimed"; job: ClaimedBroadcast } | { kind: "busy" } | { kind: "idle" };

/** What a progress write found: the lease renewed, the job cancelled, or the fence taken by another run. */
export type Renewal = "renewed" | "cancelled" | "lost";

/** What writing a job's audience found: written (now or before, under this fence), the job cancelled, or lost. */
export type AudienceWrite = "written" | "cancelled" | "lost";

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

/**
 * First key of the advisory locks that serialise audience writes per job (second key: hashtext of the job id): a run
 * that lost its fence while writing and the run that took the job over never both insert. Nothing else takes it, so a
 * cancel or a claim never waits for an audience write.
 */
const AUDIENCE_LOCK_CLASS = 727_011_003;

const leaseEnd = (leaseMs: number) => sql`now() + ${leaseMs} * interval '1 millisecond'`;

/**
 * Drops the audiences that no run dropped: those of the bot's jobs cancelled while no run held them (their run was
 * lost). Only jobs whose lease lapsed: a cancelled job's run still holding its lease may still be reading its
 * audience. The flag finds them in `broadcasts`, and the rows go by primary key: no statement searches
 * `broadcast_audience`, whose other jobs' rows may number millions. Each job's rows go in a transaction of its own,
 * before the claim's and outside its locks: deleting a million rows takes about 0.3 s, which a management cancel of
 * another job of the bot would otherwise wait for (the jobs found have ended, so no run or claim needs their rows).
 */
async function dropLeftAudiences(db: Database, botId: string): Promise<void> {
  const left = await db
    .select({ id: broadcasts.id })
    .from(broadcasts)
    .where(
      and(
        eq(broadcasts.botId, botId),
        eq(broadcasts.audienceWritten, true),
        inArray(broadcasts.status, ["completed", "cancelled", "failed"]),
        or(isNull(broadcasts.leaseUntil), lte(broadcasts.leaseUntil, sql`now()`)),
      ),
    );
  for (const { id } of left) {
    await db.transaction(async (tx) => {
      await tx.delete(broadcastAudience).where(eq(broadcastAudience.broadcastId, id));
      await tx.update(broadcasts).set({ audienceWritten: false }).where(eq(broadcasts.id, id));
    });
  }
}

/**
 * Reads and writes what one broadcast needs. Every write of a run is fenced: it matches the row only while the job's
 * fence is still the one the run's claim took (docs/broadcast.md#fencing).
 */
export class WorkerRepository {
  constructor(private readonly db: Database) {}

  /**
   * Claims the bot's broadcast to send next for `owner`, with a lease of `leaseMs`: one left running by a run that
   * lost its lease (a crash or hand-back) first, else the oldest queued one, which becomes running. Its audience is not
   * written here but by the run, after this commits (see {@link writeAudience}): this transaction locks every queued
   * and running job of the bot, and a management cancel waits for those locks. Answers busy, claiming nothing, while
   * any job of the bot holds a live lease of another owner (a run, or the cool-down after one): one active job per
   * bot, oldest first, whatever Redis remembers. Claims of one bot are serialised by an advisory lock.
   */
  async claimNext(botId: string, owner: string, leaseMs: number): Promise<Claim> {
    await dropLeftAudiences(this.db, botId);
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK_CLASS}, hashtext(${botId}))`);
      // The rows are locked before their leases are read: a renewal committing meanwhile is seen, never overtaken
      // (a renewed lease is live; one renewal arriving after this claim carries the old fence and matches nothing).
      // FOR NO KEY UPDATE, as the claim's own update takes: it conflicts with every update but not with the key-share
      // locks that an audience write's foreign key checks hold on its job, so a claim never waits for that write.
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
        .for("no key update");
      if (held.some((row) => row.live)) return { kind: "busy" } as const;
      const next = await tx
        .select({ id: broadcasts.id })
        .from(broadcasts)
        .where(and(eq(broadcasts.botId, botId), inArray(broadcasts.status, ["queued", "running"])))
        .orderBy(sql`${broadcasts.status} = 'running' desc`, asc(broadcasts.createdAt), asc(broadcasts.id))
        .limit(1)
        .for("no key update");
      const row = next[0];
      if (!row) return { kind: "idle" } as const;
      const claimed = await tx
        .update(broadcasts)
        .set({
          status: "running",
          startedAt: sql`coalesce(${broadcasts.startedAt}, now())`,
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
          audienceWritten: broadcasts.audienceWritten,
        });
      const c = claimed[0]!;
      return { kind: "claimed", job: { ...c, payload: c.payload as unknown as BroadcastPayload } } as const;
    });
  }

  /**
   * Writes the audience of job `id`, claimed under `fence`, unless it is written already, and fixes its `total` to its
   * size: the bot's recipients recorded by the job's start, not blocked now, of the filter's language, above the
   * cursor (docs/broadcast.md#audience). One INSERT … SELECT reads the recipients and writes the rows, one snapshot, so
   * the total is exactly what the run will page through, whatever the gateway records meanwhile.
   *
   * Outside the claim's locks: the rows' foreign key checks take key-share locks on the job, which neither a cancel
   * nor a claim nor a progress write waits for, so the write may take seconds for millions of recipients while the
   * run renews its lease and a cancel lands at once. The flag is set under the fence and while the job runs, else
   * nothing is kept: a run that lost the job, or a cancelled job, leaves no rows.
   *
   * The job's first claim by a worker of before migration 0006 counted `total` and may have sent; for such a job
   * (progress saved) the same rows are what that worker's feed still had to hand out, and `total` becomes what the job
   * has handled plus what is left, so `sent + failed` still ends at it though users blocked or unblocked the bot since
   * that start (docs/broadcast.md#audience).
   */
  async writeAudience(id: string, fence: number): Promise<AudienceWrite> {
    try {
      await this.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${AUDIENCE_LOCK_CLASS}, hashtext(${id}))`);
        // It blocks nobody, so no cap: with one, a bot with enough recipients could never start a broadcast.
        await tx.execute(sql`set local statement_timeout = 0`);
        const job = await tx
          .select({ written: broadcasts.audienceWritten, payload: broadcasts.payload })
          .from(broadcasts)
          .where(and(eq(broadcasts.id, id), eq(broadcasts.fence, fence), eq(broadcasts.status, "running")));
        if (!job[0]) tx.rollback();
        if (job[0]!.written) return;
        const lang = (job[0]!.payload as unknown as BroadcastPayload).filter?.lang;
        const inserted = await tx.insert(broadcastAudience).select(
          tx
            .select({ broadcastId: broadcasts.id, chatId: recipients.chatId })
            .from(broadcasts)
            .innerJoin(recipients, eq(recipients.botId, broadcasts.botId))
            .where(
              and(
                eq(broadcasts.id, id),
                eq(recipients.blocked, false),
                lte(recipients.createdAt, broadcasts.startedAt),
                or(isNull(broadcasts.cursor), gt(recipients.chatId, broadcasts.cursor)),
                lang ? sql`lower(${recipients.languageCode}) = lower(${lang})` : undefined,
              ),
            ),
        );
        const size = inserted.rowCount ?? 0;
        const fresh = sql`${broadcasts.cursor} is null and ${broadcasts.sent} = 0 and ${broadcasts.failed} = 0`;
        // A resumed job's total is what it has handled plus what is left: the rows just written, less those an
        // earlier run handled already (`done_above`), which the feed skips. By key, as every read of the table is.
        const handledAlready = sql`(select count(*) from ${broadcastAudience} a
          where a.broadcast_id = ${broadcasts.id} and a.chat_id = any(${broadcasts.doneAbove}))`;
        const resumedTotal = sql`${broadcasts.sent} + ${broadcasts.failed} + ${size} - ${handledAlready}`;
        const marked = await tx
          .update(broadcasts)
          .set({ audienceWritten: true, total: sql`case when ${fresh} then ${size} else ${resumedTotal} end` })
          .where(
            and(
              eq(broadcasts.id, id),
              eq(broadcasts.fence, fence),
              eq(broadcasts.status, "running"),
              eq(broadcasts.audienceWritten, false),
            ),
          )
          .returning({ id: broadcasts.id });
        if (marked.length === 0) tx.rollback();
      });
      return "written";
    } catch (err) {
      if (!(err instanceof TransactionRollbackError)) throw err;
    }
    return this.#whyNot(id, fence);
  }

  /** The bot's sealed token, or undefined when it has none. */
  async sealedToken(botId: string): Promise<string | undefined> {
    const rows = await this.db.select({ tokenEnc: bots.tokenEnc }).from(bots).where(eq(bots.id, botId)).limit(1);
    return rows[0]?.tokenEnc ?? undefined;
  }

  /**
   * The next page of job `jobId`'s audience after `afterChatId`, in chat id order: the recipients its run counted
   * into `total`, as they stood then. Whether they blocked or unblocked the bot or changed language since is not
   * looked at: one blocked now is sent to and Telegram's 403 counts them failed; one unblocked since is not the job's.
   */
  async recipientsAfter(jobId: string, afterChatId: number | null, limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ chatId: broadcastAudience.chatId })
      .from(broadcastAudience)
      .where(
        and(
          eq(broadcastAudience.broadcastId, jobId),
          afterChatId === null ? undefined : gt(broadcastAudience.chatId, afterChatId),
        ),
      )
      .orderBy(asc(broadcastAudience.chatId))
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
    return this.#whyNot(id, fence);
  }

  /** Why a write under `fence` matched no running job: the job was cancelled, or another run holds it now. */
  async #whyNot(id: string, fence: number): Promise<"cancelled" | "lost"> {
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
    await this.#end(
      id,
      fence,
      "running",
      { ...progress, status, error, finishedAt: sql`now()`, leaseUntil: leaseEnd(COOL_DOWN_MS) },
      // The owner is told in the same transaction as the end (docs/notifications.md#events).
      (botId): OutboxEvent =>
        status === "completed"
          ? { botId, kind: "broadcast_finished", detail: { jobId: id, sent: progress.sent, failed: progress.failed } }
          : { botId, kind: "broadcast_failed", detail: { jobId: id, reason: (error ?? "").slice(0, 200) } },
    );
  }

  /** Writes final counts of a job that was cancelled while it ran (its status is already cancelled). */
  async saveCancelledCounts(id: string, fence: number, progress: Progress): Promise<void> {
    await this.#end(id, fence, "cancelled", { ...progress, leaseUntil: leaseEnd(COOL_DOWN_MS) });
  }

  /**
   * The last write of a run, if it still holds the fence and the job is in `status`; the job's audience goes with
   * it, in the same transaction (the job never sends again, and a crash between the two would leave it behind).
   */
  async #end(
    id: string,
    fence: number,
    status: "running" | "cancelled",
    set: PgUpdateSetSource<typeof broadcasts>,
    notice?: (botId: string) => OutboxEvent,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const ended = await tx
        .update(broadcasts)
        .set({ ...set, audienceWritten: false })
        .where(and(eq(broadcasts.id, id), eq(broadcasts.fence, fence), eq(broadcasts.status, status)))
        .returning({ id: broadcasts.id, botId: broadcasts.botId });
      const row = ended[0];
      if (!row) return;
      await tx.delete(broadcastAudience).where(eq(broadcastAudience.broadcastId, id));
      if (notice) await recordNotificationEvent(tx, notice(row.botId));
    });
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
