/**
 * The runtime's answers to the abuse reported in issue 10 that hostile.test.ts does not already cover: prototype
 * poisoning before host calls, odd URLs, one incident per strike, the negative cache of unknown bots, the per-bot
 * request rate, and database errors as bot code sees them. Each case asserts the reason (a log line, a count, a
 * header), not only a status.
 *
 * @see docs/bot-runtime.md#limits
 */
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import request from "supertest";
import { GatewayRepository } from "../src/bots/gateway-repository.js";
import { waitFor } from "@botyard/testing";
import { startGatewayHarness, type GatewayHarness } from "./harness.js";

const MEMORY_MB = 16;
let h: GatewayHarness;
let counter = 0;
/** A fresh suffix for ids no bot has. */
const n = () => {
  counter += 1;
  return `${Date.now()}y${counter}`;
};
let neighbour: string;

beforeAll(async () => {
  // A long lease: the unknown-id test needs trust to hold through its flood, which stalls a loaded machine's event
  // loop for longer than the harness's default 250 ms.
  h = await startGatewayHarness({
    timeoutMs: 1500,
    memoryMb: MEMORY_MB,
    maxConcurrentPerBot: 8,
    events: { beatMs: 100, leaseMs: 5000 },
  });
  neighbour = (await h.bot("logic['ping'] = async () => 'pong';")).botId;
});
afterAll(async () => {
  await h.close();
});

const rssMb = () => process.memoryUsage().rss / (1024 * 1024);

const ISOLATED_VM_CLASSES = "Reference|ExternalCopy|Isolate|Context|Callback|Script|Module|NativeModule";

describe("the bridge reads nothing the bot can touch", () => {
  it("Object.prototype.{externalCopy, reference, copy, timeout, promise, result} set before host calls: plain values come back, no isolated-vm class is reachable, and the gateway stays bounded", async () => {
    const { botId } = await h.bot(`
    logic['seed'] = async (q, b, db) => {
      const blob = 'x'.repeat(100 * 1024);
      await db.operation.insertMany('big', [0, 1, 2, 3, 4].map((n) => ({ blob, n })));
    };
    logic['poison'] = async (q, b, db) => {
      // Half a MiB of documents, read three times, as the report's bot did with the ExternalCopy it was handed.
      for (const key of ['externalCopy', 'reference', 'copy', 'timeout', 'promise', 'result', 'arguments', 'release']) {
        Object.prototype[key] = true;
      }
      const values = [];
      for (let i = 0; i < 3; i++) values.push(await db.operation.findAll('big'));
      values.push(await bot.telegram.getMe());
      values.push(await new Promise((resolve) => setTimeout(() => resolve('timer'), 1)));
      console.log('still logging');
      const found = [];
      const seen = new Set();
      const visit = (value, depth) => {
        if (depth > 6 || value === null || (typeof value !== 'object' && typeof value !== 'function') || seen.has(value)) return;
        seen.add(value);
        const proto = Object.getPrototypeOf(value);
        const name = proto && Object.getOwnPropertyDescriptor(proto, 'constructor')?.value?.name;
        if (/^(${ISOLATED_VM_CLASSES})$/.test(String(name))) found.push(name);
        for (const key of Object.getOwnPropertyNames(value)) {
          const d = Object.getOwnPropertyDescriptor(value, key);
          if (d && 'value' in d) visit(d.value, depth + 1);
        }
      };
      visit(values, 0);
      visit(globalThis, 0);
      const plain = values.slice(0, 3).every((page) => Array.isArray(page) && page.length === 5 &&
        page.every((d) => Object.getPrototypeOf(d) === Object.prototype && d.blob.length === 100 * 1024));
      for (const key of ['externalCopy', 'reference', 'copy', 'timeout', 'promise', 'result', 'arguments', 'release']) {
        delete Object.prototype[key];
      }
      return { plain, found, me: typeof values[3].id, timer: values[4] };
    };`);
    const seeded = await request(h.app).get(`/custom/${botId}/seed`);
    expect(seeded.status).toBe(200);
    const before = rssMb();
    const res = await request(h.app).get(`/custom/${botId}/poison`);
    expect(res.body).toEqual({ ok: true, data: { plain: true, found: [], me: "number", timer: "timer" } });
    await h.waitForLog(botId, /^still logging$/);
    expect(rssMb() - before).toBeLessThan(2 * MEMORY_MB + 32);
    expect((await request(h.app).get(`/custom/${neighbour}/ping`)).body).toEqual({ ok: true, data: "pong" });
  });
});

