/** TanStack Query hooks over the typed client: one query key per resource; mutations refresh what they change. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client, setCsrfToken, unwrap } from "./client.js";
import { ApiError } from "./http.js";
import type {
  BroadcastRequest,
  NotificationChannelRequest,
  NotificationKind,
  Notifications,
  SessionReply,
  TransferRequest,
  TryRequest,
} from "./types.js";

export const keys = {
  session: ["session"] as const,
  apiKey: ["api-key"] as const,
  bots: ["bots"] as const,
  bot: (botId: string) => ["bots", botId] as const,
  code: (botId: string) => ["bots", botId, "code"] as const,
  logs: (botId: string) => ["bots", botId, "logs"] as const,
  recipients: (botId: string) => ["bots", botId, "recipients"] as const,
  jobs: (botId: string) => ["bots", botId, "broadcasts"] as const,
  usage: (botId: string, granularity: string) => ["bots", botId, "usage", granularity] as const,
  accountUsage: ["account-usage"] as const,
  schedules: (botId: string) => ["bots", botId, "schedules"] as const,
  notifications: ["notifications"] as const,
};

const bot = (botId: string) => ({ params: { path: { botId } } });

/** The signed-in owner, or null when nobody is signed in. */
export function useSession() {
  return useQuery({
    queryKey: keys.session,
    queryFn: async (): Promise<SessionReply | null> => {
      try {
        const reply = await unwrap(client.GET("/api/auth/session"));
        setCsrfToken(reply.csrfToken);
        return reply;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

export function useAuth(kind: "signin" | "signup") {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (body: { email: string; password: string }): Promise<SessionReply> => {
      const reply =
        kind === "signin"
          ? await unwrap(client.POST("/api/auth/signin", { body }))
          : await unwrap(client.POST("/api/auth/signup", { body }));
      return { ok: true, user: reply.user, csrfToken: reply.csrfToken };
    },
    onSuccess: (reply) => {
      setCsrfToken(reply.csrfToken);
      queries.clear();
      queries.setQueryData(keys.session, reply);
    },
  });
}

export function useSignOut() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(client.POST("/api/auth/signout")),
    onSettled: () => {
      setCsrfToken("");
      queries.clear();
      queries.setQueryData(keys.session, null);
    },
  });
}

/** Changes the password: the server signs out every other session and rotates this one (new CSRF token). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      unwrap(client.POST("/api/auth/password", { body })),
    onSuccess: (reply) => setCsrfToken(reply.csrfToken),
  });
}

/** The e-mail an invite link is for (404 when the link is unknown, used or expired). */
export function useInvite(token: string) {
  return useQuery({
    queryKey: ["invite", token],
    queryFn: async () => (await unwrap(client.GET("/api/auth/invite/{token}", { params: { path: { token } } }))).email,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Sets the password from an invite and signs in as its account (the link then stops working). */
export function useAcceptInvite(token: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (password: string): Promise<SessionReply> => {
      const reply = await unwrap(
        client.POST("/api/auth/invite/{token}", { params: { path: { token } }, body: { password } }),
      );
      return { ok: true, user: reply.user, csrfToken: reply.csrfToken };
    },
    onSuccess: (reply) => {
      setCsrfToken(reply.csrfToken);
      queries.clear();
      queries.setQueryData(keys.session, reply);
    },
  });
}

export function useApiKey() {
  return useQuery({
    queryKey: keys.apiKey,
    queryFn: async () => (await unwrap(client.GET("/api/settings/api-key"))).apiKey,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useRegenerateApiKey() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async () => (await unwrap(client.POST("/api/settings/api-key/regenerate"))).apiKey,
    onSuccess: (apiKey) => queries.setQueryData(keys.apiKey, apiKey),
  });
}

export function useBots() {
  return useQuery({
    queryKey: keys.bots,
    queryFn: async () => (await unwrap(client.GET("/api/bots"))).bots,
  });
}

export function useBot(botId: string) {
  return useQuery({
    queryKey: keys.bot(botId),
    queryFn: async () => (await unwrap(client.GET("/api/bots/{botId}", bot(botId)))).bot,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

/** Refreshes the bot list and the bot after anything that may change its status or fields. */
function useRefreshBot(botId: string) {
  const queries = useQueryClient();
  return () =>
    Promise.all([
      queries.invalidateQueries({ queryKey: keys.bots, exact: true }),
      queries.invalidateQueries({ queryKey: keys.bot(botId), exact: true }),
    ]);
}

export function useCreateBot() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; botToken?: string; code?: string }) =>
      unwrap(client.POST("/api/bots", { body })),
    onSuccess: () => queries.invalidateQueries({ queryKey: keys.bots, exact: true }),
  });
}

