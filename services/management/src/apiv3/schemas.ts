/**
 * The fields and reply objects of /apiv3, as zod schemas. These schemas validate every request, shape every reply and
 * generate the OpenAPI document (see contract.ts): one source, so the document cannot drift from the code.
 *
 * @see docs/management-api.md
 */
import { MAX_DOCUMENT_BYTES } from "@botyard/common/documents";
import { QUOTA_NAMES } from "@botyard/common/plans";
import { unstorableTextProblem } from "@botyard/common/text";
import {
  jsonObject,
  optionalJsonObject,
  optionalBoolean,
  optionalInteger,
  optionalString,
  optionalText,
  plainObject,
  refuseUnstorable,
  requiredString,
  requiredText,
  typeErrors,
  z,
} from "@botyard/openapi";
import { normalizeEmail } from "../accounts/account-service.js";

/** The methods a preview may call a handler with. */
export const PREVIEW_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type PreviewMethod = (typeof PREVIEW_METHODS)[number];

/** Largest code file, in UTF-8 bytes. */
export const MAX_CODE_BYTES = 1024 * 1024;
export const MAX_ENV_VARS = 100;
export const MAX_ENV_VALUE = 4096;
export const MAX_NAME = 128;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const TOKEN_SHAPE = /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/;

const tokenMessage = (name: string) => `${name} is not a Telegram bot token (expected 123456:ABC…)`;
const tokenDescription = "A Telegram bot token as BotFather gives it (`123456:ABC…`).";
const TOKEN_EXAMPLE = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw";

function tokenSchema(name: string, required: boolean) {
  return z
    .string(typeErrors(name, "a string", required))
    .min(required ? 1 : 0, `${name} is required`)
    .regex(TOKEN_SHAPE, tokenMessage(name))
    .openapi({ description: tokenDescription, example: TOKEN_EXAMPLE });
}
const requiredToken = (name: string) => ({ body: tokenSchema(name, true), query: tokenSchema(name, true) });
const optionalToken = (name: string) => ({
  body: tokenSchema(name, false).optional(),
  query: tokenSchema(name, false).optional(),
});

/** Why an env object is refused (checked in this order: count, then each variable's name, type, length, text). */
export function envProblem(env: Record<string, unknown>): { message: string; path: string[] } | undefined {
  const entries = Object.entries(env);
  if (entries.length > MAX_ENV_VARS) return { message: `env may hold at most ${MAX_ENV_VARS} variables`, path: [] };
  for (const [name, value] of entries) {
    if (!ENV_NAME.test(name))
      return {
        message: `env name '${name.slice(0, 64)}' must be letters, digits and _, not starting with a digit`,
        path: [],
      };
    const at = { path: [name] };
    if (typeof value !== "string") return { message: `env.${name} must be a string`, ...at };
    if (value.length > MAX_ENV_VALUE)
      return { message: `env.${name} must be at most ${MAX_ENV_VALUE} characters`, ...at };
    const problem = unstorableTextProblem(value);
    if (problem) return { message: `env.${name} ${problem}`, ...at };
  }
  return undefined;
}

/** Longest version message (editBotCoreLogic's and Save's `message`), in UTF-16 units. */
export const MAX_VERSION_MESSAGE = 1000;
/** The most versions listVersions answers at once. */
export const MAX_VERSIONS_LISTED = 1000;
/** Version numbers are Postgres integers. */
const MAX_VERSION = 2_147_483_647;

/** A required integer in [min, max]; in a query string, decimal digits. */
function requiredInteger(name: string, min: number, max: number, meta: { description: string; example: number }) {
  const range = `${name} must be between ${min} and ${max}`;
  const body = z
    .number(typeErrors(name, "an integer", true))
    .int(`${name} must be an integer`)
    .min(min, range)
    .max(max, range)
    .openapi(meta);
  const fromQuery = (v: unknown) => (typeof v === "string" && /^-?\d+$/.test(v) ? Number(v) : v);
  return { body, query: z.preprocess(fromQuery, body).openapi(meta) };
}

