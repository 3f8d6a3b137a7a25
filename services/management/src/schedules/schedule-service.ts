/**
 * What owners see and steer of their bots' scheduled runs (docs/management-api.md#scheduled-runs): the schedules, the
 * run history, cancel and run now. Bot code writes schedules and the gateways fire them
 * (docs/bot-runtime.md#scheduled-runs); this service only reads them and moves or deletes a row, scoped by owner.
 */
import { AppError } from "@botyard/common/errors";
import { type ScheduleEntry, type ScheduleRepository, scheduleEntry } from "@botyard/db";
import type { BotService } from "../bots/bot-service.js";

/** A finished attempt as the API shows it. */
export interface ScheduleRunEntry {
  key: string;
  name: string;
  scheduledAt: string;
  startedAt: string;
  finishedAt: string;
  status: "ok" | "failed" | "skipped" | "retrying";
  attempt: number;
  error: string | null;
}

/** Owners' view of scheduled runs. */
export class ScheduleService {
  constructor(
    private readonly bots: Pick<BotService, "get">,
    private readonly repository: ScheduleRepository,
  ) {}

  /** The bot's schedules, soonest first. */
  async list(accountId: string, botId: string): Promise<ScheduleEntry[]> {
    await this.bots.get(accountId, botId);
    const rows = await this.repository.list(botId);
    return rows.map(scheduleEntry);
  }

  /** Deletes the schedule; SCHEDULE_NOT_FOUND when the bot has none of that key. */
  async cancel(accountId: string, botId: string, key: string): Promise<void> {
    await this.bots.get(accountId, botId);
    if (!(await this.repository.cancel(botId, key))) throw new AppError("SCHEDULE_NOT_FOUND");
  }

  /** Makes the schedule due now; false when a gateway runs it at this moment (it is then left as it is). */
  async runNow(accountId: string, botId: string, key: string): Promise<boolean> {
    await this.bots.get(accountId, botId);
    const result = await this.repository.runNow(botId, key);
    if (result === "missing") throw new AppError("SCHEDULE_NOT_FOUND");
    return result === "due";
  }

  /** The bot's last `limit` finished attempts, newest first. */
  async runs(accountId: string, botId: string, limit: number): Promise<ScheduleRunEntry[]> {
    await this.bots.get(accountId, botId);
    const rows = await this.repository.runs(botId, limit);
    return rows.map((r) => ({
      key: r.key,
      name: r.name,
      scheduledAt: r.scheduledAt.toISOString(),
      startedAt: r.startedAt.toISOString(),
      finishedAt: r.finishedAt.toISOString(),
      status: r.status,
      attempt: r.attempt,
      error: r.error,
    }));
  }
}
