/**
 * One broadcast run (src/broadcast-run.ts) against an in-memory repository and a scripted Bot API: what it sends,
 * how each Telegram answer is handled, how it ends, and the fencing rules (no send without a confirmed lease,
 * nothing written once another run holds the fence). Real timers at a high rate; every wait polls what it awaits.
 * @see docs/broadcast.md#fencing
 */
import { describe, expect, it } from "@jest/globals";
import { createLogger } from "@botyard/common/logging";
import { createMetricsRegistry } from "@botyard/common/metrics";
import { waitFor } from "@botyard/testing";
import { TelegramApiError, type TelegramClient } from "@botyard/telegram";
import type { BroadcastPayload } from "@botyard/broadcast";
import type {
  AudienceWrite,
  ClaimedBroadcast,
  Progress,
  Renewal,
  WorkerRepository,
} from "../src/broadcast-repository.js";
import { BroadcastRun, LEASE_GUARD_MS, sendWindowMs, UNSAVED_LIMIT_MS, type RunOptions } from "../src/broadcast-run.js";
import { createWorkerMetrics } from "../src/metrics.js";

type Answer = (chatId: number, attempt: number) => Promise<unknown>;

/** The repository calls a run makes, answered from memory and recorded in order. */
class MemoryRepository {
  readonly events: string[] = [];
  readonly saved: Progress[] = [];
  readonly blocked: number[] = [];
  /** The page size of every recipient read. */
  readonly limits: number[] = [];
  ended: { how: string; progress: Progress; error?: string | null; fence: number } | null = null;
  /** What each saveProgress answers (or throws), in turn; "renewed" once the list is used up. */
  renewals: Array<Renewal | Error> = [];
  /** What writeAudience answers, once `audienceGate` (when set) opens. */
  audienceWrite: AudienceWrite = "written";
  audienceGate: Promise<void> | null = null;
  constructor(private readonly chatIds: number[]) {}
  async writeAudience(_id: string, fence: number): Promise<AudienceWrite> {
    this.events.push(`audience-${fence}`);
    await this.audienceGate;
    this.events.push(`audience-${this.audienceWrite}`);
    return this.audienceWrite;
  }
  async recipientsAfter(_jobId: string, after: number | null, limit: number) {
    this.limits.push(limit);
    return this.chatIds.filter((id) => after === null || id > after).slice(0, limit);
  }
  async saveProgress(_id: string, _fence: number, progress: Progress): Promise<Renewal> {
    const next = this.renewals.shift() ?? "renewed";
    this.events.push(next instanceof Error ? "save-failed" : `save-${next}`);
    if (next instanceof Error) throw next;
    this.saved.push({ ...progress });
    return next;
  }
  async release(_id: string, fence: number, progress: Progress) {
    this.ended = { how: "release", progress, fence };
  }
  async finish(_id: string, fence: number, status: string, progress: Progress, error: string | null = null) {
    this.ended = { how: status, progress, error, fence };
  }
  async saveCancelledCounts(_id: string, fence: number, progress: Progress) {
    this.ended = { how: "cancelled", progress, fence };
  }
  async markBlocked(_botId: string, chatId: number) {
    this.blocked.push(chatId);
  }
}

