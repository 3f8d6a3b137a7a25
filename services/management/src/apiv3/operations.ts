/**
 * The /apiv3 operations: each reads its fields, calls the bot service, and shapes the success reply. The spec's four
 * (restartBot, transferBot, editBotCoreLogic, getbotCode) plus the CONTRACT's owner tools.
 */
import { HttpError } from "@botyard/common";
import { botView, type BotService } from "../bots/bot-service.js";
import { normalizeEmail } from "../accounts/account-service.js";
import type { Fields } from "./fields.js";

/** Largest code file, in UTF-8 bytes. */
export const MAX_CODE_BYTES = 1024 * 1024;
const MAX_ENV_VARS = 100;
const MAX_ENV_VALUE = 4096;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const TOKEN_SHAPE = /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/;

/** A successful reply's message and extra fields. */
export interface OperationResult {
  msg: string;
  [field: string]: unknown;
}

/** An operation of the authenticated account. */
export type Operation = (service: BotService, accountId: string, fields: Fields) => Promise<OperationResult>;

function code(fields: Fields, name: string): string {
  const value = fields.text(name);
  if (Buffer.byteLength(value, "utf8") > MAX_CODE_BYTES) throw new HttpError(413, `${name} is larger than 1 MiB`);
  return value;
}

function token(fields: Fields, name: string, required: true): string;
function token(fields: Fields, name: string, required: false): string | undefined;
function token(fields: Fields, name: string, required: boolean): string | undefined {
  const value = required ? fields.string(name) : fields.optionalString(name);
  if (value !== undefined && !TOKEN_SHAPE.test(value)) throw new HttpError(400, `${name} is not a Telegram bot token (expected 123456:ABC…)`);
  return value;
}

function env(fields: Fields): Record<string, string> {
  const value = fields.object("env");
  if (!value) throw new HttpError(400, "env is required");
  const entries = Object.entries(value);
  if (entries.length > MAX_ENV_VARS) throw new HttpError(400, `env may hold at most ${MAX_ENV_VARS} variables`);
  for (const [name, v] of entries) {
    if (!ENV_NAME.test(name)) throw new HttpError(400, `env name '${name.slice(0, 64)}' must be letters, digits and _, not starting with a digit`);
    if (typeof v !== "string") throw new HttpError(400, `env.${name} must be a string`);
    if (v.length > MAX_ENV_VALUE) throw new HttpError(400, `env.${name} must be at most ${MAX_ENV_VALUE} characters`);
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

/** The operations by name, as they appear in `/apiv3/:op`. */
export const operations: Record<string, Operation> = {
  async restartBot(service, accountId, fields) {
    const botId = fields.string("botId");
    const outcome = await service.restart(accountId, botId);
    const note = outcome.webhook === "failed" ? `; webhook registration failed: ${outcome.reason}` : "";
    return { msg: `Bot ${botId} restarted${note}`, webhook: outcome.webhook };
  },

  async transferBot(service, accountId, fields) {
    const botId = fields.string("botId");
    const targetEmail = normalizeEmail(fields.string("targetEmail"));
    const newBotToken = token(fields, "newBotToken", false);
    const runNow = fields.boolean("run_now") ?? false;
    const dbProps = fields.object("dbProps");
    const result = await service.transfer(accountId, { botId, targetEmail, newBotToken, runNow, dbProps });
    return { msg: `Bot transferred to ${targetEmail}`, newBotId: result.newBotId, dbProps: result.dbProps };
  },

  async editBotCoreLogic(service, accountId, fields) {
    const botId = fields.string("botId");
    await service.editCode(accountId, botId, code(fields, "newCode"));
    return { msg: "Code saved; it takes effect at the next restart" };
  },

  async getbotCode(service, accountId, fields) {
    const botId = fields.string("botId");
    return { msg: "Bot code", data: await service.code(accountId, botId) };
  },

  async createBot(service, accountId, fields) {
    const name = fields.optionalString("name", 128);
    const botToken = token(fields, "botToken", false);
    const source = fields.optionalString("code") === undefined ? undefined : code(fields, "code");
    const botId = await service.create(accountId, { name, botToken, code: source });
    return { msg: "Bot created", botId };
  },

  async listBots(service, accountId) {
    const bots = await service.list(accountId);
    return { msg: `${bots.length} bots`, bots: bots.map((b) => ({ botId: b.id, name: b.name, status: b.status })) };
  },

  async getBot(service, accountId, fields) {
    return { msg: "Bot", bot: botView(await service.get(accountId, fields.string("botId"))) };
  },

  async deleteBot(service, accountId, fields) {
    await service.delete(accountId, fields.string("botId"));
    return { msg: "Bot deleted" };
  },

  async stopBot(service, accountId, fields) {
    await service.stop(accountId, fields.string("botId"));
    return { msg: "Bot stopped" };
  },

  async setBotToken(service, accountId, fields) {
    const botId = fields.string("botId");
    await service.setToken(accountId, botId, token(fields, "botToken", true));
    return { msg: "Bot token saved; restart the bot to register its webhook" };
  },

  async setBotEnv(service, accountId, fields) {
    const botId = fields.string("botId");
    const vars = env(fields);
    await service.setEnv(accountId, botId, vars);
    return { msg: `${Object.keys(vars).length} env vars saved` };
  },

  async getBotLogs(service, accountId, fields) {
    const botId = fields.string("botId");
    const limit = fields.integer("limit", 1, 200) ?? 50;
    return { msg: "Bot logs", logs: await service.logs(accountId, botId, limit) };
  },
};
