/**
 * The broadcast routes' request and reply schemas. The request rules themselves stay in @botyard/broadcast's
 * `checkBroadcastRequest` (shared with the worker); the request schema here wraps it, so one parse validates the
 * body, and `BroadcastRequestDoc` describes the same rules for the OpenAPI document. A property test checks that a
 * body built from the description passes the rules.
 *
 * @see docs/broadcast.md, docs/api-contract.md
 */
import { findUnstorableText, unstorableTextMessage } from "@botyard/common/text";
import { checkBroadcastRequest, MESSAGE_METHODS } from "@botyard/broadcast";
import { plainObject, requiredString, z } from "@botyard/openapi";

const TYPES = Object.keys(MESSAGE_METHODS) as [keyof typeof MESSAGE_METHODS, ...Array<keyof typeof MESSAGE_METHODS>];
const CAPTION_TYPES = ["photo", "video", "audio", "document", "animation", "voice"] as const;
const NO_CAPTION_MEDIA_TYPES = ["video_note", "sticker"] as const;

/** botId as the broadcast routes read it (body, query or path). */
export const botIdField = requiredString("botId", {
  description: "The bot whose token is in X-Bot-Token.",
  example: "k3Jx9QmZ2pL0aVb7TnRe",
}).body;

/**
 * The body of POST /broadcast after authentication: text Postgres cannot store is refused naming its field, then
 * every rule of `checkBroadcastRequest`; the output is the payload to queue.
 */
export const broadcastBody = plainObject("body", true).transform((body, ctx) => {
  const unstorable = findUnstorableText(body, "");
  if (unstorable) {
    ctx.addIssue({
      code: "custom",
      message: unstorableTextMessage({ ...unstorable, path: unstorable.path || "body" }),
    });
    return z.NEVER;
  }
  // null never means "absent" (docs/management-api.md#null-and-absent-fields); the rules already refuse it for every
  // field but `type`, which they would read as the default.
  const check = checkBroadcastRequest(body.type === null ? { ...body, type: 0 } : body);
  if (!check.ok) {
    ctx.addIssue({ code: "custom", message: check.error });
    return z.NEVER;
  }
  return check.payload;
});

/** The body of DELETE /broadcast/:jobId (botId may come in the query string instead). */
export const cancelBody = plainObject("body", true);

// ---- The document's description of the same rules ----

const nonBlank = (what: string, max?: number) => {
  const base = z.string().min(1);
  return (max === undefined ? base : base.max(max))
    .regex(/\S/)
    .openapi({ description: `${what}; not blank${max === undefined ? "" : `, at most ${max} characters`}.` });
};
const urlButton = z
  .object({
    text: z.string().min(1).regex(/\S/).openapi({ description: "Button label; not blank." }),
    url: z
      .string()
      .regex(/^[hH][tT][tT][pP][sS]?:\/\//)
      .openapi({ description: "Starts with http:// or https://.", example: "https://example.com" }),
  })
  .openapi("UrlButton");
/** A field a kind of message must not have (JSON Schema `not: {}`). */
const forbidden = (why: string) =>
  z
    .unknown()
    .refine((v) => v === undefined)
    .optional()
    .openapi({ not: {}, description: why });
const media = nonBlank("A file_id or a public URL").openapi({ example: "https://example.com/cat.jpg" });

/**
 * POST /broadcast's body as the document shows it: one shape per kind of message. The dashboard's
 * POST /api/bots/{botId}/broadcasts takes the same body without botId (the bot is in the path): `withBotId` false and
 * its own component names.
 */
export function broadcastRequestDoc(options: { withBotId: boolean; refPrefix: string }) {
  const ref = (name: string) => `${options.refPrefix}${name}`;
  const commonFields = {
    ...(options.withBotId ? { botId: botIdField } : {}),
    // Every kind may carry text and media as strings (ignored where the type does not use them), and no caption.
    text: z.string().optional(),
    media: z.string().optional(),
    caption: forbidden("Only photo, video, audio, document, animation and voice take a caption."),
    parseMode: z.enum(["HTML", "Markdown", "MarkdownV2"]).optional(),
    buttons: z
      .array(urlButton)
      .max(2)
      .optional()
      .openapi({ description: "At most 2 inline URL buttons, shown in one row below the message." }),
    extra: z
      .record(z.string(), z.unknown())
      .optional()
      .openapi({ description: "Extra parameters of the Bot API send call, merged last (after buttons)." }),
    filter: z
      .object({
        lang: z
          .string()
          .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})?$/)
          .optional()
          .openapi({ description: "Only users with this language_code.", example: "en" }),
      })
      .optional(),
    paid: z.boolean().optional().openapi({ description: "Send with allow_paid_broadcast, at BROADCAST_PAID_RATE." }),
  };
  const bot = options.withBotId ? { botId: "k3Jx9QmZ2pL0aVb7TnRe" } : {};
  return z
    .union([
      z
        .object({
          ...commonFields,
          type: z.literal("text").optional().openapi({ description: "Default text." }),
          text: nonBlank("The message", 4096),
        })
        .openapi(ref("TextBroadcast"), { example: { ...bot, text: "Hello everyone" } }),
      z
        .object({
          ...commonFields,
          type: z.enum(CAPTION_TYPES),
          media,
          caption: z.string().max(1024).optional(),
        })
        .openapi(ref("CaptionedMediaBroadcast"), {
          example: { ...bot, type: "photo", media: "https://example.com/cat.jpg", caption: "Cat" },
        }),
      z
        .object({ ...commonFields, type: z.enum(NO_CAPTION_MEDIA_TYPES), media })
        .openapi(ref("MediaBroadcast"), { description: "No caption for these types." }),
      z
        .object({
          ...commonFields,
          type: z.literal("location"),
          extra: z.object({ latitude: z.number(), longitude: z.number() }).passthrough(),
        })
        .openapi(ref("LocationBroadcast")),
      z
        .object({
          ...commonFields,
          type: z.literal("contact"),
          extra: z.object({ phone_number: z.string(), first_name: z.string() }).passthrough(),
        })
        .openapi(ref("ContactBroadcast")),
      z
        .object({
          ...commonFields,
          type: z.literal("poll"),
          extra: z.object({ question: z.string(), options: z.array(z.string()).min(2).max(12) }).passthrough(),
        })
        .openapi(ref("PollBroadcast")),
    ])
    .openapi(ref("BroadcastRequest"), {
      description:
        `type is one of ${TYPES.join(", ")} (default text). Strings anywhere in the body must not contain NUL ` +
        "(\\u0000) or unpaired UTF-16 surrogates; the reply names the field.",
    });
}

