/**
 * The whole platform as `pnpm start` runs it: the webhook gateway, management and the broadcast worker as processes
 * (`node --import tsx src/main.ts`, see packages/faults' ServiceProcess) on ephemeral ports, one fresh database on the
 * test server (never DATABASE_URL), one Redis prefix of its own, and the fake Bot API as TELEGRAM_API_ROOT. Tests
 * reach it only the way owners, Telegram and bot users do: HTTP to the three services, and what the fake Bot API
 * recorded. The owner signs up through the dashboard API and reads the API key from Settings.
 *
 * @see docs/testing.md#cross-service-suite
 */
import { randomUUID } from "node:crypto";
import { createRedis } from "@botyard/common/redis";
import { waitFor } from "@botyard/testing";
import { createTestDatabase, type TestDatabase } from "@botyard/db/testing";
import { FakeTelegram, type RecordedCall } from "@botyard/fake-telegram";
import { postJson, timed, type TimedReply } from "@botyard/faults/http";
import { type ServiceName, ServiceProcess } from "@botyard/faults/service-process";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const SECRET_KEY = "system-tests-secret-key-0123456789";

/**
 * Broadcast pace of the worker: slow enough that a job of 60 recipients runs for 3 s (a cancel lands mid-job), fast
 * enough that a delivery case takes a couple of seconds.
 */
export const BROADCAST_RATE = 20;
/** Handler time limit of the gateway: a looping handler is stopped (one incident) well within a test. */
export const HANDLER_TIMEOUT_MS = 300;

/** How often the gateway and the worker write their usage counts: 10 s in production, short here. */
export const USAGE_FLUSH_MS = 200;

/** A bot as the tests drive it. */
export interface SystemBot {
  botId: string;
  token: string;
}

/** A running platform; {@link System.close} stops everything it started and deletes what it left behind. */
export class System {
  readonly prefix = `botyard-system-${randomUUID().slice(0, 8)}`;
  readonly #services = new Map<ServiceName, ServiceProcess>();
  #apiKey = "";
  #bots = 0;

  private constructor(
    readonly database: TestDatabase,
    readonly fake: FakeTelegram,
  ) {}

  /** Starts the gateway first (management gives its address to setWebhook), then management and the worker. */
  static async start(): Promise<System> {
    const database = await createTestDatabase();
    const system = new System(database, await FakeTelegram.start());
    try {
      await system.#start("webhook-gateway", { HANDLER_TIMEOUT_MS: String(HANDLER_TIMEOUT_MS) });
      await Promise.all([
        system.#start("management", { WEBHOOK_BASE_URL: system.gateway.url("") }),
        system.#start("broadcast-worker", { BROADCAST_RATE: String(BROADCAST_RATE) }),
      ]);
      await system.#signUp();
    } catch (err) {
      await system.close();
      throw err;
    }
    return system;
  }

  get gateway(): ServiceProcess {
    return this.#get("webhook-gateway");
  }

  get management(): ServiceProcess {
    return this.#get("management");
  }

