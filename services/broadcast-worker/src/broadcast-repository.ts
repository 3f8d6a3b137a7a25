/** SQL of the worker: claiming a bot's next broadcast, its audience, progress and outcome. */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { bots, broadcastAudience, broadcasts, recipients, type Database } from "@botyard/db";
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
 * The lease a claim takes counts from when the claim writes it, not from when its transaction began (`now()`): writing
 * a large audience takes a while, and a lease already spent at commit would let another worker take the job at once.
 */
const claimLeaseEnd = (leaseMs: number) => sql`clock_timestamp() + ${leaseMs} * interval '1 millisecond'`;

/** A transaction of {@link Database}. */
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Writes the audience of job `jobId` as its claim starts it, and answers its size, the job's `total`: the bot's
 * recipients not blocked now, of the filter's language. One statement reads the recipients and writes the rows, so the
 * total is exactly what the run will page through, whatever the gateway records meanwhile (docs/broadcast.md#audience).
 */
async function writeAudience(tx: Tx, jobId: string, botId: string, lang: string | undefined): Promise<number> {
  const written = await tx.insert(broadcastAudience).select(
    tx
      .select({ broadcastId: sql<string>`${jobId}`.as("broadcast_id"), chatId: recipients.chatId })
      .from(recipients)
      .where(
        and(
          eq(recipients.botId, botId),
          eq(recipients.blocked, false),
          lang ? sql`lower(${recipients.languageCode}) = lower(${lang})` : undefined,
        ),
      ),
  );
  return written.rowCount ?? 0;
}

/**
 * Gives job `jobId`, running, the audience its first claim would have written had it been made by a worker of before
 * migration 0006 (one of those started it, and a rolling upgrade handed it over): the recipients the feed of then still
 * had to hand out (recorded by the start, not blocked now, of the filter's language, above the cursor). Without it the
 * resumed job would find no one left and end short of its total. Does nothing for a job that has an audience, or
 * whose total is 0.
 */
async function writeLegacyAudience(tx: Tx, jobId: string, lang: string | undefined): Promise<void> {
  await tx.insert(broadcastAudience).select(
    tx
      .select({ broadcastId: broadcasts.id, chatId: recipients.chatId })
      .from(broadcasts)
      .innerJoin(recipients, eq(recipients.botId, broadcasts.botId))
      .where(
        and(
          eq(broadcasts.id, jobId),
          gt(broadcasts.total, 0),
          sql`not exists (select 1 from ${broadcastAudience} where ${broadcastAudience.broadcastId} = ${jobId})`,
          eq(recipients.blocked, false),
          lte(recipients.createdAt, broadcasts.startedAt),
          or(isNull(broadcasts.cursor), gt(recipients.chatId, broadcasts.cursor)),
          lang ? sql`lower(${recipients.languageCode}) = lower(${lang})` : undefined,
        ),
      ),
  );
}

/**
 * Reads and writes what one broadcast needs. Every write of a run is fenced: it matches the row only while the job's
 * fence is still the one the run's claim took (docs/broadcast.md#fencing).
 */
export class WorkerRepository {
  constructor(private readonly db: Database) {}

  /**
   * Claims the bot's broadcast to send next for `owner`, with a lease of `leaseMs`: one left running by a run that
   * lost its lease (a crash or hand-back) first, else the oldest queued one, which becomes running with its audience
   * written and its `total` fixed now (see {@link writeAudience}). Answers busy, claiming nothing, while any job of
   * the bot holds a live lease of another owner (a run, or the cool-down after one): one active job per bot, oldest
   * first, whatever Redis remembers. Claims of one bot are serialised by an advisory lock.
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
      // Audiences that no run dropped: a job cancelled while no run held it (its run was lost) ends without one.
      // Only jobs whose lease lapsed: a cancelled job's run still holding its lease may still be reading its audience.
      await tx.delete(broadcastAudience).where(
        inArray(
          broadcastAudience.broadcastId,
          tx
            .select({ id: broadcasts.id })
            .from(broadcasts)
            .where(
              and(
                eq(broadcasts.botId, botId),
                inArray(broadcasts.status, ["completed", "cancelled", "failed"]),
                or(isNull(broadcasts.leaseUntil), lte(broadcasts.leaseUntil, sql`now()`)),
              ),
            ),
        ),
      );
      const next = await tx
        .select({ id: broadcasts.id, status: broadcasts.status, payload: broadcasts.payload })
        .from(broadcasts)
        .where(and(eq(broadcasts.botId, botId), inArray(broadcasts.status, ["queued", "running"])))
        .orderBy(sql`${broadcasts.status} = 'running' desc`, asc(broadcasts.createdAt), asc(broadcasts.id))
        .limit(1)
        .for("update");
      const row = next[0];
      if (!row) return { kind: "idle" } as const;
      // A running job keeps the audience and total of its first claim.
      const lang = (row.payload as unknown as BroadcastPayload).filter?.lang;
      const total = row.status === "queued" ? await writeAudience(tx, row.id, botId, lang) : undefined;
      if (row.status === "running") await writeLegacyAudience(tx, row.id, lang);
      const claimed = await tx
        .update(broadcasts)
        .set({
          status: "running",
          startedAt: sql`coalesce(${broadcasts.startedAt}, now())`,
          ...(total === undefined ? {} : { total }),
          fence: sql`${broadcasts.fence} + 1`,
          leaseOwner: owner,
          leaseUntil: claimLeaseEnd(leaseMs),
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
   * The next page of job `jobId`'s audience after `afterChatId`, in chat id order: the recipients its claim counted
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
    await this.#end(id, fence, "running", {
      ...progress,
      status,
      error,
      finishedAt: sql`now()`,
      leaseUntil: leaseEnd(COOL_DOWN_MS),
    });
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
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const ended = await tx
        .update(broadcasts)
        .set(set)
        .where(and(eq(broadcasts.id, id), eq(broadcasts.fence, fence), eq(broadcasts.status, status)))
        .returning({ id: broadcasts.id });
      if (ended.length === 1) await tx.delete(broadcastAudience).where(eq(broadcastAudience.broadcastId, id));
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
