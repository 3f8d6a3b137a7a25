/**
 * The gateway's request listener. It routes the two bot routes itself, `ANY /custom/:botId/:customPath` and
 * `/telegram/:botId`, answers 404 itself for a path that is none of them nor one the express app serves, and hands the
 * rest (operator endpoints, /openapi.json) to the express app. A performance device (runtime/devices.ts,
 * `dispatcher`); {@link expressBotRoutes} is the plain version the benchmark sets against it.
 *
 * What it buys: express's router, its response helpers and prom-client's per-request label hashing were most of a
 * trivial webhook's cost. Served here, a trivial webhook takes 41 µs of CPU against 137 through express routes, and the
 * gateway answers 2.9 times as many a second (bench/README.md#devices-of-the-request-path). Unauthenticated requests
 * for paths that do not exist do not take the event loop from the bots either (bench/README.md#abuse).
 *
 * What it costs: this file and routes/http.ts, which redo what the bot routes need of express (matching, the client
 * address, the query, bodies, JSON replies) and are held to express's behaviour by their tests.
 *
 * Matching is the router's: a path segment is one or more characters other than `/`, letters match in any case, one
 * trailing `/` is allowed, and a segment is percent-decoded (a segment that does not decode is a 400, never a 500).
 * Errors go through the express app's error path (`reportError` of @botyard/common, which its `errorHandler` calls):
 * the same codes, the same reply in the gateway's `{ ok: false, message }`, the same log lines.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { AppError } from "@botyard/common/errors";
import { HttpMetrics, type Registry, secondsSince } from "@botyard/common/metrics";
import type { Logger } from "@botyard/common/logging";
import { type Problem, pathOfTarget, reportError } from "@botyard/common/http";
import { Router } from "express";
import type { CustomWebhookRoute } from "./custom-webhook.js";
import { sendJson, splitTarget } from "./http.js";
import type { TelegramIntakeRoute } from "./telegram-intake.js";

const CUSTOM = /^\/custom\/([^/]+)\/([^/]+)\/?$/i;
/**
 * A path under a bot's custom webhooks whose customPath is missing, empty or holds a `/` (`/custom/b`, `/custom/b/`,
 * `/custom/b//x`, `/custom/b/a/b`): the custom route's, which answers 400 `Invalid path format` as the contract says
 * of a customPath that is not 1 to 100 letters, digits, `_` or `-` (docs/bot-runtime.md#custom-webhooks).
 */
const CUSTOM_MALFORMED = /^\/custom\/([^/]+)(?:\/(.*))?$/i;
const TELEGRAM = /^\/telegram\/([^/]+)\/?$/i;
/** The route labels of the metrics: patterns, never concrete paths. */
const CUSTOM_ROUTE = "/custom/:botId/:customPath";
const TELEGRAM_ROUTE = "/telegram/:botId";
/** The routes the dispatcher serves itself, as express would write them. */
export const BOT_ROUTES: readonly string[] = [CUSTOM_ROUTE, TELEGRAM_ROUTE];

/** What the dispatcher is built from. */
export interface DispatchOptions {
  custom: CustomWebhookRoute;
  telegram: TelegramIntakeRoute;
  /** The requests for the paths in `fallbackPaths`. */
  fallback: RequestListener;
  /** The paths `fallback` serves, as express writes them (lowercase, no trailing slash); any other path is a 404. */
  fallbackPaths: readonly string[];
  registry: Registry;
  logger: Logger;
  /** Shapes an error body. */
  envelope: (problem: Problem) => Record<string, unknown>;
  /** The body limit named in a 413. */
  bodyLimit: string;
  /** What the log lines of a failed request call it, as the express app's errorHandler does. */
  context: string;
}

/** A path segment decoded as the router decodes it; a segment that is not UTF-8 percent-encoding is a 400. */
function decodeSegment(segment: string): string {
  if (!segment.includes("%")) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new AppError("INVALID_INPUT", "Malformed URL: a path segment is not valid percent-encoded UTF-8");
  }
}

/** A bot route a path names, with its decoded parameters. */
export type BotRouteMatch =
  | { route: "custom"; botId: string; customPath: string }
  | { route: "telegram"; botId: string };

/**
 * A bot route found in a path, its parameters not yet decoded: decoding may fail (a 400), which must happen inside the
 * request's error handling, under the route's metrics label. Plain data, as this runs for every request.
 */
interface FoundBotRoute {
  kind: "custom" | "custom-malformed" | "telegram";
  label: string;
  groups: RegExpExecArray;
}

