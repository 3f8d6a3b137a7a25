/**
 * The fields and reply objects of the notification operations (/apiv3 and the dashboard's /api/settings/notifications
 * routes share them), as zod schemas.
 *
 * @see docs/notifications.md
 */
import { requiredString, typeErrors, z } from "@botyard/openapi";
import { RULE_KINDS, type RuleKind } from "../notifications/messages.js";

const isoTime = z.string().openapi({ format: "date-time", example: "2026-11-23T12:00:00.000Z" });

const RULES_MESSAGE = `kinds must be a list of ${RULE_KINDS.join(", ")}`;

/** The rule kinds: an array in a body; comma-separated in a query string (empty: none). */
const kindsBody = z
  .array(z.string(typeErrors("kinds", "a list of strings", true)), typeErrors("kinds", "an array", true))
  .max(RULE_KINDS.length * 2, RULES_MESSAGE)
  .refine((kinds) => kinds.every((k) => (RULE_KINDS as readonly string[]).includes(k)), RULES_MESSAGE)
  .transform((kinds) => kinds as RuleKind[])
  .openapi({
    type: "array",
    items: { type: "string", enum: [...RULE_KINDS] },
    description:
      "The kinds of event to be told about; the others are not sent. On GET: comma-separated (empty for none).",
    example: ["bot_halted", "broadcast_failed", "schedule_failed"],
  });

/** The fields of the notification operations. */
export const notificationFields = {
  kind: (() => {
    const schema = z
      .string(typeErrors("kind", "a string", true))
      .min(1, "kind is required")
      .refine((v) => v === "telegram" || v === "webhook", "kind must be telegram or webhook")
      .transform((v) => v as "telegram" | "webhook")
      .openapi({
        type: "string",
        enum: ["telegram", "webhook"],
        description: "telegram: a chat with the operator's notifier bot; webhook: an HTTPS URL of yours.",
        example: "webhook",
      });
    return { body: schema, query: schema };
  })(),
  url: (() => {
    const schema = z
      .string(typeErrors("url", "a string", false))
      .max(2048, "url must be at most 2048 characters")
      .optional()
      .openapi({
        description: "webhook only (and required there): the https:// URL Botyard POSTs signed events to.",
        example: "https://example.com/hooks/botyard",
      });
    return { body: schema, query: schema };
  })(),
  channelId: requiredString("channelId", {
    max: 64,
    description: "The channel's id, as listNotificationChannels gives it.",
    example: "n7Kq2XbP9rT4vW1yZ3aC",
  }),
  kinds: {
    body: kindsBody,
    query: z
      .preprocess((v) => (typeof v === "string" ? (v === "" ? [] : v.split(",")) : v), kindsBody)
      .openapi({ type: "string", description: "Comma-separated kinds (empty for none).", example: "bot_halted" }),
  },
};

/** A channel as its owner sees it (never its secret). */
export const NotificationChannel = z
  .object({
    id: z.string(),
    kind: z.enum(["telegram", "webhook"]),
    url: z.string().nullable().openapi({ description: "webhook: its URL; telegram: null." }),
    linked: z.boolean().openapi({
      description: "telegram: whether a chat opened the start link (messages reach it only then); webhook: true.",
    }),
    lastDeliveredAt: isoTime.nullable().openapi({ description: "The last message that reached it." }),
    lastError: z.string().nullable().openapi({
      description: "Why the last delivery failed (after its retries), until one succeeds again.",
      example: "the webhook answered 500",
    }),
    lastErrorAt: isoTime.nullable(),
    createdAt: isoTime,
  })
  .openapi("NotificationChannel");

export const CHANNEL_EXAMPLE: z.infer<typeof NotificationChannel> = {
  id: "n7Kq2XbP9rT4vW1yZ3aC",
  kind: "webhook",
  url: "https://example.com/hooks/botyard",
  linked: true,
  lastDeliveredAt: "2026-11-27T08:00:01.204Z",
  lastError: null,
  lastErrorAt: null,
  createdAt: "2026-11-20T10:12:00.000Z",
};

/** The kinds the owner is told about. */
export const NotificationRules = z
  .array(z.enum(RULE_KINDS))
  .openapi("NotificationRules", { description: "The kinds of event the account is told about." });
