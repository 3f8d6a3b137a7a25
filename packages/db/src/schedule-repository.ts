/**
 * SQL of scheduled runs (docs/bot-runtime.md#scheduled-runs), shared by the gateway (bot code writes schedules, the
 * firing loop claims and finishes runs) and management (owners list, cancel, run now and read the history).
 *
 * Firing is a Postgres queue: a replica claims due rows with `FOR UPDATE SKIP LOCKED`, moving each row's
 * `next_run_at` to the end of a lease and stamping it with a claim token; it records the run's end only while its
 * claim still stands (a fence), so a replica that lost its lease, or a schedule replaced meanwhile, changes nothing.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "./client.js";
import { recordNotificationEvent } from "./notification-outbox.js";
import { accounts, bots, type ScheduleKind, type ScheduleRunStatus, scheduleRuns, schedules } from "./schema.js";

/** A schedule as bot code and owners see it. */
export interface ScheduleView {
  key: string;
  name: string;
  kind: ScheduleKind;
  /** The next (or current) due time. */
  next: Date;
  expression: string | null;
  timezone: string | null;
  attempt: number;
  /** True while a replica runs it. */
  running: boolean;
  lastStatus: "ok" | "failed" | "skipped" | null;
  lastRunAt: Date | null;
}

/**
 * A schedule as `scheduler.list()` answers bot code (docs/bot-runtime.md#scheduled-runs): the gateway's answer, and
 * the start of what owners see ({@link ScheduleEntry}). The editor's bot-api.d.ts spells the same shape for bot code.
 */
export interface ScheduleListItem {
  key: string;
  name: string;
  kind: ScheduleKind;
  /** The next (or current) due time, ISO 8601. */
  next: string;
  expression?: string;
  timezone?: string;
}

/** A schedule as owners see it (listSchedules, the dashboard's Schedules tab): the list item and its state. */
export interface ScheduleEntry extends ScheduleListItem {
  attempt: number;
  running: boolean;
  lastStatus: "ok" | "failed" | "skipped" | null;
  lastRunAt: string | null;
}

/** {@link ScheduleView} as bot code's `scheduler.list()` shows it. */
export function scheduleListItem(s: ScheduleView): ScheduleListItem {
  const item: ScheduleListItem = { key: s.key, name: s.name, kind: s.kind, next: s.next.toISOString() };
  if (s.expression !== null) item.expression = s.expression;
  if (s.timezone !== null) item.timezone = s.timezone;
  return item;
}

/** {@link ScheduleView} as owners see it. */
export function scheduleEntry(s: ScheduleView): ScheduleEntry {
  return {
    ...scheduleListItem(s),
    attempt: s.attempt,
    running: s.running,
    lastStatus: s.lastStatus,
    lastRunAt: s.lastRunAt?.toISOString() ?? null,
  };
}

/** A schedule to store (replacing the bot's schedule of the same key). */
export interface ScheduleInput {
  botId: string;
  key: string;
  name: string;
  kind: ScheduleKind;
  expression: string | null;
  timezone: string | null;
  /** JSON text, or null for no payload. */
  payload: string | null;
  dueAt: Date;
}

/** Bounds checked in the same transaction as the write. */
export interface ScheduleBounds {
  /** One-off schedules a bot may have. */
  maxOncePerBot: number;
  /** Cron schedules a bot may have. */
  maxCronPerBot: number;
  /** Schedules across the account's bots (the plan's pendingScheduledRuns); undefined: unbounded. */
  accountQuota?: number;
}

/** Why a write was refused. */
export type ScheduleRefusal = { bound: "once" | "cron" | "account"; limit: number; use: number };

/** A run a replica claimed: the stored schedule, and the attempt and lease it is under. */
export interface ClaimedRun extends ScheduleInput {
  id: string;
  /** This attempt's number (1 for the first). */
  attempt: number;
  claim: string;
}

/** What happens to a schedule once a claimed attempt ended. */
export type ScheduleChange =
  /** A one-off that is done (ran, failed for good, or was skipped). */
  | { type: "delete" }
  /** Try the same occurrence again at `at`. */
  | { type: "retry"; at: Date }
  /** The attempt never started (the bot was busy): take it again at `at`, as the same attempt. */
  | { type: "defer"; at: Date }
  /** A cron schedule moves on to its next occurrence. */
  | { type: "advance"; next: Date; status: "ok" | "failed" | "skipped" };

/** One finished attempt, for the history. */
export interface RunRecord {
  startedAt: Date;
  finishedAt: Date;
  status: ScheduleRunStatus;
  error: string | null;
}

/** A row of the run history. */
export interface ScheduleRunView {
  key: string;
  name: string;
  scheduledAt: Date;
  startedAt: Date;
  finishedAt: Date;
  status: ScheduleRunStatus;
  attempt: number;
  error: string | null;
}

/** Runs kept per bot in the history; older ones are trimmed. */
export const SCHEDULE_RUNS_KEPT = 1000;

