import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import { createMetricsRegistry } from "@botyard/common/metrics";
import { waitFor } from "@botyard/testing";
import { TelegramClient } from "@botyard/telegram";
import { createWorkerMetrics, type WorkerMetrics } from "../src/metrics.js";
import { startWorkerHarness, type WorkerHarness } from "./harness.js";

let h: WorkerHarness;
beforeAll(async () => {
  h = await startWorkerHarness();
  await h.startWorker();
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => h.fake.reset());

const counted = async (metrics: WorkerMetrics, counter: "claims" | "messages", outcome: string) =>
  (await metrics[counter].get()).values.find((v) => v.labels.outcome === outcome)?.value ?? 0;

/** A Bot API client that notes when each send starts (`performance.now()`). */
class StartRecordingClient extends TelegramClient {
  readonly starts: number[] = [];
  override call<T = unknown>(token: string, method: string, params: Record<string, unknown> = {}): Promise<T> {
    this.starts.push(performance.now());
    return super.call<T>(token, method, params);
  }
}

/** The most of `times` in any closed window of `ms`. */
function busiestWindow(times: number[], ms: number): number {
  const at = [...times].sort((x, y) => x - y);
  let most = 0;
  for (let i = 0, j = 0; i < at.length; i++) {
    while (at[i]! - at[j]! > ms) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

const chatsOf = (token: string) => h.fake.calls.filter((c) => c.token === token).map((c) => Number(c.params.chat_id));

describe("delivery", () => {
  it("sends a text with buttons then extra merged last to every recipient and completes", async () => {
    const { botId, token } = await h.bot(5);
    const id = await h.queue(botId, {
      type: "text",
      text: "Hello 👋",
      parseMode: "HTML",
      buttons: [
        { text: "Site", url: "https://example.com" },
        { text: "Docs", url: "http://example.org" },
      ],
      extra: { disable_notification: true, protect_content: true },
    });
    await h.waitForStatus(id, ["completed"]);
    expect(await h.job(id)).toMatchObject({ status: "completed", total: 5, sent: 5, failed: 0, cursor: 5 });
    expect(chatsOf(token).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    expect(h.fake.calls[0]).toMatchObject({
      method: "sendMessage",
      params: {
        chat_id: expect.any(Number),
        text: "Hello 👋",
        parse_mode: "HTML",
        reply_markup: {
          inline_keyboard: [
            [
              { text: "Site", url: "https://example.com" },
              { text: "Docs", url: "http://example.org" },
            ],
          ],
        },
        disable_notification: true,
        protect_content: true,
      },
    });
  });

  it("lets extra override the keyboard built from buttons", async () => {
    const { botId, token } = await h.bot(1);
    const markup = { inline_keyboard: [[{ text: "X", callback_data: "x" }]] };
    const id = await h.queue(botId, {
      type: "text",
      text: "t",
      buttons: [{ text: "a", url: "https://a" }],
      extra: { reply_markup: markup },
    });
    await h.waitForStatus(id, ["completed"]);
    expect(h.fake.callsOf("sendMessage", token)[0]?.params.reply_markup).toEqual(markup);
  });

  it.each([
    ["photo", "sendPhoto", "photo"],
    ["video", "sendVideo", "video"],
    ["audio", "sendAudio", "audio"],
    ["document", "sendDocument", "document"],
    ["animation", "sendAnimation", "animation"],
    ["voice", "sendVoice", "voice"],
  ] as const)("sends %s with %s, media and caption", async (type, method, field) => {
    const { botId, token } = await h.bot(1);
    const id = await h.queue(botId, {
      type,
      media: "https://example.com/file",
      caption: "Caption ✓",
      parseMode: "MarkdownV2",
    });
    await h.waitForStatus(id, ["completed"]);
    const [call] = h.fake.callsOf(method, token);
    expect(call?.params).toEqual({
      chat_id: 1,
      [field]: "https://example.com/file",
      caption: "Caption ✓",
      parse_mode: "MarkdownV2",
    });
  });

  it.each([
    ["video_note", "sendVideoNote", { media: "fileid-1" }, { video_note: "fileid-1" }],
    ["sticker", "sendSticker", { media: "CAACAg" }, { sticker: "CAACAg" }],
    ["location", "sendLocation", { extra: { latitude: 1.5, longitude: 2.5 } }, { latitude: 1.5, longitude: 2.5 }],
    [
      "contact",
      "sendContact",
      { extra: { phone_number: "+1", first_name: "Ann" } },
      { phone_number: "+1", first_name: "Ann" },
    ],
    ["poll", "sendPoll", { extra: { question: "Q", options: ["a", "b"] } }, { question: "Q", options: ["a", "b"] }],
  ] as const)("sends %s with %s", async (type, method, fields, expected) => {
    const { botId, token } = await h.bot(1);
    const id = await h.queue(botId, { type, ...fields });
    await h.waitForStatus(id, ["completed"]);
    expect(h.fake.callsOf(method, token)[0]?.params).toEqual({ chat_id: 1, ...expected });
  });

  it("sends paid broadcasts with allow_paid_broadcast", async () => {
    const { botId, token } = await h.bot(3);
    const id = await h.queue(botId, { type: "text", text: "paid", paid: true });
    await h.waitForStatus(id, ["completed"]);
    expect(h.fake.callsOf("sendMessage", token).every((c) => c.params.allow_paid_broadcast === true)).toBe(true);
  });

  it("filters by language and skips blocked users, marking new ones blocked on 403", async () => {
    const { botId, token } = await h.bot(10, (id) => (id % 2 === 0 ? "de" : "en"));
    await h.handle.pool.query("update recipients set blocked = true where bot_id = $1 and chat_id = 2", [botId]);
    h.fake.configure({ blockedChats: new Set([4]) });
    const id = await h.queue(botId, { type: "text", text: "Hallo", filter: { lang: "de" } });
    await h.waitForStatus(id, ["completed"]);
    expect(chatsOf(token).sort((a, b) => a - b)).toEqual([4, 6, 8, 10]);
    expect(await h.job(id)).toMatchObject({ total: 4, sent: 3, failed: 1 });
    const { rows } = await h.handle.pool.query(
      "select chat_id from recipients where bot_id = $1 and blocked order by chat_id",
      [botId],
    );
    expect(rows.map((r) => Number(r.chat_id))).toEqual([2, 4]);
  });
});

describe("errors from the Bot API", () => {
  it("pauses on 429 and retries without counting failures", async () => {
    const { botId, token } = await h.bot(4);
    h.fake.configure({ rateLimitNext: 2, retryAfter: 1 });
    const id = await h.queue(botId, { type: "text", text: "x" });
    await h.waitForStatus(id, ["completed"]);
    expect(await h.job(id)).toMatchObject({ sent: 4, failed: 0 });
    const calls = h.fake.callsOf("sendMessage", token);
    expect(calls.length).toBe(6);
    // Nothing was sent during the pause that followed the first 429: the pause starts when its reply arrives, after
    // the fake recorded the call, and the pacer starts nothing before it ends (same clock, same process).
    const gap = calls[2]!.at - calls[0]!.at;
    expect(gap).toBeGreaterThanOrEqual(1000);
  });

  it("counts a 400 failed at once, without retrying it, and sends to everyone else", async () => {
    const { botId, token } = await h.bot(3);
    h.fake.configure({ missingChats: new Set([2]) });
    const id = await h.queue(botId, { type: "text", text: "x" });
    await h.waitForStatus(id, ["completed"]);
    expect(await h.job(id)).toMatchObject({ sent: 2, failed: 1 });
    expect(chatsOf(token).sort((a, b) => a - b)).toEqual([1, 2, 3]);
    // Not marked blocked either: only a 403 says the user blocked the bot.
    const { rows } = await h.handle.pool.query(
      "select count(*)::int as n from recipients where bot_id = $1 and blocked",
      [botId],
    );
    expect(rows[0].n).toBe(0);
  });

  it("retries 5xx with back-off, then counts the message failed", async () => {
    const { botId, token } = await h.bot(1);
    h.fake.configure({ failNext: 2 });
    const recovered = await h.queue(botId, { type: "text", text: "x" });
    await h.waitForStatus(recovered, ["completed"]);
    expect(await h.job(recovered)).toMatchObject({ sent: 1, failed: 0 });
    h.fake.configure({ failAll: 502 });
    const lost = await h.queue(botId, { type: "text", text: "y" });
    await h.waitForStatus(lost, ["completed"]);
    expect(await h.job(lost)).toMatchObject({ sent: 0, failed: 1 });
    expect(h.fake.callsOf("sendMessage", token).length).toBe(3 + 3);
  });

  it("retries a send that got no answer in time (a network error) and counts it sent once", async () => {
    const own = await startWorkerHarness();
    const telegram = new TelegramClient({ apiRoot: own.fake.apiRoot, timeoutMs: 300 });
    try {
      await own.startWorker({ telegram });
      const { botId, token } = await own.bot(1);
      // The first call is answered after the client gave up; the retry is answered at once.
      own.fake.configure({ latencyMs: 2000 });
      const id = await own.queue(botId, { type: "text", text: "x" });
      await waitFor(() => own.fake.calls.length === 1);
      own.fake.configure({ latencyMs: 0 });
      await own.waitForStatus(id, ["completed"]);
      expect(await own.job(id)).toMatchObject({ sent: 1, failed: 0 });
      expect(own.fake.callsOf("sendMessage", token).map((c) => c.params.chat_id)).toEqual([1, 1]);
    } finally {
      await own.close();
      await telegram.close();
    }
  });

  it("fails the job when Telegram rejects the token", async () => {
    const { botId, token } = await h.bot(3);
    h.fake.configure({ revokedTokens: new Set([token]) });
    const id = await h.queue(botId, { type: "text", text: "x" });
    await h.waitForStatus(id, ["failed"]);
    expect((await h.job(id)).error).toMatch(/401/);
  });
});

describe("tokens and pacing end to end", () => {
  it("fails the job of a bot without a token, naming the cause, and calls Telegram for nobody", async () => {
    const { botId } = await h.bot(3);
    await h.handle.pool.query("update bots set token_enc = null, token_hash = null where id = $1", [botId]);
    const id = await h.queue(botId, { type: "text", text: "x" });
    await h.waitForStatus(id, ["failed"]);
    expect(await h.job(id)).toMatchObject({
      status: "failed",
      sent: 0,
      error: "The bot has no token; set one with setBotToken",
    });
    expect(h.fake.callCount).toBe(0);
  });

  it("sends a paid broadcast past 40 a second, never past the paid rate in any second", async () => {
    const own = await startWorkerHarness();
    const telegram = new StartRecordingClient({ apiRoot: own.fake.apiRoot, timeoutMs: 5000 });
    try {
      await own.startWorker({ telegram, rate: 40, paidRate: 100 });
      const { botId } = await own.bot(300);
      const id = await own.queue(botId, { type: "text", text: "paid", paid: true });
      await own.waitForStatus(id, ["completed"]);
      expect(telegram.starts).toHaveLength(300);
      // Starts as the worker made them, the times the pacer controls (the fake's arrival times add each
      // connection's latency: a cold connection's first request lands tens of ms late, bunching the ones after it).
      // 995 ms rather than 1,000: a start is stamped a few microtasks after the pacer counted it (fencing.test.ts).
      const most = busiestWindow(telegram.starts, 995);
      expect(most).toBeGreaterThan(40);
      expect(most).toBeLessThanOrEqual(100);
    } finally {
      await own.close();
      await telegram.close();
    }
  });
});

describe("ordering, parallelism, cancellation", () => {
  it("runs one broadcast per bot at a time, in order, and different bots at the same time", async () => {
    const a = await h.bot(20);
    const b = await h.bot(20);
    const first = await h.queue(a.botId, { type: "text", text: "first" });
    const second = await h.queue(a.botId, { type: "text", text: "second" });
    const other = await h.queue(b.botId, { type: "text", text: "other" });
    await h.waitForStatus(second, ["completed"]);
    await h.waitForStatus(other, ["completed"]);
    const texts = h.fake.callsOf("sendMessage", a.token).map((c) => c.params.text);
    expect(texts.lastIndexOf("first")).toBeLessThan(texts.indexOf("second"));
    const aCalls = h.fake.callsOf("sendMessage", a.token);
    const bCalls = h.fake.callsOf("sendMessage", b.token);
    // Bot B's sends interleave with bot A's first broadcast instead of waiting for it.
    expect(bCalls[0]!.at).toBeLessThan(aCalls.filter((c) => c.params.text === "first").at(-1)!.at);
    expect((await h.job(first)).sent).toBe(20);
  });

  it("never double-sends with two workers on one queue, both of which ran broadcasts", async () => {
    // Two workers of their own, one job at a time each: while one sends a bot's broadcast, the next bot's drain job
    // can only go to the other, so both run (their claim counters show it) and the sends are checked across both.
    const own = await startWorkerHarness();
    try {
      const metrics = [0, 1].map(() => createWorkerMetrics(createMetricsRegistry("broadcast-worker")));
      for (const m of metrics) await own.startWorker({ metrics: m, concurrency: 1 });
      const bots = await Promise.all([own.bot(30), own.bot(30), own.bot(30), own.bot(30)]);
      const ids = await Promise.all(bots.map((b) => own.queue(b.botId, { type: "text", text: "once" })));
      for (const id of ids) await own.waitForStatus(id, ["completed"]);
      for (const b of bots) {
        const chats = own.fake.calls.filter((c) => c.token === b.token).map((c) => Number(c.params.chat_id));
        expect(chats).toHaveLength(30);
        expect(new Set(chats).size).toBe(30);
      }
      for (const m of metrics) expect(await counted(m, "claims", "claimed")).toBeGreaterThanOrEqual(1);
      expect(
        (await counted(metrics[0]!, "claims", "claimed")) + (await counted(metrics[1]!, "claims", "claimed")),
      ).toBe(4);
    } finally {
      await own.close();
    }
  });

  it("stops a running broadcast when its row is cancelled and keeps the counts", async () => {
    const { botId, token } = await h.bot(200, (chatId) => (chatId === 1 ? "de" : "en"));
    const id = await h.queue(botId, { type: "text", text: "long" });
    await h.waitForStatus(id, ["running"]);
    await waitFor(() => h.fake.calls.filter((c) => c.token === token).length >= 5);
    await h.cancel(id);
    const atCancel = chatsOf(token).length;
    // The bot's broadcasts run one at a time, in order: once the next one reaches the Bot API, the cancelled run has
    // ended, and whatever it sent is all it will ever send.
    const next = await h.queue(botId, { type: "text", text: "next", filter: { lang: "de" } });
    await h.waitForStatus(next, ["completed"]);
    const calls = h.fake.callsOf("sendMessage", token);
    const long = calls.filter((c) => c.params.text === "long");
    const firstNext = calls.find((c) => c.params.text === "next")!;
    expect(long.every((c) => c.at < firstNext.at)).toBe(true);
    const after = long.length;
    expect(after - atCancel).toBeLessThanOrEqual(2);
    expect(after).toBeLessThan(200);
    const job = await h.job(id);
    expect(job.status).toBe("cancelled");
    expect(job.sent).toBe(after);
  });

  it("keeps a 429 pause for the bot's next broadcast when the paused one is cancelled", async () => {
    const { botId, token } = await h.bot(100);
    const first = await h.queue(botId, { type: "text", text: "first" });
    const second = await h.queue(botId, { type: "text", text: "second" });
    await waitFor(() => h.fake.calls.filter((c) => c.token === token).length >= 5);
    // The next call to arrive is the one answered 429 (configure and the count are synchronous).
    const limitedIndex = h.fake.calls.length;
    h.fake.configure({ rateLimitNext: 1, retryAfter: 2 });
    await waitFor(() => h.fake.rateLimited === 1);
    const limitedAt = h.fake.calls[limitedIndex]!.at;
    await h.cancel(first);
    await waitFor(() => h.fake.calls.some((c) => c.token === token && c.params.text === "second"));
    const resumedAt = h.fake.calls.find((c) => c.token === token && c.params.text === "second")!.at;
    // Telegram asked the bot, not the cancelled broadcast, to wait 2 s from its reply, which left after limitedAt.
    expect(resumedAt - limitedAt).toBeGreaterThanOrEqual(2000);
    await h.cancel(second);
  });
});

describe("a hand-back while a recipient waits to be retried", () => {
  it("never sends the recipients after it twice: the next worker skips those already handled", async () => {
    const own = await startWorkerHarness();
    try {
      const first = await own.startWorker();
      const { botId, token } = await own.bot(30);
      // Chat 1's first send answers 500: it waits out a back-off while chats 2, 3, … are sent, above the cursor.
      own.fake.configure({ latencyMs: 150, failNext: 1 });
      const id = await own.queue(botId, { type: "text", text: "once" });
      await waitFor(() => own.fake.calls.filter((c) => c.token === token).length >= 3);
      await first.close(); // SIGTERM: the job is handed back with its progress
      own.workers.splice(own.workers.indexOf(first), 1);
      await own.startWorker();
      await own.waitForStatus(id, ["completed"], 30_000);
      const perChat = new Map<number, number>();
      for (const call of own.fake.calls.filter((c) => c.token === token)) {
        const chat = Number(call.params.chat_id);
        perChat.set(chat, (perChat.get(chat) ?? 0) + 1);
      }
      // Chat 1 was called again after its 500; every other chat once.
      expect([...perChat].filter(([, n]) => n > 1)).toEqual([[1, 2]]);
      expect(perChat.size).toBe(30);
      expect(await own.job(id)).toMatchObject({ status: "completed", total: 30, sent: 30, failed: 0 });
    } finally {
      await own.close();
    }
  });
});

describe("a 429 pause outlives the drain loop that met it", () => {
  it("holds for a broadcast queued after the paused one was cancelled, and on another worker", async () => {
    const own = await startWorkerHarness();
    try {
      const first = await own.startWorker();
      const { botId, token } = await own.bot(100);
      const paused = await own.queue(botId, { type: "text", text: "paused" });
      await waitFor(() => own.fake.calls.filter((c) => c.token === token).length >= 5);
      const limitedIndex = own.fake.calls.length;
      own.fake.configure({ rateLimitNext: 1, retryAfter: 3 });
      await waitFor(() => own.fake.rateLimited === 1);
      const limitedAt = own.fake.calls[limitedIndex]!.at;
      await own.cancel(paused);
      await own.waitForStatus(paused, ["cancelled"]);
      // The cancelled run's drain loop has ended; the next broadcast is sent by a new one, on a worker started now.
      await first.close();
      own.workers.splice(own.workers.indexOf(first), 1);
      await own.startWorker();
      const next = await own.queue(botId, { type: "text", text: "next" });
      await waitFor(() => own.fake.calls.some((c) => c.token === token && c.params.text === "next"), {
        timeoutMs: 15_000,
      });
      const resumedAt = own.fake.calls.find((c) => c.token === token && c.params.text === "next")!.at;
      // Telegram asked the bot to wait 3 s from its reply, which left after limitedAt.
      expect(resumedAt - limitedAt).toBeGreaterThanOrEqual(3000);
      await own.cancel(next);
    } finally {
      await own.close();
    }
  });
});

describe("stopping during a long 429 pause", () => {
  it("hands the job back at once when the worker shuts down, with its progress saved", async () => {
    const own = await startWorkerHarness();
    try {
      const metrics = createWorkerMetrics(createMetricsRegistry("broadcast-worker"));
      const worker = await own.startWorker({ metrics });
      const { botId, token } = await own.bot(100);
      const id = await own.queue(botId, { type: "text", text: "paused" });
      await waitFor(() => own.fake.calls.filter((c) => c.token === token).length >= 5);
      own.fake.configure({ rateLimitNext: 1, retryAfter: 60 });
      await waitFor(() => own.fake.rateLimited === 1);
      // The run counts the 429 and pauses its pacer in one synchronous step: from here the sending loop is paused.
      await waitFor(async () => (await counted(metrics, "messages", "rate_limited")) === 1);
      // A run that slept through the 60 s pause would hold close() for a minute; 20 s is a third of that, not a figure.
      let timer: NodeJS.Timeout | undefined;
      const closed = await Promise.race([
        worker.close().then(() => "closed"),
        new Promise((r) => {
          timer = setTimeout(r, 20_000, "still closing");
        }),
      ]);
      clearTimeout(timer);
      expect(closed).toBe("closed");
      own.workers.splice(own.workers.indexOf(worker), 1);
      const delivered = own.fake.calls.filter((c) => c.token === token).length - 1;
      const job = await own.job(id);
      expect(job).toMatchObject({ status: "running", sent: delivered, failed: 0 });
      // The rate-limited recipient waits above the cursor; one more may have been sent past it before the pause.
      expect(job.cursor).toBeGreaterThanOrEqual(delivered - 1);
      expect(job.cursor).toBeLessThan(delivered + 1);
    } finally {
      await own.close();
    }
  });
});

describe("the audience is fixed when the job starts", () => {
  it("sends to those unblocked at the start only, whoever (un)blocks meanwhile; counts add up", async () => {
    const own = await startWorkerHarness();
    try {
      await own.startWorker();
      // 600 users: the feed reads 500 a page, so 501..600 are read only once the first page is half sent.
      const { botId, token } = await own.bot(600);
      const users = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
      const mark = (blocked: boolean, from: number, to: number) =>
        own.handle.pool.query(
          `update recipients set blocked = $2, blocked_at = ${blocked ? "now()" : "null"}, updated_at = now()
           where bot_id = $1 and chat_id between $3 and $4`,
          [botId, blocked, from, to],
        );
      await mark(true, 551, 560);
      // The first send answers 429: the bot waits 2 s, its first page read and the second not yet.
      own.fake.configure({ rateLimitNext: 1, retryAfter: 2, blockedChats: new Set(users(571, 573)) });
      const id = await own.queue(botId, { type: "text", text: "fixed", paid: true });
      await waitFor(() => own.fake.rateLimited === 1);
      expect(await own.job(id)).toMatchObject({ status: "running", total: 590 });
      // During the pause 551..560 write to the bot again (the gateway's upsert unblocks them), and 571..573 block it
      // and are marked so.
      await mark(false, 551, 560);
      await mark(true, 571, 573);
      await own.waitForStatus(id, ["completed"]);
      // Those who block during the broadcast are sent to and count failed (Telegram answers 403): nobody is skipped.
      expect(await own.job(id)).toMatchObject({ status: "completed", total: 590, sent: 587, failed: 3 });
      const calls = own.fake.calls.filter((c) => c.token === token).map((c) => Number(c.params.chat_id));
      const audience = users(1, 600).filter((chat) => chat < 551 || chat > 560);
      expect([...new Set(calls)].sort((a, b) => a - b)).toEqual(audience);
      expect(calls).toHaveLength(audience.length + 1); // the 429's recipient twice, everyone else once
    } finally {
      await own.close();
    }
  });
});

describe("shutdown while a claim is under way", () => {
  it("hands the job the claim takes back at once instead of starting a run that close() would not stop", async () => {
    const own = await startWorkerHarness();
    const holder = await own.handle.pool.connect();
    try {
      const { botId, token } = await own.bot(20);
      // Holding the bot's claim lock keeps the worker's claim waiting in its transaction, as a slow claim would.
      await holder.query("select pg_advisory_lock(727011002, hashtext($1))", [botId]);
      const worker = await own.startWorker();
      const id = await own.queue(botId, { type: "text", text: "late" });
      await waitFor(async () => {
        const { rows } = await own.handle.pool.query(
          "select 1 from pg_locks where locktype = 'advisory' and classid = 727011002 and not granted",
        );
        return rows.length > 0;
      });
      const closing = worker.close();
      own.workers.splice(own.workers.indexOf(worker), 1);
      await holder.query("select pg_advisory_unlock(727011002, hashtext($1))", [botId]);
      await closing;
      // Claimed (fence 1), then handed back: running, its lease only the cool-down, nothing sent.
      const { rows } = await own.handle.pool.query(
        "select status, fence, lease_until <= now() + interval '1 second' as cooling from broadcasts where id = $1",
        [id],
      );
      expect(rows[0]).toEqual({ status: "running", fence: 1, cooling: true });
      expect(chatsOfIn(own, token)).toEqual([]);
      // Another worker resumes it and sends it whole.
      await own.startWorker();
      await own.waitForStatus(id, ["completed"]);
      expect(await own.job(id)).toMatchObject({ total: 20, sent: 20 });
    } finally {
      holder.release();
      await own.close();
    }
  });
});

describe("a cancel while a run writes its audience", () => {
  it("answers at once, and the run ends cancelled without sending", async () => {
    const own = await startWorkerHarness();
    const blocker = await own.handle.pool.connect();
    let blocking = false;
    try {
      const metrics = createWorkerMetrics(createMetricsRegistry("broadcast-worker"));
      await own.startWorker({ metrics });
      const { botId, token } = await own.bot(1);
      await own.handle.pool.query(
        "insert into recipients (bot_id, chat_id) select $1, g from generate_series(2, 2000) g",
        [botId],
      );
      // A write of millions of rows takes seconds; this one is kept under way for as long as the test needs: the table
      // held in SHARE mode keeps the run's INSERT of the rows waiting, after it took its job's lock (class 727011003).
      // Management's cancel touches broadcasts only, so it must not wait for it.
      await blocker.query("begin");
      await blocker.query("lock table broadcast_audience in share mode");
      blocking = true;
      const id = await own.queue(botId, { type: "text", text: "big" });
      const writing = async () =>
        (
          await own.handle.pool.query(
            "select 1 from pg_locks where locktype = 'advisory' and classid = 727011003 and granted",
          )
        ).rows.length > 0;
      const insertWaits = async () =>
        (
          await own.handle.pool.query(
            "select 1 from pg_locks where relation = 'broadcast_audience'::regclass and not granted",
          )
        ).rows.length > 0;
      await waitFor(async () => (await writing()) && (await insertWaits()), { intervalMs: 2 });
      await own.cancel(id);
      // The cancel's UPDATE did not wait for the write: it committed while the write still held its lock.
      expect((await own.job(id)).status).toBe("cancelled");
      expect(await writing()).toBe(true);
      await blocker.query("commit");
      blocking = false;
      await waitFor(async () =>
        (await metrics.runs.get()).values.some((v) => v.labels.outcome === "cancelled" && v.value === 1),
      );
      expect(chatsOfIn(own, token)).toEqual([]);
      expect(await own.job(id)).toMatchObject({ status: "cancelled", total: 0, sent: 0, failed: 0 });
      const { rows } = await own.handle.pool.query(
        "select count(*)::int as n from broadcast_audience where broadcast_id = $1",
        [id],
      );
      expect(rows[0].n).toBe(0);
    } finally {
      if (blocking) await blocker.query("rollback");
      blocker.release();
      await own.close();
    }
  });
});

/** Chat ids sent to with `token` on harness `of`'s fake Bot API. */
function chatsOfIn(of: WorkerHarness, token: string): number[] {
  return of.fake.calls.filter((c) => c.token === token).map((c) => Number(c.params.chat_id));
}
