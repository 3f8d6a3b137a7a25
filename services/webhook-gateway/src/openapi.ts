/**
 * The gateway's OpenAPI document, served at GET /openapi.json: the custom webhook route (whose requests and replies
 * are the bot owner's to define, so it is described by its envelope and its platform errors) and the Telegram
 * update intake, plus the operator routes.
 *
 * @see docs/api-contract.md, docs/bot-runtime.md
 */
import {
  type ApiRegistry,
  documentFrom,
  type OpenApiDocument,
  registerDocumentRoutes,
  Readiness,
  registerOperatorRoutes,
  type ResponseConfig,
  SCHEME,
  z,
} from "@botyard/openapi";
import type { ZodTypeAny } from "zod";

const BOT_ID = "k3Jx9QmZ2pL0aVb7TnRe";

const WebhookReply = z
  .object({
    ok: z.boolean().openapi({ description: "True when the status is below 400." }),
    message: z.string().optional().openapi({ description: "response.message, when the handler set one." }),
    data: z.unknown().optional().openapi({ description: "response.data, or the handler's return value." }),
  })
  .openapi("WebhookReply");
const GatewayError = z
  .object({
    ok: z.literal(false),
    message: z.string(),
    code: z.literal("QUOTA_EXCEEDED").optional().openapi({ description: "Over a quota of the account's plan." }),
    quota: z.string().optional().openapi({ description: "The quota (requestsPerSecond)." }),
    limit: z.number().optional().openapi({ description: "The plan's number." }),
    use: z.number().optional().openapi({ description: "The use now." }),
  })
  .openapi("GatewayError");
const tooMany = {
  ...json(
    "Too many calls of this bot at once, over its rate or CPU budget, or over the requestsPerSecond quota of its " +
      "account's plan (code QUOTA_EXCEEDED, with quota, limit and use); retry after Retry-After seconds.",
    GatewayError,
    {
      ok: false,
      message:
        "Over the requestsPerSecond quota of this bot's account (1000 a second across its bots); slow down or ask " +
        "the operator for a larger plan",
      code: "QUOTA_EXCEEDED",
      quota: "requestsPerSecond",
      limit: 1000,
      use: 1000,
    },
  ),
  headers: { "Retry-After": { schema: { type: "integer" as const }, description: "Seconds to wait." } },
};

function json(description: string, schema: ZodTypeAny, example: unknown): ResponseConfig {
  return { description, content: { "application/json": { schema, example } } };
}
const error = (description: string, message: string) => json(description, GatewayError, { ok: false, message });
const unavailable = {
  ...error(
    "Postgres or Redis does not answer; retry after Retry-After seconds.",
    "Service temporarily unavailable; try again shortly",
  ),
  headers: { "Retry-After": { schema: { type: "integer" as const }, description: "Seconds to wait." } },
};

function registerCustomWebhook(registry: ApiRegistry): void {
  registry.schema("WebhookReply", WebhookReply);
  registry.schema("GatewayError", GatewayError);
  const params = z.object({
    botId: z.string().min(1).openapi({ example: BOT_ID }),
    customPath: z.string().min(1).openapi({
      description: "The key of `logic[...]` in the bot's code: 1 to 100 of A-Z a-z 0-9 _ -.",
      example: "hello",
    }),
  });
  for (const method of ["get", "post", "put", "patch", "delete"] as const) {
    registry.route({
      method,
      path: "/custom/{botId}/{customPath}",
      operationId: `customWebhook${method[0]!.toUpperCase()}${method.slice(1)}`,
      tags: ["Custom webhooks"],
      summary: "Call the bot's handler logic[customPath] (any HTTP method)",
      description:
        "No authentication: the handler decides (for example by comparing query.token with process.env). The " +
        "handler gets (query, body, db, response, params); the reply status is response.statusCode (default 200) " +
        "and its headers are added. Every method is accepted; the document lists the common ones.",
      request: {
        params,
        query: z.object({}).catchall(z.string()).openapi({ description: "Handed to the handler as `query`." }),
        ...(method === "get" || method === "delete"
          ? {}
          : {
              body: {
                required: false,
                content: {
                  "application/json": {
                    schema: z.unknown().openapi({ description: "Handed to the handler as `body` ({} when empty)." }),
                  },
                },
              },
            }),
      },
      responses: {
        200: json("What the handler answered.", WebhookReply, { ok: true, data: { hi: "Ada" } }),
        400: error(
          "customPath is not 1 to 100 of A-Z a-z 0-9 _ -, no handler has that path, or the body is not JSON.",
          "Invalid path format",
        ),
        403: error("The bot is halted (restart it) or not running.", "Bot is halted"),
        404: error("No bot with this id.", "Bot not found"),
        413: error("The body is over 1 MiB.", "Request body is larger than 1 MiB"),
        429: tooMany,
        500: error("The handler threw, timed out or did not compile (details in the bot's log).", "Handler error"),
        503: unavailable,
        default: json("Any status the handler set in response.statusCode (ok is false from 400).", WebhookReply, {
          ok: false,
          message: "Unauthorized",
        }),
      },
    });
  }
}

const TelegramUser = z
  .object({
    id: z.number().int(),
    is_bot: z.boolean(),
    first_name: z.string(),
    username: z.string().optional(),
    language_code: z.string().optional(),
  })
  .passthrough();
const TelegramMessage = z
  .object({
    message_id: z.number().int(),
    date: z.number().int(),
    chat: z.object({ id: z.number().int(), type: z.enum(["private", "group", "supergroup", "channel"]) }).passthrough(),
    from: TelegramUser.optional(),
    text: z.string().optional(),
  })
  .passthrough();