/** POST /broadcast's body as the document shows it. */
export const BroadcastRequestDoc = broadcastRequestDoc({ withBotId: true, refPrefix: "" });

// ---- Replies ----

const isoTime = z.string().openapi({ format: "date-time", example: "2026-11-23T12:00:00.000Z" });

/** A broadcast job. */
export const Job = z
  .object({
    jobId: z.string(),
    status: z.enum(["queued", "running", "completed", "cancelled", "failed"]),
    total: z.number().int().min(0).openapi({ description: "Recipients; fixed when the job starts." }),
    sent: z.number().int().min(0),
    failed: z.number().int().min(0),
    createdAt: isoTime,
    startedAt: isoTime.nullable(),
    finishedAt: isoTime.nullable(),
    error: z.string().optional().openapi({ description: "Why the job failed (status failed only)." }),
  })
  .openapi("BroadcastJob", {
    example: {
      jobId: "Xy12Ab34Cd56Ef78Gh90Ij12",
      status: "running",
      total: 1200,
      sent: 450,
      failed: 3,
      createdAt: "2026-11-23T12:00:00.000Z",
      startedAt: "2026-11-23T12:00:01.000Z",
      finishedAt: null,
    },
  });

export const QueuedReply = z.object({ ok: z.literal(true), jobId: z.string(), status: z.literal("queued") });
export const JobReply = z.object({ ok: z.literal(true), job: Job });
export const JobsReply = z.object({ ok: z.literal(true), jobs: z.array(Job).max(20) });

/** The error body of the broadcast routes. */
export const BroadcastError = z.object({ ok: z.literal(false), error: z.string() }).openapi("BroadcastError");

/** POST /broadcast over the account's broadcasts a day: the usual body and the quota it names. */
export const BroadcastQuotaError = BroadcastError.extend({
  code: z.literal("QUOTA_EXCEEDED"),
  quota: z.literal("broadcastsPerDay"),
  limit: z.number().openapi({ description: "Broadcasts a day (UTC) of the account's plan." }),
  use: z.number().openapi({ description: "Broadcasts the account's bots were asked for today." }),
}).openapi("BroadcastQuotaError");
/** 409 on cancelling a finished job: the error and the job. */
export const JobConflict = z
  .object({ ok: z.literal(false), error: z.string(), job: Job })
  .openapi("BroadcastJobConflict");