describe("odd input gets a 4xx with a reason, never a 500", () => {
  const cases = (botId: string) => [
    `/custom/${botId}%00/x`,
    `/custom/${botId}/x%00`,
    "/custom/%ff/x",
    `/custom/${botId}/%ff`,
    "/custom/%C0%AE/x",
    `/custom/${botId}/%C0%AE%C0%AE`,
    "/custom/%2e%2e/x",
    `/custom/${botId}/..%2f..%2fetc`,
    `/custom/${botId}/%E2%80%AE`,
    `/custom/${botId}/%ED%A0%80`,
    "/custom/%uD800/x",
    `/custom/${"a".repeat(5000)}/x`,
    `/custom/${botId}/${"p".repeat(5000)}`,
    `/custom/${botId}%20/x`,
    `/telegram/${botId}%00`,
    "/telegram/%ff",
    "/telegram/%C0%AE",
    "/telegram/%ED%A0%80",
    `/telegram/${"a".repeat(5000)}`,
  ];

  it("odd URLs on /custom and /telegram answer 400 or 404 with a message", async () => {
    for (const url of cases(neighbour)) {
      const res = await request(h.app).post(url).set("content-type", "application/json").send("{}");
      const status = [400, 401, 404].includes(res.status) ? "400/401/404" : res.status;
      expect({ url, status }).toEqual({ url, status: "400/401/404" });
      expect(res.body).toEqual({ ok: false, message: expect.stringMatching(/\S/) });
    }
  });

  it("odd query strings and bodies reach the handler or are refused with 400", async () => {
    const { botId } = await h.bot("logic['echo'] = async (query, body) => ({ query, body });");
    const res = await request(h.app).get(`/custom/${botId}/echo?a=%ff&b=%00&c=%C0%AE&__proto__=x`);
    expect(res.status).toBe(200);
    expect(res.body.data.query).toMatchObject({ b: "\u0000" });
    const invalidUtf8 = await request(h.app)
      .post(`/custom/${botId}/echo`)
      .set("content-type", "application/octet-stream")
      .send(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xc0, 0x22, 0x7d]));
    expect(invalidUtf8.status).toBe(200);
    expect(invalidUtf8.body.data.body).toEqual({ a: "\ufffd\ufffd" });
    const notJson = await request(h.app).post(`/custom/${botId}/echo`).set("content-type", "text/plain").send("{x");
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toMatch(/JSON/);
  });

  it("header values with control or non-Latin-1 characters are dropped, each with a line in the bot's log", async () => {
    const { botId } = await h.bot(`logic['h'] = async (q, b, db, response) => {
      response.headers['X-Nul'] = 'a\\u0000b';
      response.headers['X-Del'] = 'a\\u007fb';
      response.headers['X-Esc'] = '\\u001b[31m';
      response.headers['X-Emoji'] = 'hi 🙂';
      response.headers['X-Latin'] = 'caf\\u00e9';
      response.headers['X-Array'] = ['a', 'b'];
      return 1;
    };`);
    const res = await request(h.app).get(`/custom/${botId}/h`);
    expect(res.status).toBe(200);
    expect(res.headers["x-latin"]).toBe("caf\u00e9");
    for (const name of ["x-nul", "x-del", "x-esc", "x-emoji", "x-array"]) expect(res.headers[name]).toBeUndefined();
    await h.waitForLog(botId, /header 'X-Array'/);
    const lines = (await h.logs(botId)).map((l) => l.message);
    for (const name of ["X-Nul", "X-Del", "X-Esc", "X-Emoji", "X-Array"]) {
      expect(lines).toContain(`custom/h: header '${name}' has a value that is not valid HTTP header text; dropped`);
    }
  });
});

