/**
 * Request and reply schemas of the dashboard's JSON API (/api). Fields the /apiv3 operations also take reuse their
 * schemas (apiv3/schemas.ts) and the broadcast body reuses the broadcast routes' one, so each rule exists once.
 *
 * @see docs/dashboard.md, /work/notes/dashboard-api.md (the contract with the web app)
 */
import {
  optionalBoolean,
  optionalInteger,
  plainObject,
  refuseUnstorable,
  requiredString,
  requiredText,
  typeErrors,
  z,
} from "@botyard/openapi";
import {
  fields,
  LogLine,
  MAX_CODE_BYTES,
  MAX_ENV_VARS,
  MAX_NAME,
  QuotaUse,
  ScheduleEntry,
  ScheduleRunEntry,
  SeedReport,
  UsagePeriod,
  VersionEntry,
  VersionWithCode,
  WebhookOutcome,
} from "../apiv3/schemas.js";
import { NotificationChannel, NotificationRules, notificationFields } from "../apiv3/notification-schemas.js";
import { PASSWORD_MAX, PASSWORD_MIN } from "../auth/password.js";
import { broadcastRequestDoc, Job } from "../broadcast/schemas.js";

const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

/** An e-mail address, trimmed. */
export const email = z
  .string(typeErrors("email", "a string", true))
  .trim()
  .min(1, "email is required")
  .regex(EMAIL_PATTERN, "email must be an e-mail address")
  // Owner text: NUL or an unpaired surrogate is a 400 naming the field, never a vague error from Postgres.
  .superRefine(refuseUnstorable("email"))
  .openapi({ format: "email", example: "owner@example.com" });