const view = {
  key: schedules.key,
  name: schedules.name,
  kind: schedules.kind,
  next: schedules.dueAt,
  expression: schedules.expression,
  timezone: schedules.timezone,
  attempt: schedules.attempt,
  running: sql<boolean>`${schedules.claim} is not null`,
  lastStatus: schedules.lastStatus,
  lastRunAt: schedules.lastRunAt,
};

/** Reads and writes schedules and their history. */
export class ScheduleRepository {
  constructor(private readonly db: Database) {}

  /**
   * Stores a schedule, replacing the bot's schedule of the same key (a replaced schedule that was running loses its
   * claim: the run under way records nothing). The bounds are checked under a lock of the owner's account row, so
   * concurrent writes of one account cannot pass them together. Answers the refusal, or undefined when stored.
   */
  async put(input: ScheduleInput, bounds: ScheduleBounds): Promise<ScheduleRefusal | undefined> {
    return this.db.transaction(async (tx) => {
      const owner = await tx.execute<{ id: string }>(
        sql`select ${accounts.id} as id from ${accounts} where ${accounts.id} = (select ${bots.accountId} from ${bots} where ${bots.id} = ${input.botId}) for update`,
      );
      const accountId = owner.rows[0]?.id;
      if (accountId === undefined) return { bound: "account", limit: 0, use: 0 };
      const [counts] = await tx
        .select({
          once: sql<number>`count(*) filter (where ${schedules.kind} = 'once' and ${schedules.key} <> ${input.key})::int`,
          cron: sql<number>`count(*) filter (where ${schedules.kind} = 'cron' and ${schedules.key} <> ${input.key})::int`,
          replaces: sql<boolean>`bool_or(${schedules.key} = ${input.key})`,
        })
        .from(schedules)
        .where(eq(schedules.botId, input.botId));
      const same = input.kind === "once" ? (counts?.once ?? 0) : (counts?.cron ?? 0);
      const perBot = input.kind === "once" ? bounds.maxOncePerBot : bounds.maxCronPerBot;
      if (same >= perBot) return { bound: input.kind, limit: perBot, use: same };
      if (bounds.accountQuota !== undefined && !counts?.replaces) {
        const use = await this.#countForAccount(tx, accountId);
        if (use >= bounds.accountQuota) return { bound: "account", limit: bounds.accountQuota, use };
      }
      const row = { ...input, id: randomUUID(), nextRunAt: input.dueAt, attempt: 0, claim: null };
      await tx
        .insert(schedules)
        .values(row)
        .onConflictDoUpdate({
          target: [schedules.botId, schedules.key],
          set: {
            name: row.name,
            kind: row.kind,
            expression: row.expression,
            timezone: row.timezone,
            payload: row.payload,
            dueAt: row.dueAt,
            nextRunAt: row.nextRunAt,
            attempt: 0,
            claim: null,
          },
        });
      return undefined;
    });
  }

  /** Deletes the bot's schedule of `key`; true when there was one. */
  async cancel(botId: string, key: string): Promise<boolean> {
    const rows = await this.db
      .delete(schedules)
      .where(and(eq(schedules.botId, botId), eq(schedules.key, key)))
      .returning({ id: schedules.id });
    return rows.length > 0;
  }

  /** The bot's schedules, soonest first. */
  list(botId: string, limit = 10_000): Promise<ScheduleView[]> {
    return this.db
      .select(view)
      .from(schedules)
      .where(eq(schedules.botId, botId))
      .orderBy(asc(schedules.dueAt), asc(schedules.key))
      .limit(limit);
  }

  /** Schedules across the account's bots: the use of its pendingScheduledRuns quota. */
  countForAccount(accountId: string): Promise<number> {
    return this.#countForAccount(this.db, accountId);
  }

