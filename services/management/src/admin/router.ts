/**
 * Operator pages on management: Bull Board at /admin/queues showing the broadcast queue, and the login that lets a
 * browser in. Mounted only when OPERATOR_TOKEN is set. Scripts send `Authorization: Bearer <OPERATOR_TOKEN>`;
 * browsers post the token once to /admin/login and get an httpOnly, SameSite=Strict session cookie (Strict keeps other
 * sites from driving Bull Board's retry/clean/remove actions with it). Over http it is `botyard_operator`, scoped to
 * /admin; under an https PUBLIC_BASE_URL it is `__Host-botyard_operator`, Secure and Path=/ (the prefix requires /),
 * so no other host can set or shadow it; the gateway never hands either name to bot code.
 *
 * @see docs/operations.md#queue-dashboard
 */
import { createBullBoard } from "@bull-board/api";
import { BullMQAdapter } from "@bull-board/api/bullMQAdapter";
import { ExpressAdapter } from "@bull-board/express";
import { Queue } from "bullmq";
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { answerMethodNotAllowed, limitedBodyParser } from "@botyard/common/http";
import type { RedisConnection, RedisNames } from "@botyard/common/redis";
import { BROADCAST_QUEUE } from "@botyard/broadcast";
import { platformCookieName } from "@botyard/openapi";
import { ADMIN_CSP } from "../security-headers.js";
import { cookieValue, OPERATOR_COOKIE, OperatorSessions, SESSION_SECONDS } from "./operator-session.js";

/** Where Bull Board lives. */
export const QUEUES_PATH = "/admin/queues";

/** The operator pages and what they hold open. */
export interface AdminModule {
  router: Router;
  close(): Promise<void>;
}

function loginPage(failed: boolean): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Botyard operator login</title>
<style>body{font-family:system-ui,sans-serif;max-width:24rem;margin:4rem auto;padding:0 1rem}
input,button{font:inherit;padding:.5rem;width:100%;box-sizing:border-box;margin:.25rem 0}.err{color:#b00020}</style>
</head><body>
<h1>Operator login</h1>
<p>Queue dashboard. Enter the value of <code>OPERATOR_TOKEN</code>.</p>
${failed ? '<p class="err" role="alert">That is not the operator token.</p>' : ""}
<form method="post" action="/admin/login">
<label for="token">Operator token</label>
<input id="token" name="token" type="password" autocomplete="current-password" required autofocus>
<button type="submit">Log in</button>
</form>
</body></html>
`;
}

/** Builds the operator pages for `operatorToken`. */
export function createAdminModule(deps: {
  operatorToken: string;
  redis: RedisConnection;
  names: RedisNames;
  /** PUBLIC_BASE_URL: https there gives the cookie its `__Host-` name. */
  publicBaseUrl?: string;
}): AdminModule {
  const sessions = new OperatorSessions(deps.operatorToken);
  const connection = deps.redis.duplicate();
  const queue = new Queue(BROADCAST_QUEUE, { connection, prefix: deps.names.bullPrefix });
  const board = new ExpressAdapter();
  board.setBasePath(QUEUES_PATH);
  createBullBoard({
    queues: [new BullMQAdapter(queue)],
    serverAdapter: board,
    options: { uiConfig: { boardTitle: "Botyard queues" } },
  });

  const https = deps.publicBaseUrl?.startsWith("https:") ?? false;
  const cookieName = platformCookieName(OPERATOR_COOKIE, https);
  const cookie = (req: Request, value: string, maxAge: number) =>
    `${cookieName}=${value}; Path=${https ? "/" : "/admin"}; HttpOnly; SameSite=Strict; Max-Age=${maxAge}` +
    (https || req.secure ? "; Secure" : "");

  const router = express.Router();
  // Every /admin reply (the login page, Bull Board, its assets, 401s) gets the operator pages' policy.
  router.use("/admin", (_req, res, next) => {
    res.setHeader("Content-Security-Policy", ADMIN_CSP);
    next();
  });
  router.get("/admin/login", (_req, res) => {
    res.type("html").set("Cache-Control", "no-store").send(loginPage(false));
  });
  const form = limitedBodyParser(express.urlencoded, { extended: false, limit: 4 * 1024 });
  router.post("/admin/login", form, (req, res) => {
    const token = typeof req.body?.token === "string" ? (req.body.token as string) : undefined;
    if (!sessions.matchesToken(token)) {
      res.status(401).type("html").set("Cache-Control", "no-store").send(loginPage(true));
      return;
    }
    res.set("Set-Cookie", cookie(req, sessions.issue(), SESSION_SECONDS)).redirect(303, QUEUES_PATH);
  });
  router.post("/admin/logout", (req, res) => {
    res.set("Set-Cookie", cookie(req, "", 0)).redirect(303, "/admin/login");
  });
  router.all(["/admin/login"], answerMethodNotAllowed(["GET", "HEAD", "POST"]));
  router.all(["/admin/logout"], answerMethodNotAllowed(["POST"]));

  const requireOperator = (req: Request, res: Response, next: NextFunction) => {
    if (sessions.matchesBearer(req.get("authorization"))) return next();
    if (sessions.verify(cookieValue(req.get("cookie"), cookieName))) return next();
    if (req.method === "GET" && req.accepts(["json", "html"]) === "html") {
      res.redirect(303, "/admin/login");
      return;
    }
    res
      .status(401)
      .set("WWW-Authenticate", 'Bearer realm="botyard-operator"')
      .json({ ok: false, error: "Operator token required" });
  };
  router.use(QUEUES_PATH, requireOperator, board.getRouter());

  return {
    router,
    async close() {
      await queue.close();
      connection.disconnect();
    },
  };
}
