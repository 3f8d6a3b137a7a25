/**
 * The rules of the management ops: ownership (a foreign bot is as absent as a missing one), restart semantics
 * (snapshot the saved code, fresh webhook secret, setWebhook, restart event), token and env sealing, transfers.
 */
import {
  AppError,
  invalidField,
  newId,
  randomToken,
  scrubSecrets,
  sha256,
  collectionNameProblem,
  findUnstorableText,
  isStorableText,
  prepareDocument,
  unstorableTextMessage,
  type BotEvent,
  type BotEventBus,
  type Logger,
  type RedisConnection,
  type RedisNames,
  type SecretBox,
} from "@botyard/common";
import { TelegramApiError, type TelegramClient } from "@botyard/telegram";
import type { AccountRepository } from "../accounts/account-repository.js";
import type { BotRepository, BotSummary, SeedDocument } from "./bot-repository.js";

/** Everything the service talks to. */
export interface BotServiceDeps {
  bots: BotRepository;
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
}

/** Per-collection result of dbProps seeding. */
export type SeedReport = Record<string, { inserted: number; error?: string }>;

const BOT_NOT_FOUND = () => new AppError("BOT_NOT_FOUND");

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
  };
}

/** Management operations on the bots of one account. */
export class BotService {
  constructor(private readonly deps: BotServiceDeps) {}

  async create(accountId: string, input: { name?: string; code?: string; botToken?: string }): Promise<string> {
    const id = newId(20);
    await this.deps.bots.insert({
      id,
      accountId,
      name: input.name ?? "",
      code: input.code ?? "",
      tokenEnc: input.botToken ? this.deps.box.encrypt(input.botToken) : null,
      tokenHash: input.botToken ? sha256(input.botToken) : null,
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

  async code(accountId: string, botId: string): Promise<string> {
    storableId(botId);
    const row = await this.deps.bots.findCode(accountId, botId);
    if (!row) throw BOT_NOT_FOUND();
    return row.code;
  }

  /** Saves code only: what runs changes at the next restart. */
  async editCode(accountId: string, botId: string, code: string): Promise<void> {
    storableId(botId);
    if (!(await this.deps.bots.saveCode(accountId, botId, code))) throw BOT_NOT_FOUND();
  }

  /**
   * Starts the saved code everywhere: snapshot it as the running code, clear a halt and the limit-incident count,
   * give Telegram a fresh webhook secret, then tell every gateway replica and wait until none can start a call on
   * the old code. Returns a note when the webhook could not be registered. When Redis does not answer, the restart
   * is saved but cannot be confirmed everywhere: 503, and repeating the call is safe.
   *
   * @see docs/management-api.md#restartbot
   */
  async restart(
    accountId: string,
    botId: string,
  ): Promise<{ webhook: "registered" | "none" | "failed"; reason?: string }> {
    storableId(botId);
    const restarted = await this.deps.bots.markRestarted(accountId, botId);
    if (!restarted) throw BOT_NOT_FOUND();
    // The secret changes only once Telegram has taken it, so the row and Telegram always agree on it: a failed
    // setWebhook (or anything failing after it) never leaves the bot unable to receive its updates.
    const outcome: { webhook: "registered" | "none" | "failed"; reason?: string } = restarted.tokenEnc
      ? await this.#registerWebhook(accountId, botId, this.deps.box.decrypt(restarted.tokenEnc))
      : { webhook: "none" };
    // The count lives in Redis so every replica shares it; a restart clears it whether or not any replica has the
    // bot loaded.
    await this.deps.redis.del(this.deps.names.limitHits(botId));
    await this.#publish({ type: "restart", botId, codeVersion: restarted.codeVersion });
    return outcome;
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
  ): Promise<{ newBotId: string; dbProps: SeedReport; webhook?: string }> {
    if (input.runNow && !input.newBotToken) throw invalidField("run_now", "run_now requires newBotToken");
    storableId(input.botId);
    const source = await this.deps.bots.findCode(accountId, input.botId);
    if (!source) throw BOT_NOT_FOUND();
    const target = await this.deps.accounts.findByEmail(input.targetEmail);
    if (!target) throw new AppError("TARGET_ACCOUNT_NOT_FOUND");

    const { report, seeds } = prepareSeeds(input.dbProps ?? {});
    const newBotId = newId(20);
    await this.deps.bots.transaction(async (tx) => {
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
      for (const [collection, docs] of seeds) {
        report[collection] = { inserted: await this.deps.bots.insertDocuments(tx, newBotId, collection, docs) };
      }
    });
    await this.#announce({ type: "create", botId: newBotId });
    if (input.runNow) {
      const outcome = await this.restart(target.id, newBotId);
      return { newBotId, dbProps: report, webhook: outcome.webhook };
    }
    return { newBotId, dbProps: report };
  }

  async #registerWebhook(accountId: string, botId: string, token: string) {
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