/** The parts of a Telegram Update the gateway reads (the sender is recorded as a broadcast recipient). */
const TelegramUpdate = z
  .object({
    update_id: z.number().int(),
    message: TelegramMessage.optional(),
    edited_message: TelegramMessage.optional(),
    callback_query: z
      .object({ id: z.string(), from: TelegramUser, data: z.string().optional(), message: TelegramMessage.optional() })
      .passthrough()
      .optional(),
  })
  .passthrough()
  .openapi("TelegramUpdate", {
    description: "A Telegram Update object (other update types pass through to the bot's handlers).",
    example: {
      update_id: 1,
      message: {
        message_id: 1,
        date: 0,
        chat: { id: 42, type: "private" },
        from: { id: 42, is_bot: false, first_name: "Ada" },
        text: "/start",
      },
    },
  });

function registerTelegramIntake(registry: ApiRegistry): void {
  registry.route({
    method: "post",
    path: "/telegram/{botId}",
    operationId: "telegramUpdate",
    tags: ["Telegram intake"],
    summary: "Telegram delivers one update of the bot",
    description:
      "Called by Telegram at the webhook URL restartBot registered. The sender is recorded as a broadcast " +
      "recipient, then the update runs the bot's handlers in the background: the reply is 200 once the update is " +
      "accepted, even when a handler throws.",
    security: [{ [SCHEME.telegramSecret]: [] }],
    request: {
      params: z.object({ botId: z.string().min(1).openapi({ example: BOT_ID }) }),
      body: {
        required: true,
        content: {
          "application/json": {
            schema: TelegramUpdate,
          },
        },
      },
    },
    responses: {
      200: json("Accepted.", z.object({ ok: z.literal(true) }), { ok: true }),
      400: error("The body is not a JSON object.", "Update must be a JSON object"),
      401: error("Wrong or missing secret token, or an unknown bot.", "Invalid secret token"),
      413: error("The body is over 1 MiB.", "Request body is larger than 1mb"),
      429: tooMany,
      500: error("An unexpected fault.", "Internal error"),
      503: unavailable,
    },
  });
}

function registerPreview(registry: ApiRegistry): void {
  registry.route({
    method: "post",
    path: "/internal/preview",
    operationId: "internalPreview",
    tags: ["Internal"],
    summary: "Run a handler of a saved version of the bot apart from the running one (management only)",
    description:
      "Management's route for the dashboard's Try it and /apiv3/previewBot (docs/versions.md#previews): runs " +
      "logic[path] of version in an isolate of its own with the bot's data and limits, and answers what the custom " +
      "webhook would. The gateway's own refusals carry the header x-botyard-preview-refusal (their code).",
    security: [{ [SCHEME.internalToken]: [] }],
    request: {
      body: {
        required: true,
        content: {
          "application/json": {
            schema: z.object({
              botId: z.string().openapi({ example: BOT_ID }),
              version: z.number().int().min(1).openapi({ example: 2 }),
              method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]),
              path: z.string().openapi({ description: "The key of `logic[...]`.", example: "hello" }),
              query: z.record(z.string(), z.string()).optional(),
              body: z.unknown().optional(),
            }),
          },
        },
      },
    },
    responses: {
      200: json("What the handler answered.", WebhookReply, { ok: true, data: { hi: "Ada" } }),
      400: error("An ill-typed field, an invalid path, no handler with that path.", "Invalid path format"),
      401: error("Without the internal token.", "Invalid internal token"),
      403: error("The bot is halted (restart it) or not running.", "Bot is halted"),
      404: error("No bot with this id, or no such version.", "Version not found"),
      413: error("The body is over 1 MiB.", "Request body is larger than 1 MiB"),
      429: tooMany,
      500: error("The handler threw, timed out or did not compile (details in the bot's log).", "Handler error"),
      503: unavailable,
      default: json("Any status the handler set in response.statusCode (ok is false from 400).", WebhookReply, {
        ok: false,
        message: "Unauthorized",
      }),
    },
  });
}

/** The gateway's `/readyz` body: the shared one and its memory budget (docs/operations.md#memory-budget). */
const GatewayReadiness = Readiness.extend({
  memory: z
    .object({
      pressure: z
        .boolean()
        .openapi({ description: "True while a bot load or hold was refused for room in the last 10 s." }),
      budgetMb: z.number().openapi({ description: "GATEWAY_MEMORY_MB." }),
      isolatesMb: z
        .number()
        .openapi({ description: "What the loaded isolates are counted at (their measured heaps)." }),
      hostMb: z.number().openapi({ description: "What the gateway holds for bots outside their isolates." }),
    })
    .openapi({ description: "The gateway's memory budget; pressure does not make it unready." }),
}).openapi("GatewayReadiness");

let cached: OpenApiDocument | undefined;

/** The gateway's document (built once, from code only). */
export function gatewayDocument(): OpenApiDocument {
  cached ??= documentFrom(
    [
      registerCustomWebhook,
      registerTelegramIntake,
      registerPreview,
      (r) => registerOperatorRoutes(r, GatewayReadiness),
      (r) => registerDocumentRoutes(r, { docsPage: false }),
    ],
    {
      title: "Botyard webhook gateway",
      version: "3.0.0",
      description:
        "Custom webhooks of hosted bots (`/custom/{botId}/{customPath}`, any method, no platform authentication) and " +
        "Telegram's update intake. Errors of the platform answer `{ ok: false, message }`.",
      tags: [
        { name: "Custom webhooks", description: "HTTP endpoints the bot's code defines." },
        { name: "Telegram intake", description: "Where Telegram delivers the bot's updates." },
        { name: "Internal", description: "Management's routes on the gateway, behind the internal token." },
        { name: "Operations", description: "Health, readiness, metrics and this document." },
      ],
    },
  );
  return cached;
}