describe("strikes and halts", () => {
  it("one time-limit incident while two other calls are in flight is one strike, logged once", async () => {
    const { botId } = await h.bot(`
      let waiting = 0;
      logic['wait'] = async () => { waiting++; await new Promise(() => {}); };
      logic['waiting'] = async () => waiting;
      logic['spin'] = async () => { for (;;) {} };`);
    // supertest sends a request only once it is awaited: start both now.
    const waits = [1, 2].map(() =>
      request(h.app)
        .get(`/custom/${botId}/wait`)
        .then((r) => r),
    );
    // Both waits are in the isolate before the loop starts and await forever: only the isolate's restart ends them
    // (left alone, each would reach its own deadline and be a strike of its own).
    await waitFor(async () => {
      const res = await request(h.app).get(`/custom/${botId}/waiting`);
      return res.body.data === 2 ? true : undefined;
    });
    const spin = await request(h.app).get(`/custom/${botId}/spin`);
    const replies = await Promise.all(waits);
    expect(spin.status).toBe(500);
    for (const r of replies) expect(r.body).toEqual({ ok: false, message: "Handler error" });
    const strikes = await h.redis.zcard(h.names.limitHits(botId));
    expect(strikes).toBe(1);
    await h.waitForLog(botId, /the bot's isolate was restarted$/);
    const restarts = (await h.logs(botId)).filter((l) => /isolate was restarted$/.test(l.message));
    expect(restarts).toHaveLength(1);
    const { bot } = (await h.op("getBot", { botId })) as { bot: { status: string } };
    expect(bot.status).toBe("running");
  });
});

describe("unknown bots cost no database read while events are trusted", () => {
  it("a flood for one unknown id on /custom and /telegram, and 500 distinct unknown ids, read the bots table at most once", async () => {
    // Trust may still lapse during a flood on a loaded machine; then unknown ids are read and the set of ids is loaded
    // again, by design (docs/bot-runtime.md#limits, docs/operations.md#bot-events). A round in which trust lapsed
    // cannot show the rule, so the flood is repeated until one round ran trusted throughout (the way
    // infra/test/redis-cluster.test.ts reruns a round it cannot decide).
    let lapses = 0;
    let counting = true;
    h.gateway.events.onLost(() => {
      if (counting) lapses += 1;
    });
    const findBot = jest.spyOn(GatewayRepository.prototype, "findBot");
    const botIds = jest.spyOn(GatewayRepository.prototype, "botIds");
    const rounds: Array<{ lapses: number; rowReads: number; setReads: number }> = [];
    try {
      for (let round = 0; round < 5; round++) {
        await waitFor(() => h.gateway.events.trusted);
        lapses = 0;
        const unknown = "A".repeat(32);
        const before = { rows: findBot.mock.calls.length, sets: botIds.mock.calls.length };
        const replies = await Promise.all([
          ...Array.from({ length: 100 }, () => request(h.app).post(`/custom/${unknown}/x`).send({})),
          ...Array.from({ length: 100 }, () => request(h.app).post(`/telegram/${unknown}`).send({})),
        ]);
        expect(replies.filter((r) => r.status === 404).length).toBe(100);
        expect(replies.filter((r) => r.status === 401).length).toBe(100);
        expect(replies[0]?.body).toEqual({ ok: false, message: "Bot not found" });
        // Distinct random ids, 50 at a time (the bench's flood): none is in the set of existing ids.
        for (let i = 0; i < 500; i += 50) {
          const batch = await Promise.all(
            Array.from({ length: 50 }, (_, j) =>
              request(h.app)
                .post(`/custom/unknown${i + j}x${n()}/x`)
                .send({}),
            ),
          );
          expect(batch.every((r) => r.status === 404)).toBe(true);
        }
        const trustedThroughout = lapses === 0 && h.gateway.events.trusted;
        rounds.push({
          lapses: trustedThroughout ? 0 : Math.max(1, lapses),
          rowReads: findBot.mock.calls.length - before.rows,
          setReads: botIds.mock.calls.length - before.sets,
        });
        if (trustedThroughout) break;
      }
      const decided = rounds.find((r) => r.lapses === 0);
      // Every round lapsed only on a machine too loaded to hold a 250 ms lease: say so rather than pass.
      expect({ decided: decided !== undefined, rounds }).toMatchObject({ decided: true });
      expect(decided?.rowReads).toBe(0);
      expect((decided?.rowReads ?? 0) + (decided?.setReads ?? 0)).toBeLessThanOrEqual(1);
      const impossible = findBot.mock.calls.length + botIds.mock.calls.length;
      for (const id of ["a-b", "x".repeat(65), "%00"]) await request(h.app).post(`/custom/${id}/x`).send({});
      expect(findBot.mock.calls.length + botIds.mock.calls.length).toBe(impossible);
    } finally {
      counting = false;
      findBot.mockRestore();
      botIds.mockRestore();
    }
  });

  it("a bot answers with its own status as soon as createBot has answered, with the set of ids loaded", async () => {
    // The set is loaded (the test above, or this call).
    expect((await request(h.app).post(`/custom/unknownx${n()}/x`).send({})).status).toBe(404);
    for (let i = 0; i < 5; i++) {
      const { botId } = (await h.op("createBot", { code: "", name: `fresh ${i}` })) as { botId: string };
      const reply = await request(h.app).post(`/custom/${botId}/x`).send({});
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ ok: false, message: "Bot is not running" });
    }
  });
});

