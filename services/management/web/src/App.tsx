/**
 * The shell: auth pages (and invites) when signed out; otherwise a header (Settings, Sign out), the bot sidebar and a
 * page. On a narrow screen the account controls and the sidebar fold behind the header's Menu button (a disclosure:
 * styles.css, "Narrow screens", shows them while it is open); opening a page closes it.
 */
import { useEffect, useRef, useState } from "react";
import { useBots, useSession, useSignOut } from "./api/queries.js";
import { Link } from "./components/Link.js";
import { ErrorNote, EmptyState, Loading } from "./components/States.js";
import { AuthPage } from "./features/auth/AuthPage.js";
import { InvitePage } from "./features/auth/InvitePage.js";
import { BotPage } from "./features/bots/BotPage.js";
import { NewBotButton } from "./features/bots/NewBotDialog.js";
import { Sidebar } from "./features/bots/Sidebar.js";
import { SettingsPage } from "./features/settings/SettingsPage.js";
import { botPath, navigate, type Route, useRoute } from "./router.js";

export function App() {
  const route = useRoute();
  const session = useSession();
  const signedIn = Boolean(session.data);

  useEffect(() => {
    if (session.isPending || session.isError || route.page === "invite") return;
    const authPage = route.page === "signin" || route.page === "signup";
    if (!signedIn && !authPage) navigate("/signin", true);
    if (signedIn && authPage) navigate("/", true);
  }, [signedIn, session.isPending, session.isError, route.page]);

  // An invite opens whoever is signed in: accepting it signs in as the invited account.
  if (route.page === "invite") return <InvitePage token={route.token} />;
  if (session.isPending) return <Loading label="Starting…" />;
  if (session.isError) return <ErrorNote error={session.error} title="The dashboard could not reach the server" />;
  if (!signedIn) return <AuthPage mode={route.page === "signup" ? "signup" : "signin"} />;
  return <Shell route={route} email={session.data?.user.email ?? ""} />;
}

function Shell({ route, email }: { route: Route; email: string }) {
  const signOut = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const page = JSON.stringify(route);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (a bot, Settings) is what closes the menu.
  useEffect(() => setMenuOpen(false), [page]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      // Escape in a dialog opened from the menu (New bot) closes that dialog only.
      if (event.key !== "Escape" || document.querySelector("dialog[open]")) return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    // A link in the menu closes it, even the current page's (which changes no route).
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest("#menu a")) setMenuOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, [menuOpen]);

  return (
    <div className="shell" data-menu={menuOpen ? "open" : "closed"}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link href="/" className="brand">
          <span className="brand-mark" aria-hidden="true" />
          Botyard
        </Link>
        <button
          ref={menuButton}
          type="button"
          className="button button-ghost menu-button"
          aria-expanded={menuOpen}
          aria-controls="menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="menu-icon" aria-hidden="true" />
          Menu
        </button>
      </header>
      <div id="menu" className="menu">
        <nav className="topbar-nav" aria-label="Account">
          <span className="topbar-user">{email}</span>
          <Link
            href="/settings"
            className="button button-ghost"
            aria-current={route.page === "settings" ? "page" : undefined}
          >
            Settings
          </Link>
          <button
            type="button"
            className="button button-ghost"
            onClick={() => signOut.mutate(undefined, { onSettled: () => navigate("/signin", true) })}
          >
            Sign out
          </button>
        </nav>
        <Sidebar activeBotId={route.page === "bot" ? route.botId : null} />
      </div>
      <main id="main" className="content" tabIndex={-1}>
        {route.page === "settings" ? <SettingsPage /> : null}
        {route.page === "bot" ? <BotPage key={route.botId} botId={route.botId} tab={route.tab} /> : null}
        {route.page === "home" || route.page === "signin" || route.page === "signup" ? <Home /> : null}
      </main>
    </div>
  );
}

function Home() {
  const bots = useBots();
  const first = bots.data?.[0];
  useEffect(() => {
    if (first) navigate(botPath(first.botId), true);
  }, [first]);
  if (bots.isPending) return <Loading />;
  if (bots.isError) return <ErrorNote error={bots.error} title="Could not load your bots" />;
  if (first) return <Loading />;
  return (
    <EmptyState title="No bots yet">
      <p>Create your first bot: give it a name, paste its token from @BotFather, and write its code here.</p>
      <NewBotButton primary />
    </EmptyState>
  );
}
