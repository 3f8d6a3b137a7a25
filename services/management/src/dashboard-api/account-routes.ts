/**
 * The dashboard's /api/settings routes: the account's API key and its usage against the plan's quotas (AccountService,
 * UsageService).
 *
 * @see docs/dashboard.md
 */
import { type DashboardRoute, session } from "./route.js";
import * as s from "./schemas.js";

/** The account settings routes, in the order the document lists them. */
export const accountRoutes: DashboardRoute[] = [
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
];
