/**
 * The whole platform as `pnpm start` runs it: the webhook gateway, management and the broadcast worker as processes
 * (`node --import tsx src/main.ts`, see packages/faults' ServiceProcess) on ephemeral ports, one fresh database on the
 * test server (never DATABASE_URL), one Redis prefix of its own, and the fake Bot API as TELEGRAM_API_ROOT. Tests
 * reach it only the way owners, Telegram and bot users do: HTTP to the three services, and what the fake Bot API
 * recorded. The owner signs up through the dashboard API and reads the API key from Settings.
 *
 * @see docs/testing.md#cross-service-suite
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { createRedis } from "@botyard/common/redis";
import { waitFor } from "@botyard/testing";
import { createTestDatabase, type TestDatabase } from "@botyard/db/testing";
import { FakeTelegram, type RecordedCall } from "@botyard/fake-telegram";
import { postJson, timed, type TimedReply } from "@botyard/faults/http";
import { root, type ServiceName, ServiceProcess, serviceEnv } from "@botyard/faults/service-process";

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

/** The owner's password, for every account the suite signs up. */
export const PASSWORD = "correct horse battery";

/** A bot as the tests drive it. */
export interface SystemBot {
  botId: string;
  token: string;
}

/** How a test's platform differs from the suite's own settings. */
export interface SystemOptions {
  /**
   * Environment per service, over the suite's settings (a later value wins: `HANDLER_TIMEOUT_MS` here replaces the
   * suite's). Management's also reaches {@link System.cli}, as an operator's shell would share it.
   */
  env?: Partial<Record<ServiceName, Record<string, string>>>;
  /**
   * The Redis every service uses, in place of the shared one: a test that flushes or kills Redis gives a server of its
   * own (@botyard/faults' ThrowawayRedis), so no other suite loses its keys. @defaultValue REDIS_URL or 6379
   */
  redisUrl?: string;
}

/** A signed-up owner: their API key for /apiv3, and a dashboard session for /api. */
export class Owner {
  constructor(
    readonly system: System,
    readonly email: string,
    readonly apiKey: string,
    /** The `Cookie` header of the owner's dashboard session. */
    readonly cookie: string,
    readonly csrfToken: string,
  ) {}

  /** Calls an /apiv3 operation as this owner. */
  op(name: string, fields: Record<string, unknown> = {}): Promise<TimedReply> {
    return postJson(this.system.management.url(`/apiv3/${name}`), { apiKey: this.apiKey, ...fields });
  }