/** Which bot route `path` (undecoded, without the query) is, if any; each pattern is tried once. */
function findBotRoute(path: string): FoundBotRoute | undefined {
  const custom = CUSTOM.exec(path);
  if (custom) return { kind: "custom", label: CUSTOM_ROUTE, groups: custom };
  const malformed = CUSTOM_MALFORMED.exec(path);
  if (malformed) return { kind: "custom-malformed", label: CUSTOM_ROUTE, groups: malformed };
  const telegram = TELEGRAM.exec(path);
  if (telegram) return { kind: "telegram", label: TELEGRAM_ROUTE, groups: telegram };
  return undefined;
}

/** The parameters of a route found by {@link findBotRoute}, decoded; throws a 400 for a segment that does not decode. */
function decodeBotRoute({ kind, groups }: FoundBotRoute): BotRouteMatch {
  const botId = decodeSegment(groups[1] as string);
  if (kind === "telegram") return { route: "telegram", botId };
  // A malformed custom path is kept raw: it fails the route's pattern whatever its encoding.
  return {
    route: "custom",
    botId,
    customPath: kind === "custom" ? decodeSegment(groups[2] as string) : (groups[2] ?? ""),
  };
}

/**
 * Whether `path` (undecoded, without the query) may be one of `served` as express matches paths: in any case, with
 * one trailing slash. A path with percent-encoding is left to express, which does not decode before matching.
 */
export function mayBeServed(path: string, served: ReadonlySet<string>): boolean {
  if (path.includes("%")) return true;
  const lower = path.toLowerCase();
  return served.has(lower.length > 1 && lower.endsWith("/") ? lower.slice(0, -1) : lower);
}

/** Which bot route `path` (undecoded, without the query) is, if any; throws a 400 for a segment that does not decode. */
export function matchBotRoute(path: string): BotRouteMatch | undefined {
  const found = findBotRoute(path);
  return found && decodeBotRoute(found);
}

/** Builds the listener. */
export function gatewayDispatcher(options: DispatchOptions): RequestListener {
  const metrics = HttpMetrics.of(options.registry);
  const { logger, envelope, bodyLimit, context } = options;
  const served = new Set(options.fallbackPaths);

  const fail = (req: IncomingMessage, res: ServerResponse, route: string, err: unknown): void => {
    if (res.headersSent) {
      // The reply was under way: nothing can be said any more but that it is cut short.
      logger.error(
        { err, method: req.method, route, path: pathOfTarget(req.url ?? "/") },
        `${context} failed after its reply began`,
      );
      res.destroy();
      return;
    }
    const problem = reportError(err, { method: req.method, url: req.url, route }, { logger, context, bodyLimit });
    sendJson(req, res, problem.status, envelope(problem), problem.headers);
  };

  const run = (req: IncomingMessage, res: ServerResponse, route: string, work: () => Promise<void>): void => {
    const start = performance.now();
    let settled: Promise<void>;
    try {
      settled = work();
    } catch (err) {
      settled = Promise.reject(err);
    }
    settled
      .catch((err: unknown) => fail(req, res, route, err))
      // Nothing may escape as an unhandled rejection (it would end the process): a reply that cannot be written is cut.
      .catch((err: unknown) => {
        logger.error(
          { err, method: req.method, route, path: pathOfTarget(req.url ?? "/") },
          `${context} failed and its error reply could not be sent`,
        );
        res.destroy();
      })
      .finally(() => metrics.observe(req.method ?? "", route, res.statusCode, secondsSince(start)));
  };

  return (req, res) => {
    const { path, query } = splitTarget(req.url ?? "/");
    const found = findBotRoute(path);
    if (found === undefined) {
      if (mayBeServed(path, served)) options.fallback(req, res);
      else {
        // Labelled as the express metrics middleware labels a request no route matched.
        run(req, res, "unmatched", () => Promise.reject(new AppError("NOT_FOUND")));
      }
      return;
    }
    run(req, res, found.label, () => {
      const match = decodeBotRoute(found);
      if (match.route === "custom") {
        return options.custom(req, res, { botId: match.botId, customPath: match.customPath, path, query });
      }
      return options.telegram(req, res, match.botId);
    });
  };
}

/**
 * The plain version of the dispatcher, for the benchmark (runtime/devices.ts): the bot routes as express routes, to be
 * mounted on the express app before its 404.
 */
export function expressBotRoutes(custom: CustomWebhookRoute, telegram: TelegramIntakeRoute): Router {
  const router = Router();
  router.all(CUSTOM_ROUTE, (req, res, next) => {
    const { path, query } = splitTarget(req.originalUrl);
    const { botId, customPath } = req.params as { botId: string; customPath: string };
    custom(req, res, { botId, customPath, path, query }).catch(next);
  });
  router.all(TELEGRAM_ROUTE, (req, res, next) => {
    telegram(req, res, (req.params as { botId: string }).botId).catch(next);
  });
  return router;
}
