/**
 * Hostile bot code: each case tries to escape its isolate, reach the host or another bot's data, or exhaust the
 * gateway. Each asserts why the attempt failed (the error bot code saw, or the line in the bot's log), and that a
 * neighbouring bot still answers.
 *
 * @see docs/bot-runtime.md#limits
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import request from "supertest";
import { startGatewayHarness, type GatewayHarness } from "./harness.js";

const MEMORY_MB = 16;
let h: GatewayHarness;
let neighbour: string;
let victim: string;

beforeAll(async () => {
  // 1 s: long enough for the floods' synchronous slices (10,000 calls started at once) on a loaded 2-core machine.
  h = await startGatewayHarness({ timeoutMs: 1000, memoryMb: MEMORY_MB, maxConcurrentPerBot: 4 });
  neighbour = (
    await h.bot(`
      logic['ping'] = async () => 'pong';
      logic['db'] = async (q, b, db) => db.operation.countDocuments('things');
    `)
  ).botId;
  victim = (
    await h.bot(
      "logic['seed'] = async (q, b, db) => db.operation.insertOne('secrets', { _id: 's1', value: 'victim-secret' });",
    )
  ).botId;
  await request(h.app).post(`/custom/${victim}/seed`);
});
afterAll(async () => {
  await h.close();
});

async function neighbourAnswers(): Promise<void> {
  const ping = await request(h.app).get(`/custom/${neighbour}/ping`);
  expect(ping.body).toEqual({ ok: true, data: "pong" });
  expect((await request(h.app).get(`/custom/${neighbour}/db`)).body).toEqual({ ok: true, data: 0 });
}

/** Runs `body` as the handler `attack` of a fresh bot; the reply, and the bot for looking at its log. */
async function attack(body: string): Promise<request.Response & { botId: string }> {
  const { botId } = await h.bot(`logic['attack'] = async (query, reqBody, db, response, params) => { ${body} };`);
  const res = await request(h.app).post(`/custom/${botId}/attack`).send({});
  await neighbourAnswers();
  return Object.assign(res, { botId });
}

/** The attack failed as a handler error, and the bot's log says why. */
async function failedBecause(res: request.Response & { botId: string }, reason: RegExp): Promise<void> {
  expect(res.status).toBe(500);
  expect(res.body).toEqual({ ok: false, message: "Handler error" });
  await h.waitForLog(res.botId, reason);
}

const rssMb = () => process.memoryUsage().rss / (1024 * 1024);