  /** Calls an /apiv3 operation and resolves with its body; throws unless it answered 200. */
  async ok(name: string, fields: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const reply = await this.op(name, fields);
    if (reply.status !== 200) throw new Error(`${name} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    return reply.body as Record<string, unknown>;
  }

  /** createBot with `code`, then restartBot, so it runs and Telegram has its webhook secret. */
  async createBot(code: string): Promise<SystemBot> {
    const reply = await this.tryCreateBot(code);
    if (reply.status !== 200) throw new Error(`createBot answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    const { botId, token } = reply.body as SystemBot;
    await this.ok("restartBot", { botId });
    return { botId, token };
  }

  /** createBot alone, with a fresh token: the reply as it came, its body given the token on success. */
  async tryCreateBot(code: string): Promise<TimedReply> {
    const n = this.system.nextBotNumber();
    const token = `${800000 + n}:AAH${randomUUID().replace(/-/g, "")}`;
    const reply = await this.op("createBot", { name: `system ${n}`, botToken: token, code });
    if (reply.status === 200) reply.body = { ...(reply.body as object), token };
    return reply;
  }

  /** A dashboard API request with this owner's session (same-origin, with the CSRF token, as the browser sends it). */
  dashboard(path: string, init: RequestInit = {}): Promise<TimedReply> {
    return timed(this.system.management.url(path), {
      ...init,
      headers: {
        "content-type": "application/json",
        origin: this.system.management.url(""),
        cookie: this.cookie,
        "x-csrf-token": this.csrfToken,
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  }
}

/** A running platform; {@link System.close} stops everything it started and deletes what it left behind. */
export class System {
  readonly prefix = `botyard-system-${randomUUID().slice(0, 8)}`;
  readonly #services = new Map<ServiceName, ServiceProcess>();
  /** Gateway replicas beyond the first ({@link startGatewayReplica}). */
  readonly #replicas = new Set<ServiceProcess>();
  readonly #env: Partial<Record<ServiceName, Record<string, string>>>;
  readonly #redisUrl: string;
  #owner: Owner | undefined;
  #bots = 0;
  #accounts = 0;

  private constructor(
    readonly database: TestDatabase,
    readonly fake: FakeTelegram,
    options: SystemOptions,
  ) {
    this.#env = options.env ?? {};
    this.#redisUrl = options.redisUrl ?? REDIS_URL;
  }

  /**
   * Starts the gateway first (management gives its address to setWebhook), then management and the worker, and signs
   * up the first owner ({@link owner}).
   */
  static async start(options: SystemOptions = {}): Promise<System> {
    const database = await createTestDatabase();
    const system = new System(database, await FakeTelegram.start(), options);
    try {
      await system.#start("webhook-gateway", { HANDLER_TIMEOUT_MS: String(HANDLER_TIMEOUT_MS) });
      await Promise.all([
        system.#start("management", { WEBHOOK_BASE_URL: system.gateway.url("") }),
        system.#start("broadcast-worker", { BROADCAST_RATE: String(BROADCAST_RATE) }),
      ]);
      system.#owner = await system.signUp({ email: `${system.prefix}@example.com` });
    } catch (err) {
      await system.close();
      throw err;
    }
    return system;
  }

  /** The owner signed up at start; {@link op}, {@link ok} and {@link createBot} act as them. */
  get owner(): Owner {
    if (!this.#owner) throw new Error("no owner signed up yet");
    return this.#owner;
  }

  get gateway(): ServiceProcess {
    return this.#get("webhook-gateway");
  }

  get management(): ServiceProcess {
    return this.#get("management");
  }

  /** Calls an /apiv3 operation as the first owner. */
  op(name: string, fields: Record<string, unknown> = {}): Promise<TimedReply> {
    return this.owner.op(name, fields);
  }

  /** Calls an /apiv3 operation as the first owner and resolves with its body; throws unless it answered 200. */
  ok(name: string, fields: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    return this.owner.ok(name, fields);
  }

  /** The first owner's createBot and restartBot: a running bot. */
  createBot(code: string): Promise<SystemBot> {
    return this.owner.createBot(code);
  }

  /** A number no other bot of this platform has had (for bot names and tokens). */
  nextBotNumber(): number {
    return ++this.#bots;
  }

  /** An e-mail address no account of this platform has. */
  newEmail(): string {
    return `${this.prefix}-${++this.#accounts}@example.com`;
  }

  /**
   * A dashboard API request without a session, as a browser on the dashboard's page sends it (same-origin), from
   * client address `ip` when given (as the proxy in front would say in `X-Forwarded-For`; management believes
   * proxies on loopback, `TRUST_PROXY`'s default).
   */
  anonymous(path: string, body: unknown, ip?: string): Promise<TimedReply> {
    return timed(this.management.url(path), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: this.management.url(""),
        ...(ip === undefined ? {} : { "x-forwarded-for": ip }),
      },
      body: JSON.stringify(body),
    });
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

  /** GET /custom/<botId>/<path> on the gateway (`init` for headers or another method). */
  webhook(bot: SystemBot, path: string, init: RequestInit = {}): Promise<TimedReply> {
    return timed(this.gateway.url(`/custom/${bot.botId}/${path}`), init);
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

  /**
   * Kills the gateway outright (SIGKILL: no drain, its runs under way cut short) and starts a new gateway process on
   * the same port, as a crashed replica's supervisor would.
   */
  async killGateway(): Promise<void> {
    const old = this.gateway;
    old.signal("SIGKILL");
    await old.exited;
    await this.#start("webhook-gateway", {
      HANDLER_TIMEOUT_MS: String(HANDLER_TIMEOUT_MS),
      GATEWAY_PORT: String(old.port),
    });
  }

  /**
   * Starts one more gateway process on the platform's database and Redis, with the first gateway's settings: a second
   * replica behind the same load balancer. {@link close} stops it, or the caller does with `stop()`.
   */
  async startGatewayReplica(): Promise<ServiceProcess> {
    const replica = await ServiceProcess.start("webhook-gateway", {
      ...this.#settings(),
      HANDLER_TIMEOUT_MS: String(HANDLER_TIMEOUT_MS),
      ...this.#env["webhook-gateway"],
    });
    this.#replicas.add(replica);
    return replica;
  }

  /**
   * Runs the operator CLI as `pnpm botyard <args>` does (the root package.json's script, run here without pnpm's own
   * start-up, which doubles the time on a loaded machine), in the repository with management's database, secret and
   * plans; resolves with its stdout, rejects with its stderr when it exits other than 0.
   */
  async cli(...args: string[]): Promise<string> {
    const manifest = JSON.parse(await readFile(join(root, "package.json"), "utf8")) as { scripts: { botyard: string } };
    const [command, ...script] = manifest.scripts.botyard.split(/\s+/);
    if (command !== "node") throw new Error(`pnpm botyard runs ${command}, not node`);
    const child = spawn(process.execPath, [...script, ...args], {
      cwd: root,
      env: serviceEnv({ ...this.#settings(), ...this.#env.management }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += String(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += String(chunk);
    });
    return new Promise((resolve, reject) => {
      child.once("error", reject);
      child.once("close", (code) => {
        if (code === 0) resolve(stdout.trim());
        else reject(new Error(`pnpm botyard ${args.join(" ")} exited with ${code}: ${stderr.trim()}`));
      });
    });
  }

  /** Kills what still runs, stops the fake, drops the database and deletes the keys left under the prefix. */
  async close(): Promise<void> {
    await Promise.all([...this.#services.values(), ...this.#replicas].map((s) => s.stop()));
    await this.fake.close();
    await this.database.drop();
    const redis = createRedis(this.#redisUrl);
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

  /** What every service of this platform is given. */
  #settings(): Record<string, string> {
    return {
      DATABASE_URL: this.database.url,
      REDIS_URL: this.#redisUrl,
      REDIS_PREFIX: this.prefix,
      SECRET_KEY,
      TELEGRAM_API_ROOT: this.fake.apiRoot,
      // Usage counts reach Postgres within a test's patience (docs/operations.md#usage-metering).
      USAGE_FLUSH_MS: String(USAGE_FLUSH_MS),
    };
  }

  async #start(name: ServiceName, extra: Record<string, string>): Promise<void> {
    const service = await ServiceProcess.start(name, { ...this.#settings(), ...extra, ...this.#env[name] });
    this.#services.set(name, service);
  }

  /**
   * Signs up on the dashboard API (same-origin, as the browser would; from client address `ip` when given) and reads
   * the API key from Settings. Each address may sign up 10 accounts an hour (docs/dashboard.md#sign-in-throttling).
   */
  async signUp(options: { email?: string; ip?: string } = {}): Promise<Owner> {
    const email = options.email ?? this.newEmail();
    const signUp = await this.anonymous("/api/auth/signup", { email, password: PASSWORD }, options.ip);
    if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${JSON.stringify(signUp.body)}`);
    const cookie = sessionCookie(signUp.headers);
    const { csrfToken } = signUp.body as { csrfToken: string };
    const key = await timed(this.management.url("/api/settings/api-key"), {
      headers: { cookie, origin: this.management.url("") },
    });
    if (key.status !== 200) throw new Error(`GET /api/settings/api-key answered ${key.status}`);
    return new Owner(this, email, (key.body as { apiKey: string }).apiKey, cookie, csrfToken);
  }

  #get(name: ServiceName): ServiceProcess {
    const service = this.#services.get(name);
    if (!service) throw new Error(`${name} is not running`);
    return service;
  }
}

/** The `Cookie` header a browser would send after a reply that set cookies (each cookie's name=value). */
export function sessionCookie(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