  async #countForAccount(db: Pick<Database, "select">, accountId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(schedules)
      .innerJoin(bots, eq(bots.id, schedules.botId))
      .where(eq(bots.accountId, accountId));
    return row?.n ?? 0;
  }

  /**
   * Makes the bot's schedule of `key` due now (a cron schedule then goes on from its next occurrence after now).
   * Answers `missing`, `running` (a replica runs it now; it is left alone) or `due`.
   */
  async runNow(botId: string, key: string): Promise<"missing" | "running" | "due"> {
    const rows = await this.db
      .update(schedules)
      .set({ dueAt: sql`now()`, nextRunAt: sql`now()`, attempt: 0 })
      .where(and(eq(schedules.botId, botId), eq(schedules.key, key), sql`${schedules.claim} is null`))
      .returning({ id: schedules.id });
    if (rows.length > 0) return "due";
    const [exists] = await this.db
      .select({ id: schedules.id })
      .from(schedules)
      .where(and(eq(schedules.botId, botId), eq(schedules.key, key)));
    return exists ? "running" : "missing";
  }

  /**
   * Claims up to `limit` due runs for `leaseMs`: each row's attempt goes up by one and it is not due again until the
   * lease ends, so a run whose replica died is taken again then, as its next attempt. Rows another replica is
   * claiming at the same moment are skipped, not waited for.
   */
  async claim(limit: number, leaseMs: number): Promise<ClaimedRun[]> {
    const claim = randomUUID();
    const result = await this.db.execute<{
      id: string;
      bot_id: string;
      key: string;
      name: string;
      kind: ScheduleKind;
      expression: string | null;
      timezone: string | null;
      payload: string | null;
      due_at: string | Date;
      attempt: number;
    }>(sql`
      update ${schedules} s
      set claim = ${claim}, attempt = s.attempt + 1, next_run_at = now() + ${leaseMs} * interval '1 millisecond'
      from (
        select id from ${schedules} where next_run_at <= now()
        order by next_run_at limit ${limit} for update skip locked
      ) due
      where s.id = due.id
      returning s.id, s.bot_id, s.key, s.name, s.kind, s.expression, s.timezone, s.payload, s.due_at, s.attempt`);
    return result.rows.map((r) => ({
      id: r.id,
      botId: r.bot_id,
      key: r.key,
      name: r.name,
      kind: r.kind,
      expression: r.expression,
      timezone: r.timezone,
      payload: r.payload,
      dueAt: new Date(r.due_at),
      attempt: r.attempt,
      claim,
    }));
  }

  /**
   * Records how a claimed attempt ended and applies `change`, only while `run`'s claim stands; false when it did not
   * (the lease ran out and another replica took the run, or the schedule was replaced or cancelled): then nothing is
   * written.
   */
  async finish(run: ClaimedRun, change: ScheduleChange, record: RunRecord | undefined): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const fence = and(eq(schedules.id, run.id), eq(schedules.claim, run.claim));
      let rows: unknown[];
      if (change.type === "delete") {
        rows = await tx.delete(schedules).where(fence).returning({ id: schedules.id });
      } else if (change.type === "retry" || change.type === "defer") {
        rows = await tx
          .update(schedules)
          .set({
            nextRunAt: change.at,
            claim: null,
            ...(change.type === "defer" ? { attempt: sql`${schedules.attempt} - 1` } : {}),
          })
          .where(fence)
          .returning({ id: schedules.id });
      } else {
        rows = await tx
          .update(schedules)
          .set({
            dueAt: change.next,
            nextRunAt: change.next,
            attempt: 0,
            claim: null,
            lastStatus: change.status,
            lastRunAt: record?.finishedAt ?? new Date(),
          })
          .where(fence)
          .returning({ id: schedules.id });
      }
      if (rows.length === 0) return false;
      if (record === undefined) return true;
      await tx.insert(scheduleRuns).values({
        botId: run.botId,
        key: run.key,
        name: run.name,
        scheduledAt: run.dueAt,
        startedAt: record.startedAt,
        finishedAt: record.finishedAt,
        status: record.status,
        attempt: run.attempt,
        error: record.error,
      });
      // The owner is told of a run that failed for good, or that did not happen (docs/notifications.md#events).
      if (record.status === "failed" || record.status === "skipped") {
        await recordNotificationEvent(tx, {
          botId: run.botId,
          kind: record.status === "failed" ? "schedule_failed" : "schedule_missed",
          detail: { key: run.key, reason: (record.error ?? "").slice(0, 200) },
        });
      }
      return true;
    });
  }

  /**
   * Schedules that no replica has taken although they were due more than `graceMs` ago: missed runs in the making
   * (no gateway fires, or they cannot keep up). A claimed row is not counted: its next_run_at is its lease's end.
   */
  async overdue(graceMs: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schedules)
      .where(sql`${schedules.nextRunAt} < now() - ${graceMs} * interval '1 millisecond'`);
    return row?.n ?? 0;
  }

  /** The bot's last `limit` runs, newest first. */
  runs(botId: string, limit: number): Promise<ScheduleRunView[]> {
    return this.db
      .select({
        key: scheduleRuns.key,
        name: scheduleRuns.name,
        scheduledAt: scheduleRuns.scheduledAt,
        startedAt: scheduleRuns.startedAt,
        finishedAt: scheduleRuns.finishedAt,
        status: scheduleRuns.status,
        attempt: scheduleRuns.attempt,
        error: scheduleRuns.error,
      })
      .from(scheduleRuns)
      .where(eq(scheduleRuns.botId, botId))
      .orderBy(desc(scheduleRuns.id))
      .limit(limit);
  }

  /** Trims each bot's history to its newest {@link SCHEDULE_RUNS_KEPT} rows; answers the rows deleted. */
  async pruneRuns(): Promise<number> {
    const result = await this.db.execute(sql`
      delete from ${scheduleRuns} r using (
        select bot_id, min(id) as keep_from from (
          select bot_id, id, row_number() over (partition by bot_id order by id desc) as n from ${scheduleRuns}
        ) ranked where n <= ${SCHEDULE_RUNS_KEPT} group by bot_id
      ) k
      where r.bot_id = k.bot_id and r.id < k.keep_from`);
    return result.rowCount ?? 0;
  }
}