/** The fields of /apiv3 operations, by name. */
export const fields = {
  botId: requiredString("botId", {
    description: "The bot's id, as createBot or listBots gave it.",
    example: "k3Jx9QmZ2pL0aVb7TnRe",
  }),
  newCode: requiredText("newCode", {
    maxBytes: MAX_CODE_BYTES,
    description: "The complete new code file (JavaScript).",
    example: "logic['hello'] = async (query) => ({ hi: query.name });",
  }),
  code: optionalText("code", {
    maxBytes: MAX_CODE_BYTES,
    description: "The bot's code file (JavaScript); empty when absent.",
    example: "bot.start((ctx) => ctx.reply('Welcome!'));",
  }),
  name: optionalString("name", {
    max: MAX_NAME,
    storable: true,
    description: "A name for the owner's own use.",
    example: "Support bot",
  }),
  botToken: optionalToken("botToken"),
  requiredBotToken: requiredToken("botToken"),
  newBotToken: optionalToken("newBotToken"),
  targetEmail: (() => {
    const schema = z
      .string(typeErrors("targetEmail", "a string", true))
      .min(1, "targetEmail is required")
      .superRefine(refuseUnstorable("targetEmail"))
      .transform((value, ctx) => {
        try {
          return normalizeEmail(value);
        } catch (err) {
          ctx.addIssue({ code: "custom", message: (err as Error).message });
          return z.NEVER;
        }
      })
      .openapi({
        description: "E-mail of the recipient account (trimmed; the account must exist).",
        format: "email",
        example: "friend@example.com",
      });
    return { body: schema, query: schema };
  })(),
  runNow: optionalBoolean("run_now", "Start the new bot at once. Requires newBotToken."),
  dbProps: optionalJsonObject(
    "dbProps",
    plainObject("dbProps", false).openapi({
      type: "object",
      additionalProperties: { type: "array", items: { type: "object" } },
      description:
        "Initial data: collection name → array of documents (JSON objects, each at most " +
        `${MAX_DOCUMENT_BYTES / 1024} KiB). A bad collection (name, value, document) is reported in the reply and ` +
        "skipped; the rest of the transfer goes on. On GET: JSON text of the object.",
      example: { users: [{ _id: "u1", name: "Ann" }], settings: [{ theme: "dark" }] },
    }),
  ),
  env: jsonObject(
    "env",
    plainObject("env", true)
      .transform((env, ctx) => {
        const problem = envProblem(env);
        if (!problem) return env as Record<string, string>;
        ctx.addIssue({ code: "custom", message: problem.message, path: problem.path });
        return z.NEVER;
      })
      .openapi({
        type: "object",
        maxProperties: MAX_ENV_VARS,
        additionalProperties: { type: "string", maxLength: MAX_ENV_VALUE },
        description:
          `The bot's environment variables (replaces the whole set): at most ${MAX_ENV_VARS}, names of letters, ` +
          `digits and _ (not starting with a digit), values up to ${MAX_ENV_VALUE} characters. On GET: JSON text.`,
        example: { API_URL: "https://example.com", GREETING: "Hello" },
      }),
  ),
  limit: optionalInteger("limit", 1, 200, "How many lines, newest first (default 50)."),
  scheduleKey: requiredString("key", {
    max: 128,
    storable: true,
    description: "The schedule's key, as bot code set it (or scheduler.runAfter/runAt/cron answered it).",
    example: "remind:12345",
  }),
  runsLimit: optionalInteger("limit", 1, 1000, "How many runs, newest first (default 100)."),
  message: optionalString("message", {
    max: MAX_VERSION_MESSAGE,
    storable: true,
    description: "A note kept with the version this save makes (listVersions and the dashboard's History show it).",
    example: "Greet in Spanish too",
  }),
  version: requiredInteger("version", 1, MAX_VERSION, {
    description: "A version number, as listVersions gave it.",
    example: 3,
  }),
  versionsLimit: optionalInteger(
    "limit",
    1,
    MAX_VERSIONS_LISTED,
    `How many versions, newest first (default 20, at most ${MAX_VERSIONS_LISTED}).`,
  ),
  restart: optionalBoolean("restart", "Restart the bot on the new version at once (default false)."),
  autoRollback: optionalBoolean(
    "autoRollback",
    "Watch the new deploy for BOT_AUTO_ROLLBACK_WINDOW_S (60 s) and go back to the version that ran before when it " +
      "fails to load, is halted, or fails more than half of at least 20 calls (default false).",
  ),
  previewMethod: (() => {
    const field = optionalString("method", {
      description: "GET, POST, PUT, PATCH or DELETE (default POST).",
      example: "POST",
    });
    const valid = (v: string | undefined) => v === undefined || PREVIEW_METHODS.includes(v as PreviewMethod);
    const message = `method must be one of ${PREVIEW_METHODS.join(", ")}`;
    return { body: field.body.refine(valid, message), query: field.query.refine(valid, message) };
  })(),
  previewPath: requiredString("path", {
    max: 100,
    description: "The handler to call: a key of `logic` (1 to 100 letters, digits, _ and -).",
    example: "hello",
  }),
  previewQuery: optionalJsonObject(
    "query",
    z
      .record(z.string(), z.string({ message: "query values must be strings" }), {
        ...typeErrors("query", "an object", false),
      })
      .openapi({ description: "The handler's query (string values). On GET: JSON text of the object." }),
  ),
  previewBody: (() => {
    // null is never a value (docs/management-api.md#null-and-absent-fields): absent is "no body".
    const notNull = (v: unknown) => v !== null;
    const message = "body must be a JSON value other than null";
    return {
      body: z
        .unknown()
        .refine(notNull, message)
        .optional()
        .openapi({ description: "The handler's JSON body (ignored for method GET)." }),
      query: z
        .unknown()
        .refine(notNull, message)
        .optional()
        .openapi({ description: "The handler's body: this text as a JSON string." }),
    };
  })(),
  granularity: (() => {
    const schema = z
      .string(typeErrors("granularity", "a string", true))
      .min(1, "granularity is required")
      .refine((v) => v === "minute" || v === "hour", "granularity must be minute or hour")
      .transform((v) => v as "minute" | "hour")
      .openapi({
        type: "string",
        enum: ["minute", "hour"],
        description: "minute: rows per minute (kept 48 hours); hour: rows per hour (kept 90 days).",
        example: "minute",
      });
    return { body: schema, query: schema };
  })(),
  from: isoTimeField(
    "from",
    "Start of the window (ISO 8601, inclusive). Default: an hour (minute) or 7 days (hour) before to.",
  ),
  to: isoTimeField("to", "End of the window (ISO 8601, exclusive). Default: now."),
};

