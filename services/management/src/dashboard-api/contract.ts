/**
 * The dashboard's /api routes in the OpenAPI document, from the same table and schemas the router serves. Security:
 * the session cookie on every signed-in route, plus the X-CSRF-Token header on the state-changing ones.
 *
 * @see docs/dashboard.md, docs/api-contract.md
 */
import { type ApiRegistry, type ResponseConfig, SCHEME, z } from "@botyard/openapi";
import type { ZodTypeAny } from "zod";
import { CHANNEL_EXAMPLE } from "../apiv3/notification-schemas.js";
import { USAGE_PERIOD_EXAMPLE, VERSION_EXAMPLE } from "../apiv3/schemas.js";
import { DashboardError } from "./schemas.js";
import { type DashboardRoute, dashboardRoutes } from "./routes.js";

const MESSAGES: Record<number, [string, string, string]> = {
  400: [
    "A field is missing or not acceptable; error.field names it.",
    "INVALID_INPUT",
    "password must be at least 10 characters",
  ],
  401: ["Not signed in (no session, or it ended).", "UNAUTHENTICATED", "Sign in first"],
  403: [
    "Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan " +
      "(QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast).",
    "CSRF",
    "The X-CSRF-Token header is missing",
  ],
  404: [
    "No such bot (another owner's bot is as absent as a missing one), job or invite.",
    "BOT_NOT_FOUND",
    "Bot not found",
  ],
  405: ["Method not allowed on this path.", "METHOD_NOT_ALLOWED", "Method PUT not allowed; use GET"],
  409: [
    "Conflict (the e-mail has an account; the job already finished).",
    "ACCOUNT_EXISTS",
    "An account with this e-mail already exists",
  ],
  413: ["The body (or the code) is over its size limit.", "BODY_TOO_LARGE", "code is larger than 1 MiB"],
  429: [
    "Too many failed sign-ins; retry after Retry-After seconds.",
    "SIGN_IN_THROTTLED",
    "Too many sign-in attempts; try again in 900 s",
  ],
  500: ["An unexpected fault; details stay in the server log.", "INTERNAL", "Internal error"],
  502: ["The webhook gateway did not answer.", "GATEWAY_UNREACHABLE", "The webhook gateway could not be reached"],
  503: [
    "Postgres or Redis does not answer; retry after Retry-After seconds.",
    "UNAVAILABLE",
    "Service temporarily unavailable; try again shortly",
  ],
};

function error(status: number): ResponseConfig {
  const [description, code, message] = MESSAGES[status]!;
  const retry = status === 429 || status === 503;
  return {
    description,
    content: { "application/json": { schema: DashboardError, example: { ok: false, error: { code, message } } } },
    ...(retry ? { headers: { "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait." } } } : {}),
  };
}

const BOT_ID = "k3Jx9QmZ2pL0aVb7TnRe";
const AT = "2026-11-23T12:00:00.000Z";
const session = { ok: true, user: { email: "owner@example.com" }, csrfToken: "Zq3v1Xr8pLkW0aTn5Ue2" };
const apiKey = { ok: true, apiKey: "byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG" };
const job = {
  jobId: "Xy12Ab34Cd56Ef78Gh90Ij12",
  status: "running",
  total: 1200,
  sent: 450,
  failed: 3,
  createdAt: AT,
  startedAt: AT,
  finishedAt: null,
};

