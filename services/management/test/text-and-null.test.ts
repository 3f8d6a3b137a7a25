/**
 * Text Postgres cannot store, and `null`, on every string field of /apiv3 and the broadcast routes
 * (docs/management-api.md#text-postgres-cannot-store, #null-and-absent-fields). Property-based: random strings full
 * of NUL, unpaired surrogates, RTL marks and 4-byte characters. Owner text with NUL or an unpaired surrogate is a 400
 * naming the field; an id holding one is a 404 (401 on broadcast routes, where an unknown bot is a wrong token); a
 * transferBot collection holding one fails alone; valid awkward text round-trips exactly; never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import request from "supertest";
import { isStorableText } from "@botyard/common/text";
import { SecretBox } from "@botyard/common/crypto";
import { anyText, awkwardText, encodeComponent, UNSTORABLE_PIECES, unstorableText } from "@botyard/openapi/testing";
import { operations } from "../src/apiv3/operations.js";
import { fakeToken, SECRET_KEY, startHarness, type Harness } from "./harness.js";

const RUNS = Number(process.env.TEXT_RUNS ?? 25);
let h: Harness;
let apiKey: string;
let other: { email: string; apiKey: string };
let botId: string;
let token: string;
let jobId: string;

const post = (op: string, body: Record<string, unknown>) =>
  request(h.app)
    .post(`/apiv3/${op}`)
    .send({ apiKey, ...body });

beforeAll(async () => {
  // The property tests transfer hundreds of times from one account: lift the lookup limit (it has a test of its own).
  h = await startHarness({ transferLookups: { limit: 100_000, windowMs: 60_000 } });
  apiKey = (await h.account()).apiKey;
  other = await h.account();
  token = fakeToken(31);
  botId = (await post("createBot", { name: "t", botToken: token })).body.botId;
  jobId = (await request(h.app).post("/broadcast").set("X-Bot-Token", token).send({ botId, text: "x" })).body.jobId;
});
afterAll(async () => {
  await h.close();
});

function expect400Naming(res: request.Response, field: string) {
  expect([res.status, res.body.stat_code ?? 400]).toEqual([400, 400]);
  const message = (res.body.msg ?? res.body.error) as string;
  expect(message.startsWith(field)).toBe(true);
  expect(message).toMatch(/NUL|surrogate/);
}

describe("/apiv3 owner text", () => {
  it("createBot name and code: stored exactly when valid, 400 naming the field otherwise", async () => {
    await fc.assert(
      fc.asyncProperty(anyText(), fc.constantFrom("name", "code"), async ({ text }, field) => {
        const value = field === "name" ? text.slice(0, 100) : text;
        const res = await post("createBot", { [field]: value });
        // Judged on what was sent: slicing may cut the bad piece off, or split a surrogate pair.
        if (!isStorableText(value)) return expect400Naming(res, field);
        expect(res.status).toBe(200);
        const id = res.body.botId as string;
        if (field === "name") expect((await post("getBot", { botId: id })).body.bot.name).toBe(value);
        else expect((await post("getbotCode", { botId: id })).body.data).toBe(value);
        await post("deleteBot", { botId: id });
      }),
      { numRuns: RUNS },
    );
  });

  it("editBotCoreLogic newCode, by POST and by GET", async () => {
    await fc.assert(
      fc.asyncProperty(anyText(), fc.boolean(), async ({ text, storable }, viaGet) => {
        const res = viaGet
          ? await request(h.app).get(
              `/apiv3/editBotCoreLogic?apiKey=${apiKey}&botId=${botId}&newCode=${encodeComponent(text)}`,
            )
          : await post("editBotCoreLogic", { botId, newCode: text });
        // A query string cannot carry an unpaired surrogate: its bytes decode to U+FFFD, which is valid text.
        const reachesServer = !viaGet || !/[\ud800-\udfff]/.test(text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ""));
        if (!storable && reachesServer) return expect400Naming(res, "newCode");
        expect(res.status).toBe(200);
        if (storable) expect((await post("getbotCode", { botId })).body.data).toBe(text);
      }),
      { numRuns: RUNS },
    );
  });

  it("setBotEnv values: stored exactly when valid, 400 naming env.NAME otherwise", async () => {
    const box = new SecretBox(SECRET_KEY);
    await fc.assert(
      fc.asyncProperty(anyText(), async ({ text, storable }) => {
        const res = await post("setBotEnv", { botId, env: { GOOD: "ok", VALUE: text } });
        if (!storable) return expect400Naming(res, "env.VALUE");
        expect(res.status).toBe(200);
        const { rows } = await h.handle.pool.query("select env_enc from bots where id = $1", [botId]);
        expect(JSON.parse(box.decrypt(rows[0].env_enc))).toEqual({ GOOD: "ok", VALUE: text });
      }),
      { numRuns: RUNS },
    );
  });

  it("transferBot targetEmail: 400 naming it for unstorable text, never a 500", async () => {
    await fc.assert(
      fc.asyncProperty(anyText(), async ({ text, storable }) => {
        const res = await post("transferBot", { botId, targetEmail: `${text}@example.com` });
        if (!storable) return expect400Naming(res, "targetEmail");
        expect([400, 404]).toContain(res.status);
      }),
      { numRuns: RUNS },
    );
  });

  it("transferBot dbProps: a collection with unstorable text fails alone; the others and the transfer succeed", async () => {
    await fc.assert(
      fc.asyncProperty(unstorableText(), awkwardText(), fc.boolean(), async (bad, good, inKey) => {
        const badDoc = inKey ? { [`k${bad}`]: 1 } : { nested: { list: ["fine", bad] } };
        const res = await post("transferBot", {
          botId,
          targetEmail: other.email,
          dbProps: { poisoned: [{ a: 1 }, badDoc], clean: [{ text: good }] },
        });
        expect(res.status).toBe(200);
        expect(res.body.dbProps.clean).toEqual({ inserted: 1 });
        expect(res.body.dbProps.poisoned).toEqual({ inserted: 0, error: expect.stringMatching(/^document 1: /) });
        expect(res.body.dbProps.poisoned.error).toMatch(inKey ? /has a key that/ : /nested\.list\[1\]/);
        const { rows } = await h.handle.pool.query("select collection, data from documents where bot_id = $1", [
          res.body.newBotId,
        ]);
        expect(rows).toEqual([{ collection: "clean", data: expect.objectContaining({ text: good }) }]);
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  });

  it("refuses documents nested deeper than Postgres accepts as a per-collection error", async () => {
    const depth = 20_000; // the test client cannot serialise this deep: write the JSON by hand
    const deep = `${"[".repeat(depth)}"x"${"]".repeat(depth)}`;
    const json = `{"apiKey":"${apiKey}","botId":"${botId}","targetEmail":"${other.email}","dbProps":{"deep":[{"deep":${deep}}],"ok":[{}]}}`;
    const res = await request(h.app).post("/apiv3/transferBot").set("Content-Type", "application/json").send(json);
    expect(res.status).toBe(200);
    expect(res.body.dbProps.deep).toEqual({ inserted: 0, error: expect.stringMatching(/deeper than 100 levels/) });
    expect(res.body.dbProps.ok).toEqual({ inserted: 1 });
  });
});

describe("/apiv3 ids", () => {
  const ops = ["getBot", "getbotCode", "deleteBot", "stopBot", "restartBot", "getBotLogs", "editBotCoreLogic"];
  const extraFor = (op: string): Record<string, unknown> =>
    ({
      editBotCoreLogic: { newCode: "x" },
      setBotToken: { botToken: fakeToken(5) },
      setBotEnv: { env: { A: "b" } },
      transferBot: { targetEmail: other.email },
    })[op] ?? {};

  // Every operation and every unstorable character, written out: the property below picks only some of them per run.
  it("answers 404 Bot not found to every operation for an id holding each unstorable character", async () => {
    const answers: string[] = [];
    for (const op of [...ops, "setBotToken", "setBotEnv", "transferBot"])
      for (const bad of UNSTORABLE_PIECES) {
        const res = await post(op, { botId: `id${bad}`, ...extraFor(op) });
        answers.push(`${op} ${JSON.stringify(bad)}: ${res.status} ${res.body.msg}`);
      }
    expect(answers.filter((a) => !a.endsWith(": 404 Bot not found"))).toEqual([]);
  });

  it("answers 404 Bot not found for an id holding NUL, surrogates or anything else unknown, on POST and GET", async () => {
    await fc.assert(
      fc.asyncProperty(
        anyText().filter((t) => t.text !== ""), // an empty botId is a missing one (400), tested in apiv3.test.ts
        fc.constantFrom(...ops, "setBotToken", "setBotEnv", "transferBot"),
        async (t, op) => {
          const extra: Record<string, unknown> =
            {
              editBotCoreLogic: { newCode: "x" },
              setBotToken: { botToken: fakeToken(5) },
              setBotEnv: { env: { A: "b" } },
              transferBot: { targetEmail: other.email },
            }[op] ?? {};
          const res = await post(op, { botId: t.text, ...extra });
          expect([res.status, res.body.msg]).toEqual([404, "Bot not found"]);
          if (!/[\ud800-\udfff]/.test(t.text)) {
            const viaGet = await request(h.app).get(`/apiv3/${op}`).query({ apiKey, botId: t.text });
            if (op === "getBot") expect([viaGet.status, viaGet.body.msg]).toEqual([404, "Bot not found"]);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe("broadcast text", () => {
  const broadcast = (body: Record<string, unknown>) =>
    request(h.app)
      .post("/broadcast")
      .set("X-Bot-Token", token)
      .send({ botId, ...body });
  const shapes: Array<[string, (t: string) => Record<string, unknown>]> = [
    ["text", (t) => ({ text: `x${t}` })],
    ["media", (t) => ({ type: "photo", media: `x${t}` })],
    ["caption", (t) => ({ type: "photo", media: "f", caption: t })],
    ["buttons[0].text", (t) => ({ text: "x", buttons: [{ text: `x${t}`, url: "https://a" }] })],
    [
      "buttons[1].url",
      (t) => ({
        text: "x",
        buttons: [
          { text: "a", url: "https://a" },
          { text: "b", url: `https://b/${t}` },
        ],
      }),
    ],
    ["extra.question", (t) => ({ type: "poll", extra: { question: t, options: ["a", "b"] } })],
    ["extra.options[1]", (t) => ({ type: "poll", extra: { question: "q", options: ["a", t] } })],
    ["extra.first_name", (t) => ({ type: "contact", extra: { phone_number: "+1", first_name: t } })],
    ["extra.deep.note", (t) => ({ text: "x", extra: { deep: { note: t } } })],
  ];
  it("refuses NUL and unpaired surrogates naming the field; valid awkward text is queued exactly", async () => {
    await fc.assert(
      fc.asyncProperty(anyText(), fc.constantFrom(...shapes), async ({ text, storable }, [field, shape]) => {
        const res = await broadcast(shape(text));
        if (!storable) return expect400Naming(res, field);
        if (res.status !== 200) {
          // Valid text can still break a rule (a caption over 1024 characters…): then a rule message, not ours.
          expect(res.status).toBe(400);
          expect(res.body.error).not.toMatch(/NUL|surrogate/);
          return;
        }
        const { rows } = await h.handle.pool.query("select payload from broadcasts where id = $1", [res.body.jobId]);
        expect(JSON.stringify(rows[0].payload)).toContain(JSON.stringify(text).slice(1, -1));
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it("refuses extra nested deeper than 100 levels with a 400 naming where", async () => {
    const depth = 50_000;
    const json = `{"botId":"${botId}","text":"x","extra":{"a":${"[".repeat(depth)}1${"]".repeat(depth)}}}`;
    const res = await request(h.app)
      .post("/broadcast")
      .set("X-Bot-Token", token)
      .set("Content-Type", "application/json")
      .send(json);
    expect([res.status, res.body.error]).toEqual([
      400,
      expect.stringMatching(/^extra\.a(\[0\])+ nests deeper than 100/),
    ]);
  });

  it("answers 401 for a botId and 404 for a jobId that hold unstorable text", async () => {
    await fc.assert(
      fc.asyncProperty(unstorableText(), async (bad) => {
        const b = await request(h.app).post("/broadcast").set("X-Bot-Token", token).send({ botId: bad, text: "x" });
        expect([b.status, b.body.error]).toEqual([401, "Invalid bot token"]);
        const path = `/broadcast/${encodeComponent(bad)}`;
        const read = await request(h.app).get(path).query({ botId }).set("X-Bot-Token", token);
        const cancel = await request(h.app).delete(path).set("X-Bot-Token", token).send({ botId });
        const jobs = await request(h.app)
          .get(`/jobs/${encodeComponent(bad)}`)
          .set("X-Bot-Token", token);
        // A surrogate cannot be written in a URL at all (its bytes are not UTF-8): that is a 400 Malformed URL.
        const inUrl = /[\ud800-\udfff]/.test(bad.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ""));
        for (const [res, status, error] of [
          [read, 404, "Job not found"],
          [cancel, 404, "Job not found"],
          [jobs, 401, "Invalid bot token"],
        ] as const) {
          if (inUrl) expect([res.status, res.body.error]).toEqual([400, expect.stringMatching(/^Malformed URL/)]);
          else expect([res.status, res.body.error]).toEqual([status, error]);
        }
      }),
      { numRuns: RUNS },
    );
    expect((await request(h.app).get(`/broadcast/${jobId}`).query({ botId }).set("X-Bot-Token", token)).status).toBe(
      200,
    );
  });
});

describe("null never means absent", () => {
  const baseline: Record<string, Record<string, unknown>> = {
    restartBot: {},
    transferBot: { targetEmail: "x@example.com" },
    editBotCoreLogic: { newCode: "x" },
    getbotCode: {},
    createBot: {},
    listBots: {},
    getBot: {},
    deleteBot: {},
    stopBot: {},
    setBotToken: { botToken: fakeToken(6) },
    setBotEnv: { env: { A: "b" } },
    getBotLogs: {},
    getBotUsage: { granularity: "minute" },
    getAccountUsage: {},
    listVersions: {},
    getVersion: { version: 1 },
    rollbackBot: { version: 1 },
    previewBot: { version: 1, path: "x" },
    addNotificationChannel: { kind: "webhook" },
    removeNotificationChannel: {},
    testNotificationChannel: {},
    setNotificationRules: { kinds: ["bot_halted"] },
  };
  it("refuses null on every field of every /apiv3 operation, naming the field", async () => {
    const checked: string[] = [];
    for (const [name, op] of operations) {
      for (const [field, schema] of Object.entries(op.body.shape)) {
        const body = { botId, ...baseline[name], [field]: null };
        const res = await post(name, body);
        const expected = schema.isOptional() ? new RegExp(`^${field} must be`) : new RegExp(`^${field} is required$`);
        expect([name, field, res.status, res.body.msg]).toEqual([name, field, 400, expect.stringMatching(expected)]);
        checked.push(`${name}.${field}`);
      }
    }
    expect(checked).toEqual(expect.arrayContaining(["createBot.name", "createBot.code", "createBot.botToken"]));
    expect(checked).toEqual(expect.arrayContaining(["getBotLogs.limit", "transferBot.dbProps", "transferBot.run_now"]));
  });

  it("refuses null on every field of POST /broadcast", async () => {
    const fields = ["type", "text", "media", "caption", "parseMode", "buttons", "extra", "filter", "paid"];
    for (const field of fields) {
      const res = await request(h.app)
        .post("/broadcast")
        .set("X-Bot-Token", token)
        .send({ botId, text: "x", [field]: null });
      expect([field, res.status, res.body.error]).toEqual([field, 400, expect.stringMatching(new RegExp(`^${field}`))]);
    }
    const botIdNull = await request(h.app).post("/broadcast").set("X-Bot-Token", token).send({ botId: null });
    expect([botIdNull.status, botIdNull.body.error]).toEqual([400, "botId is required"]);
    const filterLang = await request(h.app)
      .post("/broadcast")
      .set("X-Bot-Token", token)
      .send({ botId, text: "x", filter: { lang: null } });
    expect(filterLang.status).toBe(400);
  });
});

describe("transferBot report", () => {
  it("reports a collection named __proto__ like any other bad name", async () => {
    const json = `{"apiKey":"${apiKey}","botId":"${botId}","targetEmail":"${other.email}","dbProps":{"__proto__":[{"a":1}],"ok":[{}]}}`;
    const res = await request(h.app).post("/apiv3/transferBot").set("Content-Type", "application/json").send(json);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.dbProps).sort()).toEqual(["__proto__", "ok"]);
    expect(res.text).toContain('"__proto__":{"inserted":0,"error":"invalid collection name');
  });
});