/** An optional ISO 8601 time (with a zone or `Z`), as a Date. */
function isoTimeField(name: string, description: string) {
  const schema = z
    .string(typeErrors(name, "an ISO 8601 time", false))
    .refine(
      (v) =>
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) &&
        !Number.isNaN(Date.parse(v)),
      `${name} must be an ISO 8601 time such as 2026-11-28T10:00:00Z`,
    )
    .transform((v) => new Date(v))
    .openapi({ type: "string", format: "date-time", description, example: "2026-11-28T10:00:00Z" })
    .optional();
  return { body: schema, query: schema };
}

const isoTime = z.string().openapi({ format: "date-time", example: "2026-11-23T12:00:00.000Z" });
const BotStatus = z.enum(["stopped", "running", "halted"]).openapi("BotStatus", {
  description: "stopped: new, or after stopBot. running: after restartBot. halted: hit its limits; restart clears it.",
});

/** An entry of listBots. */
export const BotListEntry = z
  .object({ botId: z.string(), name: z.string(), status: BotStatus })
  .openapi("BotListEntry", { example: { botId: "k3Jx9QmZ2pL0aVb7TnRe", name: "Support bot", status: "running" } });

/** getBot's `bot`. */
export const BotDetails = z
  .object({
    botId: z.string(),
    name: z.string(),
    status: BotStatus,
    haltReason: z.string().nullable().openapi({
      description: "Why the bot is halted (null unless it is); restartBot clears it.",
      example: null,
    }),
    createdAt: isoTime,
    codeUpdatedAt: isoTime.nullable(),
    startedAt: isoTime.nullable(),
    savedVersion: z.number().int().min(0).openapi({
      description: "The newest version of the code: what getbotCode reads (docs/versions.md).",
      example: 4,
    }),
    runningVersion: z.number().int().min(1).nullable().openapi({
      description: "The version the last restart deployed (null before the first restart).",
      example: 3,
    }),
  })
  .openapi("Bot");

