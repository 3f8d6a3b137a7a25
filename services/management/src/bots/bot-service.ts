/**
 * The rules of the management ops: ownership (a foreign bot is as absent as a missing one), restart semantics
 * (snapshot the saved code, fresh webhook secret, setWebhook, restart event), token and env sealing, transfers.
 */
import { AppError, invalidField } from "@botyard/common/errors";
import { newId, randomToken, sha256, type SecretBox } from "@botyard/common/crypto";
import { scrubSecrets, type Logger } from "@botyard/common/logging";
import { collectionNameProblem, prepareDocument } from "@botyard/common/documents";
import { findUnstorableText, isStorableText, unstorableTextMessage } from "@botyard/common/text";
import { UNAVAILABLE_RETRY_AFTER_S } from "@botyard/common/http";
import { withRedisLock, type RedisConnection, type RedisNames } from "@botyard/common/redis";
import type { BotEvent, BotEventBus } from "@botyard/common/bot-events";
import { TelegramApiError, type TelegramClient } from "@botyard/telegram";
import type { AccountRepository } from "../accounts/account-repository.js";
import type { z } from "zod";
import { envProblem, type WebhookOutcome } from "../apiv3/schemas.js";
import type { QuotaService } from "../usage/quota-service.js";
import type { BotRepository, BotSummary, SeedDocument } from "./bot-repository.js";
import { FixedWindowLimiter, type WindowLimit } from "../limits/fixed-window.js";
import type { VersionRepository } from "../versions/version-repository.js";

/** Who saves code through the bot operations: an API key (/apiv3) or a signed-in owner (the dashboard). */
export type Editor = "api" | "dashboard";

/** How a restart's webhook registration went: `none` when the bot has no token; `reason` when it `failed`. */
export interface RestartOutcome {
  webhook: z.infer<typeof WebhookOutcome>;
  reason?: string;
  /**
   * Asked with autoRollback: until when the deploy is watched and the version it would return to; null when nothing
   * ran before (or the same version runs again), so there is nothing to return to (docs/versions.md#automatic-rollback).
   */
  autoRollback?: { until: Date; to: number } | null;
}

/** How a restart is asked for. */
export interface RestartOptions {
  /** Watch the new deploy and roll it back by itself when it fails (docs/versions.md#automatic-rollback). */
  autoRollback?: boolean;
}

/** Everything the service talks to. */
export interface BotServiceDeps {
  bots: BotRepository;
  /** Every write of a bot's code goes through it, as a new version. */
  versions: VersionRepository;
  accounts: AccountRepository;
  box: SecretBox;
  telegram: TelegramClient;
  redis: RedisConnection;
  names: RedisNames;
  /** The bot-event channel to the gateways (publisher side). */
  events: BotEventBus;
  logger: Logger;
  /** Public base of the gateway (WEBHOOK_BASE_URL). */
  webhookBaseUrl: string;
  /** How long the dashboard's "Try it" waits for the gateway. */
  tryTimeoutMs?: number;
  /**
   * Where previews are asked for (docs/versions.md#previews): the gateway's base URL as management reaches it, and
   * the internal token (internalToken of SECRET_KEY). @defaultValue previews answer 503
   */
  previews?: { gatewayUrl: string; token: string };
  /** BOT_AUTO_ROLLBACK_WINDOW_S. @defaultValue {@link AUTO_ROLLBACK_WINDOW_S} */
  autoRollbackWindowS?: number;
  /** Target-account lookups per account of transfer. @defaultValue {@link TRANSFER_LOOKUPS} */
  transferLookups?: WindowLimit;
  /** The account quotas: bots per account, and the stored-data quotas transferBot's seeding is held to. */
  quotas: QuotaService;
}

/**
 * Target-account lookups of transfer per account: 10 a minute. A transfer names an e-mail and answers 404 when no
 * account has it; unbounded, that tells an account which addresses are customers at request speed. Ten a minute is
 * far above what an owner moving bots by hand or by script needs.
 */
export const TRANSFER_LOOKUPS: WindowLimit = { limit: 10, windowMs: 60_000 };

/** How long a restart with autoRollback is watched by default (docs/versions.md#automatic-rollback). */
export const AUTO_ROLLBACK_WINDOW_S = 60;

/** What the dashboard's "Try it" sends to the bot's custom webhook. */
export interface TryRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** A saved version to preview in an isolate of its own; absent: the running bot (docs/versions.md#previews). */
  version?: number;
}

