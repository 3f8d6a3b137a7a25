/**
 * Drives a running Botyard over HTTP only, as an owner and Telegram would: the tests that start the services as
 * deployed (containers, Redis Cluster, replicas) share it, so each says what it proves and not how to call the API.
 */
import { createServer } from "node:net";
import { waitFor } from "@botyard/testing";
import type { FakeTelegram } from "@botyard/fake-telegram";

type Json = Record<string, unknown>;

/**
 * `count` distinct free TCP ports on 127.0.0.1 (for processes that must be told their port before they start). All
 * are held open together before any is released, so one call never returns the same port twice.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const server = createServer();
          server.once("error", reject);
          server.listen(0, "127.0.0.1", () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => {
    const address = server.address();
    return typeof address === "object" && address ? address.port : 0;
  });
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** One free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}

/** True once `GET url/readyz` answers 200. */
export async function waitReady(baseUrl: string, timeoutMs = 60_000): Promise<void> {
  await waitFor(async () => (await fetch(`${baseUrl}/readyz`)).ok, { what: `${baseUrl}/readyz`, timeoutMs });
}

/** A Telegram-shaped bot token for the fake Bot API; `n` makes it unique within a test. */
export function fakeBotToken(n: number): string {
  return `${100000 + n}:${"T".repeat(20)}${Date.now().toString(36)}${n}`;
}

/** The secret_token of the last setWebhook call for `token` (restartBot rotates it). */
export function webhookSecret(fake: FakeTelegram, token: string): string {
  const calls = fake.callsOf("setWebhook", token);
  const secret = calls.at(-1)?.params.secret_token;
  if (typeof secret !== "string") throw new Error("no setWebhook call recorded for this token");
  return secret;
}

/** Calls on a management host and a gateway host. */
export class PlatformClient {
  constructor(
    readonly managementUrl: string,
    readonly gatewayUrl: string,
  ) {}

  /** `POST /apiv3/:op`; resolves with the reply body, rejects unless the reply is ok. */
  async apiv3(op: string, body: Json): Promise<Json> {
    const res = await fetch(`${this.managementUrl}/apiv3/${op}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const reply = (await res.json()) as Json;
    if (!res.ok || reply.ok !== true) throw new Error(`${op} answered ${res.status}: ${JSON.stringify(reply)}`);
    return reply;
  }

  /** Creates a bot and returns its id. */
  async createBot(apiKey: string, bot: { name: string; botToken: string; code: string }): Promise<string> {
    const reply = await this.apiv3("createBot", { apiKey, ...bot });
    if (typeof reply.botId !== "string") throw new Error("createBot gave no botId");
    return reply.botId;
  }

  /** Posts one private-chat `/start` message from `chatId` to the bot's Telegram intake. */
  async sendUpdate(botId: string, secret: string, chatId: number, languageCode = "en", gatewayUrl = this.gatewayUrl) {
    const res = await fetch(`${gatewayUrl}/telegram/${botId}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret },
      body: JSON.stringify({
        update_id: chatId,
        message: {
          message_id: 1,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: "private" },
          from: { id: chatId, is_bot: false, first_name: `User ${chatId}`, language_code: languageCode },
          text: "/start",
        },
      }),
    });
    if (!res.ok) throw new Error(`telegram intake answered ${res.status}: ${await res.text()}`);
  }

  /** Calls a custom webhook; resolves with the status and parsed body. */
  async webhook(botId: string, path: string, gatewayUrl = this.gatewayUrl): Promise<{ status: number; body: Json }> {
    const res = await fetch(`${gatewayUrl}/custom/${botId}/${path}`);
    return { status: res.status, body: (await res.json()) as Json };
  }

  /** Queues a text broadcast and returns its jobId. */
  async broadcast(token: string, botId: string, text: string): Promise<string> {
    const res = await fetch(`${this.managementUrl}/broadcast`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-bot-token": token },
      body: JSON.stringify({ botId, text }),
    });
    const reply = (await res.json()) as Json;
    if (!res.ok || typeof reply.jobId !== "string") throw new Error(`POST /broadcast answered ${res.status}`);
    return reply.jobId;
  }

  /** The job object of `GET /broadcast/:jobId`. */
  async job(token: string, botId: string, jobId: string): Promise<Json> {
    const res = await fetch(`${this.managementUrl}/broadcast/${jobId}?botId=${encodeURIComponent(botId)}`, {
      headers: { "x-bot-token": token },
    });
    const reply = (await res.json()) as Json;
    if (!res.ok || typeof reply.job !== "object" || reply.job === null) throw new Error(`GET job: ${res.status}`);
    return reply.job as Json;
  }

  /** Polls the job until it reaches a final status; resolves with it. */
  waitForJobEnd(token: string, botId: string, jobId: string, timeoutMs = 60_000): Promise<Json> {
    return waitFor(
      async () => {
        const job = await this.job(token, botId, jobId);
        return ["completed", "cancelled", "failed"].includes(String(job.status)) ? job : undefined;
      },
      { what: `broadcast ${jobId} to finish`, timeoutMs },
    );
  }
}
