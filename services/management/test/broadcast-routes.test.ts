import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import request from "supertest";
import { fakeToken, startHarness, type Harness } from "./harness.js";

let h: Harness;
let botId: string;
let token: string;
let otherBot: string;
let otherToken: string;

beforeAll(async () => {
  h = await startHarness();
  const owner = await h.account();
  token = fakeToken(11);
  otherToken = fakeToken(12);
  botId = (await request(h.app).post("/apiv3/createBot").send({ apiKey: owner.apiKey, botToken: token })).body.botId;
  otherBot = (await request(h.app).post("/apiv3/createBot").send({ apiKey: owner.apiKey, botToken: otherToken })).body
    .botId;
});
afterAll(async () => {
  await h.close();
});

const broadcast = (body: unknown, t: string | null = token) => {
  const r = request(h.app).post("/broadcast");
  if (t !== null) r.set("X-Bot-Token", t);
  return r.send(body as object);
};

function expectError(res: request.Response, status: number, error: string | RegExp) {
  expect(res.status).toBe(status);
  expect(res.body.ok).toBe(false);
  if (typeof error === "string") expect(res.body.error).toBe(error);
  else expect(res.body.error).toMatch(error);
}

describe("authentication", () => {
  it("answers 401 Invalid bot token for a missing header, a wrong token and an unknown bot", async () => {
    expectError(await broadcast({ botId, text: "hi" }, null), 401, "Invalid bot token");
    expectError(await broadcast({ botId, text: "hi" }, otherToken), 401, "Invalid bot token");
    expectError(await broadcast({ botId: "nope", text: "hi" }), 401, "Invalid bot token");
    expectError(await request(h.app).get(`/jobs/${botId}`).set("X-Bot-Token", "x"), 401, "Invalid bot token");
    expectError(
      await request(h.app).get("/broadcast/abc").query({ botId }).set("X-Bot-Token", otherToken),
      401,
      "Invalid bot token",
    );
    expectError(await request(h.app).delete("/broadcast/abc").send({ botId }), 401, "Invalid bot token");
  });
});

describe("validation", () => {
  const cases: Array<[string, Record<string, unknown>, string | RegExp]> = [
    ["unknown type", { type: "hologram", text: "x" }, /type must be one of text, photo/],
    ["text missing", { type: "text" }, "text is required for type text"],
    ["text blank", { text: "   " }, "text is required for type text"],
    ["text not a string", { text: 5 }, "text must be a string"],
    ["text too long", { text: "x".repeat(4097) }, "text must be at most 4096 characters"],
    ["media missing", { type: "photo" }, "media is required for type photo"],
    ["media missing (video_note)", { type: "video_note" }, "media is required for type video_note"],
    [
      "too many buttons",
      {
        text: "x",
        buttons: [
          { text: "a", url: "https://a" },
          { text: "b", url: "https://b" },
          { text: "c", url: "https://c" },
        ],
      },
      "buttons may hold at most 2 buttons",
    ],
    ["button without text", { text: "x", buttons: [{ url: "https://a" }] }, "buttons[0].text is required"],
    ["button without url", { text: "x", buttons: [{ text: "a" }] }, "buttons[0].url is required"],
    [
      "button bad url",
      { text: "x", buttons: [{ text: "a", url: "javascript:alert(1)" }] },
      "buttons[0].url must start with http:// or https://",
    ],
    ["buttons not array", { text: "x", buttons: "no" }, "buttons must be an array"],
    ["parseMode", { text: "x", parseMode: "html" }, "parseMode must be one of HTML, Markdown, MarkdownV2"],
    ["caption on sticker", { type: "sticker", media: "f", caption: "c" }, "caption is not allowed for type sticker"],
    ["caption on text", { text: "x", caption: "c" }, "caption is not allowed for type text"],
    ["location", { type: "location", extra: { latitude: 1 } }, /location requires extra.latitude and extra.longitude/],
    [
      "contact",
      { type: "contact", extra: { phone_number: "+1" } },
      /contact requires extra.phone_number and extra.first_name/,
    ],
    ["poll missing", { type: "poll", extra: { question: "q" } }, /poll requires extra.question and extra.options/],
    [
      "poll one option",
      { type: "poll", extra: { question: "q", options: ["a"] } },
      "extra.options must be 2 to 12 strings",
    ],
    [
      "poll 13 options",
      { type: "poll", extra: { question: "q", options: Array.from({ length: 13 }, (_, i) => `o${i}`) } },
      "extra.options must be 2 to 12 strings",
    ],
    ["extra not object", { text: "x", extra: [1] }, "extra must be an object"],
    ["filter not object", { text: "x", filter: "en" }, "filter must be an object"],
    ["filter.lang bad", { text: "x", filter: { lang: 5 } }, /filter.lang must be a language code/],
    ["paid not boolean", { text: "x", paid: "yes" }, "paid must be a boolean"],
  ];
  it.each(cases)("refuses %s with 400", async (_name, body, error) => {
    expectError(await broadcast({ botId, ...body }), 400, error);
  });

  it("refuses malformed JSON, a missing or ill-typed botId, and huge bodies", async () => {
    expectError(
      await request(h.app)
        .post("/broadcast")
        .set("X-Bot-Token", token)
        .set("Content-Type", "application/json")
        .send("{oops"),
      400,
      "Malformed JSON body",
    );
    expectError(await broadcast({ text: "x" }), 400, "botId is required");
    expectError(await broadcast({ botId: 7, text: "x" }), 400, "botId must be a string");
    expectError(await broadcast({ botId, text: "x", extra: { blob: "x".repeat(300 * 1024) } }), 413, /larger than/);
  });

  it("accepts every one of the twelve types with its fields, unicode included, and queues it as that type", async () => {
    const ok: Array<Record<string, unknown>> = [
      { type: "text", text: "Привет 👋 <b>bold</b>", parseMode: "HTML" },
      { type: "photo", media: "AgACAgQAAx", caption: "cap" },
      { type: "video", media: "https://example.com/v.mp4", caption: "видео" },
      { type: "audio", media: "CQACAgIAAx", caption: "a" },
      { type: "document", media: "https://example.com/d.pdf" },
      { type: "animation", media: "CgACAgQAAx", caption: "gif", parseMode: "MarkdownV2" },
      { type: "voice", media: "AwACAgIAAx" },
      { type: "video_note", media: "DQACAgIAAx" },
      { type: "sticker", media: "CAACAgIAAx" },
      { type: "location", extra: { latitude: 52.5, longitude: 13.4 } },
      { type: "contact", extra: { phone_number: "+100", first_name: "Ann" } },
      { type: "poll", extra: { question: "Q?", options: ["a", "b"] } },
    ];
    expect(new Set(ok.map((body) => body.type)).size).toBe(12);
    for (const body of ok) {
      const res = await broadcast({ botId, ...body });
      expect({ type: body.type, status: res.status, body: res.body }).toEqual({
        type: body.type,
        status: 200,
        body: { ok: true, jobId: expect.any(String), status: "queued" },
      });
      const { rows } = await h.handle.pool.query("select payload from broadcasts where id = $1", [res.body.jobId]);
      expect(rows[0].payload.type).toBe(body.type);
    }
  });
});

