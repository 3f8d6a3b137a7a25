/**
 * The Postgres schema every Botyard service shares. One table per concept; every tenant-owned row carries the
 * owner (accounts) or the bot it belongs to, so each query can be scoped in its WHERE clause.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

/** A bot owner. The e-mail is the transfer target (`targetEmail`) and the CLI's handle. */
export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    /** argon2id hash of the dashboard password (PHC string); null until the owner sets one (CLI-made accounts). */
    passwordHash: text("password_hash"),
    /**
     * The account's plan, a name of `PLANS` (`pnpm botyard plan:set`); null, or a name no longer configured, means
     * `DEFAULT_PLAN` (docs/operations.md#plans-and-quotas).
     */
    plan: text("plan"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("accounts_email_lower_idx").on(sql`lower(${t.email})`)],
);

/**
 * A dashboard session (docs/dashboard.md#sessions). The cookie carries a random id; only its SHA-256 is stored, so a
 * copy of this table signs nobody in. The CSRF token belongs to the session and changes with it.
 */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    csrfToken: text("csrf_token").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("sessions_account_idx").on(t.accountId)],
);

/** A one-time link to set a password (`pnpm botyard user:invite`); only the token's SHA-256 is stored. */
export const passwordInvites = pgTable(
  "password_invites",
  {
    tokenHash: text("token_hash").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("password_invites_account_idx").on(t.accountId)],
);

/**
 * One API key per account. The key is `byk_<keyId>_<secret>`: the row is found by keyId and the secret's SHA-256
 * is compared in constant time. Authentication uses only the hash; the sealed copy exists to show the key again.
 */
export const apiKeys = pgTable("api_keys", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  keyId: text("key_id").notNull().unique(),
  secretHash: text("secret_hash").notNull(),
  /** The key sealed with SECRET_KEY: the dashboard and `user:key` show the same key until it is rotated. */
  keyEnc: text("key_enc"),
  createdAt: createdAt(),
});

/** Lifecycle of a hosted bot: `stopped` (new or stopBot), `running` (after restartBot), `halted` (limits or token). */
export type BotStatus = "stopped" | "running" | "halted";

/**
 * A hosted bot. `code` is the saved file (editBotCoreLogic); `runningCode` is the copy taken at the last restart, which is
 * what every gateway replica runs, so editing never changes running code by itself. `codeVersion` increases at every
 * restart so replicas can tell a stale isolate from a fresh one.
 */
export const bots = pgTable(
  "bots",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull().default(""),
    status: text("status").$type<BotStatus>().notNull().default("stopped"),
    haltReason: text("halt_reason"),
    code: text("code").notNull().default(""),
    runningCode: text("running_code"),
    codeVersion: integer("code_version").notNull().default(0),
    /** The number of the newest version in `bot_versions` (the saved code); 0 only before the first is written. */
    savedVersion: integer("saved_version").notNull().default(0),
    /** The version the last restart deployed (what `runningCode` holds); null until the first restart. */
    runningVersion: integer("running_version"),
    /**
     * While set and in the future, the restart that deployed the running version watches it and rolls back to
     * `rollbackToVersion` when it fails (docs/versions.md#automatic-rollback); null when nothing watches.
     */
    rollbackWatchUntil: timestamp("rollback_watch_until", { withTimezone: true, mode: "date" }),
    /** The version an automatic rollback returns to: the one running before the watched restart. Never pruned. */
    rollbackToVersion: integer("rollback_to_version"),
    /** AES-256-GCM ciphertext of the Telegram token (see @botyard/common crypto). */
    tokenEnc: text("token_enc"),
    /** SHA-256 of the token: how the broadcast routes authenticate `X-Bot-Token` without decrypting every bot. */
    tokenHash: text("token_hash"),
    /** SHA-256 of the secret_token last given to setWebhook; the Telegram intake compares the header against it. */
    webhookSecretHash: text("webhook_secret_hash"),
    /** AES-256-GCM ciphertext of the JSON object of env vars (replaced whole by setBotEnv). */
    envEnc: text("env_enc"),
    createdAt: createdAt(),
    codeUpdatedAt: timestamp("code_updated_at", { withTimezone: true, mode: "date" }),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("bots_account_idx").on(t.accountId, t.createdAt), index("bots_token_hash_idx").on(t.tokenHash)],
);