/** A new password (sign-up, change, invite). */
export const newPassword = (name: string) =>
  z
    .string(typeErrors(name, "a string", true))
    .min(PASSWORD_MIN, `${name} must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `${name} must be at most ${PASSWORD_MAX} characters`)
    .openapi({ format: "password", example: "correct horse battery" });

/** A password presented to be checked: any length up to the maximum. */
const presentedPassword = (name: string) =>
  z
    .string(typeErrors(name, "a string", true))
    .min(1, `${name} is required`)
    .max(PASSWORD_MAX, `${name} must be at most ${PASSWORD_MAX} characters`)
    .openapi({ format: "password", example: "correct horse battery" });

export const Credentials = z.object({ email, password: newPassword("password") });
export const SignIn = z.object({ email, password: presentedPassword("password") });
export const PasswordChange = z.object({
  currentPassword: presentedPassword("currentPassword"),
  newPassword: newPassword("newPassword"),
});
export const InvitePassword = z.object({ password: newPassword("password") });

const name = requiredString("name", {
  max: MAX_NAME,
  storable: true,
  description: "A name for the owner's own use.",
  example: "Support bot",
}).body;

export const CreateBot = z.object({ name, botToken: fields.botToken.body, code: fields.code.body });
export const RenameBot = z.object({ name });
export const SaveCode = z.object({
  code: requiredText("code", { maxBytes: MAX_CODE_BYTES, description: "The complete code file." }).body,
  restart: optionalBoolean("restart", "Restart at once so the new code runs (default false: runs after restart).").body,
  autoRollback: fields.autoRollback.body,
  message: fields.message.body,
});
export const Restart = z.object({ autoRollback: fields.autoRollback.body });
export const Rollback = z.object({ restart: fields.restart.body });
export const SetToken = z.object({ botToken: fields.requiredBotToken.body });
/**
 * The env set to save. `null` is refused here as on every route (docs/management-api.md#null-and-absent-fields):
 * a saved value the page never has is kept by naming it in `keep`.
 */
export const SetEnv = z
  .object({
    env: plainObject("env", true)
      .transform((env, ctx) => {
        for (const [key, value] of Object.entries(env)) {
          if (typeof value !== "string") {
            ctx.addIssue({ code: "custom", message: `env.${key} must be a string`, path: [key] });
            return z.NEVER;
          }
        }
        return env as Record<string, string>;
      })
      .openapi({
        type: "object",
        additionalProperties: { type: "string" },
        description: "New values: each name gets this value. Names in neither env nor keep are removed.",
        example: { API_URL: "https://example.com" },
      }),
    keep: z
      .array(z.string({ message: "keep must be an array of env names" }), {
        message: "keep must be an array of env names",
      })
      .max(MAX_ENV_VARS, `keep may hold at most ${MAX_ENV_VARS} names`)
      .optional()
      .openapi({
        description: "Names whose saved value stays as it is (values are never sent to the page).",
        example: ["GREETING"],
      }),
  })
  .superRefine((body, ctx) => {
    const both = (body.keep ?? []).find((key) => Object.hasOwn(body.env, key));
    if (both !== undefined) {
      ctx.addIssue({
        code: "custom",
        message: `keep names ${both.slice(0, 64)}, which env also sets; put each name in one of them`,
        path: ["keep"],
      });
    }
  });
export const LogsQuery = z.object({ limit: optionalInteger("limit", 1, 500, "How many lines (default 100).").query });

const TRY_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export const TryCall = z.object({
  method: z.enum(TRY_METHODS, { errorMap: () => ({ message: `method must be one of ${TRY_METHODS.join(", ")}` }) }),
  path: z
    .string(typeErrors("path", "a string", true))
    .max(2048, "path must be at most 2048 characters")
    .openapi({ description: "Path under the bot's custom webhook.", example: "hello" }),
  query: z
    .record(z.string(), z.string({ message: "query values must be strings" }), {
      message: "query must be an object of strings",
    })
    .optional()
    .openapi({ example: { name: "Ann" } }),
  body: z.unknown().optional().openapi({ description: "JSON body (ignored for GET)." }),
  version: fields.version.body.optional().openapi({
    description:
      "A saved version to preview in an isolate of its own (path is then a handler name); absent: the running bot.",
  }),
});
export const Transfer = z.object({
  targetEmail: fields.targetEmail.body,
  newBotToken: fields.newBotToken.body,
  run_now: fields.runNow.body,
  dbProps: fields.dbProps.body,
});
/** The broadcast body as the document shows it (POST /broadcast's, without botId); the route validates with the
 * broadcast routes' own rules. */
export const BroadcastCompose = broadcastRequestDoc({ withBotId: false, refPrefix: "Dashboard" });

/** Any JSON object (the handler applies rules that are not zod's). */
export const AnyObject = plainObject("body", true);

export const botIdParam = z.object({
  botId: z.string().min(1).openapi({ example: "k3Jx9QmZ2pL0aVb7TnRe" }),
});
export const jobIdParams = botIdParam.extend({
  jobId: z.string().min(1).openapi({ example: "Xy12Ab34Cd56Ef78Gh90Ij12" }),
});
export const versionParams = botIdParam.extend({ version: fields.version.query });
export const VersionsQuery = z.object({ limit: fields.versionsLimit.query });
export const UsageQuery = z.object({
  granularity: fields.granularity.query,
  from: fields.from.query,
  to: fields.to.query,
});
export const tokenParam = z.object({ token: z.string().min(1).openapi({ example: "q1w2e3r4t5y6u7i8o9p0" }) });

// ---- Replies ----

const ok = z.literal(true);
const User = z.object({ email: z.string() });
const status = z.enum(["stopped", "running", "halted"]);
const isoTime = z.string().openapi({ format: "date-time" });

export const Ok = z.object({ ok });
export const SessionReply = z.object({ ok, user: User, csrfToken: z.string() });
export const CsrfReply = z.object({ ok, csrfToken: z.string() });
export const InviteReply = z.object({ ok, email: z.string() });
export const ApiKeyReply = z.object({ ok, apiKey: z.string() });
export const BotsReply = z.object({
  ok,
  bots: z.array(z.object({ botId: z.string(), name: z.string(), status, haltReason: z.string().nullable() })),
});
export const CreatedBotReply = z.object({ ok, botId: z.string() });
export const BotReply = z.object({
  ok,
  bot: z.object({
    botId: z.string(),
    name: z.string(),
    status,
    haltReason: z.string().nullable(),
    createdAt: isoTime,
    codeUpdatedAt: isoTime.nullable(),
    startedAt: isoTime.nullable(),
    savedVersion: z.number().int().min(0),
    runningVersion: z.number().int().min(1).nullable(),
    token: z.object({
      set: z.boolean(),
      masked: z.string().nullable().openapi({ example: "123456:…wxyz" }),
    }),
    envNames: z.array(z.string()),
    codeDiffers: z.boolean().openapi({ description: "The saved code is not the code running since the last restart." }),
    webhook: z.object({ customBase: z.string(), telegram: z.string() }),
  }),
});
export const CodeReply = z.object({ ok, code: z.string() });
/** A restart's automatic-rollback watch, as the dashboard shows it (docs/versions.md#automatic-rollback). */
const AutoRollbackWatch = z
  .object({
    until: z.string().openapi({ description: "When the watch ends (ISO 8601)." }),
    to: z.number().int().min(1).openapi({ description: "The version a rollback returns to." }),
  })
  .nullable()
  .optional()
  .openapi({ description: "Asked with autoRollback: the watch; null when no earlier version ran to return to." });
export const SaveCodeReply = z.object({
  ok,
  version: z.number().int().min(1).openapi({ description: "The version the save made." }),
  restarted: z.boolean(),
  webhook: WebhookOutcome.optional(),
  autoRollback: AutoRollbackWatch,
});
export const VersionsReply = z.object({
  ok,
  savedVersion: z.number().int().min(0),
  runningVersion: z.number().int().min(1).nullable(),
  versions: z.array(VersionEntry),
});
export const VersionReply = z.object({ ok, version: VersionWithCode });
export const RollbackReply = z.object({
  ok,
  version: z.number().int().min(1),
  restoredFrom: z.number().int().min(1),
  restarted: z.boolean(),
  webhook: WebhookOutcome.optional(),
});
export const RestartReply = z.object({ ok, webhook: WebhookOutcome, autoRollback: AutoRollbackWatch });
export const EnvReply = z.object({ ok, envNames: z.array(z.string()) });
export const LogsReply = z.object({ ok, logs: z.array(LogLine) });
export const TryReplySchema = z.object({
  ok,
  status: z.number().int(),
  headers: z.record(z.string(), z.string()),
  body: z.unknown().openapi({ description: "Parsed JSON when the reply is JSON, else its text." }),
});
export const RecipientsReply = z.object({
  ok,
  total: z.number().int(),
  blocked: z.number().int(),
  byLanguage: z.array(z.object({ lang: z.string().nullable(), count: z.number().int() })),
});
export const UsageReply = z.object({ ok, usage: z.array(UsagePeriod) });
/** The Schedules tab: the bot's schedules and its last 100 finished runs. */
export const SchedulesReply = z.object({ ok, schedules: z.array(ScheduleEntry), runs: z.array(ScheduleRunEntry) });
export const ScheduleKey = z.object({ key: fields.scheduleKey.body }).strict();
export const ScheduleCancelled = z.object({ ok });
export const ScheduleStarted = z.object({ ok, started: z.boolean() });
export const AccountUsageReply = z.object({ ok, plan: z.string(), quotas: z.array(QuotaUse) });
export const TransferReply = z.object({ ok, newBotId: z.string(), dbProps: SeedReport });
export const JobsReply = z.object({ ok, jobs: z.array(Job) });
export const QueuedReply = z.object({ ok, jobId: z.string(), status: z.literal("queued") });
export const JobReply = z.object({ ok, job: Job });

/** The error body of /api. */
export const DashboardError = z
  .object({
    ok: z.literal(false),
    error: z.object({
      code: z.string().openapi({ example: "UNAUTHENTICATED" }),
      message: z.string().openapi({ example: "Sign in first" }),
      field: z.string().optional().openapi({ description: "The request field at fault (400 only)." }),
    }),
  })
  .passthrough()
  .openapi("DashboardError");

/** Settings → Notifications. */
export const NotificationsReply = z.object({
  ok,
  channels: z.array(NotificationChannel),
  kinds: NotificationRules,
  /** Whether this server has a notifier bot (without one, only webhooks can be added). */
  telegram: z.boolean(),
});
export const AddNotificationChannel = z
  .object({ kind: notificationFields.kind.body, url: notificationFields.url.body })
  .strict();
export const NotificationChannelAdded = z.object({
  ok,
  channel: NotificationChannel,
  startLink: z.string().optional(),
  secret: z.string().optional(),
});
export const channelIdParam = z.object({ channelId: notificationFields.channelId.query });
export const NotificationChannelRemoved = z.object({ ok });
export const NotificationTested = z.object({ ok, delivered: z.boolean(), error: z.string().optional() });
export const NotificationRulesBody = z.object({ kinds: notificationFields.kinds.body }).strict();
export const NotificationRulesReply = z.object({ ok, kinds: NotificationRules });