describe("escapes", () => {
  it("1. the constructor chain reaches no host process", async () => {
    const res = await attack(
      "const p = this.constructor.constructor('return [typeof process, Object.keys(process), String(process.pid)]')(); return p;",
    );
    expect(res.body).toEqual({ ok: true, data: ["object", ["env"], "undefined"] });
  });

  it("2. the Function constructor sees no Node globals", async () => {
    const res = await attack(
      "return Function('return [typeof require, typeof module, typeof Buffer, typeof setImmediate, typeof globalThis.process?.pid]')();",
    );
    expect(res.body.data).toEqual(["undefined", "undefined", "undefined", "undefined", "undefined"]);
  });

  it("3. require is not defined", async () => {
    await failedBecause(await attack("return require('child_process');"), /ReferenceError: require is not defined/);
  });

  it("4. dynamic import() is refused", async () => {
    await failedBecause(await attack("const m = await import('fs'); return Object.keys(m);"), /Error: Not supported/);
  });

  it("5. the globals are the bot API and JavaScript's own: no host channel, no isolated-vm class", async () => {
    const res = await attack(`
      const names = Object.getOwnPropertyNames(globalThis);
      const seen = new Set(); const found = [];
      const visit = (value, depth) => {
        if (depth > 4 || value === null || (typeof value !== 'object' && typeof value !== 'function') || seen.has(value)) return;
        seen.add(value);
        const name = value.constructor && value.constructor.name;
        if (/^(Reference|ExternalCopy|Isolate|Context|Callback|Script|Module|NativeModule)$/.test(name)) found.push(name);
        for (const key of Object.getOwnPropertyNames(value)) {
          const d = Object.getOwnPropertyDescriptor(value, key);
          if (d && 'value' in d) visit(d.value, depth + 1);
        }
      };
      visit(globalThis, 0);
      return { botyard: names.filter((n) => /botyard|host|__/i.test(n)), found,
        absent: [typeof WebAssembly, typeof SharedArrayBuffer, typeof Atomics] };`);
    expect(res.body.data).toEqual({ botyard: [], found: [], absent: ["undefined", "undefined", "undefined"] });
  });

  it("6. the constructor of a bot function is the isolate's own Function", async () => {
    const res = await attack(
      "const F = db.operation.findOne.constructor; return F('return typeof process === \"object\" ? Object.keys(process) : null')();",
    );
    expect(res.body.data).toEqual(["env"]);
  });

  // `then` and `catch` are left out: JavaScript itself reads `then` of every value a promise resolves with.
  it("7. poisoned prototypes change nothing the host reads: no getter of the bot's is ever called by it", async () => {
    const before = rssMb();
    const res = await attack(`
      const touched = [];
      for (const key of ['externalCopy', 'reference', 'copy', 'timeout', 'promise', 'result', 'arguments', 'release',
                         'transferIn', 'transferOut', 'derefInto', 'filename']) {
        Object.defineProperty(Object.prototype, key, { configurable: true, get() { touched.push(key); return true; } });
      }
      JSON.parse = () => ({ hijacked: true });
      const results = [];
      for (let i = 0; i < 3; i++) results.push(await db.operation.countDocuments('x'));
      results.push(await bot.telegram.getMe().then((me) => typeof me, () => 'refused'));
      const snapshot = touched.slice();
      for (const key of ['externalCopy', 'reference', 'copy', 'timeout', 'promise', 'result', 'arguments', 'release',
                         'transferIn', 'transferOut', 'derefInto', 'filename']) delete Object.prototype[key];
      return { results, touched: snapshot };`);
    expect(res.body).toEqual({ ok: true, data: { results: [0, 0, 0, "object"], touched: [] } });
    expect(({} as Record<string, unknown>).externalCopy).toBeUndefined();
    expect(rssMb() - before).toBeLessThan(2 * MEMORY_MB + 32);
  });

  it("8. prototype pollution inside never reaches the host", async () => {
    const res = await attack("Object.prototype.polluted = 'yes'; Array.prototype.map = () => 'hijacked'; return 1;");
    expect(res.body).toEqual({ ok: true, data: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect([1].map((x) => x + 1)).toEqual([2]);
  });

  it("9. process.env holds only the bot's own variables and cannot be changed", async () => {
    const res = await attack(
      "'use strict'; let refused = false; try { process.env.X = 1; } catch (e) { refused = e instanceof TypeError; } return [Object.keys(process.env), refused];",
    );
    expect(res.body.data).toEqual([[], true]);
  });

  it("10. the bot globals cannot be replaced", async () => {
    const res = await attack(`
      const refused = [];
      for (const name of ['logic', 'db', 'bot', 'axios', 'console', 'process', 'setTimeout']) {
        try { globalThis[name] = null; } catch (e) { refused.push(name); }
        try { delete globalThis[name]; } catch (e) {}
      }
      return [refused.length, typeof logic, typeof db.operation.findOne];`);
    expect(res.body.data).toEqual([0, "object", "function"]);
  });
});

describe("other tenants' data", () => {
  it("11. another bot's collection is invisible under the same name", async () => {
    const res = await attack("return await db.operation.findAll('secrets');");
    expect(res.body.data).toEqual([]);
  });
  it("12. path-like collection names are refused", async () => {
    const res = await attack(
      "try { return await db.operation.findAll('../secrets'); } catch (e) { return e.message; }",
    );
    expect(res.body.data).toMatch(/collection name/);
  });
  it("13. SQL in a filter field or value is inert, and errors carry no SQL", async () => {
    const res = await attack(`
      const a = await db.operation.findAll('secrets', { "value') or true --": 1 });
      const b = await db.operation.findAll('secrets', { value: "x' or '1'='1" });
      const c = await db.operation.countDocuments('secrets', { 'a"},{"b': { $exists: false } });
      let d; try { await db.operation.findAll('secrets', { $where: 'true' }); } catch (e) { d = e.message; }
      return [a.length, b.length, c, d];`);
    const [a, b, c, d] = res.body.data as [number, number, number, string];
    expect([a, b, c]).toEqual([0, 0, 0]);
    expect(d).toMatch(/operator/);
    expect(d).not.toMatch(/select|documents|bot_id|jsonb/i);
  });
  it("14. sort injection is refused and nothing is dropped", async () => {
    const res = await attack(
      "try { return await db.operation.findAll('x', {}, { sort: { 'a; drop table documents': 'sideways' } }); } catch (e) { return e.message; }",
    );
    expect(res.body.data).toMatch(/sort/);
    const { rows } = await h.handle.pool.query("select count(*)::int as n from documents where bot_id = $1", [victim]);
    expect(rows[0].n).toBe(1);
  });
  it("15. prototype keys in updates are refused", async () => {
    const res = await attack(
      "await db.operation.insertOne('p', { _id: 'x' }); try { return await db.operation.updateOne('p', { _id: 'x' }, { $set: { '__proto__.admin': true } }); } catch (e) { return e.message; }",
    );
    expect(res.body.data).toMatch(/not allowed/);
  });
});

describe("exhaustion", () => {
  it("16. a synchronous infinite loop is stopped by the time limit", async () => {
    await failedBecause(await attack("while (true) {}"), /ran past its time limit/);
  });
  it("17. an infinite loop after an await is stopped by the time limit", async () => {
    await failedBecause(await attack("await null; for (;;) {}"), /ran past its time limit/);
  });
  it("18. a heap bomb is stopped by the memory limit, and the gateway does not grow past twice the limit", async () => {
    const before = rssMb();
    await failedBecause(await attack("const a = []; for (;;) a.push(new Array(1e6).fill(1));"), /memory limit/);
    expect(rssMb() - before).toBeLessThan(2 * MEMORY_MB + 32);
  });
  it("19. ArrayBuffers count against the memory limit: past it, allocation fails inside the isolate", async () => {
    const before = rssMb();
    await failedBecause(
      await attack("const keep = []; for (;;) keep.push(new Uint8Array(new ArrayBuffer(4 * 1024 * 1024)).fill(1));"),
      /RangeError: Array buffer allocation failed/,
    );
    expect(rssMb() - before).toBeLessThan(2 * MEMORY_MB + 32);
  });
  it("20. WebAssembly memory is out of reach", async () => {
    await failedBecause(
      await attack("const m = new WebAssembly.Memory({ initial: 8000 }); return m.buffer.byteLength;"),
      /ReferenceError: WebAssembly is not defined/,
    );
  });
  it("21. deep recursion fails inside the isolate", async () => {
    await failedBecause(await attack("const f = (n) => f(n + 1) + 1; return f(0);"), /Maximum call stack/);
  });
  it("22. an unbounded promise chain is stopped by whichever limit it reaches first, and the isolate restarted", async () => {
    // Its queue of reactions grows while the microtask loop never yields: on a loaded machine the 1 s time limit can
    // come before the 16 MiB memory limit, so either reason is the right one (seen both ways on this machine).
    await failedBecause(
      await attack("const spin = () => Promise.resolve().then(spin); spin(); await new Promise(() => {});"),
      /^Bot (exceeded its memory limit|code ran past its time limit without yielding); the bot's isolate was restarted$/,
    );
  });
  it("23. a reply over 5 MiB is refused", async () => {
    await failedBecause(await attack("return 'x'.repeat(6 * 1024 * 1024);"), /larger than 5 MiB/);
  });
  it("24. 100,000 timers: the first 1,000 wait, the next is refused at the call, memory stays bounded", async () => {
    const before = rssMb();
    const res = await attack(`
      let scheduled = 0;
      try { for (let i = 0; i < 100000; i++) { setTimeout(() => {}, 60000); scheduled++; } }
      catch (e) { return [scheduled, e.name, e.message]; }`);
    expect(res.body).toEqual({
      ok: true,
      data: [1000, "RangeError", "Too many pending timers (at most 1000 at once)"],
    });
    expect(rssMb() - before).toBeLessThan(2 * MEMORY_MB + 32);
  });
  it("25. 10,000 parallel db calls: a bounded number run or wait, the rest are refused at once", async () => {
    const res = await attack(`
      const results = await Promise.allSettled(Array.from({ length: 10000 }, () => db.operation.countDocuments('x')));
      const refused = results.filter((r) => r.status === 'rejected');
      return { ok: results.length - refused.length, reason: refused[0] && refused[0].reason.message };`);
    const { ok, reason } = res.body.data as { ok: number; reason: string };
    expect(ok).toBeGreaterThan(0);
    expect(ok).toBeLessThanOrEqual(64);
    expect(reason).toMatch(/Too many pending db\.operation calls \(at most 64 at once\)/);
  });
  it("26. 5,000 parallel Bot API calls: a bounded number run or wait, the rest are refused at once", async () => {
    const res = await attack(`
      const results = await Promise.allSettled(Array.from({ length: 5000 }, () => bot.telegram.getMe()));
      const refused = results.filter((r) => r.status === 'rejected');
      return { ok: results.length - refused.length, reason: refused[0] && refused[0].reason.message };`);
    const { ok, reason } = res.body.data as { ok: number; reason: string };
    expect(ok).toBeGreaterThan(0);
    expect(ok).toBeLessThanOrEqual(256);
    expect(reason).toMatch(/Too many pending bot\.telegram calls/);
  });
  it("27. a flood of calls to one bot gets 429 beyond its concurrency while the neighbour answers", async () => {
    const { botId } = await h.bot(
      "logic['slow'] = async () => { await new Promise((r) => setTimeout(r, 200)); return 1; };",
    );
    const replies = await Promise.all(Array.from({ length: 12 }, () => request(h.app).get(`/custom/${botId}/slow`)));
    const busy = replies.filter((r) => r.status === 429);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]?.body).toEqual({ ok: false, message: "Too many concurrent requests for this bot" });
    expect(replies.filter((r) => r.status === 200).length).toBeGreaterThan(0);
    await neighbourAnswers();
  });
  it("28. console floods are capped per minute, with the excess counted, and memory stays bounded", async () => {
    const before = rssMb();
    const res = await attack(
      "const line = 'x'.repeat(4096); for (let i = 0; i < 100000; i++) console.log(line); return 1;",
    );
    expect(res.body).toEqual({ ok: true, data: 1 });
    const logs = await h.logs(res.botId);
    expect(logs.length).toBeLessThanOrEqual(300);
    expect(rssMb() - before).toBeLessThan(2 * MEMORY_MB + 32);
  });
});

