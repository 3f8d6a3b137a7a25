/**
 * The dispatcher matches the bot routes as express's router matched them (`router.all('/custom/:botId/:customPath')`,
 * `router.all('/telegram/:botId')`: case-insensitive, one optional trailing slash, parameters percent-decoded), so
 * taking the routes out of express changed no URL's meaning; a parameter that does not decode is a 400, never a 500.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import type { IncomingMessage, ServerResponse } from "node:http";
import { AppError, createLogger, createMetricsRegistry } from "@botyard/common";
import { waitFor } from "@botyard/common/testing";
import { gatewayDispatcher, matchBotRoute } from "../../../src/routes/dispatch.js";

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

/** What express's router made of `path`: the route and its params, or the kind of error it threw. */
function expressMatch(path: string): unknown {
  try {
    const c = custom.match(path);
    if (c) return { route: "custom", botId: c.params.botId, customPath: c.params.customPath };
    const t = telegram.match(path);
    if (t) return { route: "telegram", botId: t.params.botId };
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
    expect(matchBotRoute("/custom/b1/ping/x")).toBeUndefined();
    expect(() => matchBotRoute("/custom/%ff/x")).toThrow(AppError);
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
        registry: createMetricsRegistry("webhook-gateway"),
        logger: createLogger("webhook-gateway", "silent"),
        envelope: (problem) => ({ ok: false, message: problem.message }),
        bodyLimit: "1mb",
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
      await waitFor(() => destroyed, { timeout: 5000 });
      // One more turn of the event loop, for a rejection to be reported if one escaped.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});
