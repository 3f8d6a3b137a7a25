/**
 * The /apiv3 operations in the OpenAPI document: each operation is its own path, on GET (fields as query parameters)
 * and POST (JSON body), built from the same schemas the router validates and shapes replies with.
 *
 * @see docs/api-contract.md
 */
import { type ApiRegistry, type ResponseConfig, SCHEME, z } from "@botyard/openapi";
import type { ZodTypeAny } from "zod";
import { type Operation, operationList } from "./operations.js";
import { Apiv3Error, Apiv3QuotaError } from "./schemas.js";

const apiKey = z.string().openapi({
  description: "Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).",
  example: "byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG",
});

function error(status: number, description: string, msg: string): ResponseConfig {
  return {
    description,
    content: { "application/json": { schema: Apiv3Error, example: { ok: false, msg, stat_code: status } } },
  };
}

function responses(op: Operation, method: "get" | "post"): Record<string, ResponseConfig> {
  const out: Record<string, ResponseConfig> = {
    200: { description: "Done.", content: { "application/json": { schema: op.reply, example: op.example } } },
    400: error(400, "A field is missing, ill-typed or not acceptable; msg names it.", op.badRequest),
    401: error(401, "The apiKey is missing or unknown.", "Invalid API Key"),
  };
  const quotas = op.errors[403];
  if (quotas?.length)
    out[403] = {
      description: `Over the ${quotas.join(" or ")} quota of the account's plan (code QUOTA_EXCEEDED).`,
      content: {
        "application/json": {
          schema: Apiv3QuotaError,
          example: {
            ok: false,
            msg: "Over the bots quota of this account's plan (limit 100, in use 100); ask the operator for a larger plan",
            code: "QUOTA_EXCEEDED",
            quota: quotas[0],
            limit: 100,
            use: 100,
            stat_code: 403,
          },
        },
      },
    };
  const notFound = op.errors[404];
  if (notFound?.length)
    out[404] = error(
      404,
      `${notFound.join(", or ")}. Another account's bot is as absent as a missing one.`,
      notFound[0]!,
    );
  const limited = op.errors[429];
  if (limited?.length)
    out[429] = {
      ...error(429, `${limited.join(", or ")}: retry after Retry-After seconds.`, limited[0]!),
      headers: { "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait." } },
    };
  // A GET cannot reach 413: Node refuses a query string that long (431) before the app sees it.
  if (method === "post")
    out[413] = error(413, "The body (or a code field) is over its size limit.", "Request body is larger than 1280kb");
  out[500] = error(500, "An unexpected fault; details stay in the server log.", "Internal error");
  const unreachable = op.errors[502];
  if (unreachable?.length) out[502] = error(502, `${unreachable.join(", or ")} (in time).`, unreachable[0]!);
  out[503] = {
    ...error(
      503,
      "Postgres or Redis does not answer; retry after Retry-After seconds.",
      "Service temporarily unavailable; try again shortly",
    ),
    headers: { "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait." } },
  };
  return out;
}

/** Registers every /apiv3 operation on GET and POST. */
export function registerApiv3(registry: ApiRegistry): void {
  registry.schema("Apiv3Error", Apiv3Error);
  registry.schema("Apiv3QuotaError", Apiv3QuotaError);
  for (const op of operationList) {
    const common = {
      path: `/apiv3/${op.name}`,
      tags: ["Management"],
      summary: op.summary,
      description: op.description,
    };
    registry.route({
      ...common,
      method: "post",
      operationId: op.name,
      // OpenAPI has no body-field security scheme: the key is the body's required apiKey field.
      "x-botyard-api-key-in": "body",
      request: {
        body: {
          required: true,
          content: { "application/json": { schema: z.object({ apiKey }).merge(op.body) as ZodTypeAny } },
        },
      },
      responses: responses(op, "post"),
    });
    registry.route({
      ...common,
      method: "get",
      operationId: `${op.name}ViaGet`,
      security: [{ [SCHEME.apiKeyQuery]: [] }],
      request: { query: op.query },
      responses: responses(op, "get"),
    });
  }
}
