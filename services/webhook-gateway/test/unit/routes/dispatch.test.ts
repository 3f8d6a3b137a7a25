/**
 * The dispatcher matches the bot routes as express's router matched them (`router.all('/custom/:botId/:customPath')`,
 * `router.all('/telegram/:botId')`: case-insensitive, one optional trailing slash, parameters percent-decoded), so
 * taking the routes out of express changed no URL's meaning; a parameter that does not decode is a 400, never a 500.
 * One departure, from the contract: a path under `/custom/<botId>` whose customPath is missing, empty or holds a `/`
 * is the custom route's (whose pattern check answers 400 `Invalid path format`), where express's router matched none.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:http";
import { Writable } from "node:stream";
import express from "express";
import request from "supertest";
import { AppError } from "@botyard/common/errors";
import { createLogger } from "@botyard/common/logging";
import { createMetricsRegistry } from "@botyard/common/metrics";
import { errorHandler } from "@botyard/common/http";
import { gatewayErrorBody } from "../../../src/app.js";
import { waitFor } from "@botyard/testing";
import { expressBotRoutes, gatewayDispatcher, matchBotRoute, mayBeServed } from "../../../src/routes/dispatch.js";

// The router express 5 uses, loaded from where express finds it (it is not our dependency).
const fromExpress = createRequire(createRequire(import.meta.url).resolve("express"));
const fromRouter = createRequire(fromExpress.resolve("router"));
type Match = false | { params: Record<string, string> };
const Layer = fromRouter("./lib/layer.js") as new (
  path: string,
  options: { sensitive: boolean; strict: boolean; end: boolean },
  fn: () => void,
) => { match(path: string): Match };
const layer = (path: string) => new Layer(path, { sensitive: false, strict: false, end: true }, () => {});
const custom = layer("/custom/:botId/:customPath");
const telegram = layer("/telegram/:botId");

/** `/custom/:botId` and anything after it (a prefix, as `app.use` matches): botId decoded, the rest left alone. */
const underCustom = new Layer("/custom/:botId", { sensitive: false, strict: false, end: false }, () => {});

/**
 * What express's router made of `path`: the route and its params, or the kind of error it threw. A path under
 * `/custom/<botId>` that the custom route does not match is the custom route's, with the rest kept raw (see above).
 */
function expressMatch(path: string): unknown {
  try {
    const c = custom.match(path);
    if (c) return { route: "custom", botId: c.params.botId, customPath: c.params.customPath };
    const t = telegram.match(path);
    if (t) return { route: "telegram", botId: t.params.botId };
    const u = underCustom.match(path);
    if (u) return { route: "custom", botId: u.params.botId, customPath: /^\/custom\/[^/]+\/?(.*)$/i.exec(path)?.[1] };
    return undefined;
  } catch (err) {
    return err instanceof URIError ? "400" : "other error";
  }
}

function ourMatch(path: string): unknown {
  try {
    return matchBotRoute(path);
  } catch (err) {
    return err instanceof AppError && err.status === 400 ? "400" : "other error";
  }
}

const piece = fc.constantFrom(
  "custom",
  "Custom",
  "TELEGRAM",
  "telegram",
  "/",
  "//",
  "a",
  "ping",
  "%2F",
  "%2f",
  "%00",
  "%ff",
  "%C0%AE",
  "%E2%80%AE",
  "%ED%A0%80",
  "%",
  "%g1",
  "%20",
  ".",
  "..",
  "x-y_z",
  "ü",
  "?",
);
const paths = fc.oneof(
  fc.array(piece, { maxLength: 8 }).map((p) => `/${p.join("")}`),
  fc
    .tuple(fc.constantFrom("/custom/", "/telegram/", "/CUSTOM/"), fc.array(piece, { maxLength: 6 }))
    .map(([head, p]) => head + p.join("")),
);

describe("matchBotRoute", () => {
  it("matches and decodes every path as express's router did", () => {
    fc.assert(
      fc.property(paths, (path) => {
        expect(ourMatch(path)).toEqual(expressMatch(path));
      }),
      { numRuns: 3000 },
    );
  });

  it("names the route and its decoded parameters", () => {
    expect(matchBotRoute("/custom/b1/ping/")).toEqual({ route: "custom", botId: "b1", customPath: "ping" });
    expect(matchBotRoute("/Telegram/b%201")).toEqual({ route: "telegram", botId: "b 1" });
    expect(matchBotRoute("/custom/b1/ping/x")).toEqual({ route: "custom", botId: "b1", customPath: "ping/x" });
    expect(matchBotRoute("/custom/b1")).toEqual({ route: "custom", botId: "b1", customPath: "" });
    expect(matchBotRoute("/nothing/b1/ping")).toBeUndefined();
    expect(() => matchBotRoute("/custom/%ff/x")).toThrow(AppError);
  });
});

