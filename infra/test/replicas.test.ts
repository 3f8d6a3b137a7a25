/**
 * Botyard as deployed with replicas: two management, three gateway and two worker processes (each from its
 * src/main.ts, ephemeral ports) on one test database and one Redis prefix. What must hold: a restart reaches every
 * gateway within a second of restartBot answering; with several bots broadcasting through both management replicas
 * and both workers, nobody is sent a broadcast twice or skipped, each bot has one broadcast sending at a time, in the
 * order they were queued. Timing facts come from observed replies and the fake Bot API's recorded timestamps.
 * @see docs/operations.md#scaling
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createTestDatabase, type TestDatabase } from "@botyard/db/testing";
import { FakeTelegram, type RecordedCall } from "@botyard/fake-telegram";
import { createOwner, type ServiceProcess, startService, stopAll, stopService } from "./support/fleet.js";
import { waitFor } from "@botyard/testing";
import { fakeBotToken, PlatformClient, webhookSecret } from "./support/platform.js";

const MANAGEMENT = 2;
const GATEWAYS = 3;
const WORKERS = 2;

describe(`${MANAGEMENT} management, ${GATEWAYS} gateway and ${WORKERS} worker processes`, () => {
  let fake: FakeTelegram;
  let database: TestDatabase;
  let apiKey: string;
  let management: ServiceProcess[] = [];
  let gateways: ServiceProcess[] = [];
  let workers: ServiceProcess[] = [];
  let bots = 0;

  beforeAll(async () => {
    fake = await FakeTelegram.start();
    database = await createTestDatabase();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
      REDIS_PREFIX: `botyard-replicas-${randomBytes(4).toString("hex")}`,
      SECRET_KEY: randomBytes(24).toString("base64url"),
      TELEGRAM_API_ROOT: fake.apiRoot,
      BROADCAST_RATE: "40",
    };
    const start = (service: "management" | "webhook-gateway" | "broadcast-worker", n: number) =>
      Promise.all(Array.from({ length: n }, () => startService(service, env)));
    [management, gateways, workers] = await Promise.all([
      start("management", MANAGEMENT),
      start("webhook-gateway", GATEWAYS),
      start("broadcast-worker", WORKERS),
    ]);
    apiKey = await createOwner(env, "replicas@example.com");
  }, 240_000);

  afterAll(async () => {
    await stopAll([...management, ...gateways, ...workers]);
    await fake?.close();
    await database?.drop();
  });

  /** A client on management replica `m` and gateway replica `g`. */
  const via = (m: number, g = 0) => new PlatformClient(management[m % MANAGEMENT]!.url, gateways[g % GATEWAYS]!.url);

  async function newBot(code: string): Promise<{ botId: string; token: string }> {
    bots += 1;
    const token = fakeBotToken(bots);
    const botId = await via(bots).createBot(apiKey, { name: `replicas-${bots}`, botToken: token, code });
    await via(bots + 1).apiv3("restartBot", { apiKey, botId });
    return { botId, token };
  }

  it("a restart made through either management replica is served by every gateway from the first call after it answered", async () => {
    const latencies: number[] = [];
    let firstCallsOnNewCode = 0;
    const { botId } = await newBot("logic['v'] = async () => 0;");
    for (let round = 1; round <= 5; round++) {
      // Every gateway has the bot loaded with the running version before the restart.
      for (let g = 0; g < GATEWAYS; g++) expect((await via(0, g).webhook(botId, "v")).body.data).toBe(round - 1);
      await via(round).apiv3("editBotCoreLogic", { apiKey, botId, newCode: `logic['v'] = async () => ${round};` });
      await via(round + 1).apiv3("restartBot", { apiKey, botId });
      const answeredAt = performance.now();
      const seen = await Promise.all(
        gateways.map(async (_, g) => {
          let calls = 0;
          await waitFor(
            async () => {
              calls += 1;
              return (await via(0, g).webhook(botId, "v")).body.data === round;
            },
            { what: `gateway ${g} to serve version ${round}`, timeoutMs: 30_000 },
          );
          if (calls === 1) firstCallsOnNewCode += 1;
          return performance.now() - answeredAt;
        }),
      );
      latencies.push(...seen);
    }
    console.log(
      `restart reach over ${latencies.length} gateway observations: max ${Math.max(...latencies).toFixed(1)} ms; ` +
        `${firstCallsOnNewCode} of ${latencies.length} first calls after restartBot answered ran the new code`,
    );
    // restartBot answers once every gateway acknowledged the event: no gateway's first call after it runs old code.
    // How long that takes is a figure (printed above), not something to assert on a shared machine.
    expect(firstCallsOnNewCode).toBe(latencies.length);
  }, 120_000);

  it("broadcasts of several bots through both management replicas and both workers: each recipient once, one at a time per bot, in order", async () => {
    const BOTS = 6;
    const RECIPIENTS = 50;
    const PER_BOT = 3;
    const setups = await Promise.all(
      Array.from({ length: BOTS }, async (_, b) => {
        const bot = await newBot("");
        const secret = webhookSecret(fake, bot.token);
        const chats = Array.from({ length: RECIPIENTS }, (_, i) => 9_000_000 + b * 1000 + i);
        // Users write to the bot through all three gateways.
        for (const [i, chat] of chats.entries()) await via(0, i).sendUpdate(bot.botId, secret, chat);
        return { ...bot, chats };
      }),
    );
    // Each bot's broadcasts are queued one after another, alternating between the management replicas.
    const jobs = await Promise.all(
      setups.map(async (s, b) => {
        const ids: string[] = [];
        for (let k = 0; k < PER_BOT; k++) ids.push(await via(b + k).broadcast(s.token, s.botId, `b${b}-m${k}`));
        return ids;
      }),
    );
    const finished = await Promise.all(
      setups.flatMap((s, b) => jobs[b]!.map((jobId) => via(b).waitForJobEnd(s.token, s.botId, jobId, 120_000))),
    );
    for (const job of finished) expect(job).toMatchObject({ status: "completed", sent: RECIPIENTS, failed: 0 });

    for (const [b, s] of setups.entries()) {
      const sends = fake.callsOf("sendMessage", s.token).sort((x, y) => x.at - y.at);
      for (let k = 0; k < PER_BOT; k++) {
        const chats = sends.filter((c) => c.params.text === `b${b}-m${k}`).map((c) => Number(c.params.chat_id));
        // Nobody twice, nobody skipped.
        expect(chats.sort((x, y) => x - y)).toEqual(s.chats);
      }
      // One active broadcast per bot, FIFO: by the Bot API's clock, the bot's sends form one block per broadcast,
      // in the order they were queued.
      expect(blocks(sends)).toEqual(Array.from({ length: PER_BOT }, (_, k) => `b${b}-m${k}`));
    }

    // Both workers took part (each counted sends of its own).
    const sentBy = await Promise.all(workers.map((w) => sentCounter(w.url)));
    expect(sentBy.every((n) => n > 0)).toBe(true);
    expect(sentBy.reduce((a, n) => a + n, 0)).toBeGreaterThanOrEqual(BOTS * PER_BOT * RECIPIENTS);
  }, 240_000);

  it("every process exits 0 on SIGTERM", async () => {
    const codes = await Promise.all([...management, ...gateways, ...workers].map((p) => stopService(p)));
    expect(codes).toEqual(Array(MANAGEMENT + GATEWAYS + WORKERS).fill(0));
  }, 60_000);
});

/** The texts of consecutive runs of sends, e.g. ["a", "b"] when all of a's sends come before all of b's. */
function blocks(sends: RecordedCall[]): string[] {
  const out: string[] = [];
  for (const call of sends) {
    const text = String(call.params.text);
    if (out.at(-1) !== text) out.push(text);
  }
  return out;
}

/** The worker's `broadcast_messages_total{outcome="sent"}`. */
async function sentCounter(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith("broadcast_messages_total{") && l.includes('outcome="sent"'));
  return line ? Number(line.split(" ").at(-1)) : 0;
}
