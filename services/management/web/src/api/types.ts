/**
 * The shapes of the dashboard JSON API (/api/*), as the contract in docs/dashboard-api.md states them. The typed
 * client in packages/api-client carries the same paths; these names are what the features import.
 */

export type BotStatus = "stopped" | "running" | "halted";

export interface User {
  email: string;
}

export interface SessionReply {
  user: User;
  csrfToken: string;
}

export interface BotSummary {
  botId: string;
  name: string;
  status: BotStatus;
  haltReason: string | null;
}

export interface BotDetail extends BotSummary {
  createdAt: string;
  codeUpdatedAt: string | null;
  startedAt: string | null;
  token: { set: boolean; masked: string | null };
  envNames: string[];
  codeDiffers: boolean;
  webhook: { customBase: string; telegram: string };
}

export type LogLevel = "debug" | "info" | "warn" | "error" | "log" | (string & {});

export interface LogLine {
  at: string;
  level: LogLevel;
  message: string;
}

export interface TryRequest {
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

export interface TryReply {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export interface Recipients {
  total: number;
  blocked: number;
  byLanguage: Array<{ lang: string | null; count: number }>;
}

export interface TransferRequest {
  targetEmail: string;
  newBotToken?: string;
  run_now?: boolean;
  dbProps?: Record<string, unknown>;
}

export interface TransferReply {
  newBotId: string;
  dbProps: Record<string, unknown>;
}

export type JobStatus = "queued" | "running" | "completed" | "cancelled" | "failed";

export interface BroadcastJob {
  jobId: string;
  status: JobStatus;
  total: number;
  sent: number;
  failed: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  error?: string;
}

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
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export interface BroadcastRequest {
  type?: MessageType;
  text?: string;
  media?: string;
  caption?: string;
  parseMode?: "HTML" | "Markdown" | "MarkdownV2";
  buttons?: Array<{ text: string; url: string }>;
  extra?: Record<string, unknown>;
  filter?: { lang?: string };
  paid?: boolean;
}
