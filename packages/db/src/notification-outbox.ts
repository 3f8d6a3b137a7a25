/**
 * How a service records an event for the owner: one row of `notification_outbox`, written with the change that caused
 * it (pass the transaction), so the event exists exactly when the change does. Management's dispatcher delivers it.
 *
 * @see docs/notifications.md#events
 */
import type { Database } from "./client.js";
import { type NotificationEventKind, notificationOutbox } from "./schema.js";

/** Anything that can insert: the database or a transaction of it. */
type Writer = Pick<Database, "insert">;

/** An event as its source records it: the bot, the kind, and the fields its message names. */
export interface OutboxEvent {
  botId: string;
  kind: NotificationEventKind;
  detail: Record<string, string | number>;
}

/** Writes one event to the outbox. */
export async function recordNotificationEvent(writer: Writer, event: OutboxEvent): Promise<void> {
  await writer.insert(notificationOutbox).values(event);
}
