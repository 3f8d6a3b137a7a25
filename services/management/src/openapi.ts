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

/** Everything management serves, as document contributors. */
export const managementContributors: ApiContributor[] = [
  registerApiv3,
  registerBroadcastRoutes,
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
      "Bot management (`/apiv3/*`, GET or POST, key in `apiKey`) and broadcasts (`X-Bot-Token`). Every reply is " +
      "JSON. Errors: `/apiv3` answers `{ ok: false, msg, stat_code }`, broadcasts `{ ok: false, error }`.",
    tags: [
      { name: "Management", description: "Bots of the account that owns the API key." },
      { name: "Broadcasts", description: "Messages to every user of one bot, authenticated by its token." },
      { name: "Operations", description: "Health, readiness, metrics and this document." },
    ],
  });
  return cached;
}
