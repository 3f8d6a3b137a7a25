/**
 * The management service's OpenAPI document: every route family registers into one registry. To add routes (the
 * dashboard's /api, say), write a `register…(registry)` next to them and add it to {@link managementContributors}.
 *
 * @see docs/api-contract.md#adding-routes-to-the-document
 */
import {
  type ApiContributor,
  documentFrom,
  type OpenApiDocument,
  registerDocumentRoutes,
  registerOperatorRoutes,
} from "@botyard/openapi";
import { registerApiv3 } from "./apiv3/contract.js";
import { registerBroadcastRoutes } from "./broadcast/contract.js";
import { registerDashboardRoutes } from "./dashboard-api/contract.js";

/** Everything management serves, as document contributors. */
export const managementContributors: ApiContributor[] = [
  registerApiv3,
  registerBroadcastRoutes,
  registerDashboardRoutes,
  registerOperatorRoutes,
  (registry) => registerDocumentRoutes(registry, { docsPage: true }),
];

let cached: OpenApiDocument | undefined;

/** The document (built once; it depends on code only, never on configuration). */
export function managementDocument(): OpenApiDocument {
  cached ??= documentFrom(managementContributors, {
    title: "Botyard management API",
    version: "3.0.0",
    description:
      "Bot management (`/apiv3/*`, GET or POST, key in `apiKey`), broadcasts (`X-Bot-Token`) and the dashboard's " +
      "`/api/*` (session cookie + X-CSRF-Token). Every reply is " +
      "JSON. Errors: `/apiv3` answers `{ ok: false, msg, stat_code }`, broadcasts `{ ok: false, error }`, `/api` " +
      "`{ ok: false, error: { code, message, field? } }`.",
    tags: [
      { name: "Management", description: "Bots of the account that owns the API key." },
      { name: "Broadcasts", description: "Messages to every user of one bot, authenticated by its token." },
      {
        name: "Dashboard",
        description: "The owner dashboard's JSON API (`/api/*`): session cookie, and X-CSRF-Token on changes.",
      },
      { name: "Operations", description: "Health, readiness, metrics and this document." },
    ],
  });
  return cached;
}
