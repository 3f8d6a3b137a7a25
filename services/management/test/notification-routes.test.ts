/**
 * The notification routes (docs/notifications.md): /apiv3's listNotificationChannels, addNotificationChannel,
 * removeNotificationChannel, testNotificationChannel, getNotificationRules and setNotificationRules, their dashboard
 * twins under /api/settings/notifications, the refusal of private webhook addresses (when added and again when
 * delivering), the notifier bot's `/start` linking through getUpdates, and the outbox dispatcher with the rules.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import type { Server } from "node:http";
import { randomUUID } from "node:crypto";
import request from "supertest";
import { recordNotificationEvent } from "@botyard/db";
import { createLogger } from "@botyard/common/logging";
import { isPrivateAddress } from "../src/notifications/address-guard.js";
import { NotificationDispatcher } from "../src/notifications/dispatcher.js";
import { NotificationRepository } from "../src/notifications/notification-repository.js";
import { Browser, listen } from "./dashboard-client.js";
import { startHarness, type Harness } from "./harness.js";

const NOTIFIER = { token: "777000:AAHnotifierBotTokenForRouteTests0123", username: "botyard_notify_bot" };

/** What names resolve to in these tests (no DNS is asked). */
const dns = new Map<string, string[]>([
  ["hooks.example", ["203.0.113.7"]],
  ["internal.example", ["198.51.100.9", "192.168.1.4"]],
  ["rebind.example", ["203.0.113.8"]],
]);

let h: Harness;
let server: Server;
let origin: string;
let owner: { apiKey: string; userId: string };
let other: { apiKey: string; userId: string };

beforeAll(async () => {
  h = await startHarness({
    notifications: {
      notifier: NOTIFIER,
      retryDelaysMs: [1],
      webhookTimeoutMs: 500,
      resolver: async (host) => {
        const found = dns.get(host);
        if (!found) throw new Error(`ENOTFOUND ${host}`);
        return found;
      },
      notifierPolling: { idleMs: 10, pollTimeoutS: 0 },
    },
  });
  ({ server, origin } = await listen(h.app));
  owner = await h.account();
  other = await h.account();
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});
beforeEach(() => h.fake.reset());

const post = (op: string, body: Record<string, unknown>) => request(h.app).post(`/apiv3/${op}`).send(body);
const get = (op: string, query: Record<string, string>) => request(h.app).get(`/apiv3/${op}`).query(query);

/** `/start <token>` from `chat` to the notifier bot, read by one poll. */
async function openStartLink(startLink: string, chat: number): Promise<void> {
  const token = new URL(startLink).searchParams.get("start") ?? "";
  h.fake.pushUpdate(NOTIFIER.token, {
    message: { message_id: 1, date: 0, text: `/start ${token}`, chat: { id: chat, type: "private" } },
  });
  await h.management.notifications.notifierBot!.pollOnce();
}