export function useRenameBot(botId: string) {
  const refresh = useRefreshBot(botId);
  return useMutation({
    mutationFn: (name: string) => unwrap(client.PATCH("/api/bots/{botId}", { ...bot(botId), body: { name } })),
    onSuccess: refresh,
  });
}

export function useDeleteBot(botId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(client.DELETE("/api/bots/{botId}", bot(botId))),
    onSuccess: () => {
      queries.removeQueries({ queryKey: keys.bot(botId) });
      return queries.invalidateQueries({ queryKey: keys.bots, exact: true });
    },
  });
}

export function useCode(botId: string) {
  return useQuery({
    queryKey: keys.code(botId),
    queryFn: async () => (await unwrap(client.GET("/api/bots/{botId}/code", bot(botId)))).code,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSaveCode(botId: string) {
  const queries = useQueryClient();
  const refresh = useRefreshBot(botId);
  return useMutation({
    mutationFn: (body: { code: string; restart: boolean; message?: string; autoRollback?: boolean }) =>
      unwrap(client.PUT("/api/bots/{botId}/code", { ...bot(botId), body })),
    onSuccess: (_reply, body) => {
      queries.setQueryData(keys.code(botId), body.code);
      return refresh();
    },
  });
}

export function useRestartBot(botId: string) {
  const refresh = useRefreshBot(botId);
  return useMutation({
    mutationFn: () => unwrap(client.POST("/api/bots/{botId}/restart", { ...bot(botId), body: {} })),
    onSettled: refresh,
  });
}

export function useStopBot(botId: string) {
  const refresh = useRefreshBot(botId);
  return useMutation({
    mutationFn: () => unwrap(client.POST("/api/bots/{botId}/stop", bot(botId))),
    onSettled: refresh,
  });
}

export function useSetToken(botId: string) {
  const refresh = useRefreshBot(botId);
  return useMutation({
    mutationFn: (botToken: string) =>
      unwrap(client.PUT("/api/bots/{botId}/token", { ...bot(botId), body: { botToken } })),
    onSuccess: refresh,
  });
}

export function useSetEnv(botId: string) {
  const refresh = useRefreshBot(botId);
  return useMutation({
    mutationFn: (body: { env: Record<string, string>; keep: string[] }) =>
      unwrap(client.PUT("/api/bots/{botId}/env", { ...bot(botId), body })),
    onSuccess: refresh,
  });
}

export function useLogs(botId: string) {
  return useQuery({
    queryKey: keys.logs(botId),
    queryFn: async () =>
      (await unwrap(client.GET("/api/bots/{botId}/logs", { params: { path: { botId }, query: { limit: 200 } } }))).logs,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTry(botId: string) {
  return useMutation({
    mutationFn: (body: TryRequest) => unwrap(client.POST("/api/bots/{botId}/try", { ...bot(botId), body })),
  });
}

export function useRecipients(botId: string) {
  return useQuery({
    queryKey: keys.recipients(botId),
    queryFn: () => unwrap(client.GET("/api/bots/{botId}/recipients", bot(botId))),
  });
}

/**
 * The bot's usage: the last hour by minute or the last 7 days by hour. Refetched every 30 s: gateways flush their
 * counts every 10 s, so the current minute fills in as the owner watches.
 */
export function useBotUsage(botId: string, granularity: "minute" | "hour") {
  return useQuery({
    queryKey: keys.usage(botId, granularity),
    queryFn: () =>
      unwrap(client.GET("/api/bots/{botId}/usage", { params: { path: { botId }, query: { granularity } } })),
    refetchInterval: 30_000,
  });
}

/** The account's plan and its use against each quota. */
export function useAccountUsage() {
  return useQuery({
    queryKey: keys.accountUsage,
    queryFn: () => unwrap(client.GET("/api/settings/usage")),
  });
}

export function useTransfer(botId: string) {
  return useMutation({
    mutationFn: (body: TransferRequest) => unwrap(client.POST("/api/bots/{botId}/transfer", { ...bot(botId), body })),
  });
}

export function useJobs(botId: string) {
  return useQuery({
    queryKey: keys.jobs(botId),
    queryFn: async () => (await unwrap(client.GET("/api/bots/{botId}/broadcasts", bot(botId)))).jobs,
  });
}

export function useSendBroadcast(botId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: BroadcastRequest) =>
      unwrap(client.POST("/api/bots/{botId}/broadcasts", { ...bot(botId), body })),
    onSuccess: () => queries.invalidateQueries({ queryKey: keys.jobs(botId) }),
  });
}

export function useCancelBroadcast(botId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) =>
      unwrap(client.DELETE("/api/bots/{botId}/broadcasts/{jobId}", { params: { path: { botId, jobId } } })),
    onSettled: () => queries.invalidateQueries({ queryKey: keys.jobs(botId) }),
  });
}

