/**
 * The /apiv3 operations (docs/management-api.md): the four of the public API (restartBot, transferBot,
 * editBotCoreLogic, getbotCode) and the owner tools. Each declares its fields and reply as zod schemas (schemas.ts);
 * the router validates with them, shapes the reply with them, and contract.ts turns them into the OpenAPI document.
 */
import { type Field, z } from "@botyard/openapi";
import type { ZodRawShape, ZodTypeAny } from "zod";
import { botView, type BotService, type RestartOutcome } from "../bots/bot-service.js";
import type { ScheduleService } from "../schedules/schedule-service.js";
import type { UsageService } from "../usage/usage-service.js";
import type { VersionService } from "../versions/version-service.js";
import type { NotificationService } from "../notifications/notification-service.js";
import { CHANNEL_EXAMPLE, NotificationChannel, NotificationRules, notificationFields } from "./notification-schemas.js";
import {
  BotDetails,
  BotListEntry,
  fields,
  LogLine,
  type PreviewMethod,
  QuotaUse,
  ScheduleEntry,
  ScheduleRunEntry,
  SeedReport,
  USAGE_PERIOD_EXAMPLE,
  UsagePeriod,
  VERSION_EXAMPLE,
  VersionEntry,
  VersionWithCode,
  WebhookOutcome,
} from "./schemas.js";

type FieldShape = Record<string, Field>;
type BodyShape<F extends FieldShape> = { [K in keyof F]: F[K]["body"] };
type Values<F extends FieldShape> = z.output<z.ZodObject<BodyShape<F>>>;

/** Error statuses an operation can answer besides 400, 401, 413, 500 and 503, with the message of each. */
export interface OperationErrors {
  404?: string[];
  /** Answered with Retry-After. */
  429?: string[];
  /** The quotas of the account's plan the operation can exceed (403 QUOTA_EXCEEDED). */
  403?: string[];
  /** Another service the operation calls did not answer. */
  502?: string[];
}

/** What an operation is: its schemas (for the router and the document) and what it does. */
export interface Operation {
  name: string;
  summary: string;
  description: string;
  /** Fields as they come in a JSON body (apiKey aside: authentication reads it first). */
  body: z.ZodObject<ZodRawShape>;
  /** The same fields as they come in a query string. */
  query: z.ZodObject<ZodRawShape>;
  /** The whole success reply, `{ ok: true, msg, …, stat_code: 200 }`. */
  reply: z.ZodObject<ZodRawShape>;
  /** An example success reply. */
  example: Record<string, unknown>;
  /** An example 400 message (the first field's). */
  badRequest: string;
  errors: OperationErrors;
  run(
    services: OperationServices,
    accountId: string,
    values: Record<string, unknown>,
  ): Promise<Record<string, unknown>>;
}

/** The services operations call. */
export interface OperationServices {
  bots: BotService;
  versions: VersionService;
  usage: UsageService;
  schedules: ScheduleService;
  notifications: NotificationService;
}

const BOT_NOT_FOUND = ["Bot not found"];
const SCHEDULE_NOT_FOUND = ["Bot not found", "Schedule not found"];
const CHANNEL_NOT_FOUND = ["Notification channel not found"];
const SCHEDULE_EXAMPLE = {
  key: "weekday-digest",
  name: "digest",
  kind: "cron" as const,
  next: "2026-11-30T08:00:00.000Z",
  expression: "0 9 * * 1-5",
  timezone: "Europe/Berlin",
  attempt: 0,
  running: false,
  lastStatus: "ok" as const,
  lastRunAt: "2026-11-27T08:00:00.412Z",
};

function defineOperation<F extends FieldShape, R extends ZodRawShape>(spec: {
  name: string;
  summary: string;
  description: string;
  fields: F;
  reply: R;
  example: { msg: string } & Record<string, unknown>;
  badRequest?: string;
  errors?: OperationErrors;
  run(
    services: OperationServices,
    accountId: string,
    values: Values<F>,
  ): Promise<{ msg: string } & z.input<z.ZodObject<R>>>;
}): Operation {
  const pick = (form: "body" | "query") =>
    z.object(Object.fromEntries(Object.entries(spec.fields).map(([k, f]) => [k, f[form] as ZodTypeAny])));
  return {
    name: spec.name,
    summary: spec.summary,
    description: spec.description,
    body: pick("body"),
    query: pick("query"),
    reply: z.object({ ok: z.literal(true), msg: z.string(), ...spec.reply, stat_code: z.literal(200) }),
    example: { ok: true, ...spec.example, stat_code: 200 },
    badRequest: spec.badRequest ?? "botId is required",
    errors: spec.errors ?? { 404: BOT_NOT_FOUND },
    run: (services, accountId, values) => spec.run(services, accountId, values as Values<F>),
  };
}