describe("jobs", () => {
  it("reads, lists and cancels a job; 404 for another bot's job; 409 once finished", async () => {
    const { jobId } = (await broadcast({ botId, text: "to cancel" })).body;
    const read = await request(h.app).get(`/broadcast/${jobId}`).query({ botId }).set("X-Bot-Token", token);
    expect(read.body).toEqual({
      ok: true,
      job: {
        jobId,
        status: "queued",
        total: 0,
        sent: 0,
        failed: 0,
        createdAt: expect.any(String),
        startedAt: null,
        finishedAt: null,
      },
    });

    expectError(
      await request(h.app).get(`/broadcast/${jobId}`).query({ botId: otherBot }).set("X-Bot-Token", otherToken),
      404,
      "Job not found",
    );
    expectError(
      await request(h.app).delete(`/broadcast/${jobId}`).set("X-Bot-Token", otherToken).send({ botId: otherBot }),
      404,
      "Job not found",
    );

    const cancel = await request(h.app).delete(`/broadcast/${jobId}`).set("X-Bot-Token", token).send({ botId });
    expect(cancel.status).toBe(200);
    expect(cancel.body.job).toMatchObject({ jobId, status: "cancelled", finishedAt: expect.any(String) });
    const again = await request(h.app).delete(`/broadcast/${jobId}`).set("X-Bot-Token", token).send({ botId });
    expect(again.status).toBe(200);
    expect(again.body.job.status).toBe("cancelled");

    await h.handle.pool.query("update broadcasts set status = 'completed', finished_at = now() where id = $1", [jobId]);
    const late = await request(h.app).delete(`/broadcast/${jobId}`).set("X-Bot-Token", token).send({ botId });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ ok: false, job: { jobId, status: "completed" } });
    expectError(
      await request(h.app).delete("/broadcast/unknown-job").set("X-Bot-Token", token).send({ botId }),
      404,
      "Job not found",
    );

    const list = await request(h.app).get(`/jobs/${botId}`).set("X-Bot-Token", token);
    expect(list.body.ok).toBe(true);
    expect(list.body.jobs.length).toBeLessThanOrEqual(20);
    const created = list.body.jobs.map((j: { createdAt: string }) => Date.parse(j.createdAt));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    for (let i = 0; i < 22; i++) await broadcast({ botId, text: `n${i}` });
    const full = await request(h.app).get(`/jobs/${botId}`).set("X-Bot-Token", token);
    expect(full.body.jobs).toHaveLength(20);
  });
});
