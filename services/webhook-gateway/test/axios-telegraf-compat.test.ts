/**
 * Bot code written for real axios and Telegraf 4 behaves the same here, end to end through the isolate: baseURL
 * joining, the params serializer, axios's error codes for 4xx and 5xx, `timeout: 0`, headers the gateway sets itself,
 * and Telegraf 4's `answerCbQuery(id, text, extra)`. The pure details are in test/unit/runtime/egress.test.ts,
 * egress-headers.test.ts and test/unit/isolate/telegram.test.ts.
 *
 * @see docs/bot-runtime.md#globals
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import request from "supertest";
import { waitFor } from "@botyard/testing";
import { startGatewayHarness, type GatewayHarness } from "./harness.js";

let h: GatewayHarness;
let server: Server;
let origin: string;
beforeAll(async () => {
  h = await startGatewayHarness({ allowPrivateEgress: true });
  // Answers with the status its path names (`/status/503`), else 200 with the path and query, the headers and the
  // body it saw; `/slow` answers after 300 ms.
  server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      const status = /\/status\/(\d{3})$/.exec(req.url ?? "");
      res.writeHead(status ? Number(status[1]) : 200, { "content-type": "application/json" });
      const answer = () => res.end(JSON.stringify({ url: req.url, headers: req.headers, body }));
      if (req.url === "/slow") setTimeout(answer, 300);
      else answer();
    });
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

describe("axios in bot code, where the gateway decides", () => {
  it("frames the request from its body and Host from the URL, whatever headers the bot set; says so once", async () => {
    const { botId } = await h.bot(`
      logic['go'] = async (q) => {
        const headers = { 'Content-Type': 'text/plain', 'Content-Length': 2, 'Transfer-Encoding': 'chunked',
          Host: 'metadata.internal' };
        const first = await axios.post(q.origin + '/echo', 'héllo', { headers });
        const again = await axios.post(q.origin + '/echo', 'bye', { headers });
        return { first: first.data, again: again.data };
      };
    `);
    const res = await request(h.app).get(`/custom/${botId}/go`).query({ origin });
    expect(res.status).toBe(200);
    const { first, again } = res.body.data;
    expect([first.body, first.headers["content-length"], first.headers["transfer-encoding"]]).toEqual([
      "héllo",
      "6",
      undefined,
    ]);
    expect([again.body, again.headers["content-length"]]).toEqual(["bye", "3"]);
    expect(first.headers.host).toBe(new URL(origin).host);
    const dropped = (await h.logs(botId)).filter((l) => l.message.startsWith("axios:"));
    expect(dropped).toEqual([
      {
        level: "warn",
        message:
          "axios: headers 'Content-Length', 'Transfer-Encoding', 'Host' are set by the gateway, not by bot code; " +
          "dropped (said once per header name)",
      },
    ]);
  });

  it("takes timeout 0 as axios does: no limit of its own, so a slow answer within the platform's arrives", async () => {
    const { botId } = await h.bot(`
      logic['go'] = async (q) => {
        const started = Date.now();
        const res = await axios.get(q.origin + '/slow', { timeout: 0 });
        return { status: res.status, url: res.data.url, waited: Date.now() - started >= 250 };
      };
    `);
    const res = await request(h.app).get(`/custom/${botId}/go`).query({ origin });
    expect(res.body).toEqual({ ok: true, data: { status: 200, url: "/slow", waited: true } });
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
    const calls = await waitFor(() => {
      const found = h.fake.callsOf("answerCallbackQuery", bot.token);
      return found.length > 0 ? found : undefined;
    });
    expect(calls.map((c) => c.params)).toEqual([{ callback_query_id: "cb7", text: "x", show_alert: true }]);
  });
});
