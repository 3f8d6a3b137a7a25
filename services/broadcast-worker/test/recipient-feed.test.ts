/** The recipient feed: every unblocked recipient once, in chat id order, pages read ahead, filtered by language. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { newId } from "@botyard/common";
import { accounts, bots, broadcasts, createDb, recipients, type DbHandle } from "@botyard/db";
import { createTestDatabase, type TestDatabase } from "@botyard/db/testing";
import { WorkerRepository } from "../src/broadcast-repository.js";
import { RecipientFeed } from "../src/recipient-feed.js";

describe("RecipientFeed", () => {
  let database: TestDatabase;
  let handle: DbHandle;
  let botId: string;
  /** A job started after every recipient here was recorded. */
  let jobId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = createDb(database.url, { max: 4 });
    const accountId = newId();
    botId = newId();
    await handle.db.insert(accounts).values({ id: accountId, email: `${accountId}@example.com` });
    await handle.db.insert(bots).values({ id: botId, accountId });
    // 1,234 recipients with gaps in their ids; every 7th speaks "de", every 10th blocked the bot.
    const rows = Array.from({ length: 1234 }, (_, i) => ({
      botId,
      chatId: (i + 1) * 3,
      languageCode: i % 7 === 0 ? "DE" : "en",
      blocked: i % 10 === 0,
    }));
    await handle.db.insert(recipients).values(rows);
    jobId = newId(24);
    await handle.db
      .insert(broadcasts)
      .values({ id: jobId, botId, payload: { type: "text", text: "hi" }, status: "running" });
    // The database's clock, to the microsecond, as a claim sets it.
    await handle.pool.query("update broadcasts set started_at = now() where id = $1", [jobId]);
  });
  afterAll(async () => {
    await handle.pool.end();
    await database.drop();
  });

  async function drain(feed: RecipientFeed): Promise<number[]> {
    const out: number[] = [];
    for (let id = await feed.next(); id !== undefined; id = await feed.next()) out.push(id);
    return out;
  }

  it("hands out every unblocked recipient once, in chat id order, across pages read ahead", async () => {
    const ids = await drain(new RecipientFeed(new WorkerRepository(handle.db), botId, null, undefined, jobId, 100));
    const expected = Array.from({ length: 1234 }, (_, i) => i)
      .filter((i) => i % 10 !== 0)
      .map((i) => (i + 1) * 3);
    expect(ids).toEqual(expected);
  });

  it("resumes after a cursor and filters by language without regard to case", async () => {
    const ids = await drain(new RecipientFeed(new WorkerRepository(handle.db), botId, 1500, "de", jobId, 50));
    const expected = Array.from({ length: 1234 }, (_, i) => i)
      .filter((i) => i % 10 !== 0 && i % 7 === 0 && (i + 1) * 3 > 1500)
      .map((i) => (i + 1) * 3);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual(expected);
  });

  it("surfaces a failed read to the caller and can be asked again", async () => {
    let fail = true;
    const real = new WorkerRepository(handle.db);
    const flaky = Object.assign(Object.create(real) as WorkerRepository, {
      recipientsAfter: (...args: Parameters<WorkerRepository["recipientsAfter"]>) =>
        fail ? Promise.reject(new Error("connection lost")) : real.recipientsAfter(...args),
    });
    const feed = new RecipientFeed(flaky, botId, null, undefined, jobId, 100);
    await expect(feed.next()).rejects.toThrow("connection lost");
    fail = false;
    expect(await feed.next()).toBe(6);
  });
});