/** A Bot API that records every call and answers as `answer` says (OK by default). */
class ScriptedTelegram {
  readonly calls: Array<{ token: string; method: string; params: Record<string, unknown>; at: number }> = [];
  readonly attempts = new Map<number, number>();
  inFlight = 0;
  mostInFlight = 0;
  constructor(private readonly answer: Answer = async () => ({})) {}
  async call(token: string, method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const chatId = Number(params.chat_id);
    const attempt = (this.attempts.get(chatId) ?? 0) + 1;
    this.attempts.set(chatId, attempt);
    this.calls.push({ token, method, params, at: performance.now() });
    this.inFlight += 1;
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
    try {
      return await this.answer(chatId, attempt);
    } finally {
      this.inFlight -= 1;
    }
  }
  chatIds(): number[] {
    return this.calls.map((c) => Number(c.params.chat_id));
  }
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const apiError = (code: number, retryAfter?: number) =>
  new TelegramApiError("sendMessage", code, `error ${code}`, retryAfter);
const PAYLOAD: BroadcastPayload = { type: "text", text: "hello" };

function setup(
  chatIds: number[],
  answer?: Answer,
  options: Partial<RunOptions> = {},
  job: Partial<ClaimedBroadcast> = {},
) {
  const repository = new MemoryRepository(chatIds);
  const telegram = new ScriptedTelegram(answer);
  const metrics = createWorkerMetrics(createMetricsRegistry("broadcast-worker"));
  const run = new BroadcastRun(
    {
      id: "job-1",
      botId: "bot-1",
      payload: PAYLOAD,
      total: chatIds.length,
      sent: 0,
      failed: 0,
      cursor: null,
      doneAbove: [],
      fence: 7,
      audienceWritten: true,
      ...job,
    },
    "123:token",
    {
      repository: repository as unknown as WorkerRepository,
      telegram: telegram as unknown as TelegramClient,
      logger: createLogger("broadcast-worker", "silent"),
      metrics,
    },
    {
      ratePerSecond: 1000,
      maxInFlight: 10,
      flushMs: 20,
      pageSize: 4,
      leaseMs: 5000,
      claimedAt: performance.now(),
      ...options,
    },
  );
  /** The messages counter by outcome. */
  const counted = async () =>
    Object.fromEntries((await metrics.messages.get()).values.map((v) => [String(v.labels.outcome), v.value]));
  return { repository, telegram, run, counted };
}

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe("sendWindowMs", () => {
  it("is the shorter of the lease less its guard and the unsaved-progress limit", () => {
    expect(sendWindowMs(1500)).toBe(1500 - LEASE_GUARD_MS);
    expect(sendWindowMs(2000)).toBe(1000);
    expect(sendWindowMs(60_000)).toBe(UNSAVED_LIMIT_MS);
  });
});

describe("BroadcastRun", () => {
  it("sends to every recipient once in chat id order, then completes with the counts and the last cursor", async () => {
    let writesBeforeFirstSend: number | undefined;
    const { repository, telegram, run } = setup(
      range(11),
      async () => {
        writesBeforeFirstSend ??= repository.events.length;
        return {};
      },
      {},
      { sent: 3, failed: 1 },
    );
    expect(run.id).toBe("job-1");
    expect(await run.run()).toBe("completed");
    expect(writesBeforeFirstSend).toBe(0); // the claim confirmed the lease
    expect(new Set(repository.limits)).toEqual(new Set([4])); // pages of pageSize
    expect(telegram.chatIds()).toEqual(range(11));
    expect(telegram.calls[0]).toMatchObject({
      token: "123:token",
      method: "sendMessage",
      params: { chat_id: 1, text: "hello" },
    });
    expect(repository.ended).toEqual({
      how: "completed",
      progress: { sent: 14, failed: 1, cursor: 11, doneAbove: [] },
      error: null,
      fence: 7,
    });
    expect(run.recentStarts).toHaveLength(11);
  });

  it("resumes after the claimed cursor", async () => {
    const { telegram, run } = setup(range(8), undefined, {}, { cursor: 5 });
    expect(await run.run()).toBe("completed");
    expect(telegram.chatIds()).toEqual([6, 7, 8]);
  });

  it("completes at once with nobody to send to", async () => {
    const { repository, telegram, run } = setup([]);
    expect(await run.run()).toBe("completed");
    expect(telegram.calls).toEqual([]);
    expect(repository.ended?.progress).toEqual({ sent: 0, failed: 0, cursor: null, doneAbove: [] });
  });

  it("counts a 400 failed at once, blocks the recipient on a 403, retries 5xx and network errors", async () => {
    const answer: Answer = async (chatId, attempt) => {
      if (chatId === 2) throw apiError(400);
      if (chatId === 3) throw apiError(403);
      if (chatId === 4) throw apiError(500); // always: fails after maxAttempts
      if (chatId === 5 && attempt === 1) throw apiError(502);
      if (chatId === 6 && attempt === 1) throw new TypeError("fetch failed");
      return {};
    };
    const { repository, telegram, run, counted } = setup(range(7), answer, { maxAttempts: 2 });
    expect(await run.run()).toBe("completed");
    expect(await counted()).toEqual({ sent: 4, failed: 3 });
    expect(Object.fromEntries(telegram.attempts)).toEqual({ 1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2, 7: 1 });
    expect(repository.blocked).toEqual([3]);
    expect(repository.ended?.progress).toEqual({ sent: 4, failed: 3, cursor: 7, doneAbove: [] });
  });

  it("sends a retry while later recipients still wait, then moves the cursor past everyone", async () => {
    const { repository, telegram, run } = setup(
      range(40),
      async (chatId, attempt) => {
        if (chatId === 1 && attempt === 1) throw apiError(500);
        return {};
      },
      { ratePerSecond: 100 }, // 400 ms of sends; the retry comes back after 250 ms
    );
    expect(await run.run()).toBe("completed");
    expect(telegram.attempts.get(1)).toBe(2);
    expect(repository.ended?.progress).toEqual({ sent: 40, failed: 0, cursor: 40, doneAbove: [] });
  });

  it("gives up a failing recipient after three attempts by default", async () => {
    const { telegram, repository, run } = setup([1], async () => {
      throw apiError(503);
    });
    expect(await run.run()).toBe("completed");
    expect(telegram.attempts.get(1)).toBe(3);
    expect(repository.ended?.progress).toEqual({ sent: 0, failed: 1, cursor: 1, doneAbove: [] });
  });

  it("retries after a 429 without counting it as an attempt, pausing every start as asked", async () => {
    let limitedAt = 0;
    const answer: Answer = async (chatId, attempt) => {
      if (chatId === 2 && attempt === 1) {
        limitedAt = performance.now();
        throw apiError(429, 0.05);
      }
      if (chatId === 2 && attempt === 2) throw apiError(500);
      return {};
    };
    const { repository, telegram, run, counted } = setup(range(3), answer, { maxAttempts: 2, maxInFlight: 1 });
    expect(await run.run()).toBe("completed");
    expect(await counted()).toEqual({ sent: 3, rate_limited: 1 });
    expect(telegram.attempts.get(2)).toBe(3); // 429, then 500 (attempt 1 of 2), then sent
    expect(repository.ended?.progress).toEqual({ sent: 3, failed: 0, cursor: 3, doneAbove: [] });
    expect(run.pausedUntil).toBeGreaterThanOrEqual(limitedAt + 50);
    const after = telegram.calls.filter((c) => c.at > limitedAt);
    for (const call of after) expect(call.at).toBeGreaterThanOrEqual(limitedAt + 50);
  });

  it("pauses a second when a 429 gives no retry_after", async () => {
    let limitedAt = 0;
    const { run } = setup(range(2), async (chatId, attempt) => {
      if (chatId === 1 && attempt === 1) {
        limitedAt = performance.now();
        throw apiError(429);
      }
      return {};
    });
    expect(await run.run()).toBe("completed");
    expect(run.pausedUntil).toBeGreaterThanOrEqual(limitedAt + 1000);
  });

  it("stops and fails the job when Telegram rejects the token", async () => {
    const { repository, telegram, run } = setup(
      range(20),
      async (chatId) => {
        if (chatId === 3) throw apiError(401);
        return {};
      },
      { maxInFlight: 1 },
    );
    expect(await run.run()).toBe("failed");
    expect(telegram.chatIds()).toEqual([1, 2, 3]);
    expect(repository.ended).toEqual({
      how: "failed",
      progress: { sent: 2, failed: 0, cursor: 2, doneAbove: [] },
      error: "Telegram rejected the bot token (401 Unauthorized)",
      fence: 7,
    });
  });

  it("keeps at most maxInFlight sends awaiting Telegram", async () => {
    // Each send takes 30 ms on purpose: sends that overlap are what the test counts.
    const { telegram, run } = setup(range(12), () => new Promise((resolve) => setTimeout(resolve, 30)), {
      maxInFlight: 2,
    });
    expect(await run.run()).toBe("completed");
    expect(telegram.mostInFlight).toBe(2);
  });

  it("moves the cursor past a recipient only when everyone before it is handled", async () => {
    const first = gate();
    const { repository, run } = setup(range(5), async (chatId) => {
      if (chatId === 1) await first.opened;
      return {};
    });
    const outcome = run.run();
    await waitFor(() => repository.saved.some((p) => p.sent === 4));
    expect(repository.saved.filter((p) => p.sent === 4).every((p) => p.cursor === null)).toBe(true);
    first.open();
    expect(await outcome).toBe("completed");
    expect(repository.ended?.progress.cursor).toBe(5);
  });

  it("writes the audience its claim left before the first send, and never when it is written", async () => {
    const { repository, telegram, run } = setup(
      range(3),
      async () => {
        repository.events.push("send");
        return {};
      },
      {},
      { audienceWritten: false },
    );
    expect(await run.run()).toBe("completed");
    expect(repository.events.slice(0, 3)).toEqual(["audience-7", "audience-written", "send"]);
    expect(telegram.chatIds()).toEqual(range(3));
    const written = setup(range(2));
    expect(await written.run.run()).toBe("completed");
    expect(written.repository.events.filter((e) => e.startsWith("audience"))).toEqual([]);
  });

  it("keeps its lease while a long audience write lasts, and ends cancelled without a send on a cancel", async () => {
    const { repository, telegram, run } = setup(range(5), undefined, {}, { audienceWritten: false });
    const write = gate();
    repository.audienceGate = write.opened;
    repository.audienceWrite = "cancelled";
    const outcome = run.run();
    await waitFor(() => repository.events.filter((e) => e === "save-renewed").length >= 2);
    write.open();
    expect(await outcome).toBe("cancelled");
    expect(telegram.calls).toEqual([]);
    expect(repository.ended).toEqual({
      how: "cancelled",
      progress: { sent: 0, failed: 0, cursor: null, doneAbove: [] },
      fence: 7,
    });
  });

  it("ends fenced, sending and writing nothing, when the audience write finds the job taken over", async () => {
    const { repository, telegram, run } = setup(range(5), undefined, {}, { audienceWritten: false });
    repository.audienceWrite = "lost";
    expect(await run.run()).toBe("fenced");
    expect(telegram.calls).toEqual([]);
    expect(repository.ended).toBeNull();
  });

  it("stops on cancel() and writes the cancelled counts", async () => {
    let run: BroadcastRun | undefined;
    const setupResult = setup(
      range(50),
      async (chatId) => {
        if (chatId === 3) run!.cancel();
        return {};
      },
      { maxInFlight: 1 },
    );
    run = setupResult.run;
    expect(await run.run()).toBe("cancelled");
    expect(setupResult.telegram.chatIds()).toEqual([1, 2, 3]);
    expect(setupResult.repository.ended).toEqual({
      how: "cancelled",
      progress: { sent: 3, failed: 0, cursor: 3, doneAbove: [] },
      fence: 7,
    });
  });

  it("stops when a progress write finds the job cancelled", async () => {
    const { repository, telegram, run } = setup(range(200), undefined, { ratePerSecond: 50 });
    repository.renewals = ["cancelled"];
    let sentBeforeCancel = -1;
    const save = repository.saveProgress.bind(repository);
    repository.saveProgress = async (...args: Parameters<MemoryRepository["saveProgress"]>) => {
      const renewal = await save(...args);
      if (renewal === "cancelled") sentBeforeCancel = telegram.calls.length;
      return renewal;
    };
    expect(await run.run()).toBe("cancelled");
    expect(telegram.calls.length).toBe(sentBeforeCancel); // no send starts after the cancel is seen
    expect(repository.ended?.how).toBe("cancelled");
  });

  it("hands back on handBack(), releasing the job with its progress", async () => {
    let run: BroadcastRun | undefined;
    const s = setup(
      range(50),
      async (chatId) => {
        if (chatId === 2) {
          run!.handBack();
          run!.cancel(); // the first reason wins
        }
        return {};
      },
      { maxInFlight: 1 },
    );
    run = s.run;
    expect(await run.run()).toBe("handed-back");
    expect(s.repository.ended).toEqual({
      how: "release",
      progress: { sent: 2, failed: 0, cursor: 2, doneAbove: [] },
      fence: 7,
    });
  });

  it("hands back with the recipients sent above a cursor held by a retry, and the resuming run sends only the rest", async () => {
    let run: BroadcastRun | undefined;
    let firstSent = 0;
    // Chat 1's first answer is a 500: it waits out its back-off while 2 to 6 are sent, holding the cursor below them.
    const first = setup(range(6), async (chatId, attempt) => {
      if (chatId === 1 && attempt === 1) throw apiError(500);
      firstSent += 1;
      if (firstSent === 5) run!.handBack();
      return {};
    });
    run = first.run;
    expect(await run.run()).toBe("handed-back");
    expect(first.repository.ended).toEqual({
      how: "release",
      progress: { sent: 5, failed: 0, cursor: null, doneAbove: [2, 3, 4, 5, 6] },
      fence: 7,
    });
    // Another worker resumes the job from what was saved: chat 1 only, and the counts add up to the six recipients.
    const { progress } = first.repository.ended!;
    const resumed = setup(range(6), undefined, {}, { ...progress, fence: 8 });
    expect(await resumed.run.run()).toBe("completed");
    expect(resumed.telegram.chatIds()).toEqual([1]);
    expect(resumed.repository.ended?.progress).toEqual({ sent: 6, failed: 0, cursor: 6, doneAbove: [] });
  });

  it("stops at once and writes nothing more when another run took the fence", async () => {
    const { repository, telegram, run } = setup(range(200), undefined, { ratePerSecond: 50 });
    repository.renewals = ["lost"];
    expect(await run.run()).toBe("fenced");
    expect(repository.ended).toBeNull();
    expect(repository.events).toEqual(["save-lost"]);
    expect(telegram.calls.length).toBeLessThan(200);
  });

  it("starts no send until a write confirms the lease, and goes on once one does", async () => {
    const { repository, telegram, run } = setup(
      range(3),
      async () => {
        repository.events.push("send");
        return {};
      },
      { claimedAt: performance.now() - 10_000 },
    );
    repository.renewals = [new Error("connection lost"), new Error("connection lost")];
    expect(await run.run()).toBe("completed");
    const { events } = repository;
    expect(events.slice(0, events.indexOf("save-renewed"))).toEqual(["save-failed", "save-failed"]);
    expect(events.indexOf("send")).toBeGreaterThan(events.indexOf("save-renewed"));
    expect(telegram.chatIds()).toEqual([1, 2, 3]);
  });

  it("renews a lease that ended while the pacer waited before it sends", async () => {
    const { repository, run } = setup(
      range(1),
      async () => {
        repository.events.push("send");
        return {};
      },
      // The claim's window (1 s) ends inside the 1.5 s pause; no periodic write comes in between.
      { flushMs: 60_000, pausedUntil: performance.now() + 1500 },
    );
    expect(await run.run()).toBe("completed");
    expect(repository.events.slice(0, 2)).toEqual(["save-renewed", "send"]);
  });

  it("goes quiet while writes fail once its window has passed, and stops when one finds the job taken", async () => {
    const { repository, telegram, run } = setup(range(3), undefined, { claimedAt: performance.now() - 10_000 });
    repository.renewals = [new Error("connection lost"), "lost"];
    expect(await run.run()).toBe("fenced");
    expect(telegram.calls).toEqual([]);
    expect(repository.ended).toBeNull();
  });

  it("waits out the pause and counts the history its previous run left", async () => {
    const now = performance.now();
    const { telegram, run } = setup(range(2), undefined, { pausedUntil: now + 100, history: [now - 10] });
    expect(run.recentStarts).toEqual([now - 10]);
    expect(run.pausedUntil).toBeGreaterThanOrEqual(now + 100);
    expect(await run.run()).toBe("completed");
    expect(telegram.calls[0]!.at).toBeGreaterThanOrEqual(now + 100);
  });
});
