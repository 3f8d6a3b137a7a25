/**
 * Account quotas (docs/operations.md#plans-and-quotas): which plan an account is on, the checks that refuse an amount
 * over it (bots, broadcasts a day, transferBot's seeded data) with QUOTA_EXCEEDED, and the account's use against each
 * quota. Requests a second and the stored data of bot code are enforced by the gateway, from the same plans.
 */
import { type Plan, type Plans, planOf, PLAN_NAME, type QuotaName } from "@botyard/common/plans";
import { quotaExceeded } from "@botyard/common/errors";
import type { Database } from "@botyard/db";
import type { QuotaRepository } from "./quota-repository.js";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** One quota of the account: its limit and the use now (null where this service cannot see it). */
export interface QuotaUse {
  quota: QuotaName;
  limit: number;
  use: number | null;
}

/** The account's plan and its use against each quota. */
export interface AccountUsage {
  plan: string;
  quotas: QuotaUse[];
}

/** Start of the UTC day of `now`: broadcasts a day are counted from it. */
export function utcDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** What the quota rules read from elsewhere. */
export interface QuotaSources {
  /** Live streams the account holds open now (the stream routes count them in Redis). @defaultValue none known */
  liveStreamsOpen?: (accountId: string) => Promise<number>;
  /** @defaultValue the system clock */
  clock?: () => Date;
}

/** The account-quota rules. */
export class QuotaService {
  private readonly clock: () => Date;

  constructor(
    private readonly repository: QuotaRepository,
    readonly plans: Plans,
    private readonly sources: QuotaSources = {},
  ) {
    this.clock = sources.clock ?? (() => new Date());
  }

  /** The plan of an account (its name and quotas). */
  async planOf(accountId: string, tx?: Tx): Promise<{ name: string; quotas: Plan }> {
    return planOf(this.plans, await this.repository.plan(accountId, tx));
  }

  /**
   * In `tx`, before a bot is added to the account: locks the account (concurrent additions take turns) and refuses
   * with 403 QUOTA_EXCEEDED when it already has its plan's number of bots. Returns the plan, for the seeding quotas.
   */
  async reserveBot(tx: Tx, accountId: string): Promise<Plan> {
    const { plan, bots } = await this.repository.lockForBots(tx, accountId);
    const quotas = planOf(this.plans, plan).quotas;
    if (bots >= quotas.bots) throw quotaExceeded("bots", quotas.bots, bots);
    return quotas;
  }

  /** Makes the plan's stored-data quotas apply to the document writes of `tx`. */
  applyStoreQuota(tx: Tx, quotas: Plan): Promise<void> {
    return this.repository.applyStoreQuota(tx, quotas.storedDocuments, quotas.storedBytes);
  }

  /**
   * In `tx`, before a broadcast of `botId` is recorded: locks its account and refuses with 403 QUOTA_EXCEEDED when the
   * account's bots were asked for the plan's broadcasts today (UTC) already.
   */
  async reserveBroadcast(tx: Tx, botId: string): Promise<void> {
    const owner = await this.repository.lockOwnerOfBot(tx, botId);
    if (!owner) return;
    const limit = planOf(this.plans, owner.plan).quotas.broadcastsPerDay;
    const use = await this.repository.broadcastsSince(owner.accountId, utcDayStart(this.clock()), tx);
    if (use >= limit) throw quotaExceeded("broadcastsPerDay", limit, use);
  }

  /** The account's plan and its use against each quota. */
  async usage(accountId: string): Promise<AccountUsage> {
    const plan = await this.planOf(accountId);
    const now = this.clock();
    const lastMinute = new Date(Math.floor(now.getTime() / 60_000) * 60_000 - 60_000);
    const [bots, stored, broadcasts, requests, streams, scheduled] = await Promise.all([
      this.repository.botCount(accountId),
      this.repository.stored(accountId),
      this.repository.broadcastsSince(accountId, utcDayStart(now)),
      this.repository.requestsInMinute(accountId, lastMinute),
      this.sources.liveStreamsOpen?.(accountId) ?? null,
      this.repository.pendingScheduledRuns(accountId),
    ]);
    const q = plan.quotas;
    return {
      plan: plan.name,
      quotas: [
        { quota: "bots", limit: q.bots, use: bots },
        { quota: "storedDocuments", limit: q.storedDocuments, use: stored.documents },
        { quota: "storedBytes", limit: q.storedBytes, use: stored.bytes },
        { quota: "broadcastsPerDay", limit: q.broadcastsPerDay, use: broadcasts },
        { quota: "liveStreams", limit: q.liveStreams, use: streams },
        { quota: "pendingScheduledRuns", limit: q.pendingScheduledRuns, use: scheduled },
        // The average over the last whole minute, from the usage rows.
        { quota: "requestsPerSecond", limit: q.requestsPerSecond, use: Math.round((requests / 60) * 100) / 100 },
      ],
    };
  }

  /** `plan:set`: puts the account with `email` on plan `name` (which must be configured). */
  async setPlan(email: string, name: string): Promise<void> {
    if (!PLAN_NAME.test(name) || this.plans.byName[name] === undefined) {
      const known = Object.keys(this.plans.byName).join(", ");
      throw new Error(`unknown plan '${name.slice(0, 40)}' (configured: ${known})`);
    }
    if (!(await this.repository.setPlan(email, name))) throw new Error(`no account with e-mail ${email.slice(0, 100)}`);
  }
}
