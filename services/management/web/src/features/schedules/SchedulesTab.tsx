/**
 * The Schedules tab (docs/bot-runtime.md#scheduled-runs): the bot's scheduled runs, soonest first, with cron in words
 * and times in the owner's time zone; Run now and Cancel; the last 100 runs with status and duration; and a warning
 * when a schedule's last runs failed or were skipped.
 */
import cronstrue from "cronstrue";
import { useScheduleAction, useSchedules } from "../../api/queries.js";
import type { Schedule, ScheduleRun } from "../../api/types.js";
import { ErrorNote, Loading } from "../../components/States.js";
import "./schedules.css";

/** The owner's time zone, as the browser knows it. */
const OWN_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : "—";
}

/** A cron expression in words, and its zone when it is not the owner's. */
function cronInWords(expression: string, timezone: string | undefined): string {
  let words: string;
  try {
    words = cronstrue.toString(expression, { use24HourTimeFormat: true, verbose: false });
  } catch {
    words = expression;
  }
  return timezone && timezone !== OWN_ZONE ? `${words} (${timezone} time)` : words;
}

function duration(run: ScheduleRun): string {
  const ms = Date.parse(run.finishedAt) - Date.parse(run.startedAt);
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** Keys whose newest finished run failed or was skipped: the owner should look. */
function troubled(runs: ScheduleRun[]): Map<string, ScheduleRun> {
  const newest = new Map<string, ScheduleRun>();
  for (const run of runs) if (!newest.has(run.key)) newest.set(run.key, run);
  return new Map([...newest].filter(([, run]) => run.status === "failed" || run.status === "skipped"));
}

export function SchedulesTab({ botId }: { botId: string }) {
  const data = useSchedules(botId);
  const action = useScheduleAction(botId);

  return (
    <section className="card" aria-labelledby="schedules-title">
      <div className="card-head">
        <h2 id="schedules-title" className="card-title">
          Schedules
        </h2>
      </div>
      <p className="muted">
        Runs the bot's code set with <code>scheduler.runAfter</code>, <code>runAt</code> and <code>cron</code>; each
        calls <code>scheduled[name]</code>. Times are in your time zone ({OWN_ZONE}).
      </p>
      {data.isPending ? <Loading label="Loading schedules…" /> : null}
      {data.isError ? <ErrorNote error={data.error} title="Could not load schedules" /> : null}
      {action.error ? <ErrorNote error={action.error} title="Could not change the schedule" /> : null}
      {data.data ? (
        <>
          <Warnings runs={data.data.runs} schedules={data.data.schedules} />
          <ScheduleTable
            schedules={data.data.schedules}
            onRun={(key) => action.mutate({ action: "run", key })}
            onCancel={(key) => action.mutate({ action: "cancel", key })}
          />
          <RunTable runs={data.data.runs} />
        </>
      ) : null}
    </section>
  );
}

/** A run not started this long after its due time was missed (no gateway took it): the operator's alarm fires too. */
const MISSED_AFTER_MS = 60_000;

function Warnings({ runs, schedules }: { runs: ScheduleRun[]; schedules: Schedule[] }) {
  const bad = troubled(runs);
  const missed = schedules.filter((s) => !s.running && Date.now() - Date.parse(s.next) > MISSED_AFTER_MS);
  if (bad.size === 0 && missed.length === 0) return null;
  return (
    <>
      {missed.length > 0 ? (
        <div className="note note-error" role="alert" data-testid="schedule-missed">
          <strong>Missed.</strong>{" "}
          {missed.map((s) => `${s.key} was due at ${when(s.next)} and has not started`).join("; ")}. The platform's
          operators are alerted; it runs as soon as a gateway takes it.
        </div>
      ) : null}
      {bad.size > 0 ? <Troubled bad={bad} /> : null}
    </>
  );
}

function Troubled({ bad }: { bad: Map<string, ScheduleRun> }) {
  return (
    <div className="note note-warning" role="alert" data-testid="schedule-warning">
      <strong>
        {bad.size === 1 ? "A schedule's last run did not succeed" : `${bad.size} schedules' last runs did not succeed`}.
      </strong>{" "}
      {[...bad.values()]
        .map((r) => `${r.key}: ${r.status} at ${when(r.finishedAt)}${r.error ? ` (${r.error})` : ""}`)
        .join("; ")}
    </div>
  );
}

function ScheduleTable({
  schedules,
  onRun,
  onCancel,
}: {
  schedules: Schedule[];
  onRun: (key: string) => void;
  onCancel: (key: string) => void;
}) {
  if (schedules.length === 0) return <p className="muted">No schedules pending.</p>;
  return (
    <div className="schedules-scroll">
      <table className="table" data-testid="schedules">
        <caption>Next runs</caption>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Handler</th>
            <th scope="col">When</th>
            <th scope="col">Next run</th>
            <th scope="col">Last run</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {schedules.map((s) => (
            <tr key={s.key}>
              <td>
                <code>{s.key}</code>
              </td>
              <td>
                <code>{s.name}</code>
              </td>
              <td>{s.kind === "cron" && s.expression ? cronInWords(s.expression, s.timezone) : "Once"}</td>
              <td>
                {when(s.next)}
                {s.running ? <span className="pill pill-running">running</span> : null}
              </td>
              <td>{s.lastStatus ? <span className={`pill pill-${s.lastStatus}`}>{s.lastStatus}</span> : "—"}</td>
              <td>
                <button
                  type="button"
                  className="button button-small"
                  disabled={s.running}
                  onClick={() => onRun(s.key)}
                  aria-label={`Run now: ${s.key}`}
                >
                  Run now
                </button>{" "}
                <button
                  type="button"
                  className="button button-small button-danger-outline"
                  onClick={() => onCancel(s.key)}
                  aria-label={`Cancel ${s.key}`}
                >
                  Cancel
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RunTable({ runs }: { runs: ScheduleRun[] }) {
  if (runs.length === 0) return <p className="muted">No runs yet.</p>;
  return (
    <section
      className="schedules-scroll"
      aria-label="Last runs"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe).
      tabIndex={0}
    >
      <table className="table" data-testid="schedule-runs">
        <caption>Last {runs.length} runs</caption>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Due</th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Attempt
            </th>
            <th scope="col" className="num">
              Duration
            </th>
            <th scope="col">Error</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((r) => (
            // One row per attempt of a due time.
            <tr key={`${r.key}-${r.scheduledAt}-${r.attempt}`}>
              <td>
                <code>{r.key}</code>
              </td>
              <td>{when(r.scheduledAt)}</td>
              <td>
                <span className={`pill pill-${r.status}`}>{r.status}</span>
              </td>
              <td className="num">{r.attempt}</td>
              <td className="num">{duration(r)}</td>
              <td>{r.error ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
