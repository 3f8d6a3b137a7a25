/**
 * The recipient feed: every recipient of a job's audience once, in chat id order, pages read ahead, after a cursor.
 * The audiences are written by real claims, so blocked users and other languages are left out as a claim leaves them.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { newId } from "@botyard/common/crypto";
import { accounts, bots, broadcasts, createDb, recipients, type DbHandle } from "@botyard/db";
import { createTestDatabase, type TestDatabase } from "@botyard/db/testing";
import type { BroadcastPayload } from "@botyard/broadcast";
import { WorkerRepository } from "../src/broadcast-repository.js";
import { RecipientFeed } from "../src/recipient-feed.js";

describe("RecipientFeed", () => {
  let database: TestDatabase;
  let handle: DbHandle;
  let repository: WorkerRepository;
  let accountId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = createDb(database.url, { max: 4 });
    repository = new WorkerRepository(handle.db);
    accountId = newId();
    await handle.db.insert(accounts).values({ id: accountId, email: `${accountId}@example.com` });
  });

  /**
   * A claimed job of a bot with 1,234 recipients with gaps in their ids; every 7th speaks "de", every 10th blocked the
   * bot. After the claim, blocked users unblock and others block, which the audience does not see.
   */
  async function claimedJob(payload: BroadcastPayload): Promise<string> {
    const botId = newId();
    await handle.db.insert(bots).values({ id: botId, accountId });
    const rows = Array.from({ length: 1234 }, (_, i) => ({
      botId,
      chatId: (i + 1) * 3,
      languageCode: i % 7 === 0 ? "DE" : "en",
      blocked: i % 10 === 0,
    }));
    await handle.db.insert(recipients).values(rows);
    const jobId = newId(24);
    await handle.db.insert(broadcasts).values({ id: jobId, botId, payload: { ...payload } });
    const claim = await repository.claimNext(botId, "w1", 5000);
    if (claim.kind !== "claimed") throw new Error(`no claim: ${claim.kind}`);
    await repository.writeAudience(jobId, claim.job.fence);
    await handle.pool.query("update recipients set blocked = not blocked where bot_id = $1", [botId]);
    return jobId;
  }

  afterAll(async () => {
    await handle.pool.end();
    await database.drop();
  });

  async function drain(feed: RecipientFeed): Promise<number[]> {
    const out: number[] = [];
    for (let id = await feed.next(); id !== undefined; id = await feed.next()) out.push(id);
    return out;
  }

  it("hands out every recipient unblocked at the claim once, in chat id order, across pages read ahead", async () => {
    const ids = await drain(new RecipientFeed(repository, await claimedJob({ type: "text", text: "hi" }), null, 100));
    const expected = Array.from({ length: 1234 }, (_, i) => i)
      .filter((i) => i % 10 !== 0)
      .map((i) => (i + 1) * 3);
    expect(ids).toEqual(expected);
  });

  it("resumes after a cursor, in an audience of the filter's language", async () => {
    const jobId = await claimedJob({ type: "text", text: "hi", filter: { lang: "de" } });
    const ids = await drain(new RecipientFeed(repository, jobId, 1500, 50));
    const expected = Array.from({ length: 1234 }, (_, i) => i)
      .filter((i) => i % 10 !== 0 && i % 7 === 0 && (i + 1) * 3 > 1500)
      .map((i) => (i + 1) * 3);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual(expected);
  });

  it("surfaces a failed read to the caller and can be asked again", async () => {
    let fail = true;
    const jobId = await claimedJob({ type: "text", text: "hi" });
    const flaky = Object.assign(Object.create(repository) as WorkerRepository, {
      recipientsAfter: (...args: Parameters<WorkerRepository["recipientsAfter"]>) =>
        fail ? Promise.reject(new Error("connection lost")) : repository.recipientsAfter(...args),
    });
    const feed = new RecipientFeed(flaky, jobId, null, 100);
    await expect(feed.next()).rejects.toThrow("connection lost");
    fail = false;
    expect(await feed.next()).toBe(6);
  });
});
