/**
 * The Usage tab: what the bot did, per minute over the last hour or per hour over the last 7 days, as the gateways
 * and broadcast workers metered it (docs/operations.md#usage-metering). Totals first, then charts of requests and
 * errors, handler wall time (p50, p99), CPU, and calls out of the bot; periods without traffic are gaps.
 */
import { useState } from "react";
import { useBotUsage } from "../../api/queries.js";
import type { UsagePeriod } from "../../api/types.js";
import { ErrorNote, Loading } from "../../components/States.js";
import { Chart } from "./BarChart.js";
import { bytes, count, ms } from "./format.js";

type Granularity = "minute" | "hour";

const WINDOWS: Record<Granularity, { label: string; slots: number; stepMs: number }> = {
  minute: { label: "Last hour, per minute", slots: 60, stepMs: 60_000 },
  hour: { label: "Last 7 days, per hour", slots: 7 * 24, stepMs: 3_600_000 },
};

/** The periods of the window, oldest first, each with its row or null (no traffic). */
function slotsOf(rows: UsagePeriod[], granularity: Granularity, now: number) {
  const { slots, stepMs } = WINDOWS[granularity];
  const last = Math.floor(now / stepMs) * stepMs;
  const byAt = new Map(rows.map((r) => [Date.parse(r.at), r]));
  return Array.from({ length: slots }, (_, i) => {
    const at = last - (slots - 1 - i) * stepMs;
    return { at, row: byAt.get(at) ?? null };
  });
}

