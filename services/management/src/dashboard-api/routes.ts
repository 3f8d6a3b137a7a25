/**
 * The dashboard's JSON API as one table: each route's method, path, access, schemas and handler. router.ts serves
 * the table and contract.ts documents it, so the OpenAPI document lists exactly what is served. Handlers parse and
 * shape only; every rule lives in the services (AuthService, AccountService, BotService, BroadcastService), the same
 * ones /apiv3 and the broadcast routes call.
 *
 * @see docs/dashboard.md
 */
import type { Request, Response } from "express";
import { AppError, isStorableText } from "@botyard/common";
import type { ZodTypeAny } from "zod";
import type { AccountService } from "../accounts/account-service.js";
import type { AuthService, NewSession, SessionContext } from "../auth/auth-service.js";
import type { SessionHttp } from "../auth/http.js";
import { botView, type BotService } from "../bots/bot-service.js";
import type { BroadcastService } from "../broadcast/broadcast-service.js";
import type { ScheduleService } from "../schedules/schedule-service.js";
import type { UsageService } from "../usage/usage-service.js";
import type { VersionService } from "../versions/version-service.js";
import { broadcastBody } from "../broadcast/schemas.js";
import * as s from "./schemas.js";
import { parseOrThrow } from "@botyard/openapi";
import { type LiveStreams, streamBroadcasts, streamLogs, takeStreamSlot } from "./streams.js";

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

const session = (input: RouteInput) => input.session;
const botId = (input: RouteInput) => input.params.botId!;
/** For a live stream: whether the session that opened it still lives (it ends when the owner signs out). */
const stillSignedIn = (input: RouteInput, services: DashboardServices) => async () =>
  (await services.auth.resolve(session(input).sessionId))?.accountId === session(input).accountId;

/** Replies with a new session: sets its cookie and hands the page its CSRF token. */
function opened(input: RouteInput, services: DashboardServices, made: NewSession) {
  services.http.setCookie(input.req, input.res, made);
  return { ok: true, user: made.user, csrfToken: made.csrfToken };
}

const BROADCAST_FIELDS = new Set([
  "type",
  "text",
  "media",
  "caption",
  "parseMode",
  "buttons",
  "extra",
  "filter",
  "paid",
]);

/** The broadcast rules answer in sentences starting with the field ("text is required…"): name it for the form. */
function withBroadcastField(err: unknown): unknown {
  if (!(err instanceof AppError) || err.code !== "INVALID_INPUT" || err.field !== undefined) return err;
  const head = /^([A-Za-z]+)/.exec(err.message)?.[1];
  return head && BROADCAST_FIELDS.has(head) ? new AppError("INVALID_INPUT", err.message, { field: head }) : err;
}

