/**
 * Botyard on a Redis Cluster: REDIS_CLUSTER=1 with REDIS_URL naming seed nodes of a three-master cluster started for
 * this test. Management, gateway and worker run as processes from their src/main.ts; the test drives them over HTTP
 * and the fake Bot API only. It shows BullMQ (hash-tagged prefix), the bot-event and cancel channels, and the halt
 * counters working across masters. @see docs/operations.md#redis-cluster
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createTestDatabase, type TestDatabase } from "@botyard/db/testing";
import { FakeTelegram } from "@botyard/fake-telegram";
import { createOwner, type ServiceProcess, startService, stopAll, stopService } from "./support/fleet.js";
import { waitFor } from "@botyard/testing";
import { fakeBotToken, PlatformClient, webhookSecret } from "./support/platform.js";
import { clusterKeys, startRedisCluster, type TestRedisCluster } from "./support/redis-cluster.js";

/** How long the gateway trusts a cached bot row without an event (rowTtlMs in webhook-gateway's src/main.ts). */
const GATEWAY_ROW_TTL_MS = 1000;

describe("Botyard on a Redis Cluster (REDIS_CLUSTER=1)", () => {
  let cluster: TestRedisCluster;
  let fake: FakeTelegram;
  let database: TestDatabase;
  let client: PlatformClient;
  let apiKey: string;
  const procs: ServiceProcess[] = [];
  const prefix = `botyard-cluster-${randomBytes(4).toString("hex")}`;
  let bots = 0;

  beforeAll(async () => {
    cluster = await startRedisCluster(3);
    fake = await FakeTelegram.start();
    database = await createTestDatabase();
    const env = {
      DATABASE_URL: database.url,
      // Two of the three masters as seeds: the client learns the third from the cluster's slot map.
      REDIS_URL: cluster.url(2),
      REDIS_CLUSTER: "1",
      REDIS_PREFIX: prefix,
      SECRET_KEY: randomBytes(24).toString("base64url"),
      TELEGRAM_API_ROOT: fake.apiRoot,
    };
    procs.push(
      ...(await Promise.all([
        startService("management", env),
        startService("webhook-gateway", env),
        startService("broadcast-worker", env),
      ])),
    );
    client = new PlatformClient(procs[0]!.url, procs[1]!.url);
    apiKey = await createOwner(env, "cluster@example.com");
  }, 180_000);

  afterAll(async () => {
    await stopAll(procs);
    await fake?.close();
    await database?.drop();
    await cluster?.close();
  });

  async function newBot(code: string): Promise<{ botId: string; token: string }> {
    bots += 1;
    const token = fakeBotToken(bots);
    const botId = await client.createBot(apiKey, { name: `cluster-${bots}`, botToken: token, code });
    await client.apiv3("restartBot", { apiKey, botId });
    return { botId, token };
  }

  it("a restart reaches the gateway through the cluster's pub/sub, before its cached row could expire", async () => {
    // Each round uses a new bot, so the gateway's first call reads the row fresh, no earlier than `calledAt`. Without
    // the event the gateway keeps serving v1 until calledAt + GATEWAY_ROW_TTL_MS at the earliest; seeing v2 sooner
    // proves the event arrived. A round where the restart itself took most of that window proves nothing and is rerun.
    for (let round = 1; round <= 3; round++) {
      const { botId } = await newBot("logic['v'] = async () => 1;");
      const calledAt = performance.now();
      expect((await client.webhook(botId, "v")).body.data).toBe(1);
      await client.apiv3("editBotCoreLogic", { apiKey, botId, newCode: "logic['v'] = async () => 2;" });
      await client.apiv3("restartBot", { apiKey, botId });
      if (performance.now() - calledAt > GATEWAY_ROW_TTL_MS * 0.7) continue;
      await waitFor(async () => (await client.webhook(botId, "v")).body.data === 2, {
        what: "the gateway to serve v2",
        timeoutMs: 30_000,
      });
      expect(performance.now() - calledAt).toBeLessThan(GATEWAY_ROW_TTL_MS);
      return;
    }
    throw new Error("every round's restart took most of the row TTL: inconclusive");
  }, 60_000);

  it("a broadcast goes from management through BullMQ on the cluster to the worker and every recipient once", async () => {
    const { botId, token } = await newBot("bot.start((ctx) => ctx.reply('hi'));");
    const secret = webhookSecret(fake, token);
    const chats = Array.from({ length: 40 }, (_, i) => 8_100_000 + i);
    for (const chat of chats) await client.sendUpdate(botId, secret, chat);
    const jobId = await client.broadcast(token, botId, "cluster hello");
    const job = await client.waitForJobEnd(token, botId, jobId);
    const sent = fake
      .callsOf("sendMessage", token)
      .filter((c) => c.params.text === "cluster hello")
      .map((c) => Number(c.params.chat_id));
    expect(job).toMatchObject({ status: "completed", total: 40, sent: 40, failed: 0 });
    expect(sent.sort()).toEqual(chats);
  }, 60_000);

  it("a cancel published on the cluster stops a running broadcast; the bot's next one starts after it", async () => {
    const { botId, token } = await newBot("");
    const secret = webhookSecret(fake, token);
    const chats = Array.from({ length: 200 }, (_, i) => 8_200_000 + i);
    for (const chat of chats) await client.sendUpdate(botId, secret, chat);
    const first = await client.broadcast(token, botId, "first");
    const sentOf = (text: string) => fake.callsOf("sendMessage", token).filter((c) => c.params.text === text).length;
    await waitFor(() => sentOf("first") >= 5, { what: "the first broadcast to send", timeoutMs: 30_000 });
    const res = await fetch(`${client.managementUrl}/broadcast/${first}`, {
      method: "DELETE",
      headers: { "content-type": "application/json", "x-bot-token": token },
      body: JSON.stringify({ botId }),
    });
    expect(res.status).toBe(200);
    const second = await client.broadcast(token, botId, "second");
    // One active broadcast per bot: the second runs only once the first's run has ended, so no "first" is sent later.
    await client.waitForJobEnd(token, botId, second);
    const firstJob = await client.job(token, botId, first);
    expect(firstJob.status).toBe("cancelled");
    expect(sentOf("first")).toBe(firstJob.sent);
    expect(sentOf("first")).toBeLessThan(chats.length);
    expect(sentOf("second")).toBe(chats.length);
  }, 60_000);

  it("keeps every BullMQ key under one hash tag, so on one master", async () => {
    const bull = await clusterKeys(cluster, `{${prefix}}:bull:*`);
    const nodesWithBull = [...bull.values()].filter((keys) => keys.length > 0);
    expect(nodesWithBull).toHaveLength(1);
    const slots = new Set<string>();
    for (const port of cluster.ports) {
      for (const key of bull.get(port) ?? []) slots.add(key.slice(0, key.indexOf("}") + 1));
    }
    expect([...slots]).toEqual([`{${prefix}}`]);
  });

  it("every process exits 0 on SIGTERM", async () => {
    const codes = await Promise.all(procs.map((p) => stopService(p)));
    expect(codes).toEqual([0, 0, 0]);
  }, 60_000);
});