/**
 * Who made a version of a bot's code: `api` (an API key: createBot, editBotCoreLogic), `dashboard` (a signed-in
 * owner's Save or Create), `transfer` (the copy transferBot made), `rollback` (rollbackBot or the dashboard's
 * History), `automatic-rollback` (a deploy that rolled itself back), `migration` (the code a bot had when versions
 * began). @see docs/versions.md
 */
export type VersionSource = "api" | "dashboard" | "transfer" | "rollback" | "automatic-rollback" | "migration";

/**
 * An immutable version of a bot's code: every change of the saved code writes one, numbered per bot from 1 up
 * (`bots.saved_version` holds the newest). The oldest are pruned past BOT_VERSIONS_KEPT, never the running one.
 */
export const botVersions = pgTable(
  "bot_versions",
  {
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    code: text("code").notNull(),
    /** UTF-8 bytes of the code. */
    size: integer("size").notNull(),
    /** SHA-256 of the code's UTF-8 bytes, hex. */
    sha256: text("sha256").notNull(),
    source: text("source").$type<VersionSource>().notNull(),
    message: text("message"),
    /** For a rollback: the version whose code this one holds. */
    restoredFrom: integer("restored_from"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.version] })],
);

/** A document of a bot's collection. `docId` is the document's `_id` (string), unique within its collection. */
export const documents = pgTable(
  "documents",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    collection: text("collection").notNull(),
    docId: text("doc_id").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("documents_bot_collection_doc_idx").on(t.botId, t.collection, t.docId),
    // Insertion order within a collection: findOne/findAll without a sort, and deleteOne.
    index("documents_bot_collection_id_idx").on(t.botId, t.collection, t.id),
    // Equality and containment for one bot's collection: the document under a key naming bot and collection, so
    // jsonb_path_ops hashes each value together with its owner (see docs/bot-runtime.md#db). The function is
    // created by migration 0002_docstore; migration 0014_gin_without_pending_list turns its fastupdate off (an ALTER,
    // which drizzle-kit's snapshot does not record: declaring it here would make drizzle-kit rebuild the index).
    index("documents_scoped_gin_idx").using(
      "gin",
      sql`docstore_scoped(${t.botId}, ${t.collection}, ${t.data}) jsonb_path_ops`,
    ),
  ],
);

/**
 * What each bot collection holds, kept by triggers on `documents` (so every writer, the gateway's store and
 * management's transferBot seeding alike, is counted): the limits on documents per collection and bytes per bot
 * read it.
 */
export const documentUsage = pgTable(
  "document_usage",
  {
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    collection: text("collection").notNull(),
    docs: bigint("docs", { mode: "number" }).notNull().default(0),
    bytes: bigint("bytes", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.botId, t.collection] })],
);

/**
 * Indexes bot code asked for with `db.operation.createIndex`: one partial expression index per bot, collection and
 * field. While a row exists, documents of that collection may not hold an array on the path (checked by trigger).
 */
export const documentIndexes = pgTable(
  "document_indexes",
  {
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    collection: text("collection").notNull(),
    field: text("field").notNull(),
    /** The path as a Postgres text[] value, for `data #> path`. */
    path: text("path").array().notNull(),
    indexName: text("index_name").notNull(),
    /** `building` while CREATE INDEX CONCURRENTLY runs, then `ready`. */
    status: text("status").notNull().default("building"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.botId, t.collection, t.field] }),
    uniqueIndex("document_indexes_name_idx").on(t.indexName),
  ],
);

