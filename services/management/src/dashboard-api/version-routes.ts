/**
 * The dashboard's routes for the versions of a bot's code: list, one with its code, rollback (docs/versions.md).
 * Each answers as its /apiv3 counterpart; VersionService holds the rules.
 */
import { type DashboardRoute, botId, session } from "./route.js";
import * as s from "./schemas.js";

export const versionRoutes: DashboardRoute[] = [
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
];
