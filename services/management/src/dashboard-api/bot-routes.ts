/**
 * The dashboard's /api/bots routes but broadcasts: a bot's life (create, code, token, env, restart, stop, delete),
 * its log and live log stream, a try of its custom webhook, its recipients, usage and transfer. The rules live in
 * BotService and UsageService.
 *
 * @see docs/dashboard.md
 */
import { botView, type BotService, type RestartOutcome } from "../bots/bot-service.js";
import { botId, type DashboardRoute, session, stillSignedIn } from "./route.js";
import * as s from "./schemas.js";
import { streamLogs, takeStreamSlot } from "./streams.js";

/** A restart's automatic-rollback watch as the reply shows it; nothing when not asked for. */
function watchOf(outcome: RestartOutcome) {
  if (outcome.autoRollback === undefined) return {};
  const watch = outcome.autoRollback;
  return { autoRollback: watch && { until: watch.until.toISOString(), to: watch.to } };
}

/** The bot routes, in the order the document lists them. */
export const botRoutes: DashboardRoute[] = [
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
      const { code, restart, message, autoRollback } = input.body as {
        code: string;
        restart?: boolean;
        message?: string;
        autoRollback?: boolean;
      };
      const accountId = session(input).accountId;
      const version = await services.bots.editCode(accountId, botId(input), code, { editor: "dashboard", message });
      if (!restart) return { ok: true, version, restarted: false };
      const outcome = await services.bots.restart(accountId, botId(input), { autoRollback: autoRollback ?? false });
      return { ok: true, version, restarted: true, webhook: outcome.webhook, ...watchOf(outcome) };
    },
  },
  {
    method: "post",
    path: "/api/bots/:botId/restart",
    operationId: "dashboardRestartBot",
    summary: "Run the saved code (clears a halt); with autoRollback, undo by itself if it fails",
    access: "session",
    params: s.botIdParam,
    body: s.Restart,
    reply: s.RestartReply,
    errors: [404],
    handler: async (input, services) => {
      const { autoRollback } = (input.body ?? {}) as { autoRollback?: boolean };
      const outcome = await services.bots.restart(session(input).accountId, botId(input), {
        autoRollback: autoRollback ?? false,
      });
      return { ok: true, webhook: outcome.webhook, ...watchOf(outcome) };
    },
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
];
