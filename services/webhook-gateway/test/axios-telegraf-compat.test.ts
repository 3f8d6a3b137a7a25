/**
 * Bot code written for real axios and Telegraf 4 behaves the same here, end to end through the isolate: baseURL
 * joining, the params serializer, axios's error codes for 4xx and 5xx, and Telegraf 4's `answerCbQuery(id, text,
 * extra)`. The pure details are in test/unit/runtime/egress.test.ts and test/unit/isolate/telegram.test.ts.
 *
 * @see docs/bot-runtime.md#globals
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import request from "supertest";
import { eventually, startGatewayHarness, type GatewayHarness } from "./harness.js";

let h: GatewayHarness;
let server: Server;
let origin: string;
beforeAll(async () => {
  h = await startGatewayHarness({ allowPrivateEgress: true });
  // Answers with the status its path names (`/status/503`), else 200 with the path and query it saw.
  server = createServer((req, res) => {
    const status = /\/status\/(\d{3})$/.exec(req.url ?? "");
    res.writeHead(status ? Number(status[1]) : 200, { "content-type": "application/json" });
    res.end(JSON.stringify({ url: req.url }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

describe("axios in bot code, as real axios", () => {
  it("joins baseURL and url, serializes params, and codes 4xx and 5xx failures", async () => {
    const { botId } = await h.bot(`
      logic['go'] = async (q) => {
        const api = axios.create({ baseURL: q.origin + '/api/' });
        const joined = await api.get('/v1', { params: { a: null, b: [1, 2], d: new Date(0), o: { x: 1 } } });
        const codes = [];
        for (const status of [404, 503]) {
          try { await api.get('/status/' + status); codes.push('resolved'); }
          catch (e) { codes.push([e.code, e.response.status, axios.isAxiosError(e)]); }
        }
        return { url: joined.data.url, codes };
      };
    `);
    const res = await request(h.app).get(`/custom/${botId}/go`).query({ origin });
    expect(res.body).toEqual({
      ok: true,
      data: {
        url: "/api/v1?b[]=1&b[]=2&d=1970-01-01T00:00:00.000Z&o[x]=1",
        codes: [
          ["ERR_BAD_REQUEST", 404, true],
          ["ERR_BAD_RESPONSE", 503, true],
        ],
      },
    });
  });
});

describe("bot.telegram in bot code, as Telegraf 4", () => {
  it("answerCbQuery(id, text, extra) sends the extra fields", async () => {
    const bot = await h.bot(`
      bot.action('go', (ctx) => bot.telegram.answerCbQuery(ctx.callbackQuery.id, 'x', { show_alert: true }));
    `);
    const update = {
      update_id: 1,
      callback_query: { id: "cb7", data: "go", chat_instance: "c", from: { id: 5, is_bot: false, first_name: "A" } },
    };
    const res = await request(h.app)
      .post(`/telegram/${bot.botId}`)
      .set("X-Telegram-Bot-Api-Secret-Token", bot.webhookSecret)
      .send(update);
    expect(res.status).toBe(200);
    const calls = await eventually(() => {
      const found = h.fake.callsOf("answerCallbackQuery", bot.token);
      return found.length > 0 ? found : undefined;
    });
    expect(calls.map((c) => c.params)).toEqual([{ callback_query_id: "cb7", text: "x", show_alert: true }]);
  });
});