/** The gateway's answer to a "Try it" call. */
export interface TryReply {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** The header the gateway's preview route names its own refusals in (its errorCatalogue code). */
export const PREVIEW_REFUSAL_HEADER = "x-botyard-preview-refusal";

/** The most of a "Try it" reply body shown (the rest is cut). */
export const TRY_BODY_LIMIT = 64 * 1024;
// Characters a path may hold: unreserved, sub-delims, ':' '@' '/' and percent-escapes (RFC 3986 pchar).
const TRY_PATH = /^[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/;

/** `123456:…wxyz`: the bot id part (public) and the last four characters; never the secret itself. */
export function maskToken(token: string): string {
  const colon = token.indexOf(":");
  const head = colon > 0 ? token.slice(0, colon + 1) : "";
  return `${head}…${token.slice(-4)}`;
}

/** Per-collection result of dbProps seeding. */
export type SeedReport = Record<string, { inserted: number; error?: string }>;

const BOT_NOT_FOUND = () => new AppError("BOT_NOT_FOUND");
/**
 * The turn of one webhook registration (see #registerWebhook): longer than the Telegram call's 10 s timeout and the
 * write after it; a restart waits as long for the one before it (which only a management process that died holding the
 * turn can make it outwait), then answers 503.
 */
const WEBHOOK_LOCK = {
  ttlMs: 30_000,
  waitMs: 30_000,
  busy: () =>
    new AppError("UNAVAILABLE", "Another restart of this bot is still registering its webhook; try again shortly", {
      headers: { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_S) },
    }),
};

/**
 * The id checked before any query: an id holding text Postgres cannot store (NUL, an unpaired surrogate) names no
 * bot, so it is a 404 like any other unknown id, and never reaches SQL.
 *
 * @see docs/management-api.md#text-postgres-cannot-store
 */
function storableId(botId: string): string {
  if (!isStorableText(botId)) throw BOT_NOT_FOUND();
  return botId;
}

/** The public view of a bot. */
export function botView(bot: BotSummary) {
  return {
    botId: bot.id,
    name: bot.name,
    status: bot.status,
    haltReason: bot.status === "halted" ? bot.haltReason : null,
    createdAt: bot.createdAt.toISOString(),
    codeUpdatedAt: bot.codeUpdatedAt?.toISOString() ?? null,
    startedAt: bot.startedAt?.toISOString() ?? null,
    savedVersion: bot.savedVersion,
    runningVersion: bot.runningVersion,
  };
}

/** Management operations on the bots of one account. */
export class BotService {
  readonly #transferLimiter: FixedWindowLimiter;

  constructor(private readonly deps: BotServiceDeps) {
    this.#transferLimiter = new FixedWindowLimiter(deps.redis);
  }

  /** A new stopped bot whose code (empty when none is given) is its version 1, made by `editor`. */
  async create(
    accountId: string,
    input: { name?: string; code?: string; botToken?: string },
    editor: Editor,
  ): Promise<string> {
    const id = newId(20);
    await this.deps.bots.transaction(async (tx) => {
      await this.deps.quotas.reserveBot(tx, accountId);
      await this.deps.bots.insert(
        {
          id,
          accountId,
          name: input.name ?? "",
          code: input.code ?? "",
          tokenEnc: input.botToken ? this.deps.box.encrypt(input.botToken) : null,
          tokenHash: input.botToken ? sha256(input.botToken) : null,
        },
        tx,
      );
      await this.deps.versions.first(tx, id, { code: input.code ?? "", source: editor });
    });
    await this.#announce({ type: "create", botId: id });
    return id;
  }

  list(accountId: string): Promise<BotSummary[]> {
    return this.deps.bots.list(accountId);
  }

  async get(accountId: string, botId: string): Promise<BotSummary> {
    storableId(botId);
    const bot = await this.deps.bots.find(accountId, botId);
    if (!bot) throw BOT_NOT_FOUND();
    return bot;
  }

