/** TanStack Query hooks over the dashboard API: one query key per resource, mutations invalidate what they change. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ApiError, setCsrfToken } from "./http.js";
import type {
  BotDetail,
  BotSummary,
  BroadcastJob,
  BroadcastRequest,
  LogLine,
  Recipients,
  SessionReply,
  TransferReply,
  TransferRequest,
  TryReply,
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
};

/** The signed-in owner, or null when nobody is signed in. */
export function useSession() {
  return useQuery({
    queryKey: keys.session,
    queryFn: async (): Promise<SessionReply | null> => {
      try {
        const reply = await api<SessionReply>("GET", "/api/auth/session");
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
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => api<SessionReply>("POST", `/api/auth/${kind}`, body),
    onSuccess: (reply) => {
      setCsrfToken(reply.csrfToken);
      client.clear();
      client.setQueryData(keys.session, reply);
    },
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ ok: true }>("POST", "/api/auth/signout"),
    onSettled: () => {
      setCsrfToken("");
      client.clear();
      client.setQueryData(keys.session, null);
    },
  });
}

export function useApiKey() {
  return useQuery({
    queryKey: keys.apiKey,
    queryFn: async () => (await api<{ apiKey: string }>("GET", "/api/settings/api-key")).apiKey,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useRegenerateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api<{ apiKey: string }>("POST", "/api/settings/api-key/regenerate")).apiKey,
    onSuccess: (apiKey) => client.setQueryData(keys.apiKey, apiKey),
  });
}

export function useBots() {
  return useQuery({
    queryKey: keys.bots,
    queryFn: async () => (await api<{ bots: BotSummary[] }>("GET", "/api/bots")).bots,
  });
}

export function useBot(botId: string) {
  return useQuery({
    queryKey: keys.bot(botId),
    queryFn: async () => (await api<{ bot: BotDetail }>("GET", `/api/bots/${encodeURIComponent(botId)}`)).bot,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

const botPath = (botId: string, rest = "") => `/api/bots/${encodeURIComponent(botId)}${rest}`;

/** Refreshes the bot list and the bot after anything that may change its status or fields. */
function useRefreshBot(botId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: keys.bots, exact: true }),
      client.invalidateQueries({ queryKey: keys.bot(botId), exact: true }),
    ]);
}

export function useCreateBot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; botToken?: string; code?: string }) =>
      api<{ botId: string }>("POST", "/api/bots", body),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.bots, exact: true }),
  });
}

export function useRenameBot(botId: string) {
  const refresh = useRefreshBot(botId);
  return useMutation({
    mutationFn: (name: string) => api<{ ok: true }>("PATCH", botPath(botId), { name }),
    onSuccess: refresh,
  });
}

export function useDeleteBot(botId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ ok: true }>("DELETE", botPath(botId)),
    onSuccess: () => {
      client.removeQueries({ queryKey: keys.bot(botId) });
      return client.invalidateQueries({ queryKey: keys.bots, exact: true });
    },
  });
}

export function useCode(botId: string) {
  return useQuery({
    queryKey: keys.code(botId),
    queryFn: async () => (await api<{ code: string }>("GET", botPath(botId, "/code"))).code,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSaveCode(botId: string) {
  const client = useQueryClient();
  const refresh = useRefreshBot(botId);
  return useMutation({
    mutationFn: (body: { code: string; restart: boolean }) =>
      api<{ restarted: boolean; webhook?: "registered" | "failed" | "none" }>("PUT", botPath(botId, "/code"), body),
    onSuccess: (_reply, body) => {
      client.setQueryData(keys.code(botId), body.code);
      return refresh();
    },
  });
}

export function useRestartBot(botId: string) {
  const refresh = useRefreshBot(botId);
  return useMutation({
    mutationFn: () => api<{ webhook?: string }>("POST", botPath(botId, "/restart")),
    onSettled: refresh,
  });
}

export function useStopBot(botId: string) {
  const refresh = useRefreshBot(botId);
  return useMutation({
    mutationFn: () => api<{ ok: true }>("POST", botPath(botId, "/stop")),
    onSettled: refresh,
  });
}

export function useSetToken(botId: string) {
  const refresh = useRefreshBot(botId);
  return useMutation({
    mutationFn: (botToken: string) => api<{ ok: true }>("PUT", botPath(botId, "/token"), { botToken }),
    onSuccess: refresh,
  });
}

export function useSetEnv(botId: string) {
  const refresh = useRefreshBot(botId);
  return useMutation({
    mutationFn: (env: Record<string, string | null>) =>
      api<{ envNames: string[] }>("PUT", botPath(botId, "/env"), { env }),
    onSuccess: refresh,
  });
}

export function useLogs(botId: string) {
  return useQuery({
    queryKey: keys.logs(botId),
    queryFn: async () => (await api<{ logs: LogLine[] }>("GET", botPath(botId, "/logs?limit=200"))).logs,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTry(botId: string) {
  return useMutation({
    mutationFn: (body: TryRequest) => api<TryReply>("POST", botPath(botId, "/try"), body),
  });
}

export function useRecipients(botId: string) {
  return useQuery({
    queryKey: keys.recipients(botId),
    queryFn: () => api<Recipients>("GET", botPath(botId, "/recipients")),
  });
}

export function useTransfer(botId: string) {
  return useMutation({
    mutationFn: (body: TransferRequest) => api<TransferReply>("POST", botPath(botId, "/transfer"), body),
  });
}

export function useJobs(botId: string) {
  return useQuery({
    queryKey: keys.jobs(botId),
    queryFn: async () => (await api<{ jobs: BroadcastJob[] }>("GET", botPath(botId, "/broadcasts"))).jobs,
  });
}

export function useSendBroadcast(botId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BroadcastRequest) => api<{ jobId: string }>("POST", botPath(botId, "/broadcasts"), body),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.jobs(botId) }),
  });
}

export function useCancelBroadcast(botId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) =>
      api<{ job: BroadcastJob }>("DELETE", botPath(botId, `/broadcasts/${encodeURIComponent(jobId)}`)),
    onSettled: () => client.invalidateQueries({ queryKey: keys.jobs(botId) }),
  });
}
