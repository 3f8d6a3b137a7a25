/**
 * What an owner reads of the usage metering (docs/management-api.md#getbotusage): a bot's rows per minute or per
 * hour, shaped for the reply, and the account's use against its plan (QuotaService.usage).
 */
import { AppError } from "@botyard/common/errors";
import { isStorableText } from "@botyard/common/text";
import { percentileOf, type UsageGranularity, type UsageRepository, type UsageRow } from "@botyard/db";
import type { BotRepository } from "../bots/bot-repository.js";
import type { AccountUsage, QuotaService } from "./quota-service.js";

/** Rows one reply holds at most: 48 hours of minutes (their retention) plus one. */
export const MAX_USAGE_ROWS = 48 * 60 + 1;
/** The window when `from` is not given: the last hour of minutes, or the last 7 days of hours. */
export const DEFAULT_WINDOW_MS: Record<UsageGranularity, number> = { minute: 3600_000, hour: 7 * 24 * 3600_000 };

/** One period of a bot's usage, as getBotUsage answers it. */
export interface UsagePeriod {
  at: string;
  requests: number;
  errors: number;
  errorsByKind: { handler: number; timeout: number; memory: number; refused: number };
  wallTimeP50Ms: number | null;
  wallTimeP99Ms: number | null;
  cpuMs: number;
  hostCalls: { db: number; telegram: number; http: number; sleep: number };
  botApiCalls: number;
  egressBytes: number;
  storedDocuments: number | null;
  storedBytes: number | null;
  broadcastMessagesSent: number;
  broadcastMessagesFailed: number;
}

/** A stored row as the reply shows it. */
export function usagePeriod(row: UsageRow): UsagePeriod {
  return {
    at: row.at.toISOString(),
    requests: row.requests,
    errors: row.errorsHandler + row.errorsTimeout + row.errorsMemory + row.errorsRefused,
    errorsByKind: {
      handler: row.errorsHandler,
      timeout: row.errorsTimeout,
      memory: row.errorsMemory,
      refused: row.errorsRefused,
    },
    wallTimeP50Ms: percentileOf(row.wallBuckets, 0.5),
    wallTimeP99Ms: percentileOf(row.wallBuckets, 0.99),
    cpuMs: Math.round(row.cpuMs * 1000) / 1000,
    hostCalls: { db: row.hostDb, telegram: row.hostTelegram, http: row.hostHttp, sleep: row.hostSleep },
    botApiCalls: row.botApiCalls,
    egressBytes: row.egressBytes,
    storedDocuments: row.storedDocuments,
    storedBytes: row.storedBytes,
    broadcastMessagesSent: row.broadcastSent,
    broadcastMessagesFailed: row.broadcastFailed,
  };
}

/** Reads usage for owners. */
export class UsageService {
  constructor(
    private readonly usage: UsageRepository,
    private readonly bots: Pick<BotRepository, "find">,
    private readonly quotas: QuotaService,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * The bot's periods of `granularity` from `from` (inclusive) to `to` (exclusive), oldest first, only periods with
   * traffic; 404 for a bot of another account, 400 for a window that ends before it starts.
   */
  async botUsage(
    accountId: string,
    botId: string,
    granularity: UsageGranularity,
    window: { from?: Date; to?: Date },
  ): Promise<UsagePeriod[]> {
    if (!isStorableText(botId) || !(await this.bots.find(accountId, botId))) throw new AppError("BOT_NOT_FOUND");
    const to = window.to ?? this.clock();
    const from = window.from ?? new Date(to.getTime() - DEFAULT_WINDOW_MS[granularity]);
    if (from.getTime() >= to.getTime()) {
      throw new AppError("INVALID_INPUT", "from must be before to", { field: "from" });
    }
    const rows = await this.usage.botUsage(botId, granularity, from, to, MAX_USAGE_ROWS);
    return rows.map(usagePeriod);
  }

  /** The account's plan and use against each quota. */
  accountUsage(accountId: string): Promise<AccountUsage> {
    return this.quotas.usage(accountId);
  }
}