/** Every route, in the order the document lists them. */
export const dashboardRoutes: DashboardRoute[] = [
  // ---- Auth ----
  {
    method: "get",
    path: "/api/auth/session",
    operationId: "dashboardSession",
    summary: "The signed-in owner and the session's CSRF token",
    access: "session",
    reply: s.SessionReply,
    errors: [],
    handler: async (input) => ({
      ok: true,
      user: { email: session(input).email },
      csrfToken: session(input).csrfToken,
    }),
  },
  {
    method: "post",
    path: "/api/auth/signup",
    operationId: "dashboardSignUp",
    summary: "Create an account and sign in",
    description:
      "Refused with 403 SIGNUP_CLOSED when the server runs with SIGNUP=closed (invites only); 429 RATE_LIMITED past " +
      "10 sign-ups an hour from one address, or while the server's password hashing is saturated.",
    access: "public",
    body: s.Credentials,
    reply: s.SessionReply,
    status: 201,
    errors: [409, 429],
    handler: async (input, services) => {
      const { email, password } = input.body as { email: string; password: string };
      return opened(input, services, await services.auth.signUp(email, password, input.req.ip ?? "unknown"));
    },
  },
  {
    method: "post",
    path: "/api/auth/signin",
    operationId: "dashboardSignIn",
    summary: "Sign in with e-mail and password",
    description:
      "A new session id every time. Attempts are throttled per address and per address and e-mail (429 + " +
      "Retry-After); past 5 failures of one e-mail, addresses that failed before wait a doubling delay.",
    access: "public",
    body: s.SignIn,
    reply: s.SessionReply,
    errors: [401, 429],
    handler: async (input, services) => {
      const { email, password } = input.body as { email: string; password: string };
      const made = await services.auth.signIn(
        email,
        password,
        input.req.ip ?? "unknown",
        services.http.cookieValue(input.req),
      );
      return opened(input, services, made);
    },
  },
  {
    method: "post",
    path: "/api/auth/signout",
    operationId: "dashboardSignOut",
    summary: "Sign out (ends this session)",
    access: "session",
    reply: s.Ok,
    errors: [],
    handler: async (input, services) => {
      await services.auth.signOut(session(input));
      services.http.clearCookie(input.req, input.res);
      return { ok: true };
    },
  },
  {
    method: "post",
    path: "/api/auth/password",
    operationId: "dashboardChangePassword",
    summary: "Change the password",
    description:
      "Every other session of the account ends; this one gets a new id and CSRF token. A wrong current password " +
      "counts as a failed sign-in (429 SIGN_IN_THROTTLED past the limit).",
    access: "session",
    body: s.PasswordChange,
    reply: s.CsrfReply,
    errors: [429],
    handler: async (input, services) => {
      const { currentPassword, newPassword } = input.body as { currentPassword: string; newPassword: string };
      const made = await services.auth.changePassword(
        session(input),
        currentPassword,
        newPassword,
        input.req.ip ?? "unknown",
      );
      services.http.setCookie(input.req, input.res, made);
      return { ok: true, csrfToken: made.csrfToken };
    },
  },
  {
    method: "get",
    path: "/api/auth/invite/:token",
    operationId: "dashboardInvite",
    summary: "The e-mail an invite link is for",
    access: "public",
    params: s.tokenParam,
    reply: s.InviteReply,
    errors: [404],
    handler: async (input, services) => ({ ok: true, email: await services.auth.inviteEmail(input.params.token!) }),
  },
  {
    method: "post",
    path: "/api/auth/invite/:token",
    operationId: "dashboardAcceptInvite",
    summary: "Set the password from an invite link and sign in",
    description:
      "The link works once; every other session of the account ends. 429 RATE_LIMITED past 10 attempts in 15 " +
      "minutes from one address.",
    access: "public",
    params: s.tokenParam,
    body: s.InvitePassword,
    reply: s.SessionReply,
    errors: [404, 429],
    handler: async (input, services) => {
      const { password } = input.body as { password: string };
      const made = await services.auth.acceptInvite(input.params.token!, password, input.req.ip ?? "unknown");
      return opened(input, services, made);
    },
  },
  // ---- Settings ----
  {
    method: "get",
    path: "/api/settings/api-key",
    operationId: "dashboardApiKey",
    summary: "The account's API key (made on the first call, the same afterwards)",
    access: "session",
    reply: s.ApiKeyReply,
    errors: [],
    handler: async (input, services) => ({ ok: true, apiKey: await services.accounts.keyOf(session(input).accountId) }),
  },
  {
    method: "get",
    path: "/api/settings/usage",
    operationId: "dashboardAccountUsage",
    summary: "The account's plan and its use against each quota (as /apiv3/getAccountUsage)",
    access: "session",
    reply: s.AccountUsageReply,
    errors: [],
    handler: async (input, services) => ({
      ok: true,
      ...(await services.usage.accountUsage(session(input).accountId)),
    }),
  },
  {
    method: "post",
    path: "/api/settings/api-key/regenerate",
    operationId: "dashboardRegenerateApiKey",
    summary: "Replace the API key (the old one answers 401 at once)",
    access: "session",
    reply: s.ApiKeyReply,
    errors: [],
    handler: async (input, services) => ({
      ok: true,
      apiKey: await services.accounts.rotateOf(session(input).accountId),
    }),
  },
  // ---- Bots ----
  {
    method: "get",
    path: "/api/bots",
    operationId: "dashboardListBots",
    summary: "The account's bots with status",
    access: "session",
    reply: s.BotsReply,
    errors: [],
    handler: async (input, services) => ({
      ok: true,
      bots: (await services.bots.list(session(input).accountId)).map((b) => {
        const { botId, name, status, haltReason } = botView(b);
        return { botId, name, status, haltReason };
      }),
    }),
  },
  {
    method: "post",
    path: "/api/bots",
    operationId: "dashboardCreateBot",
    summary: "Create a bot (stopped)",
    access: "session",
    body: s.CreateBot,
    reply: s.CreatedBotReply,
    status: 201,
    errors: [],
    handler: async (input, services) => {
      const body = input.body as { name: string; botToken?: string; code?: string };
      return { ok: true, botId: await services.bots.create(session(input).accountId, body, "dashboard") };
    },
  },
  {
    method: "get",
    path: "/api/bots/:botId",
    operationId: "dashboardGetBot",
    summary: "One bot: status, masked token, env names, whether saved code differs from running code",
    access: "session",
    params: s.botIdParam,
    reply: s.BotReply,
    errors: [404],
    handler: async (input, services) => {
      const details = await services.bots.details(session(input).accountId, botId(input));
      const { summary, ...rest } = details;
      return { ok: true, bot: { ...botView(summary), ...rest } };
    },
  },
  {
    method: "patch",
    path: "/api/bots/:botId",
    operationId: "dashboardRenameBot",
    summary: "Rename a bot",
    access: "session",
    params: s.botIdParam,
    body: s.RenameBot,
    reply: s.Ok,
    errors: [404],
    handler: async (input, services) => {
      await services.bots.rename(session(input).accountId, botId(input), (input.body as { name: string }).name);
      return { ok: true };
    },
  },
  {
    method: "delete",
    path: "/api/bots/:botId",
    operationId: "dashboardDeleteBot",
    summary: "Delete a bot with its collections, logs and broadcasts",
    access: "session",
    params: s.botIdParam,
    reply: s.Ok,
    errors: [404],
    handler: async (input, services) => {
      await services.bots.delete(session(input).accountId, botId(input));
      return { ok: true };
    },
  },
  {
    method: "get",
    path: "/api/bots/:botId/code",
    operationId: "dashboardGetCode",
    summary: "The saved code",
    access: "session",
    params: s.botIdParam,
    reply: s.CodeReply,
    errors: [404],
    handler: async (input, services) => ({
      ok: true,
      code: await services.bots.code(session(input).accountId, botId(input)),
    }),
  },
  {
    method: "put",
    path: "/api/bots/:botId/code",
    operationId: "dashboardSaveCode",
    summary: "Save the code (runs after restart), or save and restart",
    access: "session",
    params: s.botIdParam,
    body: s.SaveCode,
    reply: s.SaveCodeReply,
    errors: [404, 413],
    handler: async (input, services) => {
      const { code, restart, message } = input.body as { code: string; restart?: boolean; message?: string };
      const accountId = session(input).accountId;
      const version = await services.bots.editCode(accountId, botId(input), code, { editor: "dashboard", message });
      if (!restart) return { ok: true, version, restarted: false };
      const outcome = await services.bots.restart(accountId, botId(input));
      return { ok: true, version, restarted: true, webhook: outcome.webhook };
    },
  },
  {
    method: "get",
    path: "/api/bots/:botId/versions",
    operationId: "dashboardListVersions",
    summary: "The versions of the bot's code, newest first, without code (as /apiv3/listVersions)",
    access: "session",
    params: s.botIdParam,
    query: s.VersionsQuery,
    reply: s.VersionsReply,
    errors: [404],
    handler: async (input, services) => {
      const limit = (input.query.limit as number | undefined) ?? 100;
      return { ok: true, ...(await services.versions.list(session(input).accountId, botId(input), limit)) };
    },
  },
  {
    method: "get",
    path: "/api/bots/:botId/versions/:version",
    operationId: "dashboardGetVersion",
    summary: "One version with its code (as /apiv3/getVersion)",
    access: "session",
    params: s.versionParams,
    reply: s.VersionReply,
    errors: [404],
    handler: async (input, services) => {
      const version = (input.params as unknown as { version: number }).version;
      return { ok: true, version: await services.versions.get(session(input).accountId, botId(input), version) };
    },
  },
  {
    method: "post",
    path: "/api/bots/:botId/versions/:version/rollback",
    operationId: "dashboardRollback",
    summary: "Save a version's code as a new version, and restart on it when asked (as /apiv3/rollbackBot)",
    access: "session",
    params: s.versionParams,
    body: s.Rollback,
    reply: s.RollbackReply,
    errors: [404],
    handler: async (input, services) => {
      const version = (input.params as unknown as { version: number }).version;
      const { restart } = input.body as { restart?: boolean };
      const outcome = await services.versions.rollback(session(input).accountId, botId(input), version, !!restart);
      return {
        ok: true,
        version: outcome.version,
        restoredFrom: outcome.restoredFrom,
        restarted: outcome.restarted !== undefined,
        ...(outcome.restarted ? { webhook: outcome.restarted.webhook } : {}),
      };
    },
  },
  {
    method: "post",
    path: "/api/bots/:botId/restart",
    operationId: "dashboardRestartBot",
    summary: "Run the saved code (clears a halt)",
    access: "session",
    params: s.botIdParam,
    reply: s.RestartReply,
    errors: [404],
    handler: async (input, services) => ({
      ok: true,
      webhook: (await services.bots.restart(session(input).accountId, botId(input))).webhook,
    }),
  },
  {
    method: "post",
    path: "/api/bots/:botId/stop",
    operationId: "dashboardStopBot",
    summary: "Stop a bot",
    access: "session",
    params: s.botIdParam,
    reply: s.Ok,
    errors: [404],
    handler: async (input, services) => {
      await services.bots.stop(session(input).accountId, botId(input));
      return { ok: true };
    },
  },
  {
    method: "put",
    path: "/api/bots/:botId/token",
    operationId: "dashboardSetToken",
    summary: "Set the bot's Telegram token (write-only: it is never sent back)",
    access: "session",
    params: s.botIdParam,
    body: s.SetToken,
    reply: s.Ok,
    errors: [404],
    handler: async (input, services) => {
      const { botToken } = input.body as { botToken: string };
      await services.bots.setToken(session(input).accountId, botId(input), botToken);
      return { ok: true };
    },
  },
  {
    method: "put",
    path: "/api/bots/:botId/env",
    operationId: "dashboardSetEnv",
    summary: "Replace the env vars (names in keep keep their saved value; values are never sent back)",
    access: "session",
    params: s.botIdParam,
    body: s.SetEnv,
    reply: s.EnvReply,
    errors: [404],
    handler: async (input, services) => {
      const { env, keep } = input.body as { env: Record<string, string>; keep?: string[] };
      const names = await services.bots.updateEnv(session(input).accountId, botId(input), env, keep ?? []);
      return { ok: true, envNames: names };
    },
  },
  {
    method: "get",
    path: "/api/bots/:botId/logs",
    operationId: "dashboardLogs",
    summary: "The bot's log, newest first",
    access: "session",
    params: s.botIdParam,
    query: s.LogsQuery,
    reply: s.LogsReply,
    errors: [404],
    handler: async (input, services) => ({
      ok: true,
      logs: await services.bots.logs(session(input).accountId, botId(input), (input.query.limit as number) ?? 100),
    }),
  },
  {
    method: "get",
    path: "/api/bots/:botId/logs/stream",
    operationId: "dashboardLogStream",
    summary: "New log lines as server-sent events",
    description:
      'Each event is `data: {"at","level","message"}`; a comment line every 15 s keeps the stream open. 429 ' +
      "QUOTA_EXCEEDED when the account already has its plan's liveStreams (10 by default) open.",
    access: "session",
    params: s.botIdParam,
    errors: [404, 429],
    handler: async (input, services) => {
      const cursor = await services.bots.logCursor(session(input).accountId, botId(input));
      const slot = await takeStreamSlot(services.live, session(input).accountId);
      const signedIn = stillSignedIn(input, services);
      streamLogs(input.req, input.res, services.live, slot, signedIn, services.bots, botId(input), cursor);
      return undefined;
    },
  },
  {
    method: "post",
    path: "/api/bots/:botId/try",
    operationId: "dashboardTryWebhook",
    summary: "Call the bot's custom webhook through the gateway and show the reply",
    description: "502 when the gateway does not answer within 10 s.",
    access: "session",
    params: s.botIdParam,
    body: s.TryCall,
    reply: s.TryReplySchema,
    errors: [404, 502],
    handler: async (input, services) => {
      const call = input.body as Parameters<BotService["tryWebhook"]>[2];
      return { ok: true, ...(await services.bots.tryWebhook(session(input).accountId, botId(input), call)) };
    },
  },
  {
    method: "get",
    path: "/api/bots/:botId/schedules",
    operationId: "dashboardSchedules",
    summary: "The bot's scheduled runs and its last 100 finished runs (as /apiv3/listSchedules and listScheduleRuns)",
    access: "session",
    params: s.botIdParam,
    reply: s.SchedulesReply,
    errors: [404],
    handler: async (input, services) => {
      const [schedules, runs] = await Promise.all([
        services.schedules.list(session(input).accountId, botId(input)),
        services.schedules.runs(session(input).accountId, botId(input), 100),
      ]);
      return { ok: true, schedules, runs };
    },
  },
  {
    method: "post",
    path: "/api/bots/:botId/schedules/cancel",
    operationId: "dashboardCancelSchedule",
    summary: "Cancel a scheduled run (as /apiv3/cancelSchedule)",
    access: "session",
    params: s.botIdParam,
    body: s.ScheduleKey,
    reply: s.ScheduleCancelled,
    errors: [404],
    handler: async (input, services) => {
      await services.schedules.cancel(session(input).accountId, botId(input), (input.body as { key: string }).key);
      return { ok: true };
    },
  },
  {
    method: "post",
    path: "/api/bots/:botId/schedules/run",
    operationId: "dashboardRunScheduleNow",
    summary: "Make a scheduled run due now (as /apiv3/runScheduleNow)",
    access: "session",
    params: s.botIdParam,
    body: s.ScheduleKey,
    reply: s.ScheduleStarted,
    errors: [404],
    handler: async (input, services) => ({
      ok: true,
      started: await services.schedules.runNow(
        session(input).accountId,
        botId(input),
        (input.body as { key: string }).key,
      ),
    }),
  },
  {
    method: "get",
    path: "/api/bots/:botId/recipients",
    operationId: "dashboardRecipients",
    summary: "How many users the bot has, by language",
    access: "session",
    params: s.botIdParam,
    reply: s.RecipientsReply,
    errors: [404],
    handler: async (input, services) => ({
      ok: true,
      ...(await services.bots.recipients(session(input).accountId, botId(input))),
    }),
  },
  {
    method: "get",
    path: "/api/bots/:botId/usage",
    operationId: "dashboardBotUsage",
    summary: "The bot's usage per minute or hour (as /apiv3/getBotUsage)",
    access: "session",
    params: s.botIdParam,
    query: s.UsageQuery,
    reply: s.UsageReply,
    errors: [404],
    handler: async (input, services) => {
      const q = input.query as { granularity: "minute" | "hour"; from?: Date; to?: Date };
      const usage = await services.usage.botUsage(session(input).accountId, botId(input), q.granularity, q);
      return { ok: true, usage };
    },
  },
  {
    method: "post",
    path: "/api/bots/:botId/transfer",
    operationId: "dashboardTransferBot",
    summary: "Copy the bot to another account (as /apiv3/transferBot), with the per-collection report",
    description: "At most 10 target lookups a minute per account (429 RATE_LIMITED with Retry-After beyond).",
    access: "session",
    params: s.botIdParam,
    body: s.Transfer,
    reply: s.TransferReply,
    errors: [404, 429],
    handler: async (input, services) => {
      const body = input.body as {
        targetEmail: string;
        newBotToken?: string;
        run_now?: boolean;
        dbProps?: Record<string, unknown>;
      };
      const result = await services.bots.transfer(session(input).accountId, {
        botId: botId(input),
        targetEmail: body.targetEmail,
        newBotToken: body.newBotToken,
        runNow: body.run_now ?? false,
        dbProps: body.dbProps,
      });
      return { ok: true, newBotId: result.newBotId, dbProps: result.dbProps };
    },
  },
  // ---- Broadcasts ----
  {
    method: "get",
    path: "/api/bots/:botId/broadcasts",
    operationId: "dashboardListBroadcasts",
    summary: "The bot's last 20 broadcasts, newest first",
    access: "session",
    params: s.botIdParam,
    reply: s.JobsReply,
    errors: [404],
    handler: async (input, services) => {
      await services.bots.get(session(input).accountId, botId(input));
      return { ok: true, jobs: await services.broadcasts.list(botId(input)) };
    },
  },
  {
    method: "post",
    path: "/api/bots/:botId/broadcasts",
    operationId: "dashboardCreateBroadcast",
    summary: "Queue a broadcast (the rules of POST /broadcast; 400 names the field)",
    access: "session",
    params: s.botIdParam,
    body: s.AnyObject,
    bodyDoc: s.BroadcastCompose,
    reply: s.QueuedReply,
    status: 201,
    errors: [404],
    handler: async (input, services) => {
      await services.bots.get(session(input).accountId, botId(input));
      let payload: ReturnType<typeof broadcastBody.parse>;
      try {
        payload = parseOrThrow(broadcastBody, input.body);
      } catch (err) {
        throw withBroadcastField(err);
      }
      const row = await services.broadcasts.enqueue(botId(input), payload);
      return { ok: true, jobId: row.id, status: "queued" };
    },
  },
  {
    method: "delete",
    path: "/api/bots/:botId/broadcasts/:jobId",
    operationId: "dashboardCancelBroadcast",
    summary: "Cancel a queued or running broadcast",
    access: "session",
    params: s.jobIdParams,
    reply: s.JobReply,
    errors: [404, 409],
    handler: async (input, services) => {
      await services.bots.get(session(input).accountId, botId(input));
      const jobId = input.params.jobId!;
      if (!isStorableText(jobId)) throw new AppError("JOB_NOT_FOUND");
      return { ok: true, job: await services.broadcasts.cancel(botId(input), jobId) };
    },
  },
  {
    method: "get",
    path: "/api/bots/:botId/broadcasts/stream",
    operationId: "dashboardBroadcastStream",
    summary: "The last 20 broadcasts as server-sent events, whenever their counts change",
    description:
      'Each event is `data: {"jobs":[…]}`, at most two a second. 429 QUOTA_EXCEEDED when the account already has ' +
      "its plan's liveStreams (10 by default) open.",
    access: "session",
    params: s.botIdParam,
    errors: [404, 429],
    handler: async (input, services) => {
      await services.bots.get(session(input).accountId, botId(input));
      const slot = await takeStreamSlot(services.live, session(input).accountId);
      const signedIn = stillSignedIn(input, services);
      streamBroadcasts(input.req, input.res, services.live, slot, signedIn, services.broadcasts, botId(input));
      return undefined;
    },
  },
];