describe("/apiv3 notification channels", () => {
  it("adds a webhook (secret once) and a Telegram chat (start link), lists them, removes one", async () => {
    const webhook = await post("addNotificationChannel", {
      apiKey: owner.apiKey,
      kind: "webhook",
      url: "https://hooks.example/botyard",
    });
    expect(webhook.status).toBe(200);
    expect(webhook.body).toMatchObject({
      ok: true,
      channel: { kind: "webhook", url: "https://hooks.example/botyard", linked: true, lastError: null },
      secret: expect.stringMatching(/^bys_[A-Za-z0-9_-]{32}$/),
      stat_code: 200,
    });
    const telegram = await post("addNotificationChannel", { apiKey: owner.apiKey, kind: "telegram" });
    expect(telegram.body.startLink).toMatch(/^https:\/\/t\.me\/botyard_notify_bot\?start=[A-Za-z0-9_-]{1,64}$/);
    expect(telegram.body.channel).toMatchObject({ kind: "telegram", linked: false, url: null });

    const listed = await get("listNotificationChannels", { apiKey: owner.apiKey });
    expect(listed.status).toBe(200);
    expect(listed.body.channels.map((c: { kind: string }) => c.kind).sort()).toEqual(["telegram", "webhook"]);
    expect(JSON.stringify(listed.body)).not.toContain(webhook.body.secret);
    // Another account sees none of them, and cannot remove or test them.
    expect((await post("listNotificationChannels", { apiKey: other.apiKey })).body.channels).toEqual([]);
    const id = webhook.body.channel.id as string;
    for (const op of ["removeNotificationChannel", "testNotificationChannel"]) {
      const res = await post(op, { apiKey: other.apiKey, channelId: id });
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe("Notification channel not found");
    }
    expect((await post("removeNotificationChannel", { apiKey: owner.apiKey, channelId: id })).status).toBe(200);
    expect((await post("removeNotificationChannel", { apiKey: owner.apiKey, channelId: id })).status).toBe(404);
  });

  it("links a chat by /start <token>, once; tests it; an unlinked chat cannot be tested", async () => {
    const added = await post("addNotificationChannel", { apiKey: owner.apiKey, kind: "telegram" });
    const channelId = added.body.channel.id as string;
    const unlinked = await post("testNotificationChannel", { apiKey: owner.apiKey, channelId });
    expect(unlinked.status).toBe(400);
    expect(unlinked.body.msg).toMatch(/start link/);

    await openStartLink(added.body.startLink as string, 3131);
    const replies = h.fake.callsOf("sendMessage", NOTIFIER.token);
    expect(replies.map((c) => c.params.chat_id)).toEqual([3131]);
    expect(String(replies[0]!.params.text)).toMatch(/now gets Botyard's notifications/);
    // The same link again (or a guess) links nothing and says so.
    await openStartLink(added.body.startLink as string, 4141);
    expect(String(h.fake.callsOf("sendMessage", NOTIFIER.token)[1]!.params.text)).toMatch(/not valid/);

    const tested = await post("testNotificationChannel", { apiKey: owner.apiKey, channelId });
    expect(tested.body).toMatchObject({ ok: true, delivered: true, msg: "The test message arrived" });
    const sent = h.fake.callsOf("sendMessage", NOTIFIER.token).at(-1)!;
    expect(sent.params).toMatchObject({ chat_id: 3131, text: expect.stringMatching(/reach this chat/) });
  });

  it("answers 400 naming the field for a bad kind, a missing url, and bad rules", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, "kind is required"],
      [{ kind: "email" }, "kind must be telegram or webhook"],
      [{ kind: "webhook" }, "url is required for a webhook"],
      [{ kind: "webhook", url: 42 }, "url must be a string"],
      [{ kind: "webhook", url: "http://hooks.example/x" }, "The webhook URL must start with https://"],
    ];
    for (const [fields, msg] of cases) {
      const res = await post("addNotificationChannel", { apiKey: owner.apiKey, ...fields });
      expect({ status: res.status, msg: res.body.msg }).toEqual({ status: 400, msg });
    }
    const rules = await post("setNotificationRules", { apiKey: owner.apiKey, kinds: ["bot_halted", "gossip"] });
    expect(rules.status).toBe(400);
    expect(rules.body.msg).toMatch(/^kinds must be a list of bot_halted, /);
    expect((await post("setNotificationRules", { apiKey: owner.apiKey })).body.msg).toBe("kinds is required");
    expect((await post("removeNotificationChannel", { apiKey: owner.apiKey })).body.msg).toBe("channelId is required");
  });
});