/** An example success reply of each route, by operationId. */
const EXAMPLES: Record<string, unknown> = {
  dashboardSession: session,
  dashboardSignUp: session,
  dashboardSignIn: session,
  dashboardSignOut: { ok: true },
  dashboardChangePassword: { ok: true, csrfToken: session.csrfToken },
  dashboardInvite: { ok: true, email: "owner@example.com" },
  dashboardAcceptInvite: session,
  dashboardApiKey: apiKey,
  dashboardRegenerateApiKey: apiKey,
  dashboardAccountUsage: {
    ok: true,
    plan: "default",
    quotas: [
      { quota: "bots", limit: 100, use: 3 },
      { quota: "requestsPerSecond", limit: 1000, use: 2 },
    ],
  },
  dashboardBotUsage: {
    ok: true,
    usage: [{ ...USAGE_PERIOD_EXAMPLE, at: AT }],
  },
  dashboardSchedules: {
    ok: true,
    schedules: [
      {
        key: "weekday-digest",
        name: "digest",
        kind: "cron",
        next: AT,
        expression: "0 9 * * 1-5",
        timezone: "Europe/Berlin",
        attempt: 0,
        running: false,
        lastStatus: "failed",
        lastRunAt: AT,
      },
    ],
    runs: [
      {
        key: "weekday-digest",
        name: "digest",
        scheduledAt: AT,
        startedAt: AT,
        finishedAt: AT,
        status: "failed",
        attempt: 3,
        error: "Error: the digest service answered 502",
      },
    ],
  },
  dashboardCancelSchedule: { ok: true },
  dashboardRunScheduleNow: { ok: true, started: true },
  dashboardNotifications: {
    ok: true,
    channels: [CHANNEL_EXAMPLE],
    kinds: ["bot_halted", "broadcast_failed", "schedule_failed"],
    telegram: true,
  },
  dashboardAddNotificationChannel: {
    ok: true,
    channel: { ...CHANNEL_EXAMPLE, kind: "telegram", url: null, linked: false, lastDeliveredAt: null },
    startLink: "https://t.me/botyard_notify_bot?start=q7Xk2mP9rT4vW1yZ3aCdEf8gH0jK6lN5",
  },
  dashboardRemoveNotificationChannel: { ok: true },
  dashboardTestNotificationChannel: { ok: true, delivered: false, error: "the webhook answered 500" },
  dashboardSetNotificationRules: { ok: true, kinds: ["bot_halted", "broadcast_failed"] },
  dashboardListBots: {
    ok: true,
    bots: [{ botId: BOT_ID, name: "Support bot", status: "halted", haltReason: "Telegram rejected the bot token" }],
  },
  dashboardCreateBot: { ok: true, botId: BOT_ID },
  dashboardGetBot: {
    ok: true,
    bot: {
      botId: BOT_ID,
      name: "Support bot",
      status: "running",
      haltReason: null,
      createdAt: AT,
      codeUpdatedAt: AT,
      startedAt: AT,
      savedVersion: 4,
      runningVersion: 4,
      token: { set: true, masked: "123456789:…saw0" },
      envNames: ["API_URL"],
      codeDiffers: false,
      webhook: {
        customBase: `https://hooks.example.com/custom/${BOT_ID}/`,
        telegram: `https://hooks.example.com/telegram/${BOT_ID}`,
      },
    },
  },
  dashboardRenameBot: { ok: true },
  dashboardDeleteBot: { ok: true },
  dashboardGetCode: { ok: true, code: "bot.start((ctx) => ctx.reply('Welcome!'));" },
  dashboardSaveCode: { ok: true, version: 5, restarted: true, webhook: "registered" },
  dashboardListVersions: {
    ok: true,
    savedVersion: 4,
    runningVersion: 4,
    versions: [{ ...VERSION_EXAMPLE, running: true }],
  },
  dashboardGetVersion: { ok: true, version: { ...VERSION_EXAMPLE, code: "bot.start((ctx) => ctx.reply('Hola!'));" } },
  dashboardRollback: { ok: true, version: 5, restoredFrom: 2, restarted: true, webhook: "registered" },
  dashboardRestartBot: { ok: true, webhook: "registered" },
  dashboardStopBot: { ok: true },
  dashboardSetToken: { ok: true },
  dashboardSetEnv: { ok: true, envNames: ["API_URL", "GREETING"] },
  dashboardLogs: { ok: true, logs: [{ at: AT, level: "log", message: "hello" }] },
  dashboardLogStream: `data: {"at":"${AT}","level":"log","message":"hello"}\n\n`,
  dashboardTryWebhook: {
    ok: true,
    status: 200,
    headers: { "content-type": "application/json; charset=utf-8" },
    body: { hi: "Ann" },
  },
  dashboardRecipients: {
    ok: true,
    total: 3,
    blocked: 1,
    byLanguage: [
      { lang: "en", count: 2 },
      { lang: null, count: 1 },
    ],
  },
  dashboardTransferBot: { ok: true, newBotId: "Pq8sT1uV2wX3yZ4aB5cD", dbProps: { users: { inserted: 2 } } },
  dashboardListBroadcasts: { ok: true, jobs: [job] },
  dashboardCreateBroadcast: { ok: true, jobId: job.jobId, status: "queued" },
  dashboardCancelBroadcast: { ok: true, job: { ...job, status: "cancelled", finishedAt: AT } },
  dashboardBroadcastStream: `data: {"jobs":[${JSON.stringify(job)}]}\n\n`,
};

const stateChanging = (route: DashboardRoute) => route.method !== "get";
const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

function responses(route: DashboardRoute): Record<string, ResponseConfig> {
  const ok: ResponseConfig = route.reply
    ? {
        description: "Done.",
        content: {
          "application/json": {
            schema: (route.reply as ZodTypeAny).openapi(`${pascal(route.operationId)}Reply`),
            example: EXAMPLES[route.operationId],
          },
        },
      }
    : {
        description: "An event stream (text/event-stream) that stays open.",
        content: { "text/event-stream": { schema: z.string(), example: EXAMPLES[route.operationId] } },
      };
  const statuses = new Set([400, 405, 500, 503, ...route.errors]);
  if (route.access === "session") statuses.add(401);
  if (stateChanging(route) || route.operationId === "dashboardSignUp") statuses.add(403);
  if (route.body) statuses.add(413);
  const out: Record<string, ResponseConfig> = { [route.status ?? 200]: ok };
  for (const status of [...statuses].sort()) out[status] = error(status);
  return out;
}

/** Registers every /api route. */
export function registerDashboardRoutes(registry: ApiRegistry): void {
  registry.schema("DashboardError", DashboardError);
  for (const route of dashboardRoutes) {
    if (EXAMPLES[route.operationId] === undefined) throw new Error(`OpenAPI: no example for ${route.operationId}`);
    const scheme: Record<string, string[]> = { [SCHEME.dashboardSession]: [] };
    if (stateChanging(route)) scheme[SCHEME.csrf] = [];
    const security = route.access === "public" ? [] : [scheme];
    registry.route({
      method: route.method,
      path: route.path.replace(/:([A-Za-z]+)/g, "{$1}"),
      operationId: route.operationId,
      tags: ["Dashboard"],
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      security,
      request: {
        ...(route.params ? { params: route.params as z.AnyZodObject } : {}),
        ...(route.query ? { query: route.query as z.AnyZodObject } : {}),
        ...(route.body
          ? {
              body: {
                required: true,
                content: { "application/json": { schema: (route.bodyDoc ?? route.body) as ZodTypeAny } },
              },
            }
          : {}),
      },
      responses: responses(route),
    });
  }
}
