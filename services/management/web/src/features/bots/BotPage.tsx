/** One bot: its header (status, Restart, Stop, Rename, Delete) and a tab per concern. */
import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../api/http.js";
import { useBot, useDeleteBot, useRestartBot, useStopBot } from "../../api/queries.js";
import { ConfirmDialog } from "../../components/ConfirmDialog.js";
import { Link } from "../../components/Link.js";
import { EmptyState, ErrorNote, Loading } from "../../components/States.js";
import { StatusBadge } from "../../components/StatusBadge.js";
import { BOT_TABS, type BotTab, botPath, navigate } from "../../router.js";
import { BroadcastsTab } from "../broadcasts/BroadcastsTab.js";
import { CodeTab } from "../code/CodeTab.js";
import { HistoryTab } from "../history/HistoryTab.js";
import { LogsTab } from "../logs/LogsTab.js";
import { OverviewTab } from "./OverviewTab.js";
import { RenameButton } from "./RenameButton.js";
import { TransferTab } from "./TransferTab.js";
import { SchedulesTab } from "../schedules/SchedulesTab.js";
import { UsageTab } from "../usage/UsageTab.js";
import { TryTab } from "./TryTab.js";

const TAB_LABELS: Record<BotTab, string> = {
  overview: "Overview",
  code: "Code",
  history: "History",
  logs: "Logs",
  try: "Try it",
  broadcasts: "Broadcasts",
  schedules: "Schedules",
  usage: "Usage",
  transfer: "Transfer",
};

export function BotPage({ botId, tab }: { botId: string; tab: BotTab }) {
  const bot = useBot(botId);
  const restart = useRestartBot(botId);
  const stop = useStopBot(botId);
  const remove = useDeleteBot(botId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const tabBar = useRef<HTMLElement>(null);
  // On a phone the tab bar scrolls sideways: a page opened on a later tab (a link, a reload) shows that tab in it,
  // once the bar exists (after loading) and at each change of tab.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tab and the end of loading are what move the bar.
  useEffect(() => {
    tabBar.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [tab, bot.isPending]);

  if (bot.isPending) return <Loading label="Loading the bot…" />;
  if (bot.isError) {
    if (bot.error instanceof ApiError && bot.error.status === 404) {
      return (
        <EmptyState title="Bot not found">
          <p>It may have been deleted. Pick another bot from the list.</p>
        </EmptyState>
      );
    }
    return <ErrorNote error={bot.error} title="Could not load the bot" />;
  }
  const b = bot.data;
  const actionError = restart.error ?? stop.error;

  return (
    <div className="page">
      <header className="page-header">
        <div className="page-heading">
          <h1 className="bot-title">{b.name}</h1>
          <StatusBadge status={b.status} reason={b.haltReason} />
          <RenameButton botId={botId} name={b.name} />
        </div>
        <div className="actions">
          <button
            type="button"
            className="button button-primary"
            onClick={() => restart.mutate()}
            disabled={restart.isPending}
          >
            {restart.isPending ? "Restarting…" : "Restart"}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => stop.mutate()}
            disabled={stop.isPending || b.status === "stopped"}
          >
            Stop
          </button>
          <button type="button" className="button button-danger-outline" onClick={() => setConfirmDelete(true)}>
            Delete
          </button>
        </div>
      </header>
      {b.status === "halted" ? (
        <div className="note note-warning" role="status">
          <strong>Halted:</strong> {b.haltReason ?? "no reason recorded"}. Its webhooks answer 403 until you restart it.
        </div>
      ) : null}
      {b.codeDiffers ? (
        <div className="note note-info" role="status">
          The saved code differs from the running code. Restart to run the saved code.
        </div>
      ) : null}
      {actionError ? <ErrorNote error={actionError} title="The action failed" /> : null}
      {restart.isSuccess && restart.data.webhook === "failed" ? (
        <div className="note note-warning" role="status">
          Restarted, but Telegram refused the webhook. Check the bot token.
        </div>
      ) : null}
      <nav ref={tabBar} className="tabs" aria-label="Bot sections">
        {BOT_TABS.map((t) => (
          <Link
            key={t}
            href={botPath(botId, t)}
            className={t === tab ? "tab active" : "tab"}
            aria-current={t === tab ? "page" : undefined}
          >
            {TAB_LABELS[t]}
          </Link>
        ))}
      </nav>
      <div className="tab-panel">
        {tab === "overview" ? <OverviewTab bot={b} /> : null}
        {tab === "code" ? <CodeTab bot={b} /> : null}
        {tab === "history" ? <HistoryTab botId={botId} /> : null}
        {tab === "logs" ? <LogsTab botId={botId} /> : null}
        {tab === "try" ? <TryTab bot={b} /> : null}
        {tab === "broadcasts" ? <BroadcastsTab botId={botId} /> : null}
        {tab === "schedules" ? <SchedulesTab botId={botId} /> : null}
        {tab === "usage" ? <UsageTab botId={botId} /> : null}
        {tab === "transfer" ? <TransferTab botId={botId} /> : null}
      </div>
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete ${b.name}?`}
        confirmLabel="Delete bot"
        danger
        busy={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirmDelete(false);
              navigate("/", true);
            },
          })
        }
      >
        The bot, its code, its data and its logs are deleted. This cannot be undone.
        {remove.error ? <ErrorNote error={remove.error} title="Could not delete" /> : null}
      </ConfirmDialog>
    </div>
  );
}
