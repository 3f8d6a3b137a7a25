/**
 * The three services as processes on one Postgres database and one Redis prefix, with the fake Bot API, plus an
 * owner and a running bot made through the public interfaces (the CLI and /apiv3), as a user would.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { promisify } from "node:util";
import { FakeTelegram } from "@botyard/fake-telegram";
import { postJson } from "./http.js";
import { root, type ServiceName, ServiceProcess, serviceEnv } from "./service-process.js";

export const SECRET_KEY = "faults-secret-key-0123456789abcdef";

/**
 * The test bot: `ping` answers at once; `slow` first calls the Bot API (so the test sees, at the fake, that the
 * request is being handled) and answers when that call returns; Telegram messages are accepted and ignored.
 */
export const BOT_CODE = `
logic['ping'] = async () => ({ pong: true });
logic['slow'] = async () => { await bot.telegram.sendMessage(1, 'slow'); return { slow: true }; };
bot.on('message', () => {});
`;

/** A bot as the tests drive it. */
export interface PlatformBot {
  botId: string;
  token: string;
}

/** Settings every service of one platform shares. */
export interface PlatformSettings {
  databaseUrl: string;
  redisUrl: string;
  /** Extra variables for every service. */
  extra?: Record<string, string>;
}

/** A running platform. */
export class Platform {
  readonly services = new Map<ServiceName, ServiceProcess>();
  readonly prefix = `botyard-faults-${randomUUID().slice(0, 8)}`;
  apiKey = "";

  private constructor(
    readonly settings: PlatformSettings,
    readonly fake: FakeTelegram,
  ) {}

  /** Starts the gateway first (management needs its address for setWebhook), then management and the worker. */
  static async start(settings: PlatformSettings): Promise<Platform> {
    const platform = new Platform(settings, await FakeTelegram.start());
    await platform.startService("webhook-gateway");
    await Promise.all([platform.startService("management"), platform.startService("broadcast-worker")]);
    return platform;
  }

  /** Environment of every service. */
  env(): Record<string, string> {
    const gateway = this.services.get("webhook-gateway");
    return {
      DATABASE_URL: this.settings.databaseUrl,
      REDIS_URL: this.settings.redisUrl,
      REDIS_PREFIX: this.prefix,
      SECRET_KEY,
      TELEGRAM_API_ROOT: this.fake.apiRoot,
      ...(gateway ? { WEBHOOK_BASE_URL: `http://127.0.0.1:${gateway.port}` } : {}),
      ...this.settings.extra,
    };
  }

  /** Starts one service (again, after a kill), in place of the one of that name, which is killed if it runs. */
  async startService(name: ServiceName, extra: Record<string, string> = {}): Promise<ServiceProcess> {
    await this.services.get(name)?.stop();
    const service = await ServiceProcess.start(name, { ...this.env(), ...extra });
    this.services.set(name, service);
    return service;
  }

  get management(): ServiceProcess {
    return this.#get("management");
  }

  get gateway(): ServiceProcess {
    return this.#get("webhook-gateway");
  }

  get worker(): ServiceProcess {
    return this.#get("broadcast-worker");
  }

  /** Creates the owner with the operator CLI, as an operator would. */
  async createOwner(): Promise<string> {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        "--import",
        "tsx",
        join(root, "services/management/src/cli/main.ts"),
        "user:create",
        "--email",
        `${this.prefix}@example.com`,
      ],
      { cwd: root, env: serviceEnv(this.env()) },
    );
    this.apiKey = (JSON.parse(stdout) as { apiKey: string }).apiKey;
    return this.apiKey;
  }

  /** Creates a bot with {@link BOT_CODE} through /apiv3 and restarts it, so it runs and has a webhook secret. */
  async createBot(n = 1): Promise<PlatformBot> {
    const token = `${700000 + n}:AAH${randomUUID().replace(/-/g, "")}`;
    const created = await postJson(this.management.url("/apiv3/createBot"), {
      apiKey: this.apiKey,
      name: `faults-${n}`,
      botToken: token,
      code: BOT_CODE,
    });
    if (created.status !== 200) throw new Error(`createBot: ${JSON.stringify(created.body)}`);
    const { botId } = created.body as { botId: string };
    const restarted = await this.restartBot(botId);
    if (restarted.status !== 200) throw new Error(`restartBot: ${JSON.stringify(restarted.body)}`);
    return { botId, token };
  }

  restartBot(botId: string) {
    return postJson(this.management.url("/apiv3/restartBot"), { apiKey: this.apiKey, botId });
  }

  listBots() {
    return postJson(this.management.url("/apiv3/listBots"), { apiKey: this.apiKey });
  }

  broadcast(bot: PlatformBot, text: string) {
    return postJson(this.management.url("/broadcast"), { botId: bot.botId, text }, { "X-Bot-Token": bot.token });
  }

  /** The secret_token the bot's last restart gave to setWebhook (each restart rotates it). */
  webhookSecret(bot: PlatformBot): string {
    return String(this.fake.callsOf("setWebhook", bot.token).at(-1)?.params.secret_token);
  }

  /** Delivers a Telegram update (a private message from `chatId`) to the gateway's intake, with the current secret. */
  telegramUpdate(bot: PlatformBot, chatId: number, secret = this.webhookSecret(bot)) {
    const update = {
      update_id: chatId,
      message: {
        message_id: 1,
        date: 0,
        text: "hello",
        from: { id: chatId, is_bot: false, first_name: "Fault", language_code: "en" },
        chat: { id: chatId, type: "private" },
      },
    };
    return postJson(this.gateway.url(`/telegram/${bot.botId}`), update, {
      "X-Telegram-Bot-Api-Secret-Token": secret,
    });
  }

  /** Kills whatever still runs. */
  async close(): Promise<void> {
    await Promise.all([...this.services.values()].map((s) => s.stop()));
    await this.fake.close();
  }

  #get(name: ServiceName): ServiceProcess {
    const service = this.services.get(name);
    if (!service) throw new Error(`${name} is not running`);
    return service;
  }
}
