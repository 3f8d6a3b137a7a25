/**
 * Hostile bot code: each case tries to escape its isolate, reach the host or another bot's data, or exhaust the
 * gateway, and asserts that the attempt fails and that a neighbouring bot keeps answering.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import request from "supertest";
import { startGatewayHarness, type GatewayHarness } from "./harness.js";

let h: GatewayHarness;
let neighbour: string;
let victim: string;

beforeAll(async () => {
  h = await startGatewayHarness({ timeoutMs: 500, memoryMb: 16, maxConcurrentPerBot: 4 });
  neighbour = (await h.bot("logic['ping'] = async () => 'pong';")).botId;
  victim = (await h.bot("logic['seed'] = async (q, b, db) => db.operation.insertOne('secrets', { _id: 's1', value: 'victim-secret' });")).botId;
  await request(h.app).post(`/custom/${victim}/seed`);
});
afterAll(async () => {
  await h.close();
});

async function neighbourAnswers(): Promise<void> {
  const res = await request(h.app).get(`/custom/${neighbour}/ping`);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ ok: true, data: "pong" });
}

/** Runs `body` as the handler `attack` of a fresh bot and returns the reply. */
async function attack(body: string): Promise<request.Response> {
  const { botId } = await h.bot(`logic['attack'] = async (query, reqBody, db, response, params) => { ${body} };`);
  const res = await request(h.app).post(`/custom/${botId}/attack`).send({});
  await neighbourAnswers();
  return res;
}

const noProcess = (res: request.Response) => expect(JSON.stringify(res.body)).not.toMatch(/"pid"|argv|SECRET_KEY|DATABASE_URL/);

describe("escapes", () => {
  it("1. constructor chain to a host process fails", async () => {
    const res = await attack("const p = this.constructor.constructor('return typeof process !== \"undefined\" && process.pid')(); return { p };");
    noProcess(res);
    expect(res.body.data?.p ?? false).toBeFalsy();
  });
  it("2. Function constructor sees no Node globals", async () => {
    const res = await attack("return Function('return [typeof require, typeof module, typeof Buffer, typeof setImmediate, typeof globalThis.process?.pid]')();");
    expect(res.body.data).toEqual(["undefined", "undefined", "undefined", "undefined", "undefined"]);
  });
  it("3. require is not defined", async () => {
    const res = await attack("return require('child_process').execSync('id').toString();");
    expect(res.status).toBe(500);
  });
  it("4. dynamic import() is refused", async () => {
    const res = await attack("const m = await import('fs'); return Object.keys(m);");
    expect(res.status).toBe(500);
  });
  it("5. host references are not reachable as globals", async () => {
    const res = await attack("return [typeof __hostCall, typeof __hostLog, typeof __runLogic, typeof __env, typeof __dispatchUpdate];");
    expect(res.body.data).toEqual(["undefined", "undefined", "undefined", "undefined", "undefined"]);
  });
  it("6. constructor of a bridged function gives an in-isolate Function only", async () => {
    const res = await attack("const F = db.operation.findOne.constructor; return F('return typeof process === \"object\" ? Object.keys(process) : null')();");
    expect(res.body.data).toEqual(["env"]);
  });
  it("7. prototype pollution inside does not reach the host", async () => {
    const res = await attack("Object.prototype.polluted = 'yes'; Array.prototype.map = () => 'hijacked'; JSON.parse = () => ({}); return 1;");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect([1].map((x) => x + 1)).toEqual([2]);
    expect(res.status).toBe(200);
  });
  it("8. process.env holds only the bot's own variables and cannot be changed", async () => {
    const res = await attack("'use strict'; try { process.env.X = 1; } catch (e) {} return Object.keys(process.env);");
    expect(res.body.data).toEqual([]);
  });
  it("9. overwriting the logic/db globals cannot hijack the host's entry points", async () => {
    const res = await attack("try { globalThis.logic = {}; } catch (e) {} try { db = null; } catch (e) {} return typeof logic;");
    expect(res.body.data).toBe("object");
  });
});