describe("mayBeServed", () => {
  const served = ["/healthz", "/readyz", "/metrics", "/openapi.json"];
  const layers = served.map(layer);
  const restPaths = fc.oneof(
    paths,
    fc
      .tuple(
        fc.constantFrom("/", "//", "/x/"),
        fc.constantFrom("healthz", "HealthZ", "READYZ", "metrics", "openapi.json", "openapi%2Ejson", "%68ealthz"),
        fc.constantFrom("", "/", "//", "/x", "?", "%2F"),
      )
      .map(([head, name, tail]) => head + name + tail),
  );

  it("is true for every path express's router would give to one of the served routes", () => {
    fc.assert(
      fc.property(restPaths, (path) => {
        const expressServes = layers.some((l) => {
          try {
            return l.match(path) !== false;
          } catch {
            return true; // a path express fails to decode is express's to answer
          }
        });
        if (expressServes) expect([path, mayBeServed(path, new Set(served))]).toEqual([path, true]);
      }),
      { numRuns: 3000 },
    );
  });

  it("is false for a plain path that is none of them, so the dispatcher answers its 404 itself", () => {
    const set = new Set(served);
    expect(mayBeServed("/HEALTHZ/", set)).toBe(true);
    expect(mayBeServed("/openapi.json", set)).toBe(true);
    expect(mayBeServed("/nothing/x", set)).toBe(false);
    expect(mayBeServed("/", set)).toBe(false);
    expect(mayBeServed("/healthz/x", set)).toBe(false);
  });
});

describe("gatewayDispatcher 404s", () => {
  it("answers a path no route serves without the express app, and hands it the paths it serves", async () => {
    const handed: string[] = [];
    const registry = createMetricsRegistry("webhook-gateway");
    const listener = gatewayDispatcher({
      custom: async () => {},
      telegram: async () => {},
      fallback: (req) => {
        handed.push(req.url ?? "");
      },
      fallbackPaths: ["/healthz"],
      registry,
      logger: createLogger("webhook-gateway", "silent"),
      envelope: (problem) => ({ ok: false, message: problem.message }),
      bodyLimit: "1mb",
      context: "gateway request",
    });
    const replies: Array<{ status: number; body: string }> = [];
    const response = () => {
      const res = {
        headersSent: false,
        statusCode: 200,
        setHeader: () => {},
        writeHead: (status: number) => {
          res.statusCode = status;
          return res;
        },
        end: (body: string) => {
          replies.push({ status: res.statusCode, body });
        },
        destroy: () => {},
      };
      return res as unknown as ServerResponse;
    };
    const get = (url: string) =>
      listener({ url, method: "POST", headers: {} } as unknown as IncomingMessage, response());
    get("/nothing/x");
    get("/HEALTHZ/?verbose=1");
    await waitFor(() => replies.length === 1);
    expect(replies).toEqual([{ status: 404, body: '{"ok":false,"message":"Not found"}' }]);
    expect(handed).toEqual(["/HEALTHZ/?verbose=1"]);
    await waitFor(async () => (await registry.metrics()).includes('route="unmatched",status="404"'));
  });
});

