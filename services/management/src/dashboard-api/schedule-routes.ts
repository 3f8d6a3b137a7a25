/**
 * The dashboard's routes for a bot's scheduled runs: list with recent runs, cancel, run now
 * (docs/bot-runtime.md#scheduled-runs). Each answers as its /apiv3 counterpart; ScheduleService holds the rules.
 */
import { type DashboardRoute, botId, session } from "./route.js";
import * as s from "./schemas.js";

export const scheduleRoutes: DashboardRoute[] = [
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
];