function label(at: number, granularity: Granularity): string {
  const d = new Date(at);
  const time = `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
  return granularity === "minute" ? time : `${d.getMonth() + 1}/${d.getDate()} ${time}`;
}

export function UsageTab({ botId }: { botId: string }) {
  const [granularity, setGranularity] = useState<Granularity>("minute");
  const usage = useBotUsage(botId, granularity);

  return (
    <section className="card" aria-labelledby="usage-title">
      <div className="card-head">
        <h2 id="usage-title" className="card-title">
          Usage
        </h2>
        <fieldset className="segmented">
          <legend className="visually-hidden">Window</legend>
          {(Object.keys(WINDOWS) as Granularity[]).map((g) => (
            <label key={g} className={g === granularity ? "segment active" : "segment"}>
              <input
                type="radio"
                name="usage-window"
                value={g}
                checked={g === granularity}
                onChange={() => setGranularity(g)}
              />
              {WINDOWS[g].label}
            </label>
          ))}
        </fieldset>
      </div>
      <p className="muted">
        Counted by every gateway and broadcast worker and written every 10 seconds, so the current minute fills in as
        you watch. Minutes are kept 48 hours, hours 90 days.
      </p>
      {usage.isPending ? <Loading label="Loading usage…" /> : null}
      {usage.isError ? <ErrorNote error={usage.error} title="Could not load usage" /> : null}
      {usage.data ? <UsageCharts rows={usage.data.usage} granularity={granularity} /> : null}
    </section>
  );
}

function UsageCharts({ rows, granularity }: { rows: UsagePeriod[]; granularity: Granularity }) {
  const slots = slotsOf(rows, granularity, Date.now());
  const labels = slots.map((s) => label(s.at, granularity));
  const pick = (f: (r: UsagePeriod) => number | null) => slots.map((s) => (s.row ? f(s.row) : null));
  const sum = (f: (r: UsagePeriod) => number) => rows.reduce((n, r) => n + f(r), 0);
  const requests = sum((r) => r.requests);
  const errors = sum((r) => r.errors);
  const p99 = rows.reduce<number | null>(
    (m, r) => (r.wallTimeP99Ms === null ? m : Math.max(m ?? 0, r.wallTimeP99Ms)),
    null,
  );
  const latest = [...rows].reverse().find((r) => r.storedDocuments !== null);
  const window = WINDOWS[granularity].label.toLowerCase();

  if (rows.length === 0) {
    return (
      <div className="state" role="status">
        <p>No traffic in this window yet. Call one of the bot's webhooks and it shows here within a minute.</p>
      </div>
    );
  }
  return (
    <>
      <dl className="stats usage-stats">
        <div className="stat">
          <dt className="stat-label">requests</dt>
          <dd className="stat-value">{count(requests)}</dd>
        </div>
        <div className="stat">
          <dt className="stat-label">errors</dt>
          <dd className="stat-value">{count(errors)}</dd>
        </div>
        <div className="stat">
          <dt className="stat-label">slowest p99</dt>
          <dd className="stat-value">{ms(p99)}</dd>
        </div>
        <div className="stat">
          <dt className="stat-label">CPU</dt>
          <dd className="stat-value">{ms(sum((r) => r.cpuMs))}</dd>
        </div>
        <div className="stat">
          <dt className="stat-label">Bot API calls</dt>
          <dd className="stat-value">{count(sum((r) => r.botApiCalls))}</dd>
        </div>
        <div className="stat">
          <dt className="stat-label">egress</dt>
          <dd className="stat-value">{bytes(sum((r) => r.egressBytes))}</dd>
        </div>
        <div className="stat">
          <dt className="stat-label">stored</dt>
          <dd className="stat-value">
            {latest ? `${count(latest.storedDocuments ?? 0)} docs · ${bytes(latest.storedBytes ?? 0)}` : "—"}
          </dd>
        </div>
      </dl>
      <div className="chart-grid-2">
        <Chart
          title="Requests"
          summary={`${requests} requests and ${errors} errors in the ${window}.`}
          labels={labels}
          kind="bars"
          format={count}
          series={[
            { name: "answered", className: "series-ok", values: pick((r) => r.requests - r.errors) },
            { name: "errors", className: "series-error", values: pick((r) => r.errors) },
          ]}
        />
        <Chart
          title="Handler wall time"
          summary={`The slowest period's p99 was ${ms(p99)}.`}
          labels={labels}
          kind="lines"
          format={(v) => ms(v)}
          series={[
            { name: "p50", className: "series-p50", values: pick((r) => r.wallTimeP50Ms) },
            { name: "p99", className: "series-p99", values: pick((r) => r.wallTimeP99Ms) },
          ]}
        />
        <Chart
          title="CPU time"
          summary={`${ms(sum((r) => r.cpuMs))} of CPU in the ${window}.`}
          labels={labels}
          kind="bars"
          format={(v) => ms(v)}
          series={[{ name: "CPU ms", className: "series-cpu", values: pick((r) => r.cpuMs) }]}
        />
        <Chart
          title="Calls out of the bot"
          summary={`${sum((r) => r.hostCalls.db)} database calls, ${sum((r) => r.botApiCalls)} Bot API calls and ${sum((r) => r.hostCalls.http)} HTTP requests in the ${window}.`}
          labels={labels}
          kind="bars"
          format={count}
          series={[
            { name: "db", className: "series-db", values: pick((r) => r.hostCalls.db) },
            { name: "Telegram", className: "series-tg", values: pick((r) => r.hostCalls.telegram) },
            { name: "HTTP", className: "series-http", values: pick((r) => r.hostCalls.http) },
          ]}
        />
      </div>
      <ErrorBreakdown rows={rows} />
    </>
  );
}

function ErrorBreakdown({ rows }: { rows: UsagePeriod[] }) {
  const sum = (f: (r: UsagePeriod) => number) => rows.reduce((n, r) => n + f(r), 0);
  const kinds: Array<[string, number]> = [
    ["Handler threw", sum((r) => r.errorsByKind.handler)],
    ["Time limit", sum((r) => r.errorsByKind.timeout)],
    ["Memory limit", sum((r) => r.errorsByKind.memory)],
    ["Refused by a limit (429)", sum((r) => r.errorsByKind.refused)],
  ];
  const sent = sum((r) => r.broadcastMessagesSent);
  const failed = sum((r) => r.broadcastMessagesFailed);
  return (
    <div className="grid-2 usage-tables">
      <table className="table">
        <caption>Errors by kind</caption>
        <tbody>
          {kinds.map(([name, n]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td className="num">{count(n)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="table">
        <caption>Broadcast messages</caption>
        <tbody>
          <tr>
            <th scope="row">Sent</th>
            <td className="num">{count(sent)}</td>
          </tr>
          <tr>
            <th scope="row">Failed</th>
            <td className="num">{count(failed)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