describe("database errors as bot code sees them", () => {
  it("are short and name the rule broken, never SQL, tables, columns or parameters", async () => {
    const { botId } = await h.bot(`logic['errors'] = async (q, b, db) => {
      const attempts = [
        () => db.operation.findAll('c', { a: { $regex: '(' } }),
        () => db.operation.findAll('c', { $where: 'sleep(1)' }),
        () => db.operation.findAll('c', { a: { $gt: { $lt: 1 } } }, { sort: { a: 2 } }),
        () => db.operation.insertOne('c', { big: 'x'.repeat(300 * 1024) }),
        () => db.operation.insertOne('c', { _id: 'dup' }).then(() => db.operation.insertOne('c', { _id: 'dup' })),
        () => db.operation.updateOne('c', {}, { $inc: { n: 'one' } }),
        () => db.operation.findAll('bad name; drop table documents'),
        () => db.operation.findAll('c', {}, { limit: -1 }),
        () => db.operation.createIndex('c', { 'a\\u0000': 1 }),
      ];
      const out = [];
      for (const attempt of attempts) {
        try { await attempt(); out.push('no error'); } catch (e) { out.push(String(e.message)); }
      }
      return out;
    };`);
    const res = await request(h.app).get(`/custom/${botId}/errors`);
    const messages = res.body.data as string[];
    expect(messages).toHaveLength(9);
    for (const message of messages) {
      expect(message).not.toBe("no error");
      expect(message.length).toBeLessThan(200);
      expect(message).not.toMatch(/\b(select|insert into|update documents|delete from|jsonb|bot_id|pg_)\b|\$\d/i);
      expect(message).not.toContain(botId);
    }
  });
});

