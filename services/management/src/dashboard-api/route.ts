/**
 * The shape of one route of the dashboard's JSON API, and what its handler gets. The routes themselves sit by feature
 * beside this file (auth-routes.ts, account-routes.ts, bot-routes.ts, version-routes.ts, schedule-routes.ts, broadcast-routes.ts) and routes.ts lists them in
 * the order the OpenAPI document shows them.
 *
 * @see docs/dashboard.md
 */
import type { Request, Response } from "express";
import type { ZodTypeAny } from "zod";
import type { AccountService } from "../accounts/account-service.js";
import type { AuthService, SessionContext } from "../auth/auth-service.js";
import type { SessionHttp } from "../auth/http.js";
import type { BotService } from "../bots/bot-service.js";
import type { BroadcastService } from "../broadcast/broadcast-service.js";
import type { ScheduleService } from "../schedules/schedule-service.js";
import type { UsageService } from "../usage/usage-service.js";
import type { VersionService } from "../versions/version-service.js";
import type { NotificationService } from "../notifications/notification-service.js";
import type { LiveStreams } from "./streams.js";

/** What the handlers call. */
export interface DashboardServices {
  auth: AuthService;
  http: SessionHttp;
  accounts: AccountService;
  bots: BotService;
  versions: VersionService;
  broadcasts: BroadcastService;
  live: LiveStreams;
  usage: UsageService;
  schedules: ScheduleService;
  notifications: NotificationService;
}

/**
 * Who may call a route: `public` (no session; state-changing ones still need our Origin), `session` (a signed-in
 * owner; state-changing ones need our Origin and the session's X-CSRF-Token).
 */
export type Access = "public" | "session";

/** The parsed request a handler gets. */
export interface RouteInput {
  req: Request;
  res: Response;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  /** The signed-in owner (session routes only). */
  session: SessionContext;
}

/** One route of the table. */
export interface DashboardRoute {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** Express path (`:param`). */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  access: Access;
  params?: ZodTypeAny;
  query?: ZodTypeAny;
  body?: ZodTypeAny;
  /** How the document shows the body, when the rules live outside zod (the broadcast rules); default `body`. */
  bodyDoc?: ZodTypeAny;
  /** The success reply; undefined for a text/event-stream route. */
  reply?: ZodTypeAny;
  status?: 200 | 201;
  /** Error statuses this route can answer besides 401/403 (from access), 400, 500 and 503. */
  errors: number[];
  handler(input: RouteInput, services: DashboardServices): Promise<unknown>;
}

/** The signed-in owner of a session route. */
export const session = (input: RouteInput) => input.session;
/** The `:botId` of a bot's route. */
export const botId = (input: RouteInput) => input.params.botId!;
/** For a live stream: whether the session that opened it still lives (it ends when the owner signs out). */
export const stillSignedIn = (input: RouteInput, services: DashboardServices) => async () =>
  (await services.auth.resolve(session(input).sessionId))?.accountId === session(input).accountId;