  /**
   * The dashboard's view of one bot: the token only as set/masked, env only by name, and whether the saved code
   * differs from the code running since the last restart.
   */
  async details(accountId: string, botId: string) {
    storableId(botId);
    const bot = await this.deps.bots.findDetails(accountId, botId);
    if (!bot) throw BOT_NOT_FOUND();
    const { tokenEnc, envEnc, codeDiffers, ...summary } = bot;
    return {
      summary: summary as BotSummary,
      token: { set: tokenEnc !== null, masked: tokenEnc ? maskToken(this.deps.box.decrypt(tokenEnc)) : null },
      envNames: Object.keys(this.#env(envEnc)).sort(),
      codeDiffers,
      webhook: {
        customBase: `${this.deps.webhookBaseUrl}/custom/${botId}/`,
        telegram: `${this.deps.webhookBaseUrl}/telegram/${botId}`,
      },
    };
  }

  async rename(accountId: string, botId: string, name: string): Promise<void> {
    storableId(botId);
    if (!(await this.deps.bots.setName(accountId, botId, name))) throw BOT_NOT_FOUND();
  }

  /**
   * Replaces the env vars with `env` plus the saved values of the names in `keep` (values are write-only in the
   * dashboard: it never receives them, so it names the unchanged ones). Names in neither are removed. Validated with
   * the rules of setBotEnv after the merge. Resolves with the saved names. @see docs/dashboard.md#bots
   */
  async updateEnv(accountId: string, botId: string, env: Record<string, string>, keep: string[]): Promise<string[]> {
    storableId(botId);
    const row = await this.deps.bots.findEnv(accountId, botId);
    if (!row) throw BOT_NOT_FOUND();
    const saved = this.#env(row.envEnc);
    const merged: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const name of keep) {
      if (!Object.hasOwn(saved, name)) {
        throw invalidField("keep", `keep names ${name.slice(0, 64)}, which has no saved value; give it a value in env`);
      }
      merged[name] = saved[name]!;
    }
    for (const [name, value] of Object.entries(env)) merged[name] = value;
    const problem = envProblem(merged);
    if (problem) throw invalidField(["env", ...problem.path].join("."), problem.message);
    await this.setEnv(accountId, botId, { ...merged });
    return Object.keys(merged).sort();
  }

  #env(envEnc: string | null): Record<string, string> {
    return envEnc ? (JSON.parse(this.deps.box.decrypt(envEnc)) as Record<string, string>) : {};
  }

  /** Where a live log tail of the bot starts (checks ownership). */
  async logCursor(accountId: string, botId: string): Promise<number> {
    await this.get(accountId, botId);
    return this.deps.bots.latestLogId(botId);
  }

  /** Log lines after `cursor`, oldest first, and the new cursor (the caller checked ownership with logCursor). */
  /** Log lines after `cursor` (at most 200), each with its id: live streams filter by id per reader. */
  async logEntriesAfter(botId: string, cursor: number) {
    const rows = await this.deps.bots.logsAfter(botId, cursor, 200);
    return rows.map((r) => ({ id: r.id, line: { at: r.at.toISOString(), level: r.level, message: r.message } }));
  }

  async logsAfter(botId: string, cursor: number) {
    const rows = await this.deps.bots.logsAfter(botId, cursor, 200);
    return {
      cursor: rows.at(-1)?.id ?? cursor,
      lines: rows.map((r) => ({ at: r.at.toISOString(), level: r.level, message: r.message })),
    };
  }

  /** How many users the bot has, how many blocked it, and how many per language_code. */
  async recipients(accountId: string, botId: string) {
    await this.get(accountId, botId);
    return this.deps.bots.recipientStats(botId);
  }

  /**
   * Calls the bot's custom webhook through the public gateway, as any client would, and returns what came back. The
   * path stays under /custom/<botId>/: dot segments and characters outside a URL path are refused.
   *
   * @see docs/dashboard.md#try-it
   */
  async tryWebhook(accountId: string, botId: string, request: TryRequest): Promise<TryReply> {
    await this.get(accountId, botId);
    if (request.version !== undefined) return this.#preview(botId, request.version, request);
    const path = request.path.replace(/^\/+/, "");
    if (!TRY_PATH.test(path) || path.split("/").some((s) => s === "." || s === ".." || /%2e/i.test(s)))
      throw invalidField("path", "path must be a URL path without . or .. segments");
    const base = `${this.deps.webhookBaseUrl}/custom/${encodeURIComponent(botId)}/`;
    const url = new URL(path, base);
    if (!url.href.startsWith(base)) throw invalidField("path", "path must stay under the bot's webhook");
    for (const [k, v] of Object.entries(request.query ?? {})) url.searchParams.append(k, v);
    const hasBody = request.body !== undefined && request.method !== "GET";
    let res: Response;
    try {
      res = await fetch(url, {
        method: request.method,
        headers: hasBody ? { "content-type": "application/json" } : {},
        body: hasBody ? JSON.stringify(request.body) : null,
        redirect: "manual",
        signal: AbortSignal.timeout(this.deps.tryTimeoutMs ?? 10_000),
      });
    } catch (err) {
      const why = (err as Error).name === "TimeoutError" ? "did not answer in time" : "could not be reached";
      throw new AppError("GATEWAY_UNREACHABLE", `The webhook gateway ${why} (${this.deps.webhookBaseUrl})`);
    }
    return readTryReply(res);
  }