/** Who made a version. */
export const VersionSourceSchema = z
  .enum(["api", "dashboard", "transfer", "rollback", "automatic-rollback", "migration"])
  .openapi("VersionSource", {
    description:
      "api: an API key (createBot, editBotCoreLogic). dashboard: a signed-in owner's Create or Save. transfer: the " +
      "copy transferBot made. rollback: rollbackBot or the dashboard's History. automatic-rollback: a deploy that " +
      "rolled itself back (message says why). migration: the code the bot had when versions began.",
  });

/** A version of a bot's code, without the code. */
export const VersionEntry = z
  .object({
    version: z.number().int().min(1),
    size: z.number().int().min(0).openapi({ description: "UTF-8 bytes of the code." }),
    sha256: z.string().openapi({ description: "SHA-256 of the code's UTF-8 bytes, hex." }),
    source: VersionSourceSchema,
    message: z.string().nullable().openapi({ description: "The note saved with it, if any." }),
    restoredFrom: z.number().int().nullable().openapi({ description: "For a rollback: the version it restored." }),
    createdAt: isoTime,
    running: z.boolean().openapi({ description: "The last restart deployed this version." }),
  })
  .openapi("Version");

/** A version with its code. */
export const VersionWithCode = VersionEntry.extend({ code: z.string() }).openapi("VersionWithCode");

/** An example version. */
export const VERSION_EXAMPLE: z.infer<typeof VersionEntry> = {
  version: 4,
  size: 57,
  sha256: "9f2b5c1d0e8a7f6b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b",
  source: "api",
  message: "Greet in Spanish too",
  restoredFrom: null,
  createdAt: "2026-11-21T10:30:00.000Z",
  running: false,
};

/** listSchedules' entries. */
export const ScheduleEntry = z
  .object({
    key: z.string(),
    name: z.string().openapi({ description: "The handler it runs: scheduled[name]." }),
    kind: z.enum(["once", "cron"]),
    next: isoTime.openapi({ description: "The next run (or the one under way)." }),
    expression: z.string().optional().openapi({ description: "Cron only: 5 or 6 fields.", example: "0 9 * * 1-5" }),
    timezone: z.string().optional().openapi({ description: "Cron only: IANA time zone.", example: "Europe/Berlin" }),
    attempt: z.number().int().openapi({ description: "Attempts of the next run so far (0 before the first)." }),
    running: z.boolean().openapi({ description: "A gateway runs it now." }),
    // A union, not enum().nullable(): the document's enum would leave out null, and null is what a new schedule has.
    lastStatus: z
      .union([z.enum(["ok", "failed", "skipped"]), z.null()])
      .openapi({ description: "Cron: how its last run ended (null before its first)." }),
    lastRunAt: isoTime.nullable(),
  })
  .openapi("ScheduleEntry");

/** listScheduleRuns' entries. */
export const ScheduleRunEntry = z
  .object({
    key: z.string(),
    name: z.string(),
    scheduledAt: isoTime.openapi({ description: "When the run was due." }),
    startedAt: isoTime,
    finishedAt: isoTime,
    status: z.enum(["ok", "failed", "skipped", "retrying"]).openapi({
      description:
        "ok: the handler ended; failed: its last attempt threw, timed out or had no handler; skipped: the bot was " +
        "stopped or halted; retrying: this attempt failed and another follows.",
    }),
    attempt: z.number().int(),
    error: z.string().nullable(),
  })
  .openapi("ScheduleRunEntry");

export const LogLine = z
  .object({ at: isoTime, level: z.enum(["log", "info", "warn", "error"]), message: z.string() })
  .openapi("LogLine");

const CollectionReport = z.object({
  inserted: z.number().int().min(0),
  error: z.string().optional().openapi({ description: "Why this collection was skipped (then inserted is 0)." }),
});

/**
 * transferBot's per-collection report. Checked entry by entry rather than as a zod record, which would silently drop
 * a collection named `__proto__` from the reply (the owner must see every collection they sent, good or bad).
 */
export const SeedReport = z
  .custom<Record<string, z.infer<typeof CollectionReport>>>(
    (value) =>
      typeof value === "object" &&
      value !== null &&
      Object.values(value).every((entry) => CollectionReport.safeParse(entry).success),
  )
  .openapi("SeedReport", {
    type: "object",
    additionalProperties: {
      type: "object",
      properties: {
        inserted: { type: "integer", minimum: 0 },
        error: { type: "string", description: "Why this collection was skipped (then inserted is 0)." },
      },
      required: ["inserted"],
    },
    example: { users: { inserted: 2 }, bad_name: { inserted: 0, error: "invalid collection name 'bad_name'" } },
  });