/** The bot's schedules and last 100 runs, refreshed every 5 s while the tab is open. */
export function useSchedules(botId: string) {
  return useQuery({
    queryKey: keys.schedules(botId),
    queryFn: () => unwrap(client.GET("/api/bots/{botId}/schedules", bot(botId))),
    refetchInterval: 5000,
  });
}

/** Cancels a schedule, or makes it due now; either refreshes the tab. */
export function useScheduleAction(botId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ action, key }: { action: "cancel" | "run"; key: string }) =>
      action === "cancel"
        ? unwrap(client.POST("/api/bots/{botId}/schedules/cancel", { ...bot(botId), body: { key } }))
        : unwrap(client.POST("/api/bots/{botId}/schedules/run", { ...bot(botId), body: { key } })),
    onSettled: () => queries.invalidateQueries({ queryKey: keys.schedules(botId) }),
  });
}

/** Settings → Notifications: the channels (each with its last failure), the rules, whether Telegram is offered. */
export function useNotifications() {
  return useQuery({
    queryKey: keys.notifications,
    queryFn: () => unwrap(client.GET("/api/settings/notifications")),
  });
}

/** Adds a Telegram chat (the reply has its start link) or a webhook (the reply has its secret, shown once). */
export function useAddNotificationChannel() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationChannelRequest) =>
      unwrap(client.POST("/api/settings/notifications/channels", { body })),
    onSettled: () => queries.invalidateQueries({ queryKey: keys.notifications }),
  });
}

const channel = (channelId: string) => ({ params: { path: { channelId } } });

export function useRemoveNotificationChannel() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (channelId: string) =>
      unwrap(client.DELETE("/api/settings/notifications/channels/{channelId}", channel(channelId))),
    onSettled: () => queries.invalidateQueries({ queryKey: keys.notifications }),
  });
}

/** Sends a test message; the reply says whether it arrived (a failure also shows on the channel). */
export function useTestNotificationChannel() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (channelId: string) =>
      unwrap(client.POST("/api/settings/notifications/channels/{channelId}/test", channel(channelId))),
    onSettled: () => queries.invalidateQueries({ queryKey: keys.notifications }),
  });
}

export function useSetNotificationRules() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (kinds: NotificationKind[]) =>
      unwrap(client.PUT("/api/settings/notifications/rules", { body: { kinds } })),
    // The box shows its new state at once; the refetch after corrects it if the save failed.
    onMutate: (kinds) =>
      queries.setQueryData<Notifications>(keys.notifications, (old) => (old ? { ...old, kinds } : old)),
    onSettled: () => queries.invalidateQueries({ queryKey: keys.notifications }),
  });
}
