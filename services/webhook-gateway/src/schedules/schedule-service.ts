/**
 * The rules of `scheduler` in bot code (docs/bot-runtime.md#scheduled-runs): each call's arguments are checked here,
 * with a message that says what to change, the bounds per bot and the plan's pendingScheduledRuns quota are held,
 * and the schedule is written to Postgres (the source of truth) through the repository.
 */
import { randomUUID } from "node:crypto";
import { type ScheduleRepository, scheduleListItem } from "@botyard/db";
import { z } from "zod";
import type { ScheduleOp } from "../isolate/protocol.js";
import { BotHostError } from "../runtime/bot-host.js";
import { checkCron, CronError, nextOccurrence } from "./cron.js";

/** Bounds of scheduled runs (SCHEDULE_* variables, docs/bot-runtime.md#schedule-limits). */
export interface ScheduleLimits {
  /** Shortest time between two runs of one cron schedule, in seconds. @defaultValue 60 */
  minIntervalS: number;
  /** One-off schedules a bot may have pending. @defaultValue 1000 */
  maxOncePerBot: number;
  /** Cron schedules a bot may have. @defaultValue 100 */
  maxCronPerBot: number;
  /** Longest delay of a one-off run, in seconds: 366 days, as Telebot Creator's runCommandAfter. */
  maxDelayS: number;
  /** Largest payload, in characters of JSON. @defaultValue 65 536 */
  maxPayloadChars: number;
}

/** Defaults of {@link ScheduleLimits}. */
export const DEFAULT_SCHEDULE_LIMITS: ScheduleLimits = {
  minIntervalS: 60,
  maxOncePerBot: 1000,
  maxCronPerBot: 100,
  maxDelayS: 366 * 24 * 3600,
  maxPayloadChars: 64 * 1024,
};

/** A schedule's key: what the bot names it by (and replaces it by). */
const KEY = /^[\w:.@/-]{1,128}$/;
/** A handler name: `scheduled[name]`. */
const NAME = /^[\w$-]{1,100}$/;

const key = z
  .string({ invalid_type_error: "key must be a string" })
  .regex(KEY, "key must be 1 to 128 letters, digits or _ - : . @ /");
const name = z
  .string({ required_error: "name is required", invalid_type_error: "name must be a string" })
  .regex(NAME, "name must be 1 to 100 letters, digits, _, $ or -");

const schemas = {
  runAfter: z.object({
    seconds: z.number().finite("seconds must be a finite number").min(0, "seconds must be 0 or more"),
    name,
    payload: z.unknown(),
    key: key.optional(),
  }),
  runAt: z.object({
    at: z.number().finite("date must be a valid date"),
    name,
    payload: z.unknown(),
    key: key.optional(),
  }),
  cron: z.object({
    expression: z
      .string({ required_error: "expression is required", invalid_type_error: "expression must be a string" })
      .max(200, "expression is longer than 200 characters"),
    name,
    key: key.optional(),
    timezone: z.string({ invalid_type_error: "timezone must be a string" }).max(64).optional(),
    payload: z.unknown(),
  }),
  cancel: z.object({
    key: z.string({ required_error: "key is required", invalid_type_error: "key must be a string" }),
  }),
  list: z.object({}),
} as const;

/** What the service needs to know of the calling bot. */
export interface ScheduleCaller {
  botId: string;
  /** The plan's pendingScheduledRuns; undefined when the deployment has no plans. */
  accountQuota: number | undefined;
}