/** restartBot's webhook outcome. */
export const WebhookOutcome = z.enum(["registered", "none", "failed"]).openapi({
  description: "registered: setWebhook succeeded. none: the bot has no token. failed: see msg and the bot's log.",
});

/** The error body of /apiv3. */
export const Apiv3Error = z
  .object({
    ok: z.literal(false),
    msg: z.string().openapi({ description: "What went wrong, naming the field when a field is the cause." }),
    stat_code: z.number().int().openapi({ description: "Equal to the HTTP status." }),
  })
  .openapi("Apiv3Error");

const count = z.number().int().min(0);

/** A period of getBotUsage. */
export const UsagePeriod = z
  .object({
    at: isoTime.openapi({ description: "Start of the period (UTC)." }),
    requests: count.openapi({
      description: "Webhook calls and Telegram updates of a running bot, refused ones included.",
    }),
    errors: count.openapi({ description: "The sum of errorsByKind." }),
    errorsByKind: z.object({
      handler: count.openapi({ description: "The handler threw, or its code does not compile." }),
      timeout: count.openapi({ description: "Ran past HANDLER_TIMEOUT_MS." }),
      memory: count.openapi({ description: "Went over BOT_MEMORY_MB." }),
      refused: count.openapi({ description: "Refused by a limit: rate, concurrency, CPU budget or a quota (429)." }),
    }),
    wallTimeP50Ms: z.number().nullable().openapi({
      description: "Median handler wall time (ms), read from a histogram of fixed buckets: within its bucket's width.",
    }),
    wallTimeP99Ms: z.number().nullable(),
    cpuMs: z.number().min(0).openapi({ description: "CPU of the bot's isolate, its messages and its database time." }),
    hostCalls: z.object({ db: count, telegram: count, http: count, sleep: count }).openapi({
      description: "Calls bot code made to the host, by kind (db.operation, bot.telegram, axios, timers).",
    }),
    botApiCalls: count.openapi({ description: "Bot API calls that got an answer from Telegram." }),
    egressBytes: count.openapi({ description: "axios request bodies sent plus response bodies received." }),
    storedDocuments: count.nullable().openapi({ description: "Documents the bot stored, sampled in the period." }),
    storedBytes: count.nullable(),
    broadcastMessagesSent: count,
    broadcastMessagesFailed: count,
  })
  .openapi("UsagePeriod");

/** One minute of a bot's usage, as the documents' examples show it. */
export const USAGE_PERIOD_EXAMPLE: z.infer<typeof UsagePeriod> = {
  at: "2026-11-28T10:00:00.000Z",
  requests: 120,
  errors: 2,
  errorsByKind: { handler: 1, timeout: 0, memory: 0, refused: 1 },
  wallTimeP50Ms: 1.4,
  wallTimeP99Ms: 23.5,
  cpuMs: 96.25,
  hostCalls: { db: 240, telegram: 118, http: 0, sleep: 0 },
  botApiCalls: 118,
  egressBytes: 0,
  storedDocuments: 1520,
  storedBytes: 304128,
  broadcastMessagesSent: 0,
  broadcastMessagesFailed: 0,
};

/** A quota of the account's plan and its use. */
export const QuotaUse = z
  .object({
    quota: z.enum(QUOTA_NAMES),
    limit: z.number().min(0),
    use: z.number().min(0).nullable().openapi({
      description:
        "Use now; requestsPerSecond: the average of the last whole minute; liveStreams: the streams open on every replica.",
    }),
  })
  .openapi("QuotaUse");

/** The error body of /apiv3 over a quota: the usual fields and the quota it names. */
export const Apiv3QuotaError = Apiv3Error.extend({
  code: z.literal("QUOTA_EXCEEDED"),
  quota: z.string().openapi({ description: "The quota of the account's plan (getAccountUsage lists them)." }),
  limit: z.number().openapi({ description: "The plan's number." }),
  use: z.number().openapi({ description: "The use now." }),
}).openapi("Apiv3QuotaError");
