/**
 * The rules of the management ops: ownership (a foreign bot is as absent as a missing one), restart semantics
 * (snapshot the saved code, fresh webhook secret, setWebhook, restart event), token and env sealing, transfers.
 */
import {
  HttpError,
  newId,
  publishBotEvent,
  randomToken,
  scrubSecrets,
  sha256,
  collectionNameProblem,
  prepareDocument,
  type BotEvent,
  type Logger,
  type Redis,
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
  redis: Redis;
  names: RedisNames;
  logger: Logger;
  /** Public base of the gateway (WEBHOOK_BASE_URL). */
  webhookBaseUrl: string;
}

/** Per-collection result of dbProps seeding. */
export type SeedReport = Record<string, { inserted: number; error?: string }>;

const BOT_NOT_FOUND = () => new HttpError(404, "Bot not found");

/** The public view of a bot. */
export function botView(bot: BotSummary) {
  return {
    botId: bot.id,
    name: bot.name,
    status: bot.status,
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
    return id;
  }

  list(accountId: string): Promise<BotSummary[]> {
    return this.deps.bots.list(accountId);
  }

  async get(accountId: string, botId: string): Promise<BotSummary> {
    const bot = await this.deps.bots.find(accountId, botId);
    if (!bot) throw BOT_NOT_FOUND();
    return bot;
  }

  async code(accountId: string, botId: string): Promise<string> {
    const row = await this.deps.bots.findCode(accountId, botId);
    if (!row) throw BOT_NOT_FOUND();
    return row.code;
  }

  /** Saves code only: what runs changes at the next restart. */
  async editCode(accountId: string, botId: string, code: string): Promise<void> {
    if (!(await this.deps.bots.saveCode(accountId, botId, code))) throw BOT_NOT_FOUND();
  }

  /**
   * Starts the saved code everywhere: snapshot it as the running code, clear a halt, give Telegram a fresh webhook
   * secret, and tell every gateway replica. Returns a note when the webhook could not be registered.
   */
  async restart(accountId: string, botId: string): Promise<{ webhook: "registered" | "none" | "failed"; reason?: string }> {
    const secret = randomToken(32);
    const restarted = await this.deps.bots.markRestarted(accountId, botId, sha256(secret));
    if (!restarted) throw BOT_NOT_FOUND();
    let outcome: { webhook: "registered" | "none" | "failed"; reason?: string } = { webhook: "none" };
    if (restarted.tokenEnc) outcome = await this.#registerWebhook(accountId, botId, this.deps.box.decrypt(restarted.tokenEnc), secret);
    await this.#publish({ type: "restart", botId, codeVersion: restarted.codeVersion });
    return outcome;
  }

  async stop(accountId: string, botId: string): Promise<void> {
    if (!(await this.deps.bots.setStatus(accountId, botId, "stopped"))) throw BOT_NOT_FOUND();
    await this.#publish({ type: "stop", botId });
  }

  async delete(accountId: string, botId: string): Promise<void> {
    if (!(await this.deps.bots.delete(accountId, botId))) throw BOT_NOT_FOUND();
    await this.#publish({ type: "delete", botId });
  }

  async setToken(accountId: string, botId: string, token: string): Promise<void> {
    if (!(await this.deps.bots.setToken(accountId, botId, this.deps.box.encrypt(token), sha256(token)))) throw BOT_NOT_FOUND();
  }

  /** Replaces the whole set of env vars. */
  async setEnv(accountId: string, botId: string, env: Record<string, string>): Promise<void> {
    if (!(await this.deps.bots.setEnv(accountId, botId, this.deps.box.encrypt(JSON.stringify(env))))) throw BOT_NOT_FOUND();
    await this.#publish({ type: "env", botId });
  }

  async logs(accountId: string, botId: string, limit: number) {
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
    input: { botId: string; targetEmail: string; newBotToken?: string; runNow: boolean; dbProps?: Record<string, unknown> },
  ): Promise<{ newBotId: string; dbProps: SeedReport; webhook?: string }> {
    if (input.runNow && !input.newBotToken) throw new HttpError(400, "run_now requires newBotToken");
    const source = await this.deps.bots.findCode(accountId, input.botId);
    if (!source) throw BOT_NOT_FOUND();
    const target = await this.deps.accounts.findByEmail(input.targetEmail);
    if (!target) throw new HttpError(404, "Target account not found");

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
    if (input.runNow) {
      const outcome = await this.restart(target.id, newBotId);
      return { newBotId, dbProps: report, webhook: outcome.webhook };
    }
    return { newBotId, dbProps: report };
  }

  async #registerWebhook(accountId: string, botId: string, token: string, secret: string) {
    try {
      await this.deps.telegram.call(token, "setWebhook", {
        url: `${this.deps.webhookBaseUrl}/telegram/${botId}`,
        secret_token: secret,
        allowed_updates: [],
      });
      return { webhook: "registered" as const };
    } catch (err) {
      const reason = err instanceof TelegramApiError ? `${err.errorCode} ${err.description}` : (err as Error).message;
      const safe = scrubSecrets(reason);
      if (err instanceof TelegramApiError && err.errorCode === 401) {
        await this.deps.bots.setStatus(accountId, botId, "halted", "Telegram rejected the bot token");
      }
      await this.deps.bots.appendLog(botId, "error", `setWebhook failed: ${safe}`).catch(() => {});
      this.deps.logger.warn({ botId, reason: safe }, "setWebhook failed");
      return { webhook: "failed" as const, reason: safe };
    }
  }

  async #publish(event: BotEvent): Promise<void> {
    try {
      await publishBotEvent(this.deps.redis, this.deps.names, event);
    } catch (err) {
      // The row is committed; gateways also re-read it on their own schedule, so a lost event only delays the change.
      this.deps.logger.error({ err, botId: event.botId, type: event.type }, "publishing bot event failed");
    }
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
