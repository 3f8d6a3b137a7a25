/** The owner's bots, each with its status; the current one is marked for assistive tech as well. */
import { useBots } from "../../api/queries.js";
import { Link } from "../../components/Link.js";
import { StatusBadge } from "../../components/StatusBadge.js";
import { botPath } from "../../router.js";
import { NewBotButton } from "./NewBotDialog.js";

export function Sidebar({ activeBotId }: { activeBotId: string | null }) {
  const bots = useBots();
  return (
    <nav className="sidebar" aria-label="Bots">
      <div className="sidebar-head">
        <h2 className="sidebar-title">Bots</h2>
        <NewBotButton />
      </div>
      {bots.isPending ? <p className="muted sidebar-note">Loading…</p> : null}
      {bots.isError ? <p className="sidebar-note note-error-text">Could not load bots.</p> : null}
      {bots.data && bots.data.length === 0 ? <p className="muted sidebar-note">No bots yet.</p> : null}
      <ul className="bot-list">
        {bots.data?.map((bot) => (
          <li key={bot.botId}>
            <Link
              href={botPath(bot.botId)}
              className={bot.botId === activeBotId ? "bot-link active" : "bot-link"}
              aria-current={bot.botId === activeBotId ? "page" : undefined}
            >
              <span className="bot-link-name">{bot.name}</span>
              <StatusBadge status={bot.status} reason={bot.haltReason} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