/** A user of a bot, recorded from the Telegram updates that reach the gateway; broadcast recipients. */
export const recipients = pgTable(
  "recipients",
  {
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    chatId: bigint("chat_id", { mode: "number" }).notNull(),
    languageCode: text("language_code"),
    firstName: text("first_name"),
    username: text("username"),
    blocked: boolean("blocked").notNull().default(false),
    blockedAt: timestamp("blocked_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.chatId] }), index("recipients_bot_lang_idx").on(t.botId, t.languageCode)],
);

/** Broadcast job states as the API reports them. */
export type BroadcastStatus = "queued" | "running" | "completed" | "cancelled" | "failed";

/**
 * A broadcast job. Postgres is the record of truth for status and counts; BullMQ only carries the work. `cursor` is the
 * highest chat id below which every recipient has been handled, so a job resumed after a crash starts from there.
 */
export const broadcasts = pgTable(
  "broadcasts",
  {
    id: text("id").primaryKey(),
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    status: text("status").$type<BroadcastStatus>().notNull().default("queued"),
    /** The validated request: type, text, media, caption, parseMode, buttons, extra, filter, paid. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    total: integer("total").notNull().default(0),
    sent: integer("sent").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    cursor: bigint("cursor", { mode: "number" }),
    /**
     * Recipients above `cursor` already handled (sent or failed) when progress was saved: a run that resumes the job
     * skips them, so a hand-back or a crash does not send them twice (docs/broadcast.md#progress).
     */
    doneAbove: bigint("done_above", { mode: "number" }).array().notNull().default(sql`'{}'::bigint[]`),
    error: text("error"),
    /**
     * The run fence (docs/broadcast.md#fencing): raised by every claim of the job, so a write carrying an older value
     * is from a run that lost the job and matches no row.
     */
    fence: integer("fence").notNull().default(0),
    /** The worker whose run holds the lease (diagnostics only: the fence decides). */
    leaseOwner: text("lease_owner"),
    /** The holder's lease ends here unless renewed by a progress write; null when nobody holds it. */
    leaseUntil: timestamp("lease_until", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
    /**
     * The job's rows in `broadcast_audience` are written and not yet dropped (docs/broadcast.md#audience). The run
     * writes them after its claim, so a claim stays short; a job that ends drops them and clears the flag, so finding
     * audiences to drop reads `broadcasts` only.
     */
    audienceWritten: boolean("audience_written").notNull().default(false),
  },
  (t) => [index("broadcasts_bot_created_idx").on(t.botId, t.createdAt)],
);

/**
 * The audience of a running broadcast: the recipients it sends to, written by its run right after the claim that starts
 * the job, and counted into its `total` by the same statement (docs/broadcast.md#audience). The run pages through
 * these rows, not through `recipients`, so a user who blocks or unblocks the bot, changes language or first writes to
 * it meanwhile changes neither who is sent to nor the total. Deleted when the job ends.
 */
export const broadcastAudience = pgTable(
  "broadcast_audience",
  {
    broadcastId: text("broadcast_id")
      .notNull()
      .references(() => broadcasts.id, { onDelete: "cascade" }),
    chatId: bigint("chat_id", { mode: "number" }).notNull(),
  },
  // Also the order the run pages in: chat ids after a cursor, of one job.
  (t) => [primaryKey({ columns: [t.broadcastId, t.chatId] })],
);

/** A line of a bot's log: console output and handler errors. Trimmed to the newest lines per bot. */
export const botLogs = pgTable(
  "bot_logs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    level: text("level").$type<"log" | "info" | "warn" | "error">().notNull(),
    message: text("message").notNull(),
  },
  (t) => [index("bot_logs_bot_id_idx").on(t.botId, t.id)],
);

/**
 * The columns of a usage row (docs/operations.md#usage-metering): counters that replicas and services add to (one
 * multi-row upsert per flush), a histogram of handler wall times in fixed buckets (USAGE_WALL_BUCKETS_MS in usage.ts,
 * added element by element, so percentiles of all replicas together can be read from it), and the stored documents and
 * bytes of the bot, a gauge sampled at each flush (the last sample of the period wins).
 */
const usageColumns = () => ({
  botId: text("bot_id")
    .notNull()
    .references(() => bots.id, { onDelete: "cascade" }),
  /** Start of the period (a minute or an hour, UTC). */
  at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
  requests: bigint("requests", { mode: "number" }).notNull().default(0),
  errorsHandler: bigint("errors_handler", { mode: "number" }).notNull().default(0),
  errorsTimeout: bigint("errors_timeout", { mode: "number" }).notNull().default(0),
  errorsMemory: bigint("errors_memory", { mode: "number" }).notNull().default(0),
  errorsRefused: bigint("errors_refused", { mode: "number" }).notNull().default(0),
  /** Calls per wall-time bucket; element i counts calls of at most USAGE_WALL_BUCKETS_MS[i] ms (the last: the rest). */
  wallBuckets: bigint("wall_buckets", { mode: "number" }).array().notNull().default(sql`'{}'::bigint[]`),
  cpuMs: doublePrecision("cpu_ms").notNull().default(0),
  hostDb: bigint("host_db", { mode: "number" }).notNull().default(0),
  hostTelegram: bigint("host_telegram", { mode: "number" }).notNull().default(0),
  hostHttp: bigint("host_http", { mode: "number" }).notNull().default(0),
  hostSleep: bigint("host_sleep", { mode: "number" }).notNull().default(0),
  botApiCalls: bigint("bot_api_calls", { mode: "number" }).notNull().default(0),
  egressBytes: bigint("egress_bytes", { mode: "number" }).notNull().default(0),
  broadcastSent: bigint("broadcast_sent", { mode: "number" }).notNull().default(0),
  broadcastFailed: bigint("broadcast_failed", { mode: "number" }).notNull().default(0),
  storedDocuments: bigint("stored_documents", { mode: "number" }),
  storedBytes: bigint("stored_bytes", { mode: "number" }),
});

/** Usage of each bot per minute; rows older than 48 hours are deleted by the gateway's pruning. */
export const botUsageMinute = pgTable("bot_usage_minute", usageColumns(), (t) => [
  primaryKey({ columns: [t.botId, t.at] }),
  // Pruning deletes by age across bots.
  index("bot_usage_minute_at_idx").on(t.at),
]);

/** Usage of each bot per hour; rows older than 90 days are deleted by the gateway's pruning. */
export const botUsageHour = pgTable("bot_usage_hour", usageColumns(), (t) => [
  primaryKey({ columns: [t.botId, t.at] }),
  index("bot_usage_hour_at_idx").on(t.at),
]);

/** What a schedule runs: one run at a time, or every time a cron expression matches. */
export type ScheduleKind = "once" | "cron";

/**
 * A bot's scheduled run (docs/bot-runtime.md#scheduled-runs): the source of truth of every pending run, so a restart,
 * a deploy or a Redis flush loses none. `dueAt` is the occurrence being run (the handler's `run.scheduledAt`);
 * `nextRunAt` is when a gateway's firing loop takes the row next: the due time, a retry's time, or, while a replica
 * runs it, the end of that replica's lease (so a run cut short by a crash is taken again, as the next attempt).
 * `claim` fences the lease: only the replica holding it may record how the run ended.
 */
export const schedules = pgTable(
  "schedules",
  {
    id: text("id").primaryKey(),
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    /** The bot's name for it: the same key again replaces the schedule. */
    key: text("key").notNull(),
    /** The handler: `scheduled[name]`. */
    name: text("name").notNull(),
    kind: text("kind").$type<ScheduleKind>().notNull(),
    /** The cron expression (kind `cron`), else null. */
    expression: text("expression"),
    /** IANA time zone of the cron expression (kind `cron`), else null. */
    timezone: text("timezone"),
    /** The handler's first argument, as JSON text (null: undefined). */
    payload: text("payload"),
    dueAt: timestamp("due_at", { withTimezone: true, mode: "date" }).notNull(),
    nextRunAt: timestamp("next_run_at", { withTimezone: true, mode: "date" }).notNull(),
    /** Attempts of the current occurrence so far (the run under way included). */
    attempt: integer("attempt").notNull().default(0),
    /** The lease of the replica running it now, else null. */
    claim: text("claim"),
    /** How the last finished run ended (`ok`, `failed`, `skipped`), and when; null before the first. */
    lastStatus: text("last_status").$type<"ok" | "failed" | "skipped">(),
    lastRunAt: timestamp("last_run_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("schedules_bot_key_idx").on(t.botId, t.key), index("schedules_next_run_idx").on(t.nextRunAt)],
);

/** How one attempt of a scheduled run ended. */
export type ScheduleRunStatus = "ok" | "failed" | "skipped" | "retrying";

/** The history of scheduled runs, one row per finished attempt; trimmed to the newest rows per bot. */
export const scheduleRuns = pgTable(
  "schedule_runs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    name: text("name").notNull(),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true, mode: "date" }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }).notNull(),
    status: text("status").$type<ScheduleRunStatus>().notNull(),
    attempt: integer("attempt").notNull(),
    error: text("error"),
  },
  (t) => [index("schedule_runs_bot_idx").on(t.botId, t.id)],
);

/** What a notification channel is: a Telegram chat reached through the operator's notifier bot, or an HTTPS webhook. */
export type NotificationChannelKind = "telegram" | "webhook";

/**
 * Where an account is told about its bots (docs/notifications.md). A `webhook` channel has its https URL and its
 * signing secret (sealed with SECRET_KEY, shown to the owner once). A `telegram` channel starts unlinked with the
 * SHA-256 of its one-time start token, and gets its chat id when the owner opens the start link. The last delivery's
 * outcome is kept so the settings page can show a failing channel.
 */
export const notificationChannels = pgTable(
  "notification_channels",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    kind: text("kind").$type<NotificationChannelKind>().notNull(),
    url: text("url"),
    secretEnc: text("secret_enc"),
    chatId: bigint("chat_id", { mode: "number" }),
    linkTokenHash: text("link_token_hash"),
    lastDeliveredAt: timestamp("last_delivered_at", { withTimezone: true, mode: "date" }),
    lastError: text("last_error"),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notification_channels_account_idx").on(t.accountId),
    uniqueIndex("notification_channels_link_token_idx").on(t.linkTokenHash),
  ],
);

/** What an owner can be told about; `test` (the test button) is not a rule and never stored. */
export type NotificationEventKind =
  | "bot_halted"
  | "broadcast_finished"
  | "broadcast_failed"
  | "schedule_failed"
  | "schedule_missed"
  | "quota_nearly_used";

/**
 * Which kinds of event an account is told about (docs/notifications.md#rules). No row: every kind. The rules are
 * read when an event is delivered, so a change holds for the next event.
 */
export const notificationRules = pgTable("notification_rules", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  kinds: text("kinds").array().$type<NotificationEventKind[]>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * The notification outbox (docs/notifications.md#events): a service that sees an event (a gateway halting a bot, a
 * worker ending a broadcast, a gateway ending a scheduled run) writes a row here in the same transaction as the change
 * itself, and management's dispatcher takes rows out and tells the owner. A crash of either side loses no event: the
 * row stays until a dispatcher has taken it. `detail` holds the event's fields (a reason, counts, a key): never a
 * token or a log line.
 */
export const notificationOutbox = pgTable("notification_outbox", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  botId: text("bot_id").notNull(),
  kind: text("kind").$type<NotificationEventKind>().notNull(),
  detail: jsonb("detail").$type<Record<string, string | number>>().notNull(),
  createdAt: createdAt(),
});