/** `scheduler` calls of bot code. */
export class ScheduleService {
  constructor(
    private readonly repository: ScheduleRepository,
    readonly limits: ScheduleLimits,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Runs one `scheduler` call; refusals are BotHostErrors with the message bot code sees. */
  async call(caller: ScheduleCaller, op: ScheduleOp, args: Record<string, unknown>): Promise<unknown> {
    switch (op) {
      case "runAfter": {
        const a = parse(op, args);
        return this.#once(caller, op, this.now().getTime() + a.seconds * 1000, a.name, a.payload, a.key);
      }
      case "runAt": {
        const a = parse(op, args);
        return this.#once(caller, op, a.at, a.name, a.payload, a.key);
      }
      case "cron":
        return this.#cron(caller, parse(op, args));
      case "cancel":
        return this.repository.cancel(caller.botId, parse(op, args).key);
      case "list":
        parse(op, args);
        return (await this.repository.list(caller.botId)).map(scheduleListItem);
    }
  }

  async #once(caller: ScheduleCaller, op: ScheduleOp, atMs: number, handler: string, payload: unknown, given?: string) {
    const now = this.now().getTime();
    // A date in the past runs at once: a reminder computed a moment late should still go out.
    const at = new Date(Math.max(atMs, now));
    if (atMs - now > this.limits.maxDelayS * 1000) {
      throw invalid(`scheduler.${op}: the run is more than ${Math.round(this.limits.maxDelayS / 86400)} days away`);
    }
    const k = given ?? newKey();
    await this.#put(caller, op, {
      key: k,
      name: handler,
      kind: "once",
      expression: null,
      timezone: null,
      payload,
      dueAt: at,
    });
    return { key: k, at: at.toISOString() };
  }

  async #cron(caller: ScheduleCaller, a: z.infer<(typeof schemas)["cron"]>) {
    let spec: ReturnType<typeof checkCron>;
    const now = this.now();
    try {
      spec = checkCron(a.expression, a.timezone ?? "UTC", this.limits.minIntervalS, now);
    } catch (err) {
      if (err instanceof CronError) throw invalid(`scheduler.cron: ${err.message}`);
      throw err;
    }
    const next = nextOccurrence(spec, now);
    if (next === undefined) throw invalid(`scheduler.cron: '${spec.expression}' never matches`);
    const k = a.key ?? newKey();
    await this.#put(caller, "cron", {
      key: k,
      name: a.name,
      kind: "cron",
      expression: spec.expression,
      timezone: spec.timezone,
      payload: a.payload,
      dueAt: next,
    });
    return { key: k, next: next.toISOString() };
  }

  async #put(
    caller: ScheduleCaller,
    op: ScheduleOp,
    s: {
      key: string;
      name: string;
      kind: "once" | "cron";
      expression: string | null;
      timezone: string | null;
      payload: unknown;
      dueAt: Date;
    },
  ): Promise<void> {
    const payload = s.payload === undefined ? null : JSON.stringify(s.payload);
    if (payload !== null && payload.length > this.limits.maxPayloadChars) {
      throw invalid(
        `scheduler.${op}: the payload is ${payload.length} characters of JSON; at most ${this.limits.maxPayloadChars}`,
      );
    }
    const refusal = await this.repository.put(
      { botId: caller.botId, ...s, payload },
      {
        maxOncePerBot: this.limits.maxOncePerBot,
        maxCronPerBot: this.limits.maxCronPerBot,
        ...(caller.accountQuota === undefined ? {} : { accountQuota: caller.accountQuota }),
      },
    );
    if (refusal === undefined) return;
    if (refusal.bound === "account") {
      throw new BotHostError(
        `Over the pendingScheduledRuns quota of this bot's account (limit ${refusal.limit}, in use ${refusal.use}); ` +
          "cancel some schedules or ask the operator for a larger plan",
        "QUOTA_EXCEEDED",
      );
    }
    const what = refusal.bound === "once" ? "one-off runs pending" : "cron schedules";
    throw new BotHostError(
      `This bot has ${refusal.use} ${what}, the most it may have; cancel some first`,
      "ERR_SCHEDULE_LIMIT",
    );
  }
}

function parse<O extends ScheduleOp>(op: O, args: Record<string, unknown>): z.infer<(typeof schemas)[O]> {
  const parsed = schemas[op].safeParse(args);
  if (parsed.success) return parsed.data as z.infer<(typeof schemas)[O]>;
  const issue = parsed.error.issues[0];
  throw new BotHostError(`scheduler.${op}: ${issue?.message ?? "invalid arguments"}`, "ERR_SCHEDULE_INVALID");
}

function invalid(message: string): BotHostError {
  return new BotHostError(message, "ERR_SCHEDULE_INVALID");
}

function newKey(): string {
  return `s_${randomUUID().replace(/-/g, "").slice(0, 20)}`;
}
