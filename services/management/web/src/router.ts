/**
 * The dashboard's few routes, on the History API (management serves index.html for any other path, so deep links
 * and reloads work). `useRoute` re-renders on navigation; `navigate` pushes a path.
 */
import { useSyncExternalStore } from "react";

export type Route =
  | { page: "signin" }
  | { page: "signup" }
  | { page: "home" }
  | { page: "settings" }
  | { page: "invite"; token: string }
  | { page: "bot"; botId: string; tab: BotTab };

export const BOT_TABS = [
  "overview",
  "code",
  "history",
  "logs",
  "try",
  "broadcasts",
  "schedules",
  "usage",
  "transfer",
] as const;
export type BotTab = (typeof BOT_TABS)[number];

const listeners = new Set<() => void>();
window.addEventListener("popstate", () => {
  for (const l of listeners) l();
});

export function navigate(path: string, replace = false): void {
  if (path === window.location.pathname) return;
  if (replace) window.history.replaceState(null, "", path);
  else window.history.pushState(null, "", path);
  for (const l of listeners) l();
  window.scrollTo(0, 0);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function parse(pathname: string): Route {
  if (pathname === "/signin") return { page: "signin" };
  if (pathname === "/signup") return { page: "signup" };
  if (pathname === "/settings") return { page: "settings" };
  // The link `pnpm botyard user:invite` prints (docs/dashboard.md#invites).
  const invite = /^\/invite\/([^/]+)\/?$/.exec(pathname);
  if (invite) return { page: "invite", token: decodeURIComponent(invite[1]!) };
  const bot = /^\/bots\/([^/]+)(?:\/([a-z]+))?\/?$/.exec(pathname);
  if (bot) {
    const tab = (BOT_TABS as readonly string[]).includes(bot[2] ?? "") ? (bot[2] as BotTab) : "overview";
    return { page: "bot", botId: decodeURIComponent(bot[1]!), tab };
  }
  return { page: "home" };
}

export function botPath(botId: string, tab: BotTab = "overview"): string {
  return `/bots/${encodeURIComponent(botId)}${tab === "overview" ? "" : `/${tab}`}`;
}

export function useRoute(): Route {
  const pathname = useSyncExternalStore(subscribe, () => window.location.pathname);
  return parse(pathname);
}