describe("the reply", () => {
  it("29. headers a handler may not set are dropped, each with a line in the bot's log", async () => {
    const { botId } = await h.bot(`logic['h'] = async (q, b, db, response) => {
      response.headers['X-Ok'] = 'fine';
      response.headers['X-Evil'] = 'a\\r\\nSet-Cookie: session=stolen';
      response.headers['X-Control'] = 'bell\\u0007';
      response.headers['X-Wide'] = 'snow ☃';
      response.headers['Bad Name'] = 'x';
      response.headers['Content-Length'] = '1';
      response.headers['Transfer-Encoding'] = 'chunked';
      return 1;
    };`);
    const res = await request(h.app).get(`/custom/${botId}/h`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, data: 1 });
    expect(res.headers["x-ok"]).toBe("fine");
    for (const name of ["x-evil", "x-control", "x-wide", "set-cookie"]) expect(res.headers[name]).toBeUndefined();
    await h.waitForLog(botId, /header 'X-Wide' has a value that is not valid HTTP header text; dropped/);
    const lines = (await h.logs(botId)).map((l) => l.message);
    for (const name of ["X-Evil", "X-Control", "Content-Length", "Transfer-Encoding"]) {
      expect(lines.some((l) => l.includes(`'${name}'`))).toBe(true);
    }
    expect(lines.some((l) => l.includes("header name 'Bad Name' is invalid"))).toBe(true);
  });

  it("30. cookies a bot sets are scoped to its own path, with no Domain", async () => {
    const { botId } = await h.bot(`logic['c'] = async (q, b, db, response) => {
      response.headers['Set-Cookie'] = ['a=1; Path=/; Domain=example.com; HttpOnly', 'b=2'];
      return 1;
    };`);
    const res = await request(h.app).get(`/custom/${botId}/c`);
    expect(res.headers["set-cookie"]).toEqual([`a=1; HttpOnly; Path=/custom/${botId}/`, `b=2; Path=/custom/${botId}/`]);
  });

  it("31. hostile arguments to host calls (getters, proxies, cycles) are refused inside the isolate", async () => {
    const res = await attack(`
      const evil = new Proxy({}, { get: () => { throw new Error('trap'); }, ownKeys: () => { throw new Error('trap'); } });
      const cyclic = {}; cyclic.self = cyclic;
      const out = [];
      for (const arg of [evil, cyclic]) { try { await db.operation.findAll('x', arg); out.push('ok'); } catch (e) { out.push(e.message); } }
      return out;`);
    expect(res.body.data).toEqual([
      expect.stringMatching(/^Arguments must be JSON-serialisable: trap/),
      expect.stringMatching(/^Arguments must be JSON-serialisable: .*circular/i),
    ]);
  });

  it("32. a statusCode that is not an HTTP status is a handler error with the reason in the log", async () => {
    for (const bad of ["'nope'", "99", "600", "200.5", "-1", "{}"]) {
      const res = await attack(`response.statusCode = ${bad}; return 1;`);
      await failedBecause(res, /response\.statusCode .* is not an HTTP status from 200 to 599/);
    }
  });

  it("33. a reply that is not JSON-serialisable is a handler error with the reason in the log", async () => {
    await failedBecause(await attack("return { n: 10n };"), /not JSON-serialisable/);
  });
});