describe("other tenants' data", () => {
  it("10. another bot's collection is invisible under the same name", async () => {
    const res = await attack("return await db.operation.findAll('secrets');");
    expect(res.body.data).toEqual([]);
  });
  it("11. path-like collection names are refused", async () => {
    const res = await attack("try { return await db.operation.findAll('../secrets'); } catch (e) { return e.message; }");
    expect(res.body.data).toMatch(/invalid collection name/);
  });
  it("12. SQL injection in a filter field or value is inert", async () => {
    const res = await attack(`
      const a = await db.operation.findAll('secrets', { "value') or true --": 1 });
      const b = await db.operation.findAll('secrets', { value: "x' or '1'='1" });
      const c = await db.operation.countDocuments('secrets', { 'a"},{"b': { $exists: false } });
      return [a.length, b.length, c];`);
    expect(res.body.data).toEqual([0, 0, 0]);
  });
  it("13. unknown operators such as $where are refused", async () => {
    const res = await attack("try { return await db.operation.findAll('secrets', { $where: 'true' }); } catch (e) { return e.message; }");
    expect(res.body.data).toMatch(/unknown top-level operator/);
  });
  it("14. sort injection is refused", async () => {
    const res = await attack("try { return await db.operation.findAll('x', {}, { sort: { 'a; drop table documents': 'sideways' } }); } catch (e) { return e.message; }");
    expect(res.body.data).toMatch(/sort direction/);
    const { rows } = await h.handle.pool.query("select count(*)::int as n from documents where bot_id = $1", [victim]);
    expect(rows[0].n).toBe(1);
  });
  it("15. prototype keys in updates are refused", async () => {
    const res = await attack("await db.operation.insertOne('p', { _id: 'x' }); try { return await db.operation.updateOne('p', { _id: 'x' }, { $set: { '__proto__.admin': true } }); } catch (e) { return e.message; }");
    expect(res.body.data).toMatch(/not allowed/);
  });
});

describe("exhaustion", () => {
  it("16. a synchronous infinite loop is stopped", async () => {
    const res = await attack("while (true) {}");
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ ok: false, message: "Handler error" });
  });
  it("17. an infinite loop after an await is stopped", async () => {
    const res = await attack("await null; for (;;) {}");
    expect(res.status).toBe(500);
  });
  it("18. a memory bomb is stopped", async () => {
    const res = await attack("const a = []; for (;;) a.push(new Array(1e6).fill(1));");
    expect(res.status).toBe(500);
  });
  it("19. deep recursion fails inside the isolate", async () => {
    const res = await attack("const f = (n) => f(n + 1) + 1; return f(0);");
    expect(res.status).toBe(500);
  });
  it("20. an unbounded promise chain is stopped", async () => {
    const res = await attack("const spin = () => Promise.resolve().then(spin); spin(); await new Promise(() => {});");
    expect(res.status).toBe(500);
  });
  it("21. a huge return value is refused", async () => {
    const res = await attack("return 'x'.repeat(6 * 1024 * 1024);");
    expect(res.status).toBe(500);
  });
  it("22. a flood of calls to one bot gets 429s beyond its concurrency while the neighbour answers", async () => {
    const { botId } = await h.bot("logic['slow'] = async () => { await new Promise((r) => setTimeout(r, 200)); return 1; };");
    const replies = await Promise.all(Array.from({ length: 12 }, () => request(h.app).get(`/custom/${botId}/slow`)));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    await neighbourAnswers();
  });
  it("23. console floods are capped", async () => {
    const { botId } = await h.bot("logic['log'] = async () => { for (let i = 0; i < 5000; i++) console.log('spam ' + i); return 1; };");
    await request(h.app).get(`/custom/${botId}/log`);
    const logs = await h.logs(botId);
    expect(logs.length).toBeLessThanOrEqual(301);
  });
});

describe("the reply", () => {
  it("24. header injection through response.headers is dropped", async () => {
    const { botId } = await h.bot(`logic['h'] = async (q, b, db, response) => {
      response.headers['X-Ok'] = 'fine';
      response.headers['X-Evil'] = 'a\\r\\nSet-Cookie: session=stolen';
      response.headers['Bad Name'] = 'x';
      response.headers['Content-Length'] = '1';
      response.headers['Transfer-Encoding'] = 'chunked';
      return 1;
    };`);
    const res = await request(h.app).get(`/custom/${botId}/h`);
    expect(res.status).toBe(200);
    expect(res.headers["x-ok"]).toBe("fine");
    expect(res.headers["x-evil"]).toBeUndefined();
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(res.body).toEqual({ ok: true, data: 1 });
    expect((await h.logs(botId)).some((l) => l.message.includes("dropped"))).toBe(true);
    await neighbourAnswers();
  });
  it("25. hostile arguments to host calls (getters, proxies, cycles) do not reach the host", async () => {
    const res = await attack(`
      const evil = new Proxy({}, { get: () => { throw new Error('trap'); }, ownKeys: () => { throw new Error('trap'); } });
      const cyclic = {}; cyclic.self = cyclic;
      const out = [];
      for (const arg of [evil, cyclic]) { try { await db.operation.findAll('x', arg); out.push('ok'); } catch (e) { out.push('refused'); } }
      return out;`);
    expect(res.body.data).toEqual(["refused", "refused"]);
  });
  it("26. a bad statusCode answers 500 instead of crashing the gateway", async () => {
    const res = await attack("response.statusCode = 'nope'; return 1;");
    expect(res.status).toBe(500);
  });
});
