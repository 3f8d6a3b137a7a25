/**
 * Settings → Plan: the account's plan and its use against each quota, all bots together
 * (docs/operations.md#plans-and-quotas). Over a quota, the call that would exceed it is refused with QUOTA_EXCEEDED.
 */
import { useAccountUsage } from "../../api/queries.js";
import type { QuotaUse } from "../../api/types.js";
import { ErrorNote, Loading } from "../../components/States.js";
import { bytes, count } from "./format.js";

const QUOTAS: Record<QuotaUse["quota"], { label: string; format: (n: number) => string; note?: string }> = {
  bots: { label: "Bots", format: count },
  storedDocuments: { label: "Stored documents", format: count },
  storedBytes: { label: "Stored data", format: bytes },
  broadcastsPerDay: { label: "Broadcasts today (UTC)", format: count },
  liveStreams: { label: "Live streams open at once", format: count, note: "live logs and broadcasts, every tab" },
  pendingScheduledRuns: { label: "Pending scheduled runs", format: count },
  requestsPerSecond: {
    label: "Requests a second",
    format: count,
    note: "last minute's average; the limit applies on each gateway",
  },
};

export function PlanCard() {
  const usage = useAccountUsage();
  return (
    <section className="card" aria-labelledby="plan-title">
      <div className="card-head">
        <h2 id="plan-title" className="card-title">
          Plan and usage
        </h2>
        {usage.data ? <span className="badge badge-plan">plan: {usage.data.plan}</span> : null}
      </div>
      <p className="muted">
        All your bots together, against your plan. A call that would go over a quota is refused with{" "}
        <code>QUOTA_EXCEEDED</code>; the operator can move you to another plan.
      </p>
      {usage.isPending ? <Loading label="Loading your plan…" /> : null}
      {usage.isError ? <ErrorNote error={usage.error} title="Could not load your plan" /> : null}
      {usage.data ? (
        <table className="table quota-table">
          <caption className="visually-hidden">Use against each quota</caption>
          <thead>
            <tr>
              <th scope="col">Quota</th>
              <th scope="col" className="num">
                Use
              </th>
              <th scope="col" className="num">
                Limit
              </th>
              <th scope="col">
                <span className="visually-hidden">Share used</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {usage.data.quotas.map((q) => {
              const spec = QUOTAS[q.quota];
              const share = q.use === null || q.limit === 0 ? null : Math.min(1, q.use / q.limit);
              return (
                <tr key={q.quota}>
                  <th scope="row">
                    {spec.label}
                    {spec.note ? <span className="quota-note">{spec.note}</span> : null}
                  </th>
                  <td className="num">{q.use === null ? "—" : spec.format(q.use)}</td>
                  <td className="num">{spec.format(q.limit)}</td>
                  <td className="quota-meter-cell">
                    {share === null ? null : (
                      <meter
                        className="quota-meter"
                        min={0}
                        max={1}
                        low={0.7}
                        high={0.9}
                        optimum={0}
                        value={share}
                        aria-label={`${spec.label}: ${Math.round(share * 100)} % used`}
                      />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
