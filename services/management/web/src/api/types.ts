/**
 * The shapes the features use, taken from the generated OpenAPI types (packages/api-client), so a change of the
 * server's schemas is a compile error here.
 */
import type { Body, Reply } from "./client.js";

export type SessionReply = Reply<"/api/auth/session", "get">;
export type BotSummary = Reply<"/api/bots", "get">["bots"][number];
export type BotStatus = BotSummary["status"];
export type BotDetail = Reply<"/api/bots/{botId}", "get">["bot"];
export type LogLine = Reply<"/api/bots/{botId}/logs", "get">["logs"][number];
export type TryRequest = Body<"/api/bots/{botId}/try", "post">;
export type TryReply = Reply<"/api/bots/{botId}/try", "post">;
export type Recipients = Reply<"/api/bots/{botId}/recipients", "get">;
export type TransferRequest = Body<"/api/bots/{botId}/transfer", "post">;
export type TransferReply = Reply<"/api/bots/{botId}/transfer", "post">;
export type BroadcastJob = Reply<"/api/bots/{botId}/broadcasts", "get">["jobs"][number];
export type BroadcastRequest = Body<"/api/bots/{botId}/broadcasts", "post">;
export type UsagePeriod = Reply<"/api/bots/{botId}/usage", "get">["usage"][number];
export type AccountUsage = Reply<"/api/settings/usage", "get">;
export type Schedule = Reply<"/api/bots/{botId}/schedules", "get">["schedules"][number];
export type ScheduleRun = Reply<"/api/bots/{botId}/schedules", "get">["runs"][number];
export type QuotaUse = AccountUsage["quotas"][number];
export type Notifications = Reply<"/api/settings/notifications", "get">;
export type NotificationChannel = Notifications["channels"][number];
export type NotificationKind = Notifications["kinds"][number];
export type NotificationChannelRequest = Body<"/api/settings/notifications/channels", "post">;

export const MESSAGE_TYPES = [
  "text",
  "photo",
  "video",
  "audio",
  "document",
  "animation",
  "voice",
  "video_note",
  "sticker",
  "location",
  "contact",
  "poll",
] as const satisfies readonly NonNullable<BroadcastRequest["type"]>[];
export type MessageType = (typeof MESSAGE_TYPES)[number];
/**
 * The server's list (packages/broadcast, through the OpenAPI document) is the rule; this select list only mirrors it.
 * `satisfies` above refuses a type the server does not know; this refuses one the server knows and the list lacks.
 */
type UnlistedMessageType = Exclude<NonNullable<BroadcastRequest["type"]>, MessageType>;
export const MESSAGE_TYPES_COMPLETE: [UnlistedMessageType] extends [never] ? true : UnlistedMessageType = true;
