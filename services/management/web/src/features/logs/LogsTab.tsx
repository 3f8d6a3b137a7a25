/** The Logs tab: the live log, full height. */
import { LiveLogs } from "./LiveLogs.js";

export function LogsTab({ botId }: { botId: string }) {
  return (
    <section className="card" aria-label="Logs">
      <LiveLogs botId={botId} />
    </section>
  );
}