describe("private and loopback webhook addresses", () => {
  it("recognises every private, loopback, link-local and unspecified range", () => {
    for (const address of [
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.0.10",
      "127.0.0.1",
      "127.8.8.8",
      "169.254.169.254",
      "0.0.0.0",
      "::1",
      "::",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
    ]) {
      expect([address, isPrivateAddress(address)]).toEqual([address, true]);
    }
    for (const address of ["203.0.113.7", "8.8.8.8", "172.32.0.1", "192.169.0.1", "2001:4860:4860::8888"]) {
      expect([address, isPrivateAddress(address)]).toEqual([address, false]);
    }
  });

  it("refuses them with a 400 naming url, by literal address or by a name resolving to one", async () => {
    for (const url of [
      "https://10.0.0.5/hook",
      "https://127.0.0.1:8443/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/hook",
      "https://[fc00::1]/hook",
      "https://[fe80::1]/hook",
      "https://0.0.0.0/hook",
      "https://internal.example/hook",
      "https://nowhere.example/hook",
    ]) {
      const res = await post("addNotificationChannel", { apiKey: owner.apiKey, kind: "webhook", url });
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
      expect(res.body.msg).toMatch(/private, loopback or link-local|does not resolve/);
    }
    const dashboard = new Browser(origin);
    expect((await dashboard.signUp(`net-${randomUUID().slice(0, 8)}@example.com`)).status).toBe(201);
    const res = await dashboard.call("post", "/api/settings/notifications/channels", {
      kind: "webhook",
      url: "https://192.168.1.1/hook",
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "INVALID_INPUT", field: "url" });
  });

  it("checks again when delivering: a name that now resolves to loopback is not called", async () => {
    const added = await post("addNotificationChannel", {
      apiKey: owner.apiKey,
      kind: "webhook",
      url: "https://rebind.example/hook",
    });
    expect(added.status).toBe(200);
    dns.set("rebind.example", ["127.0.0.1"]);
    const tested = await post("testNotificationChannel", { apiKey: owner.apiKey, channelId: added.body.channel.id });
    expect(tested.body).toMatchObject({ ok: true, delivered: false });
    expect(tested.body.error).toMatch(/resolves to a private, loopback or link-local address/);
    const { channels } = (await post("listNotificationChannels", { apiKey: owner.apiKey })).body as {
      channels: Array<{ id: string; lastError: string | null }>;
    };
    expect(channels.find((c) => c.id === added.body.channel.id)?.lastError).toMatch(/private/);
  });
});

describe("rules and the outbox", () => {
  it("reads and sets the rules on GET and POST; every kind until set", async () => {
    const fresh = await h.account();
    const all = await get("getNotificationRules", { apiKey: fresh.apiKey });
    expect(all.body.kinds).toEqual([
      "bot_halted",
      "broadcast_finished",
      "broadcast_failed",
      "schedule_failed",
      "schedule_missed",
      "quota_nearly_used",
    ]);
    const viaGet = await get("setNotificationRules", { apiKey: fresh.apiKey, kinds: "schedule_failed,bot_halted" });
    expect(viaGet.body.kinds).toEqual(["bot_halted", "schedule_failed"]);
    expect((await get("setNotificationRules", { apiKey: fresh.apiKey, kinds: "" })).body.kinds).toEqual([]);
    expect((await post("getNotificationRules", { apiKey: fresh.apiKey })).body.kinds).toEqual([]);
  });

  it("delivers recorded events to the bot owner's linked chat, as the rules say, and drops a deleted bot's", async () => {
    const ada = await h.account();
    const added = await post("addNotificationChannel", { apiKey: ada.apiKey, kind: "telegram" });
    await openStartLink(added.body.startLink as string, 5252);
    const botId = (await post("createBot", { apiKey: ada.apiKey, name: "Weather" })).body.botId as string;
    const gone = (await post("createBot", { apiKey: ada.apiKey, name: "Gone" })).body.botId as string;
    await post("deleteBot", { apiKey: ada.apiKey, botId: gone });
    h.fake.reset();

    const db = h.handle.db;
    await recordNotificationEvent(db, { botId, kind: "bot_halted", detail: { reason: "Hit its time limit" } });
    await recordNotificationEvent(db, { botId: gone, kind: "bot_halted", detail: { reason: "x" } });
    await post("setNotificationRules", { apiKey: ada.apiKey, kinds: ["bot_halted", "schedule_failed"] });
    await recordNotificationEvent(db, {
      botId,
      kind: "broadcast_finished",
      detail: { jobId: "J", sent: 1, failed: 0 },
    });
    await recordNotificationEvent(db, {
      botId,
      kind: "schedule_failed",
      detail: { key: "digest", reason: "TypeError: x is undefined" },
    });
    const dispatcher = h.management.notifications.dispatcher;
    expect(await dispatcher.runOnce()).toBe(4);
    await dispatcher.close();
    const texts = h.fake.callsOf("sendMessage", NOTIFIER.token).map((c) => [c.params.chat_id, String(c.params.text)]);
    // Delivered side by side: in either order.
    expect(texts).toHaveLength(2);
    expect(texts).toEqual(
      expect.arrayContaining([
        [5252, expect.stringMatching(/^⚠️ Weather is halted: Hit its time limit\./)],
        [5252, expect.stringMatching(/^❌ A scheduled run of Weather failed \(digest\): TypeError/)],
      ]),
    );
    // Taken once: nothing is left for another pass.
    expect(await dispatcher.runOnce()).toBe(0);
  });
});

