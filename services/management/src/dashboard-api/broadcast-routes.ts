/**
 * The dashboard's /api/bots/:botId/broadcasts routes: list, queue, cancel, and the live list. The rules are those of
 * POST /broadcast (BroadcastService, broadcast/schemas.ts); errors name the form's field.
 *
 * @see docs/dashboard.md
 */
import { AppError } from "@botyard/common/errors";
import { isStorableText } from "@botyard/common/text";
import { parseOrThrow } from "@botyard/openapi";
import { broadcastBody } from "../broadcast/schemas.js";
import { botId, type DashboardRoute, session, stillSignedIn } from "./route.js";
import * as s from "./schemas.js";
import { streamBroadcasts, takeStreamSlot } from "./streams.js";

const BROADCAST_FIELDS = new Set([
  "type",
  "text",
  "media",
  "caption",
  "parseMode",
  "buttons",
  "extra",
  "filter",
  "paid",
]);

/** The broadcast rules answer in sentences starting with the field ("text is required…"): name it for the form. */
function withBroadcastField(err: unknown): unknown {
  if (!(err instanceof AppError) || err.code !== "INVALID_INPUT" || err.field !== undefined) return err;
  const head = /^([A-Za-z]+)/.exec(err.message)?.[1];
  return head && BROADCAST_FIELDS.has(head) ? new AppError("INVALID_INPUT", err.message, { field: head }) : err;
}

/** The broadcast routes, in the order the document lists them. */
export const broadcastRoutes: DashboardRoute[] = [
  {
    method: "get",
    path: "/api/bots/:botId/broadcasts",
    operationId: "dashboardListBroadcasts",
    summary: "The bot's last 20 broadcasts, newest first",
    access: "session",
    params: s.botIdParam,
    reply: s.JobsReply,
    errors: [404],
    handler: async (input, services) => {
      await services.bots.get(session(input).accountId, botId(input));
      return { ok: true, jobs: await services.broadcasts.list(botId(input)) };
    },
  },
  {
    method: "post",
    path: "/api/bots/:botId/broadcasts",
    operationId: "dashboardCreateBroadcast",
    summary: "Queue a broadcast (the rules of POST /broadcast; 400 names the field)",
    access: "session",
    params: s.botIdParam,
    body: s.AnyObject,
    bodyDoc: s.BroadcastCompose,
    reply: s.QueuedReply,
    status: 201,
    errors: [404],
    handler: async (input, services) => {
      await services.bots.get(session(input).accountId, botId(input));
      let payload: ReturnType<typeof broadcastBody.parse>;
      try {
        payload = parseOrThrow(broadcastBody, input.body);
      } catch (err) {
        throw withBroadcastField(err);
      }
      const row = await services.broadcasts.enqueue(botId(input), payload);
      return { ok: true, jobId: row.id, status: "queued" };
    },
  },
  {
    method: "delete",
    path: "/api/bots/:botId/broadcasts/:jobId",
    operationId: "dashboardCancelBroadcast",
    summary: "Cancel a queued or running broadcast",
    access: "session",
    params: s.jobIdParams,
    reply: s.JobReply,
    errors: [404, 409],
    handler: async (input, services) => {
      await services.bots.get(session(input).accountId, botId(input));
      const jobId = input.params.jobId!;
      if (!isStorableText(jobId)) throw new AppError("JOB_NOT_FOUND");
      return { ok: true, job: await services.broadcasts.cancel(botId(input), jobId) };
    },
  },
  {
    method: "get",
    path: "/api/bots/:botId/broadcasts/stream",
    operationId: "dashboardBroadcastStream",
    summary: "The last 20 broadcasts as server-sent events, whenever their counts change",
    description:
      'Each event is `data: {"jobs":[…]}`, at most two a second. 429 QUOTA_EXCEEDED when the account already has ' +
      "its plan's liveStreams (10 by default) open.",
    access: "session",
    params: s.botIdParam,
    errors: [404, 429],
    handler: async (input, services) => {
      await services.bots.get(session(input).accountId, botId(input));
      const slot = await takeStreamSlot(services.live, session(input).accountId);
      const signedIn = stillSignedIn(input, services);
      streamBroadcasts(input.req, input.res, services.live, slot, signedIn, services.broadcasts, botId(input));
      return undefined;
    },
  },
];
