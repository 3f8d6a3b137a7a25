/**
 * The dashboard's Settings → Notifications routes: channels (list, add, remove, test) and the rules, as their /apiv3
 * counterparts (listNotificationChannels, addNotificationChannel, …); NotificationService holds the rules.
 *
 * @see docs/notifications.md
 */
import { type DashboardRoute, session } from "./route.js";
import * as s from "./schemas.js";

const channelId = (input: { params: Record<string, string> }) => input.params.channelId!;

export const notificationRoutes: DashboardRoute[] = [
  {
    method: "get",
    path: "/api/settings/notifications",
    operationId: "dashboardNotifications",
    summary: "The account's notification channels, with each one's last failure, and its rules",
    access: "session",
    reply: s.NotificationsReply,
    errors: [],
    handler: async (input, services) => {
      const accountId = session(input).accountId;
      const [channels, kinds] = await Promise.all([
        services.notifications.list(accountId),
        services.notifications.rules(accountId),
      ]);
      return { ok: true, channels, kinds, telegram: services.notifications.telegramAvailable };
    },
  },
  {
    method: "post",
    path: "/api/settings/notifications/channels",
    operationId: "dashboardAddNotificationChannel",
    summary: "Add a Telegram chat (answers its one-time start link) or a webhook (answers its secret, once)",
    access: "session",
    body: s.AddNotificationChannel,
    reply: s.NotificationChannelAdded,
    status: 201,
    errors: [],
    handler: async (input, services) => {
      const accountId = session(input).accountId;
      const { kind, url } = input.body as { kind: "telegram" | "webhook"; url?: string };
      const added =
        kind === "telegram"
          ? await services.notifications.addTelegram(accountId)
          : await services.notifications.addWebhook(accountId, url ?? "");
      return { ok: true, ...added };
    },
  },
  {
    method: "delete",
    path: "/api/settings/notifications/channels/:channelId",
    operationId: "dashboardRemoveNotificationChannel",
    summary: "Remove a notification channel (as /apiv3/removeNotificationChannel)",
    access: "session",
    params: s.channelIdParam,
    reply: s.NotificationChannelRemoved,
    errors: [404],
    handler: async (input, services) => {
      await services.notifications.remove(session(input).accountId, channelId(input));
      return { ok: true };
    },
  },
  {
    method: "post",
    path: "/api/settings/notifications/channels/:channelId/test",
    operationId: "dashboardTestNotificationChannel",
    summary: "Send a test message on the channel now (as /apiv3/testNotificationChannel)",
    access: "session",
    params: s.channelIdParam,
    reply: s.NotificationTested,
    errors: [404],
    handler: async (input, services) => {
      const outcome = await services.notifications.test(session(input).accountId, channelId(input));
      return outcome.ok ? { ok: true, delivered: true } : { ok: true, delivered: false, error: outcome.error };
    },
  },
  {
    method: "put",
    path: "/api/settings/notifications/rules",
    operationId: "dashboardSetNotificationRules",
    summary: "Choose which kinds of event the account is told about (as /apiv3/setNotificationRules)",
    access: "session",
    body: s.NotificationRulesBody,
    reply: s.NotificationRulesReply,
    errors: [],
    handler: async (input, services) => ({
      ok: true,
      kinds: await services.notifications.setRules(
        session(input).accountId,
        (input.body as { kinds: Parameters<typeof services.notifications.setRules>[1] }).kinds,
      ),
    }),
  },
];