const BOT_ID = "k3Jx9QmZ2pL0aVb7TnRe";

/** What msg adds about a restart's webhook registration: nothing, unless it failed (the reason is in the bot log too). */
function webhookNote(outcome: RestartOutcome): string {
  return outcome.webhook === "failed" ? `; webhook registration failed: ${outcome.reason}` : "";
}

/** What msg adds about an autoRollback restart: until when it is watched, or why it is not. */
function autoRollbackNote(outcome: RestartOutcome): string {
  if (outcome.autoRollback === undefined) return "";
  if (outcome.autoRollback === null) return "; not watched for automatic rollback: no earlier version ran";
  const { until, to } = outcome.autoRollback;
  return `; rolls back to version ${to} by itself if it fails before ${until.toISOString()}`;
}

/** Every operation, in the order the document lists them. */
export const operationList: Operation[] = [
  defineOperation({
    name: "restartBot",
    summary: "Start the bot's saved code",
    description:
      "Snapshots the saved code as the running code everywhere, clears a halt, and registers the Telegram webhook " +
      "with a fresh secret when the bot has a token. A failed registration still answers 200 and says so in msg " +
      "(the reply has no other field, as the spec says). With autoRollback, the new deploy is watched and goes " +
      "back to the version that ran before if it fails to load, is halted, or fails most of its first calls; msg " +
      "says until when (docs/versions.md#automatic-rollback).",
    fields: { botId: fields.botId, autoRollback: fields.autoRollback },
    reply: {},
    example: { msg: `Bot ${BOT_ID} restarted` },
    async run({ bots }, accountId, { botId, autoRollback }) {
      const outcome = await bots.restart(accountId, botId, { autoRollback: autoRollback ?? false });
      return { msg: `Bot ${botId} restarted${webhookNote(outcome)}${autoRollbackNote(outcome)}` };
    },
  }),
  defineOperation({
    name: "transferBot",
    summary: "Copy a bot and its code to another account",
    description:
      "Copies code and name (not env vars, collections or recipients) into a new bot of the account with " +
      "targetEmail, and seeds its collections from dbProps. A bad collection is reported and skipped; the rest " +
      "of the transfer still succeeds. With run_now, a webhook registration that failed is said in msg. Each " +
      "account may look up at most 10 target accounts a minute (429 with Retry-After beyond), so transfers " +
      "cannot be used to test which e-mail addresses have accounts.",
    fields: {
      botId: fields.botId,
      targetEmail: fields.targetEmail,
      newBotToken: fields.newBotToken,
      run_now: fields.runNow,
      dbProps: fields.dbProps,
    },
    reply: { newBotId: z.string(), dbProps: SeedReport },
    example: { msg: "Bot transferred to friend@example.com", newBotId: "Pq8sT1uV2wX3yZ4aB5cD", dbProps: {} },
    errors: {
      404: ["Bot not found", "Target account not found"],
      403: ["bots"],
      429: ["Too many transfers from this account; try again in 42 s"],
    },
    async run({ bots }, accountId, values) {
      const result = await bots.transfer(accountId, {
        botId: values.botId,
        targetEmail: values.targetEmail,
        newBotToken: values.newBotToken,
        runNow: values.run_now ?? false,
        dbProps: values.dbProps,
      });
      const note = result.started ? `; started${webhookNote(result.started)}` : "";
      return {
        msg: `Bot transferred to ${values.targetEmail}${note}`,
        newBotId: result.newBotId,
        dbProps: result.dbProps,
      };
    },
  }),
  defineOperation({
    name: "editBotCoreLogic",
    summary: "Overwrite the bot's code file",
    description:
      "Saves the code only: the running code changes at the next restartBot. The code is kept as the bot's next " +
      "version (listVersions), with message when given; the reply has no other field, as the spec says.",
    fields: { botId: fields.botId, newCode: fields.newCode, message: fields.message },
    reply: {},
    example: { msg: "Code saved; it takes effect at the next restart" },
    async run({ bots }, accountId, { botId, newCode, message }) {
      await bots.editCode(accountId, botId, newCode, { editor: "api", message });
      return { msg: "Code saved; it takes effect at the next restart" };
    },
  }),
  defineOperation({
    name: "getbotCode",
    summary: "Read the bot's code file",
    description: "The saved code (which may differ from the running code until the next restart).",
    fields: { botId: fields.botId },
    reply: { data: z.string().openapi({ description: "The code file." }) },
    example: { msg: "Bot code", data: "logic['hello'] = async (query) => ({ hi: query.name });" },
    async run({ bots }, accountId, { botId }) {
      return { msg: "Bot code", data: await bots.code(accountId, botId) };
    },
  }),
  defineOperation({
    name: "createBot",
    summary: "Create a bot",
    description: "A new bot in status stopped. Restart it to run its code and register its webhook.",
    fields: { name: fields.name, botToken: fields.botToken, code: fields.code },
    reply: { botId: z.string() },
    example: { msg: "Bot created", botId: BOT_ID },
    badRequest: "name must be a string",
    errors: { 403: ["bots"] },
    async run({ bots }, accountId, values) {
      const input = { name: values.name, botToken: values.botToken, code: values.code };
      const botId = await bots.create(accountId, input, "api");
      return { msg: "Bot created", botId };
    },
  }),
  defineOperation({
    name: "listBots",
    summary: "List the account's bots",
    description: "Every bot of the account, oldest first.",
    fields: {},
    reply: { bots: z.array(BotListEntry) },
    example: { msg: "1 bots", bots: [{ botId: BOT_ID, name: "Support bot", status: "running" }] },
    badRequest: "Malformed JSON body",
    errors: {},
    async run({ bots }, accountId) {
      const list = await bots.list(accountId);
      return { msg: `${list.length} bots`, bots: list.map((b) => ({ botId: b.id, name: b.name, status: b.status })) };
    },
  }),
  defineOperation({
    name: "getBot",
    summary: "Describe a bot",
    description:
      "Status and times of one bot, the newest version of its code (savedVersion) and the version its last restart " +
      "deployed (runningVersion).",
    fields: { botId: fields.botId },
    reply: { bot: BotDetails },
    example: {
      msg: "Bot",
      bot: {
        botId: BOT_ID,
        name: "Support bot",
        status: "running",
        createdAt: "2026-11-20T09:00:00.000Z",
        codeUpdatedAt: "2026-11-21T10:30:00.000Z",
        startedAt: "2026-11-21T10:31:00.000Z",
        savedVersion: 4,
        runningVersion: 4,
      },
    },
    async run({ bots }, accountId, { botId }) {
      return { msg: "Bot", bot: botView(await bots.get(accountId, botId)) };
    },
  }),
  defineOperation({
    name: "listVersions",
    summary: "List the versions of the bot's code",
    description:
      "Newest first, without the code: number, size, SHA-256, when, who (source) and message, and which one runs. " +
      "Each bot keeps its newest BOT_VERSIONS_KEPT (100 by default) and the running one.",
    fields: { botId: fields.botId, limit: fields.versionsLimit },
    reply: {
      savedVersion: z.number().int().min(0),
      runningVersion: z.number().int().min(1).nullable(),
      versions: z.array(VersionEntry),
    },
    example: {
      msg: "1 versions",
      savedVersion: 4,
      runningVersion: 4,
      versions: [{ ...VERSION_EXAMPLE, running: true }],
    },
    async run({ versions }, accountId, { botId, limit }) {
      const list = await versions.list(accountId, botId, limit ?? 20);
      return { msg: `${list.versions.length} versions`, ...list };
    },
  }),
  defineOperation({
    name: "getVersion",
    summary: "Read one version of the bot's code",
    description: "The version with its code. A version the bot does not have (never made, or pruned): 404.",
    fields: { botId: fields.botId, version: fields.version },
    reply: { version: VersionWithCode },
    example: { msg: "Version 4", version: { ...VERSION_EXAMPLE, code: "bot.start((ctx) => ctx.reply('Hola!'));" } },
    errors: { 404: ["Bot not found", "Version not found"] },
    async run({ versions }, accountId, { botId, version }) {
      return { msg: `Version ${version}`, version: await versions.get(accountId, botId, version) };
    },
  }),
  defineOperation({
    name: "previewBot",
    summary: "Call a handler of a saved version without touching the running bot",
    description:
      "Runs logic[path] of version in an isolate of its own on the gateway, with the bot's data, env and limits, " +
      "whatever the bot's status; the running version and its isolate stay as they are. Answers what the custom " +
      "webhook would have answered (status, headers, body). The bot's log shows the preview's lines, marked.",
    fields: {
      botId: fields.botId,
      version: fields.version,
      method: fields.previewMethod,
      path: fields.previewPath,
      query: fields.previewQuery,
      body: fields.previewBody,
    },
    reply: {
      status: z.number().int().openapi({ description: "The HTTP status the webhook would have answered." }),
      headers: z.record(z.string(), z.string()),
      body: z.unknown().openapi({ description: "Parsed JSON when the reply is JSON, else its text." }),
    },
    example: {
      msg: "Version 3 answered 200",
      status: 200,
      headers: { "content-type": "application/json; charset=utf-8" },
      body: { ok: true, message: "Hello" },
    },
    errors: { 404: ["Bot not found", "Version not found"], 502: ["The webhook gateway could not be reached"] },
    async run({ bots }, accountId, { botId, version, method, path, query, body }) {
      const reply = await bots.tryWebhook(accountId, botId, {
        method: (method as PreviewMethod | undefined) ?? "POST",
        path,
        version,
        ...(query !== undefined ? { query } : {}),
        ...(body !== undefined ? { body } : {}),
      });
      return { msg: `Version ${version} answered ${reply.status}`, ...reply };
    },
  }),
  defineOperation({
    name: "rollbackBot",
    summary: "Save an earlier version's code as a new version",
    description:
      "Makes a new version (source rollback) holding the code of version; with restart: true, restarts the bot " +
      "on it as restartBot does (a failed webhook registration still answers 200 and says so in msg). Without " +
      "restart the running code stays until the next restart.",
    fields: { botId: fields.botId, version: fields.version, restart: fields.restart },
    reply: {
      version: z.number().int().min(1).openapi({ description: "The new version." }),
      restoredFrom: z.number().int().min(1),
      restarted: z.boolean(),
      webhook: WebhookOutcome.optional().openapi({ description: "When restarted: the webhook registration." }),
    },
    example: {
      msg: "Version 2 restored as version 5; restarted",
      version: 5,
      restoredFrom: 2,
      restarted: true,
      webhook: "registered",
    },
    errors: { 404: ["Bot not found", "Version not found"] },
    async run({ versions }, accountId, { botId, version, restart }) {
      const outcome = await versions.rollback(accountId, botId, version, restart ?? false);
      const saved = `Version ${version} restored as version ${outcome.version}`;
      if (!outcome.restarted)
        return {
          msg: `${saved}; it takes effect at the next restart`,
          version: outcome.version,
          restoredFrom: version,
          restarted: false,
        };
      return {
        msg: `${saved}; restarted${webhookNote(outcome.restarted)}`,
        version: outcome.version,
        restoredFrom: version,
        restarted: true,
        webhook: outcome.restarted.webhook,
      };
    },
  }),
  defineOperation({
    name: "deleteBot",
    summary: "Delete a bot",
    description: "Stops it everywhere and deletes it with its collections, logs and broadcasts.",
    fields: { botId: fields.botId },
    reply: {},
    example: { msg: "Bot deleted" },
    async run({ bots }, accountId, { botId }) {
      await bots.delete(accountId, botId);
      return { msg: "Bot deleted" };
    },
  }),
  defineOperation({
    name: "stopBot",
    summary: "Stop a bot",
    description: "Status stopped: webhooks answer 403 until restartBot.",
    fields: { botId: fields.botId },
    reply: {},
    example: { msg: "Bot stopped" },
    async run({ bots }, accountId, { botId }) {
      await bots.stop(accountId, botId);
      return { msg: "Bot stopped" };
    },
  }),
  defineOperation({
    name: "setBotToken",
    summary: "Set the bot's Telegram token",
    description: "Stored encrypted. Restart the bot to register its webhook with the new token.",
    fields: { botId: fields.botId, botToken: fields.requiredBotToken },
    reply: {},
    example: { msg: "Bot token saved; restart the bot to register its webhook" },
    async run({ bots }, accountId, { botId, botToken }) {
      await bots.setToken(accountId, botId, botToken);
      return { msg: "Bot token saved; restart the bot to register its webhook" };
    },
  }),
  defineOperation({
    name: "setBotEnv",
    summary: "Replace the bot's environment variables",
    description: "Replaces the whole set (stored encrypted); bot code reads them as process.env.NAME.",
    fields: { botId: fields.botId, env: fields.env },
    reply: {},
    example: { msg: "2 env vars saved" },
    async run({ bots }, accountId, { botId, env }) {
      await bots.setEnv(accountId, botId, env);
      return { msg: `${Object.keys(env).length} env vars saved` };
    },
  }),
  defineOperation({
    name: "getBotLogs",
    summary: "Read the bot's log",
    description: "Console output and handler errors of the bot, newest first.",
    fields: { botId: fields.botId, limit: fields.limit },
    reply: { logs: z.array(LogLine) },
    example: { msg: "Bot logs", logs: [{ at: "2026-11-23T12:00:00.000Z", level: "log", message: "hello" }] },
    async run({ bots }, accountId, { botId, limit }) {
      return { msg: "Bot logs", logs: await bots.logs(accountId, botId, limit ?? 50) };
    },
  }),
  defineOperation({
    name: "listSchedules",
    summary: "List the bot's scheduled runs",
    description:
      "The bot's schedules (written by its code with scheduler.runAfter, runAt and cron), soonest first: one-off " +
      "runs until they have run, cron schedules until cancelled (docs/bot-runtime.md#scheduled-runs).",
    fields: { botId: fields.botId },
    reply: { schedules: z.array(ScheduleEntry) },
    example: { msg: "1 schedules", schedules: [SCHEDULE_EXAMPLE] },
    async run({ schedules }, accountId, { botId }) {
      const list = await schedules.list(accountId, botId);
      return { msg: `${list.length} schedules`, schedules: list };
    },
  }),
  defineOperation({
    name: "cancelSchedule",
    summary: "Cancel one of the bot's scheduled runs",
    description:
      "Deletes the schedule of key, as scheduler.cancel(key) does in bot code. A run already under way finishes " +
      "and records nothing.",
    fields: { botId: fields.botId, key: fields.scheduleKey },
    reply: {},
    example: { msg: "Schedule weekday-digest cancelled" },
    errors: { 404: SCHEDULE_NOT_FOUND },
    async run({ schedules }, accountId, { botId, key }) {
      await schedules.cancel(accountId, botId, key);
      return { msg: `Schedule ${key} cancelled` };
    },
  }),
  defineOperation({
    name: "runScheduleNow",
    summary: "Run one of the bot's schedules now",
    description:
      "Makes the schedule due now: a gateway runs it within a poll (200 ms) as it runs any due run, with retries. " +
      "A cron schedule then goes on with its next match after now; a one-off run is done once it has run. When a " +
      "gateway runs the schedule at this moment it is left alone and started is false.",
    fields: { botId: fields.botId, key: fields.scheduleKey },
    reply: { started: z.boolean() },
    example: { msg: "Schedule weekday-digest is due now", started: true },
    errors: { 404: SCHEDULE_NOT_FOUND },
    async run({ schedules }, accountId, { botId, key }) {
      const started = await schedules.runNow(accountId, botId, key);
      return {
        msg: started ? `Schedule ${key} is due now` : `Schedule ${key} is running now; left as it is`,
        started,
      };
    },
  }),
  defineOperation({
    name: "listScheduleRuns",
    summary: "Read the history of the bot's scheduled runs",
    description:
      "The bot's last finished attempts of scheduled runs, newest first (the newest 1,000 per bot are kept): " +
      "when each was due, started and finished, how it ended, its attempt and error.",
    fields: { botId: fields.botId, limit: fields.runsLimit },
    reply: { runs: z.array(ScheduleRunEntry) },
    example: {
      msg: "1 runs",
      runs: [
        {
          key: "weekday-digest",
          name: "digest",
          scheduledAt: "2026-11-27T08:00:00.000Z",
          startedAt: "2026-11-27T08:00:00.081Z",
          finishedAt: "2026-11-27T08:00:00.412Z",
          status: "ok",
          attempt: 1,
          error: null,
        },
      ],
    },
    async run({ schedules }, accountId, { botId, limit }) {
      const runs = await schedules.runs(accountId, botId, limit ?? 100);
      return { msg: `${runs.length} runs`, runs };
    },
  }),
  defineOperation({
    name: "getBotUsage",
    summary: "Read the bot's usage",
    description:
      "One row per minute (kept 48 hours) or hour (kept 90 days) in which the bot had traffic, oldest first: " +
      "requests, errors by kind, handler wall time p50 and p99, CPU, host calls, Bot API calls, egress, stored " +
      "data and broadcast messages. Counted by every gateway replica and broadcast worker and written every " +
      "USAGE_FLUSH_MS (10 s), so the current minute fills in as they flush.",
    fields: { botId: fields.botId, granularity: fields.granularity, from: fields.from, to: fields.to },
    reply: { usage: z.array(UsagePeriod) },
    example: {
      msg: "1 periods",
      usage: [USAGE_PERIOD_EXAMPLE],
    },
    async run({ usage }, accountId, { botId, granularity, from, to }) {
      const rows = await usage.botUsage(accountId, botId, granularity, { from, to });
      return { msg: `${rows.length} periods`, usage: rows };
    },
  }),
  defineOperation({
    name: "getAccountUsage",
    summary: "Read the account's plan and use",
    description:
      "The account's plan and, for each of its quotas, the limit and the use now. Over a quota, the operation " +
      "that would exceed it answers 403 (amounts) or 429 (rates) with code QUOTA_EXCEEDED.",
    fields: {},
    reply: { plan: z.string(), quotas: z.array(QuotaUse) },
    example: {
      msg: "Plan default",
      plan: "default",
      quotas: [
        { quota: "bots", limit: 100, use: 3 },
        { quota: "storedDocuments", limit: 1000000, use: 1520 },
        { quota: "storedBytes", limit: 1073741824, use: 304128 },
        { quota: "broadcastsPerDay", limit: 50, use: 1 },
        { quota: "liveStreams", limit: 10, use: 1 },
        { quota: "pendingScheduledRuns", limit: 1000, use: 0 },
        { quota: "requestsPerSecond", limit: 1000, use: 2 },
      ],
    },
    badRequest: "Malformed JSON body",
    errors: {},
    async run({ usage }, accountId) {
      const account = await usage.accountUsage(accountId);
      return { msg: `Plan ${account.plan}`, ...account };
    },
  }),
  defineOperation({
    name: "listNotificationChannels",
    summary: "List the account's notification channels",
    description:
      "Where the account is told when a bot needs its owner (docs/notifications.md): Telegram chats linked through " +
      "the operator's notifier bot and signed HTTPS webhooks, newest first, each with its last delivery and its " +
      "last failure (kept until a delivery succeeds again). Secrets are never shown again after adding.",
    fields: {},
    reply: { channels: z.array(NotificationChannel) },
    example: { msg: "1 channels", channels: [CHANNEL_EXAMPLE] },
    badRequest: "Malformed JSON body",
    errors: {},
    async run({ notifications }, accountId) {
      const channels = await notifications.list(accountId);
      return { msg: `${channels.length} channels`, channels };
    },
  }),
  defineOperation({
    name: "addNotificationChannel",
    summary: "Add a Telegram chat or a webhook to be told through",
    description:
      "kind telegram: answers startLink, a one-time link to the operator's notifier bot (`https://t.me/<bot>?start=" +
      "<token>`); the chat that opens it is linked (400 naming kind when the server has no notifier bot). kind " +
      "webhook: url is an https:// URL whose host is not, and does not resolve to, a private, loopback or link-local " +
      "address (400 naming url); answers secret, the channel's signing secret (`Botyard-Signature`), shown only " +
      "here. At most 10 channels per account.",
    fields: { kind: notificationFields.kind, url: notificationFields.url },
    reply: {
      channel: NotificationChannel,
      startLink: z.string().optional().openapi({ description: "telegram: open it in Telegram; it works once." }),
      secret: z.string().optional().openapi({ description: "webhook: the signing secret; shown only in this reply." }),
    },
    example: {
      msg: "Webhook added; keep its secret, it is not shown again",
      channel: CHANNEL_EXAMPLE,
      secret: "bys_Xq4kP9mT2vR7wZ1yB3cD5eF8gH0jK6lN",
    },
    badRequest: "kind must be telegram or webhook",
    errors: {},
    async run({ notifications }, accountId, { kind, url }) {
      if (kind === "telegram") {
        const added = await notifications.addTelegram(accountId);
        return { msg: "Open the start link in Telegram to link the chat", ...added };
      }
      const added = await notifications.addWebhook(accountId, url ?? "");
      return { msg: "Webhook added; keep its secret, it is not shown again", ...added };
    },
  }),
  defineOperation({
    name: "removeNotificationChannel",
    summary: "Remove a notification channel",
    description: "The channel gets nothing more; another account's channel is as absent as a missing one.",
    fields: { channelId: notificationFields.channelId },
    reply: {},
    example: { msg: "Notification channel removed" },
    badRequest: "channelId is required",
    errors: { 404: CHANNEL_NOT_FOUND },
    async run({ notifications }, accountId, { channelId }) {
      await notifications.remove(accountId, channelId);
      return { msg: "Notification channel removed" };
    },
  }),
  defineOperation({
    name: "testNotificationChannel",
    summary: "Send a test message on a channel now",
    description:
      "Sends one test message (not throttled, not retried) and says whether it arrived; a failure is kept on the " +
      "channel as any delivery's. A Telegram channel whose start link was not opened yet answers 400.",
    fields: { channelId: notificationFields.channelId },
    reply: {
      delivered: z.boolean(),
      error: z
        .string()
        .optional()
        .openapi({ description: "Why it did not arrive.", example: "the webhook answered 500" }),
    },
    example: { msg: "The test message arrived", delivered: true },
    badRequest: "channelId is required",
    errors: { 404: CHANNEL_NOT_FOUND },
    async run({ notifications }, accountId, { channelId }) {
      const outcome = await notifications.test(accountId, channelId);
      return outcome.ok
        ? { msg: "The test message arrived", delivered: true }
        : { msg: `The test message did not arrive: ${outcome.error}`, delivered: false, error: outcome.error };
    },
  }),
  defineOperation({
    name: "getNotificationRules",
    summary: "Read which kinds of event the account is told about",
    description:
      "bot_halted (with its reason), broadcast_finished, broadcast_failed, schedule_failed, schedule_missed (a run " +
      "skipped because the bot was halted or stopped), quota_nearly_used (80 % of an amount quota of the plan). " +
      "Every kind until changed.",
    fields: {},
    reply: { kinds: NotificationRules },
    example: { msg: "3 kinds", kinds: ["bot_halted", "broadcast_finished", "broadcast_failed"] },
    badRequest: "Malformed JSON body",
    errors: {},
    async run({ notifications }, accountId) {
      const kinds = await notifications.rules(accountId);
      return { msg: `${kinds.length} kinds`, kinds };
    },
  }),
  defineOperation({
    name: "setNotificationRules",
    summary: "Choose which kinds of event the account is told about",
    description: "Replaces the set; the next event of a kind left out is not sent. The test message always is.",
    fields: { kinds: notificationFields.kinds },
    reply: { kinds: NotificationRules },
    example: { msg: "2 kinds", kinds: ["bot_halted", "broadcast_failed"] },
    badRequest: "kinds is required",
    errors: {},
    async run({ notifications }, accountId, { kinds }) {
      const stored = await notifications.setRules(accountId, kinds);
      return { msg: `${stored.length} kinds`, kinds: stored };
    },
  }),
];

/** The operations by name, as they appear in `/apiv3/:op`. */
export const operations: ReadonlyMap<string, Operation> = new Map(operationList.map((op) => [op.name, op]));