describe("gatewayDispatcher failures", () => {
  it("cuts the connection, and lets nothing escape, when even the error reply cannot be written", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const listener = gatewayDispatcher({
        custom: async () => {
          throw new Error("the route failed");
        },
        telegram: async () => {},
        fallback: () => {},
        fallbackPaths: [],
        registry: createMetricsRegistry("webhook-gateway"),
        logger: createLogger("webhook-gateway", "silent"),
        envelope: (problem) => ({ ok: false, message: problem.message }),
        bodyLimit: "1mb",
        context: "gateway request",
      });
      let destroyed = false;
      const res = {
        headersSent: false,
        statusCode: 200,
        setHeader: () => {},
        writeHead: () => {
          throw new Error("the socket is gone");
        },
        end: () => {},
        destroy: () => {
          destroyed = true;
        },
      };
      listener(
        { url: "/custom/abc/x", method: "GET", headers: {} } as unknown as IncomingMessage,
        res as unknown as ServerResponse,
      );
      await waitFor(() => destroyed, { timeoutMs: 5000 });
      // One more turn of the event loop, for a rejection to be reported if one escaped.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});

describe("gatewayDispatcher errors, as the express app's", () => {
  /** A dispatcher whose bot routes throw `thrown()`, in front of an express route that throws it too. */
  function server(thrown: () => unknown) {
    const lines: Array<Record<string, unknown>> = [];
    const logger = createLogger(
      "webhook-gateway",
      "debug",
      new Writable({
        write(chunk, _enc, cb) {
          lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
          cb();
        },
      }),
    );
    const rest = express();
    rest.all("/healthz", () => {
      throw thrown();
    });
    rest.use(errorHandler({ envelope: gatewayErrorBody, logger, context: "gateway request", bodyLimit: "1 MiB" }));
    const listener = gatewayDispatcher({
      custom: async () => {
        throw thrown();
      },
      telegram: async () => {},
      fallback: rest,
      fallbackPaths: ["/healthz"],
      registry: createMetricsRegistry("webhook-gateway"),
      logger,
      envelope: gatewayErrorBody,
      bodyLimit: "1 MiB",
      context: "gateway request",
    });
    return { app: createServer(listener), lines };
  }

  const refused = () =>
    new Error("Failed query: select 1\nparams: the-bot-secret", {
      cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    });
  it.each([
    ["an unexpected error", () => new Error("boom"), 500, 50],
    ["a refusal of the catalogue", () => new AppError("BOT_NOT_FOUND"), 404, undefined],
    [
      "a refusal with headers and details",
      () => new AppError("BOT_BUSY", undefined, { headers: { "Retry-After": "1" }, details: { limit: 4 } }),
      429,
      undefined,
    ],
    ["a dependency that is down", refused, 503, 40],
    [
      "a body over the limit",
      () => Object.assign(new Error("x"), { status: 413, type: "entity.too.large" }),
      413,
      undefined,
    ],
  ])("answers %s with the same reply and log line", async (_name, thrown, status, level) => {
    const { app, lines } = server(thrown);
    const bot = await request(app).post("/custom/abc/ping?token=t0k3n&x=1");
    const rest = await request(app).post("/healthz?token=t0k3n&x=1");
    expect(bot.status).toBe(status);
    expect([rest.status, rest.body, rest.headers["retry-after"], rest.headers["content-type"]]).toEqual([
      bot.status,
      bot.body,
      bot.headers["retry-after"],
      bot.headers["content-type"],
    ]);
    expect(bot.body).toMatchObject({ ok: false });
    if (level === undefined) {
      expect(lines).toEqual([]);
      return;
    }
    expect(lines).toHaveLength(2);
    const [fromBot, fromRest] = lines as [Record<string, unknown>, Record<string, unknown>];
    expect(fromBot).toMatchObject({
      level,
      method: "POST",
      route: "/custom/:botId/:customPath",
      path: "/custom/abc/ping",
    });
    expect(fromRest).toMatchObject({ level, method: "POST", route: "/healthz", path: "/healthz" });
    expect(fromBot.msg).toBe(fromRest.msg);
    for (const line of lines) {
      expect(JSON.stringify(line)).not.toContain("t0k3n");
      expect(JSON.stringify(line)).not.toContain("the-bot-secret");
    }
  });
});

describe("expressBotRoutes (the dispatcher's plain version, for the benchmark)", () => {
  it("hands the bot routes the parameters the dispatcher gives them, and their errors to express", async () => {
    const calls: unknown[] = [];
    const rest = express();
    rest.use(
      expressBotRoutes(
        async (_req, res, call) => {
          calls.push(call);
          if (call.customPath === "fail") throw new AppError("BOT_NOT_FOUND");
          res.end("ok");
        },
        async (_req, res, botId) => {
          calls.push(botId);
          res.end("ok");
        },
      ),
    );
    rest.use(
      errorHandler({
        envelope: gatewayErrorBody,
        logger: createLogger("webhook-gateway", "silent"),
        context: "gateway request",
      }),
    );
    expect((await request(rest).post("/custom/b%31/ping?x=1")).text).toBe("ok");
    expect((await request(rest).get("/telegram/b2")).text).toBe("ok");
    const failed = await request(rest).get("/custom/b3/fail");
    expect([failed.status, failed.body]).toEqual([404, { ok: false, message: "Bot not found" }]);
    expect(calls).toEqual([
      { botId: "b1", customPath: "ping", path: "/custom/b%31/ping", query: "x=1" },
      "b2",
      { botId: "b3", customPath: "fail", path: "/custom/b3/fail", query: undefined },
    ]);
  });
});
