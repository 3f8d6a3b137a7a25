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
  | { kind: "test"; botId: null; botName: null };

export type NotificationKind = NotificationEvent["kind"];

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
    case "test":
      return "🔔 Botyard notifications reach this chat.";
  }
}

function botUrl(dashboardUrl: string, botId: string, tab?: string): string {
  return `${dashboardUrl.replace(/\/+$/, "")}/bots/${encodeURIComponent(botId)}${tab ? `/${tab}` : ""}`;
}
