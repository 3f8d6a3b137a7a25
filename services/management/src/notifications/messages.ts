/**
 * What an owner is told, and how it reads in each channel. A message names the bot and what happened; it never
 * carries a token, an env value, a key or a log line (a log line is the bot's to write, and may hold anything).
 *
 * @see docs/notifications.md#events
 */

/** An event worth telling the owner. `kind` is also the throttle's unit, with the bot. */
export type NotificationEvent =
  | { kind: "bot_halted"; botId: string; botName: string; reason: string }
  | { kind: "broadcast_finished"; botId: string; botName: string; jobId: string; sent: number; failed: number }
  | { kind: "broadcast_failed"; botId: string; botName: string; jobId: string; reason: string }
  | { kind: "schedule_failed"; botId: string; botName: string; key: string; reason: string }
  | { kind: "schedule_missed"; botId: string; botName: string; key: string; reason: string }
  | { kind: "quota_nearly_used"; botId: null; botName: null; quota: string; limit: number; use: number }
  | { kind: "test"; botId: null; botName: null };

export type NotificationKind = NotificationEvent["kind"];

/** The kinds an owner can turn on or off (the rules); `test` is always sent. */
export const RULE_KINDS = [
  "bot_halted",
  "broadcast_finished",
  "broadcast_failed",
  "schedule_failed",
  "schedule_missed",
  "quota_nearly_used",
] as const satisfies readonly NotificationKind[];

export type RuleKind = (typeof RULE_KINDS)[number];

/** The JSON body of a webhook call. */
export function webhookPayload(event: NotificationEvent, id: string, at: Date): Record<string, unknown> {
  return { id, at: at.toISOString(), ...event };
}

/** The text of a Telegram message (plain text: no parse mode, so a bot name cannot inject markup). */
export function telegramText(event: NotificationEvent, dashboardUrl: string): string {
  switch (event.kind) {
    case "bot_halted":
      return `⚠️ ${event.botName} is halted: ${event.reason}.\nIts webhooks answer 403 until you restart it: ${botUrl(dashboardUrl, event.botId)}`;
    case "broadcast_finished":
      return `✅ A broadcast of ${event.botName} finished: ${event.sent} sent, ${event.failed} failed.\n${botUrl(dashboardUrl, event.botId, "broadcasts")}`;
    case "broadcast_failed":
      return `❌ A broadcast of ${event.botName} failed: ${event.reason}.\n${botUrl(dashboardUrl, event.botId, "broadcasts")}`;
    case "schedule_failed":
      return `❌ A scheduled run of ${event.botName} failed (${event.key}): ${event.reason}.\n${botUrl(dashboardUrl, event.botId, "schedules")}`;
    case "schedule_missed":
      return `⏭️ A scheduled run of ${event.botName} did not run (${event.key}): ${event.reason}.\n${botUrl(dashboardUrl, event.botId, "schedules")}`;
    case "quota_nearly_used":
      return `📈 Your account has used ${event.use} of ${event.limit} (${quotaShare(event)} %) of its ${event.quota} quota.\n${dashboardUrl.replace(/\/+$/, "")}/settings`;
    case "test":
      return "🔔 Botyard notifications reach this chat.";
  }
}

function botUrl(dashboardUrl: string, botId: string, tab?: string): string {
  return `${dashboardUrl.replace(/\/+$/, "")}/bots/${encodeURIComponent(botId)}${tab ? `/${tab}` : ""}`;
}

function quotaShare(event: { use: number; limit: number }): number {
  return event.limit > 0 ? Math.floor((event.use / event.limit) * 100) : 100;
}