  /** Calls an /apiv3 operation as the owner. */
  op(name: string, fields: Record<string, unknown> = {}): Promise<TimedReply> {
    return postJson(this.management.url(`/apiv3/${name}`), { apiKey: this.#apiKey, ...fields });
  }

  /** Calls an /apiv3 operation and resolves with its body; throws unless it answered 200. */
  async ok(name: string, fields: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const reply = await this.op(name, fields);
    if (reply.status !== 200) throw new Error(`${name} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    return reply.body as Record<string, unknown>;
  }

  /** createBot with `code`, then restartBot, so it runs and Telegram has its webhook secret. */
  async createBot(code: string): Promise<SystemBot> {
    const n = ++this.#bots;
    const token = `${800000 + n}:AAH${randomUUID().replace(/-/g, "")}`;
    const { botId } = (await this.ok("createBot", { name: `system ${n}`, botToken: token, code })) as {
      botId: string;
    };
    await this.ok("restartBot", { botId });
    return { botId, token };
  }

  /** The setWebhook calls the fake Bot API received for the bot, oldest first. */
  setWebhookCalls(bot: SystemBot): RecordedCall[] {
    return this.fake.callsOf("setWebhook", bot.token);
  }

  /** The secret_token of the bot's last setWebhook (each restartBot gives a new one). */
  webhookSecret(bot: SystemBot): string {
    return String(this.setWebhookCalls(bot).at(-1)?.params.secret_token ?? "");
  }

  /** Telegram delivering a private message from `chatId` to the gateway's intake, with `secret` in the header. */
  telegramUpdate(bot: SystemBot, chatId: number, text: string, secret = this.webhookSecret(bot)): Promise<TimedReply> {
    const update = {
      update_id: Math.floor(Math.random() * 1e9),
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        text,
        from: { id: chatId, is_bot: false, first_name: `User ${chatId}`, language_code: "en" },
        chat: { id: chatId, type: "private" },
      },
    };
    return postJson(this.gateway.url(`/telegram/${bot.botId}`), update, {
      "X-Telegram-Bot-Api-Secret-Token": secret,
    });
  }

  /** GET /custom/<botId>/<path> on the gateway. */
  webhook(bot: SystemBot, path: string): Promise<TimedReply> {
    return timed(this.gateway.url(`/custom/${bot.botId}/${path}`));
  }

  /** POST /broadcast as the bot's owner would send it (the bot's token in X-Bot-Token). */
  broadcast(bot: SystemBot, body: Record<string, unknown>): Promise<TimedReply> {
    return postJson(this.management.url("/broadcast"), { botId: bot.botId, ...body }, { "X-Bot-Token": bot.token });
  }

  /** GET /broadcast/:jobId: the job as management shows it. */
  async job(bot: SystemBot, jobId: string): Promise<Record<string, unknown>> {
    const reply = await timed(this.management.url(`/broadcast/${jobId}?botId=${bot.botId}`), {
      headers: { "X-Bot-Token": bot.token },
    });
    if (reply.status !== 200) throw new Error(`GET /broadcast/${jobId} answered ${reply.status}`);
    return (reply.body as { job: Record<string, unknown> }).job;
  }

  /** Polls the job until its status is `status`; resolves with it. */
  jobWithStatus(bot: SystemBot, jobId: string, status: string): Promise<Record<string, unknown>> {
    return waitFor(
      async () => {
        const job = await this.job(bot, jobId);
        return job.status === status ? job : undefined;
      },
      { timeoutMs: 20_000, what: `job ${jobId} ${status}` },
    );
  }

  /** DELETE /broadcast/:jobId. */
  cancel(bot: SystemBot, jobId: string): Promise<TimedReply> {
    return timed(this.management.url(`/broadcast/${jobId}`), {
      method: "DELETE",
      headers: { "content-type": "application/json", "X-Bot-Token": bot.token },
      body: JSON.stringify({ botId: bot.botId }),
    });
  }

  /**
   * Stops the gateway (SIGTERM; it drains and exits) and starts a new gateway process on the same port, so the
   * address management gave setWebhook stays right. The new process has no bot loaded.
   */
  async restartGateway(): Promise<void> {
    const old = this.gateway;
    old.signal("SIGTERM");
    const exit = await old.exited;
    if (exit.code !== 0) throw new Error(`the gateway exited with ${exit.code ?? exit.signal}`);
    await this.#start("webhook-gateway", {
      HANDLER_TIMEOUT_MS: String(HANDLER_TIMEOUT_MS),
      GATEWAY_PORT: String(old.port),
    });
  }

  /** Kills what still runs, stops the fake, drops the database and deletes the keys left under the prefix. */
  async close(): Promise<void> {
    await Promise.all([...this.#services.values()].map((s) => s.stop()));
    await this.fake.close();
    await this.database.drop();
    const redis = createRedis(REDIS_URL);
    try {
      // The prefix's own keys and BullMQ's (whose prefix is a hash tag, `{prefix}:bull`).
      for (const pattern of [`${this.prefix}*`, `{${this.prefix}}*`]) {
        const keys: string[] = [];
        for await (const batch of redis.scanStream({ match: pattern, count: 500 })) keys.push(...(batch as string[]));
        if (keys.length > 0) await redis.del(...keys);
      }
    } finally {
      redis.disconnect();
    }
  }

  async #start(name: ServiceName, extra: Record<string, string>): Promise<void> {
    const service = await ServiceProcess.start(name, {
      DATABASE_URL: this.database.url,
      REDIS_URL,
      REDIS_PREFIX: this.prefix,
      SECRET_KEY,
      TELEGRAM_API_ROOT: this.fake.apiRoot,
      // Usage counts reach Postgres within a test's patience (docs/operations.md#usage-metering).
      USAGE_FLUSH_MS: String(USAGE_FLUSH_MS),
      ...extra,
    });
    this.#services.set(name, service);
  }

  /** Signs up on the dashboard API (same-origin, as the browser would) and reads the API key from Settings. */
  async #signUp(): Promise<void> {
    const origin = this.management.url("");
    const signUp = await fetch(this.management.url("/api/auth/signup"), {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email: `${this.prefix}@example.com`, password: "correct horse battery" }),
    });
    if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const key = await fetch(this.management.url("/api/settings/api-key"), { headers: { cookie, origin } });
    if (key.status !== 200) throw new Error(`GET /api/settings/api-key answered ${key.status}`);
    this.#apiKey = ((await key.json()) as { apiKey: string }).apiKey;
  }

  #get(name: ServiceName): ServiceProcess {
    const service = this.#services.get(name);
    if (!service) throw new Error(`${name} is not running`);
    return service;
  }
}