describe("quota nearly used", () => {
  it("tells an account with a channel at 80 % of an amount quota, once a day per quota; rates are not told", async () => {
    const ada = await h.account();
    const added = await post("addNotificationChannel", { apiKey: ada.apiKey, kind: "telegram" });
    await openStartLink(added.body.startLink as string, 7373);
    h.fake.reset();
    const quotas = [
      { quota: "bots" as const, limit: 10, use: 8 },
      { quota: "storedDocuments" as const, limit: 1000, use: 799 },
      { quota: "requestsPerSecond" as const, limit: 10, use: 10 },
    ];
    const dispatcher = new NotificationDispatcher(
      new NotificationRepository(h.handle.db),
      h.management.notifications.service,
      async (accountId) => ({ quotas: accountId === ada.userId ? quotas : [] }),
      createLogger("test", "silent"),
    );
    await dispatcher.sweepQuotas();
    await dispatcher.sweepQuotas();
    await dispatcher.close();
    const texts = h.fake.callsOf("sendMessage", NOTIFIER.token).map((c) => [c.params.chat_id, String(c.params.text)]);
    expect(texts).toEqual([[7373, expect.stringMatching(/used 8 of 10 \(80 %\) of its bots quota/)]]);
  });
});

describe("the dashboard's Settings → Notifications", () => {
  it("lists, adds, tests, removes and sets rules with the session; another owner's channel is 404", async () => {
    const ada = new Browser(origin, "10.0.0.8");
    const eve = new Browser(origin, "10.0.0.9");
    expect((await ada.signUp(`ada-${randomUUID().slice(0, 8)}@example.com`)).status).toBe(201);
    expect((await eve.signUp(`eve-${randomUUID().slice(0, 8)}@example.com`)).status).toBe(201);

    const empty = await ada.call("get", "/api/settings/notifications");
    expect(empty.body).toMatchObject({ ok: true, channels: [], telegram: true });
    expect(empty.body.kinds).toHaveLength(6);

    const added = await ada.call("post", "/api/settings/notifications/channels", { kind: "telegram" });
    expect(added.status).toBe(201);
    expect(added.body.startLink).toMatch(/^https:\/\/t\.me\/botyard_notify_bot\?start=/);
    const id = added.body.channel.id as string;
    expect((await eve.call("delete", `/api/settings/notifications/channels/${id}`)).status).toBe(404);
    expect((await eve.call("post", `/api/settings/notifications/channels/${id}/test`)).status).toBe(404);

    await openStartLink(added.body.startLink as string, 6363);
    const tested = await ada.call("post", `/api/settings/notifications/channels/${id}/test`);
    expect(tested.body).toEqual({ ok: true, delivered: true });

    const rules = await ada.call("put", "/api/settings/notifications/rules", { kinds: ["broadcast_failed"] });
    expect(rules.body).toEqual({ ok: true, kinds: ["broadcast_failed"] });
    const listed = await ada.call("get", "/api/settings/notifications");
    expect(listed.body.channels).toEqual([expect.objectContaining({ id, linked: true })]);
    expect(listed.body.kinds).toEqual(["broadcast_failed"]);

    // Without the CSRF token a state-changing call is refused, as everywhere under /api.
    expect(
      (await ada.call("delete", `/api/settings/notifications/channels/${id}`, undefined, { csrf: null })).status,
    ).toBe(403);
    expect((await ada.call("delete", `/api/settings/notifications/channels/${id}`)).body).toEqual({ ok: true });
    expect((await ada.call("get", "/api/settings/notifications")).body.channels).toEqual([]);
  });
});
