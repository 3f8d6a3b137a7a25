/** The History tab's queries: the versions of a bot's code, one version with its code, and a rollback. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "../../api/client.js";
import { keys } from "../../api/queries.js";

const versionsKey = (botId: string) => ["bots", botId, "versions"] as const;
const versionKey = (botId: string, version: number) => ["bots", botId, "versions", version] as const;

/** The newest 100 versions, without code (a save elsewhere shows at the next visit or focus). */
export function useVersions(botId: string) {
  return useQuery({
    queryKey: versionsKey(botId),
    queryFn: () =>
      unwrap(client.GET("/api/bots/{botId}/versions", { params: { path: { botId }, query: { limit: 100 } } })),
    staleTime: 0,
  });
}

/** One version with its code; versions never change, so it is fetched once. */
export function useVersion(botId: string, version: number | undefined) {
  return useQuery({
    queryKey: versionKey(botId, version ?? 0),
    queryFn: async () =>
      (
        await unwrap(
          client.GET("/api/bots/{botId}/versions/{version}", {
            params: { path: { botId, version: version ?? 0 } },
          }),
        )
      ).version,
    enabled: version !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Restores a version as a new one, restarting when asked; the list, the bot and its saved code change. */
export function useRollback(botId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ version, restart }: { version: number; restart: boolean }) =>
      unwrap(
        client.POST("/api/bots/{botId}/versions/{version}/rollback", {
          params: { path: { botId, version } },
          body: { restart },
        }),
      ),
    onSettled: () =>
      Promise.all([
        queries.invalidateQueries({ queryKey: versionsKey(botId), exact: true }),
        queries.invalidateQueries({ queryKey: keys.bot(botId), exact: true }),
        queries.invalidateQueries({ queryKey: keys.bots, exact: true }),
        queries.invalidateQueries({ queryKey: keys.code(botId), exact: true }),
      ]),
  });
}
