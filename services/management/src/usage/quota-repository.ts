/** SQL of account plans and of the use counted against them (docs/operations.md#plans-and-quotas). */
import { and, eq, gte, sql } from "drizzle-orm";
import { accounts, botUsageMinute, bots, broadcasts, type Database, ScheduleRepository } from "@botyard/db";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Reads account plans and use. */
export class QuotaRepository {
  constructor(private readonly db: Database) {}

  /** The account's plan column (null: the default plan); undefined when there is no such account. */
  async plan(accountId: string, tx: Tx | Database = this.db): Promise<string | null | undefined> {
    const rows = await tx.select({ plan: accounts.plan }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
    return rows[0] === undefined ? undefined : rows[0].plan;
  }

  /**
   * Locks the account's row until `tx` ends and counts its bots: two createBot (or transferBot) calls of one account
   * take turns, so a quota of N bots lets exactly N through.
   */
  async lockForBots(tx: Tx, accountId: string): Promise<{ plan: string | null; bots: number }> {
    const rows = await tx.execute(sql`select ${accounts.plan} as plan from ${accounts}
      where ${accounts.id} = ${accountId} for update`);
    const plan = ((rows.rows[0] as { plan?: string | null } | undefined)?.plan ?? null) as string | null;
    return { plan, bots: await this.botCount(accountId, tx) };
  }

  async botCount(accountId: string, tx: Tx | Database = this.db): Promise<number> {
    const rows = await tx.select({ n: sql<number>`count(*)::int` }).from(bots).where(eq(bots.accountId, accountId));
    return rows[0]?.n ?? 0;
  }

  /** Schedules across the account's bots: the use of pendingScheduledRuns (docs/bot-runtime.md#schedule-limits). */
  pendingScheduledRuns(accountId: string): Promise<number> {
    return new ScheduleRepository(this.db).countForAccount(accountId);
  }

  /** Documents and bytes all the account's bots store (kept by the document triggers in document_usage). */
  async stored(accountId: string): Promise<{ documents: number; bytes: number }> {
    const result = await this.db.execute(sql`select coalesce(sum(u.docs), 0)::bigint as docs,
      coalesce(sum(u.bytes), 0)::bigint as bytes from document_usage u join bots b on b.id = u.bot_id
      where b.account_id = ${accountId}`);
    const row = result.rows[0] as { docs: string | number; bytes: string | number } | undefined;
    return { documents: Number(row?.docs ?? 0), bytes: Number(row?.bytes ?? 0) };
  }

  /** Broadcasts the account's bots were asked for since `since` (the start of the UTC day), whatever became of them. */
  async broadcastsSince(accountId: string, since: Date, tx: Tx | Database = this.db): Promise<number> {
    const rows = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(broadcasts)
      .innerJoin(bots, eq(bots.id, broadcasts.botId))
      .where(and(eq(bots.accountId, accountId), gte(broadcasts.createdAt, since)));
    return rows[0]?.n ?? 0;
  }

  /** The owner of a bot and its plan, with the account row locked until `tx` ends; undefined for an unknown bot. */
  async lockOwnerOfBot(tx: Tx, botId: string): Promise<{ accountId: string; plan: string | null } | undefined> {
    const result = await tx.execute(sql`select a.id as "accountId", a.plan as plan from ${accounts} a
      join ${bots} b on b.account_id = a.id where b.id = ${botId} for update of a`);
    return result.rows[0] as { accountId: string; plan: string | null } | undefined;
  }

  /** Requests to the account's bots in the minute `at` (from the usage rows, every replica's flushes added). */
  async requestsInMinute(accountId: string, at: Date): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`coalesce(sum(${botUsageMinute.requests}), 0)::bigint` })
      .from(botUsageMinute)
      .innerJoin(bots, eq(bots.id, botUsageMinute.botId))
      .where(and(eq(bots.accountId, accountId), eq(botUsageMinute.at, at)));
    return Number(rows[0]?.n ?? 0);
  }

  /** Sets the plan of the account with this e-mail (case-insensitive); resolves false when there is none. */
  async setPlan(email: string, plan: string | null): Promise<boolean> {
    const rows = await this.db
      .update(accounts)
      .set({ plan })
      .where(sql`lower(${accounts.email}) = lower(${email})`)
      .returning({ id: accounts.id });
    return rows.length === 1;
  }

  /** Makes the account's stored-data quotas apply to document writes in `tx` (transferBot's seeding). */
  async applyStoreQuota(tx: Tx, maxDocs: number, maxBytes: number): Promise<void> {
    await tx.execute(sql`select set_config('botyard.account_max_docs', ${String(maxDocs)}, true),
      set_config('botyard.account_max_bytes', ${String(maxBytes)}, true)`);
  }
}
