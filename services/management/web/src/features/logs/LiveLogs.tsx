/**
 * The bot's log: the last lines from GET /logs, then new ones from the SSE stream as they come (no reload). Lines are
 * text nodes only, so whatever a bot logs is shown, never run.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { useLogs } from "../../api/queries.js";
import { useEventStream } from "../../api/sse.js";
import type { LogLine } from "../../api/types.js";
import { ErrorNote, Loading } from "../../components/States.js";

const MAX_LINES = 500;
const same = (a: LogLine, b: LogLine) => a.at === b.at && a.message === b.message && a.level === b.level;

export function LiveLogs({ botId, compact }: { botId: string; compact?: boolean }) {
  const initial = useLogs(botId);
  const [live, setLive] = useState<LogLine[]>([]);
  const [filter, setFilter] = useState("");
  const state = useEventStream<LogLine>(`/api/bots/${encodeURIComponent(botId)}/logs/stream`, (line) => {
    if (typeof line?.message !== "string") return;
    setLive((current) => [...current, line].slice(-MAX_LINES));
  });
  const lines = useMemo(() => {
    const base = [...(initial.data ?? [])].reverse();
    const fresh = live.filter((line) => !base.some((b) => same(b, line)));
    const all = [...base, ...fresh].slice(-MAX_LINES);
    const needle = filter.trim().toLowerCase();
    return needle ? all.filter((l) => l.message.toLowerCase().includes(needle)) : all;
  }, [initial.data, live, filter]);

  const box = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  useEffect(() => {
    const el = box.current;
    if (el && stick.current && lines.length > 0) el.scrollTop = el.scrollHeight;
  }, [lines]);

  return (
    <div className={compact ? "logs logs-compact" : "logs"}>
      <div className="logs-toolbar">
        <span className={`live live-${state}`} role="status">
          <span className="live-dot" aria-hidden="true" />
          {state === "live" ? "Live" : state === "connecting" ? "Connecting…" : "Reconnecting…"}
        </span>
        {compact ? null : (
          <input
            className="input input-small"
            type="search"
            aria-label="Filter log lines"
            placeholder="Filter"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
        )}
      </div>
      {initial.isPending ? <Loading label="Loading log…" /> : null}
      {initial.isError ? <ErrorNote error={initial.error} title="Could not load the log" /> : null}
      <div
        ref={box}
        className="log-box"
        role="log"
        aria-label="Bot log"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling log must be reachable by keyboard (WCAG 2.1.1).
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
      >
        {lines.length === 0 && !initial.isPending ? (
          <p className="log-empty">No log lines yet. console.log in the bot's code writes here.</p>
        ) : null}
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines only append; rows hold no state, so a shifted key costs a re-render only.
          <div key={`${line.at}-${i}`} className={`log-line log-${line.level}`}>
            <time className="log-time" dateTime={line.at}>
              {formatClock(line.at)}
            </time>
            <span className="log-level">{line.level}</span>
            <span className="log-message">{line.message}</span>
          </div>
        ))}
      </div>
    </div>
  );
}

function formatClock(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString();
}