describe("the per-bot CPU budget", () => {
  it("answers 429 with Retry-After once a bot has used its CPU, says so once in its log, and serves a neighbour", async () => {
    // A budget one busy call uses up: 5 ms, earned back at 1 ms a second.
    const hx = await startGatewayHarness({ cpu: { msPerSecond: 1, burstMs: 5 }, timeoutMs: 2000 });
    try {
      const code = `
        logic['spin'] = async () => { const end = Date.now() + 200; while (Date.now() < end); return 'done'; };
        logic['ping'] = async () => 'pong';`;
      const { botId } = await hx.bot(code);
      const other = await hx.bot(code);
      // A call is never cut short for its budget (only for its time limit): the debt refuses the next ones.
      expect((await request(hx.app).get(`/custom/${botId}/spin`)).status).toBe(200);
      const refused = await request(hx.app).get(`/custom/${botId}/ping`);
      expect(refused.status).toBe(429);
      expect(refused.headers["retry-after"]).toMatch(/^[1-9]\d*$/);
      expect(refused.body).toEqual({ ok: false, message: "This bot used up its CPU budget; try again later" });
      expect((await request(hx.app).get(`/custom/${botId}/ping`)).status).toBe(429);
      // The neighbour has a budget of its own.
      expect((await request(hx.app).get(`/custom/${other.botId}/spin`)).status).toBe(200);
      await hx.waitForLog(botId, /Over its CPU budget \(1 ms of CPU a second, bursts of 5 ms\)/);
      const lines = (await hx.logs(botId)).filter((l) => l.message.startsWith("Over its CPU budget"));
      expect(lines).toHaveLength(1);
    } finally {
      await hx.close();
    }
  });
});

describe("the per-bot CPU budget counts database time", () => {
  it("refuses the next request of a bot whose query kept Postgres busy, though its isolate hardly ran", async () => {
    // A burst of 25 ms: one regex count over 100,000 documents takes Postgres four times that (about 100 ms here),
    // while the bot's isolate and messages use about a millisecond for it. The margin is wide both ways: a first
    // call on a loaded machine (CI runs test files side by side) once took the neighbour past a 10 ms burst.
    const hx = await startGatewayHarness({ cpu: { msPerSecond: 1, burstMs: 25 }, timeoutMs: 5000 });
    try {
      const code = `
        logic['count'] = async (q, b, db) => db.operation.countDocuments('big', { name: { $regex: '(a|b)*c' } });
        logic['ping'] = async () => 'pong';`;
      const { botId } = await hx.bot(code);
      const other = await hx.bot(code);
      await hx.handle.pool.query(
        "insert into documents (bot_id, collection, doc_id, data) select $1, 'big', i::text," +
          " jsonb_build_object('_id', i::text, 'name', repeat('ab', 40) || i) from generate_series(1, 100000) i",
        [botId],
      );
      const counted = await request(hx.app).get(`/custom/${botId}/count`);
      expect(counted.status).toBe(200);
      expect(counted.body).toEqual({ ok: true, data: 0 });
      const refused = await request(hx.app).get(`/custom/${botId}/ping`);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ ok: false, message: "This bot used up its CPU budget; try again later" });
      // A bot whose calls use no database time stays within the same budget.
      for (let i = 0; i < 3; i++) expect((await request(hx.app).get(`/custom/${other.botId}/ping`)).status).toBe(200);
    } finally {
      await hx.close();
    }
  });
});