  /**
   * Asks the gateway to run `version` in an isolate of its own (docs/versions.md#previews), through its internal
   * route, never the public one. The bot's ownership was checked by the caller.
   */
  async #preview(botId: string, version: number, request: TryRequest): Promise<TryReply> {
    const previews = this.deps.previews;
    if (!previews) throw new AppError("UNAVAILABLE", "Previews are not set up on this server");
    const path = request.path.replace(/^\/+/, "");
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(path)) {
      throw invalidField("path", "path must be a handler name: 1 to 100 letters, digits, _ and -");
    }
    let res: Response;
    try {
      res = await fetch(`${previews.gatewayUrl}/internal/preview`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${previews.token}` },
        body: JSON.stringify({
          botId,
          version,
          method: request.method,
          path,
          query: request.query,
          body: request.body,
        }),
        redirect: "manual",
        signal: AbortSignal.timeout(this.deps.tryTimeoutMs ?? 10_000),
      });
    } catch (err) {
      const why = (err as Error).name === "TimeoutError" ? "did not answer in time" : "could not be reached";
      throw new AppError("GATEWAY_UNREACHABLE", `The webhook gateway ${why} (${previews.gatewayUrl})`);
    }
    // The gateway's refusals of the preview itself (not the bot's replies) name themselves in a header.
    const refusal = res.headers.get(PREVIEW_REFUSAL_HEADER);
    if (refusal !== null) {
      await res.body?.cancel();
      if (refusal === "VERSION_NOT_FOUND") throw new AppError("VERSION_NOT_FOUND");
      if (refusal === "BOT_NOT_FOUND") throw BOT_NOT_FOUND();
      throw new AppError("GATEWAY_UNREACHABLE", "The webhook gateway refused the preview (is SECRET_KEY the same?)");
    }
    return readTryReply(res);
  }

  async code(accountId: string, botId: string): Promise<string> {
    storableId(botId);
    const row = await this.deps.bots.findCode(accountId, botId);
    if (!row) throw BOT_NOT_FOUND();
    return row.code;
  }

  /**
   * Saves code only, as the bot's next version: what runs changes at the next restart. Resolves with the version's
   * number. @see docs/versions.md
   */
  async editCode(
    accountId: string,
    botId: string,
    code: string,
    by: { editor: Editor; message?: string | undefined },
  ): Promise<number> {
    storableId(botId);
    const version = await this.deps.versions.save(accountId, botId, {
      code,
      source: by.editor,
      message: by.message ?? null,
    });
    if (version === undefined) throw BOT_NOT_FOUND();
    return version;
  }

  /**
   * Starts the saved code everywhere: snapshot it as the running code, clear a halt and the limit-incident count,
   * give Telegram a fresh webhook secret, then tell every gateway replica and wait until none can start a call on
   * the old code. Returns a note when the webhook could not be registered. When Redis does not answer, the restart
   * is saved but cannot be confirmed everywhere: 503, and repeating the call is safe.
   *
   * @see docs/management-api.md#restartbot
   */
  async restart(accountId: string, botId: string, options: RestartOptions = {}): Promise<RestartOutcome> {
    storableId(botId);
    const watchS = options.autoRollback ? (this.deps.autoRollbackWindowS ?? AUTO_ROLLBACK_WINDOW_S) : undefined;
    const restarted = await this.deps.bots.markRestarted(accountId, botId, undefined, watchS);
    if (!restarted) throw BOT_NOT_FOUND();
    // The secret changes only once Telegram has taken it, so the row and Telegram always agree on it: a failed
    // setWebhook (or anything failing after it) never leaves the bot unable to receive its updates.
    const outcome: RestartOutcome = restarted.tokenEnc
      ? await this.#registerWebhook(accountId, botId, this.deps.box.decrypt(restarted.tokenEnc))
      : { webhook: "none" };
    // The count lives in Redis so every replica shares it; a restart clears it whether or not any replica has the
    // bot loaded.
    await this.deps.redis.del(this.deps.names.limitHits(botId));
    await this.#publish({ type: "restart", botId, codeVersion: restarted.codeVersion });
    if (!options.autoRollback) return outcome;
    const { watchedUntil, rollbackTo } = restarted;
    return {
      ...outcome,
      autoRollback: watchedUntil !== null && rollbackTo !== null ? { until: watchedUntil, to: rollbackTo } : null,
    };
  }

  async stop(accountId: string, botId: string): Promise<void> {
    storableId(botId);
    if (!(await this.deps.bots.setStatus(accountId, botId, "stopped"))) throw BOT_NOT_FOUND();
    await this.#publish({ type: "stop", botId });
  }

  async delete(accountId: string, botId: string): Promise<void> {
    storableId(botId);
    if (!(await this.deps.bots.delete(accountId, botId))) throw BOT_NOT_FOUND();
    await this.#publish({ type: "delete", botId });
  }

  async setToken(accountId: string, botId: string, token: string): Promise<void> {
    storableId(botId);
    if (!(await this.deps.bots.setToken(accountId, botId, this.deps.box.encrypt(token), sha256(token))))
      throw BOT_NOT_FOUND();
    await this.#publish({ type: "token", botId });
  }

  /** Replaces the whole set of env vars; a running bot gets them at once (calls in flight finish with the old). */
  async setEnv(accountId: string, botId: string, env: Record<string, string>): Promise<void> {
    storableId(botId);
    if (!(await this.deps.bots.setEnv(accountId, botId, this.deps.box.encrypt(JSON.stringify(env)))))
      throw BOT_NOT_FOUND();
    await this.#publish({ type: "env", botId });
  }

  async logs(accountId: string, botId: string, limit: number) {
    storableId(botId);
    if (!(await this.deps.bots.find(accountId, botId))) throw BOT_NOT_FOUND();
    const rows = await this.deps.bots.logs(botId, limit);
    return rows.map((r) => ({ at: r.at.toISOString(), level: r.level, message: r.message }));
  }

  /**
   * Copies code and name into a new bot of the target account and seeds its collections. The new bot and every good
   * collection land in one transaction; a bad collection is reported and left out without stopping the rest.
   */
  async transfer(
    accountId: string,
    input: {
      botId: string;
      targetEmail: string;
      newBotToken?: string;
      runNow: boolean;
      dbProps?: Record<string, unknown>;
    },
  ): Promise<{ newBotId: string; dbProps: SeedReport; started?: RestartOutcome }> {
    if (input.runNow && !input.newBotToken) throw invalidField("run_now", "run_now requires newBotToken");
    storableId(input.botId);
    const source = await this.deps.bots.findCode(accountId, input.botId);
    if (!source) throw BOT_NOT_FOUND();
    await this.#transferLimiter.enforce(
      this.deps.names.key("transfer-lookup", accountId),
      this.deps.transferLookups ?? TRANSFER_LOOKUPS,
      (s) => `Too many transfers from this account; try again in ${s} s`,
    );
    const target = await this.deps.accounts.findByEmail(input.targetEmail);
    if (!target) throw new AppError("TARGET_ACCOUNT_NOT_FOUND");

    const { report, seeds } = prepareSeeds(input.dbProps ?? {});
    const newBotId = newId(20);
    await this.deps.bots.transaction(async (tx) => {
      const plan = await this.deps.quotas.reserveBot(tx, target.id);
      await this.deps.quotas.applyStoreQuota(tx, plan);
      await this.deps.bots.insert(
        {
          id: newBotId,
          accountId: target.id,
          name: source.name,
          code: source.code,
          tokenEnc: input.newBotToken ? this.deps.box.encrypt(input.newBotToken) : null,
          tokenHash: input.newBotToken ? sha256(input.newBotToken) : null,
        },
        tx,
      );
      await this.deps.versions.first(tx, newBotId, { code: source.code, source: "transfer" });
      for (const [collection, docs] of seeds) {
        // A collection over the account's stored-data quota is reported and left out, as a bad one is.
        report[collection] = await this.deps.bots.insertDocumentsWithinQuota(tx, newBotId, collection, docs);
      }
    });
    await this.#announce({ type: "create", botId: newBotId });
    if (input.runNow) {
      return { newBotId, dbProps: report, started: await this.restart(target.id, newBotId) };
    }
    return { newBotId, dbProps: report };
  }

  /**
   * Gives Telegram a fresh secret, then saves its hash. Two restarts of one bot at once (two tabs, a script and the
   * dashboard, two management replicas) take turns: otherwise Telegram could keep the secret of one and the row the
   * hash of the other, and every update would be refused with 401 until the next restart. The turn lasts at most the
   * Telegram call's timeout (10 s) and a write.
   */
  async #registerWebhook(accountId: string, botId: string, token: string) {
    return withRedisLock(this.deps.redis, this.deps.names.webhookLock(botId), WEBHOOK_LOCK, () =>
      this.#setWebhook(accountId, botId, token),
    );
  }

  async #setWebhook(accountId: string, botId: string, token: string) {
    const secret = randomToken(32);
    try {
      await this.deps.telegram.call(token, "setWebhook", {
        url: `${this.deps.webhookBaseUrl}/telegram/${botId}`,
        secret_token: secret,
        allowed_updates: [],
      });
      await this.deps.bots.setWebhookSecret(botId, sha256(secret));
      return { webhook: "registered" as const };
    } catch (err) {
      const reason = err instanceof TelegramApiError ? `${err.errorCode} ${err.description}` : (err as Error).message;
      const safe = scrubSecrets(reason);
      if (err instanceof TelegramApiError && err.errorCode === 401) {
        await this.deps.bots.setStatus(accountId, botId, "halted", "Telegram rejected the bot token");
        await this.#publish({ type: "halt", botId });
      }
      await this.deps.bots.appendLog(botId, "error", `setWebhook failed: ${safe}`).catch(() => {});
      this.deps.logger.warn({ botId, reason: safe }, "setWebhook failed");
      return { webhook: "failed" as const, reason: safe };
    }
  }

  /**
   * Tells every gateway and waits until none can start a call on the state before `event` (read your restart). A
   * Redis that does not answer fails the operation with 503: the row is committed, and repeating the call is safe.
   */
  async #publish(event: BotEvent): Promise<void> {
    await this.deps.events.publish(event, { awaitAcks: true });
  }

  /**
   * Tells the gateways about a new bot (they forget that its id was unknown). A failure is logged, not returned: the
   * bot exists, and failing would make a retry create a second one; gateways that missed it see it once their
   * subscription recovers or their negative cache entry ages out.
   */
  async #announce(event: BotEvent): Promise<void> {
    await this.deps.events.publish(event, { awaitAcks: true }).catch((err: unknown) => {
      this.deps.logger.warn({ err, botId: event.botId, type: event.type }, "publishing bot event failed");
    });
  }
}

/** Splits dbProps into collections to insert and the report of the ones refused. */
function prepareSeeds(dbProps: Record<string, unknown>): { report: SeedReport; seeds: Map<string, SeedDocument[]> } {
  // No prototype: a collection named "__proto__" must be reported like any other bad name, not set a prototype.
  const report: SeedReport = Object.create(null) as SeedReport;
  const seeds = new Map<string, SeedDocument[]>();
  for (const [collection, value] of Object.entries(dbProps)) {
    const nameProblem = collectionNameProblem(collection);
    if (nameProblem) {
      report[collection] = { inserted: 0, error: nameProblem };
      continue;
    }
    if (!Array.isArray(value)) {
      report[collection] = { inserted: 0, error: "value must be an array of documents" };
      continue;
    }
    const docs: SeedDocument[] = [];
    let problem: string | undefined;
    for (const [i, raw] of value.entries()) {
      // First what Postgres cannot store (NUL, unpaired surrogates, absurd nesting): checked without deep recursion,
      // so a document nested 100,000 levels fails its collection instead of overflowing the stack.
      const unstorable = findUnstorableText(raw, "");
      if (unstorable) {
        problem = `document ${i}: ${unstorableTextMessage({ ...unstorable, path: unstorable.path || "document" })}`;
        break;
      }
      const prepared = prepareDocument(raw);
      if (typeof prepared === "string") {
        problem = `document ${i}: ${prepared}`;
        break;
      }
      docs.push(prepared);
    }
    if (problem) report[collection] = { inserted: 0, error: problem };
    else seeds.set(collection, docs);
  }
  return { report, seeds };
}

/** A Try it reply as the dashboard shows it: the status, the headers but cookies, and the body (JSON parsed). */
async function readTryReply(res: Response): Promise<TryReply> {
  const text = await res.text();
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  let body: unknown = text.length > TRY_BODY_LIMIT ? `${text.slice(0, TRY_BODY_LIMIT)}…` : text;
  if ((res.headers.get("content-type") ?? "").includes("json") && text.length <= TRY_BODY_LIMIT) {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // Not JSON after all: shown as text.
    }
  }
  return { status: res.status, headers, body };
}
