/**
 * The broadcast routes in the OpenAPI document, from the schemas the routes read requests and shape replies with.
 *
 * @see docs/broadcast.md, docs/api-contract.md
 */
import { type ApiRegistry, type ResponseConfig, SCHEME, z } from "@botyard/openapi";
import type { ZodTypeAny } from "zod";
import {
  BroadcastError,
  BroadcastQuotaError,
  BroadcastRequestDoc,
  botIdField,
  Job,
  JobConflict,
  JobReply,
  JobsReply,
  QueuedReply,
} from "./schemas.js";

const JOB_ID = "Xy12Ab34Cd56Ef78Gh90Ij12";
const BOT_ID = "k3Jx9QmZ2pL0aVb7TnRe";
const jobExample = {
  jobId: JOB_ID,
  status: "queued",
  total: 0,
  sent: 0,
  failed: 0,
  createdAt: "2026-11-23T12:00:00.000Z",
  startedAt: null,
  finishedAt: null,
};

function json(description: string, schema: ZodTypeAny, example: unknown): ResponseConfig {
  return { description, content: { "application/json": { schema, example } } };
}
const error = (description: string, message: string) =>
  json(description, BroadcastError, { ok: false, error: message });

const unauthorized = error("Missing or wrong X-Bot-Token, or an unknown botId.", "Invalid bot token");
const failures = {
  500: error("An unexpected fault; details stay in the server log.", "Internal error"),
  503: {
    ...error(
      "Postgres or Redis does not answer; retry after Retry-After seconds.",
      "Service temporarily unavailable; try again shortly",
    ),
    headers: { "Retry-After": { schema: { type: "integer" as const }, description: "Seconds to wait." } },
  },
};
const security = [{ [SCHEME.botToken]: [] }];
const jobIdParam = z.object({
  jobId: z.string().min(1).openapi({ description: "The jobId POST /broadcast gave.", example: JOB_ID }),
});

/** Registers POST /broadcast, GET and DELETE /broadcast/{jobId}, GET /jobs/{botId}. */
export function registerBroadcastRoutes(registry: ApiRegistry): void {
  registry.schema("BroadcastJob", Job);
  registry.schema("BroadcastError", BroadcastError);
  registry.route({
    method: "post",
    path: "/broadcast",
    operationId: "createBroadcast",
    tags: ["Broadcasts"],
    summary: "Queue a message to every user of the bot",
    description:
      "One active broadcast per bot: a second one waits as queued and starts by itself. Validation happens after " +
      "authentication, so an unauthenticated caller always gets 401.",
    security,
    request: { body: { required: true, content: { "application/json": { schema: BroadcastRequestDoc } } } },
    responses: {
      200: json("Queued.", QueuedReply, { ok: true, jobId: JOB_ID, status: "queued" }),
      400: error(
        "A rule of the body is broken; error says which (botId missing, type, text, media, buttons…).",
        "text is required for type text",
      ),
      401: unauthorized,
      403: json(
        "The account's bots were asked for its plan's broadcasts today (UTC) already (code QUOTA_EXCEEDED).",
        BroadcastQuotaError,
        {
          ok: false,
          error:
            "Over the broadcastsPerDay quota of this account's plan (limit 50, in use 50); ask the operator for a larger plan",
          code: "QUOTA_EXCEEDED",
          quota: "broadcastsPerDay",
          limit: 50,
          use: 50,
        },
      ),
      413: error("The body is over 256 KiB.", "Request body is larger than 256kb"),
      ...failures,
    },
  });
  registry.route({
    method: "get",
    path: "/broadcast/{jobId}",
    operationId: "getBroadcast",
    tags: ["Broadcasts"],
    summary: "Read a job, with live counts while it runs",
    security,
    request: { params: jobIdParam, query: z.object({ botId: botIdField }) },
    responses: {
      200: json("The job.", JobReply, { ok: true, job: { ...jobExample, status: "running", total: 1200, sent: 450 } }),
      400: error("botId is missing.", "botId is required"),
      401: unauthorized,
      404: error("No such job for this bot.", "Job not found"),
      ...failures,
    },
  });
  registry.route({
    method: "delete",
    path: "/broadcast/{jobId}",
    operationId: "cancelBroadcast",
    tags: ["Broadcasts"],
    summary: "Cancel a queued or running job",
    description:
      "Idempotent: cancelling a cancelled job answers the same 200. The sending loop stops within one send cycle; " +
      "messages already sent stay sent. botId may also come as a query parameter.",
    security,
    request: {
      params: jobIdParam,
      query: z.object({ botId: botIdField.optional().openapi({ description: "When the body has no botId." }) }),
      body: {
        required: false,
        content: { "application/json": { schema: z.object({ botId: botIdField.optional() }) } },
      },
    },
    responses: {
      200: json("Cancelled (now or before).", JobReply, { ok: true, job: { ...jobExample, status: "cancelled" } }),
      400: error("botId is missing, or the body is not a JSON object.", "botId is required"),
      401: unauthorized,
      404: error("No such job for this bot.", "Job not found"),
      409: json("The job already completed or failed; the reply carries it.", JobConflict, {
        ok: false,
        error: "Job is already completed",
        job: { ...jobExample, status: "completed", finishedAt: "2026-11-23T12:05:00.000Z" },
      }),
      413: error("The body is over 256 KiB.", "Request body is larger than 256kb"),
      ...failures,
    },
  });
  registry.route({
    method: "get",
    path: "/jobs/{botId}",
    operationId: "listBroadcasts",
    tags: ["Broadcasts"],
    summary: "The bot's last 20 jobs, newest first",
    security,
    request: { params: z.object({ botId: z.string().min(1).openapi({ example: BOT_ID }) }) },
    responses: {
      200: json("Newest first, at most 20; running jobs show live counts.", JobsReply, {
        ok: true,
        jobs: [jobExample],
      }),
      400: error(
        "The path is not valid percent-encoded UTF-8.",
        "Malformed URL: a path segment is not valid percent-encoded UTF-8",
      ),
      401: unauthorized,
      ...failures,
    },
  });
}