describe("a bot counting in a loop is throttled by its database time", () => {
  it("ends its loop with ERR_CPU_BUDGET and its next request with 429, while a neighbour's findOne answers", async () => {
    // As the heavy bot: countDocuments over many documents (30,000 of 60,000), again and again, in one
    // handler. Its isolate and its messages use a few milliseconds for 20 calls, far below its 150 ms burst (earned
    // back at 1 ms a second); Postgres's time for the counts (tens of milliseconds each) is what uses it up, so a
    // call after that would wait minutes for the budget, and fails at once instead. Without database time charged,
    // the loop makes its 20 calls (or, on a loaded machine, runs into its time limit).
    const hx = await startGatewayHarness({ cpu: { msPerSecond: 1, burstMs: 150 }, timeoutMs: 10_000 });
    try {
      const code = `
        logic['count'] = async (q, b, db) => {
          let answered = 0;
          for (let i = 0; i < 20; i += 1) {
            try { await db.operation.countDocuments('users', { tags: 'vip' }); answered += 1; }
            catch (e) { return { answered, code: e.code }; }
          }
          return { answered, code: null };
        };
        logic['find'] = async (q, b, db) => db.operation.findOne('users', { uid: Number(q.uid) });`;
      const heavy = await hx.bot(code);
      const neighbour = await hx.bot(code);
      for (const [botId, n] of [
        [heavy.botId, 60_000],
        [neighbour.botId, 1000],
      ] as const) {
        await hx.handle.pool.query(
          "insert into documents (bot_id, collection, doc_id, data) select $1, 'users', i::text, jsonb_build_object(" +
            "'_id', i::text, 'uid', i, 'tags', case when i % 2 = 0 then '[\"vip\"]'::jsonb else '[]'::jsonb end)" +
            " from generate_series(1, $2::int) i",
          [botId, n],
        );
      }
      const counted = await request(hx.app).get(`/custom/${heavy.botId}/count`);
      expect(counted.status).toBe(200);
      expect(counted.body.data.code).toBe("ERR_CPU_BUDGET");
      expect(counted.body.data.answered).toBeGreaterThan(0);
      expect(counted.body.data.answered).toBeLessThan(20);
      expect((await request(hx.app).get(`/custom/${heavy.botId}/count`)).status).toBe(429);
      const found = await request(hx.app).get(`/custom/${neighbour.botId}/find?uid=42`);
      expect(found.status).toBe(200);
      expect(found.body.data).toMatchObject({ _id: "42", uid: 42 });
    } finally {
      await hx.close();
    }
  });
});

describe("host calls of a bot over its CPU budget", () => {
  it("fail inside the handler that used it up, with a reason the bot can act on", async () => {
    // 5 ms of burst, earned back at 1 ms a second: a 100 ms spin leaves a debt of minutes, past the 1 s wait.
    const hx = await startGatewayHarness({ cpu: { msPerSecond: 1, burstMs: 5 }, timeoutMs: 5000 });
    try {
      const { botId } = await hx.bot(`
        logic['spin-then-call'] = async (q, b, db) => {
          const end = Date.now() + 100;
          while (Date.now() < end);
          try { await db.operation.findOne('c', {}); return 'no error'; } catch (e) { return { code: e.code, message: e.message }; }
        };`);
      const res = await request(hx.app).get(`/custom/${botId}/spin-then-call`);
      expect(res.status).toBe(200);
      expect(res.body.data.code).toBe("ERR_CPU_BUDGET");
      expect(res.body.data.message).toMatch(
        /^This bot is over its CPU budget for about \d+ s more; make fewer or lighter calls$/,
      );
    } finally {
      await hx.close();
    }
  });
});

describe("the per-bot request rate", () => {
  it("answers 429 with Retry-After past the rate, while a neighbour is served", async () => {
    const hx = await startGatewayHarness({ rate: { perSecond: 2, burst: 5 } });
    try {
      const { botId } = await hx.bot("logic['ping'] = async () => 'pong';");
      const other = await hx.bot("logic['ping'] = async () => 'pong';");
      const replies = [];
      for (let i = 0; i < 8; i++) replies.push(await request(hx.app).get(`/custom/${botId}/ping`));
      expect(replies.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(5);
      const limited = replies.filter((r) => r.status === 429);
      expect(limited.length).toBeGreaterThan(0);
      expect(limited[0]?.headers["retry-after"]).toMatch(/^[1-9]\d*$/);
      expect(limited[0]?.body).toEqual({ ok: false, message: "Too many requests for this bot; slow down" });
      expect((await request(hx.app).get(`/custom/${other.botId}/ping`)).status).toBe(200);
    } finally {
      await hx.close();
    }
  });
});
