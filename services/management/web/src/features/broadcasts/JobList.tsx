/** The last 20 broadcasts: progress bars (sent, failed, total), rate, ETA, and Cancel while queued or running. */
import { useEffect, useState } from "react";
import { useCancelBroadcast, useJobs } from "../../api/queries.js";
import type { BroadcastJob } from "../../api/types.js";
import { ErrorNote, Loading } from "../../components/States.js";

const ACTIVE = new Set(["queued", "running"]);

export function JobList({ botId, live }: { botId: string; live: boolean }) {
  const jobs = useJobs(botId);
  const cancel = useCancelBroadcast(botId);
  const [now, setNow] = useState(() => Date.now());
  const anyActive = jobs.data?.some((j) => ACTIVE.has(j.status)) ?? false;
  // The rate and ETA age between events; a light clock keeps them honest while a job runs.
  useEffect(() => {
    if (!anyActive) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [anyActive]);

  return (
    <section className="card" aria-labelledby="jobs-title">
      <div className="card-head">
        <h2 id="jobs-title" className="card-title">
          Recent broadcasts
        </h2>
        <span className={live ? "live live-live" : "live live-connecting"}>
          <span className="live-dot" aria-hidden="true" />
          {live ? "Live" : "Connecting…"}
        </span>
      </div>
      {jobs.isPending ? <Loading /> : null}
      {jobs.isError ? <ErrorNote error={jobs.error} title="Could not load broadcasts" /> : null}
      {jobs.data && jobs.data.length === 0 ? (
        <p className="muted">No broadcasts yet. Compose one to reach everyone who wrote to this bot.</p>
      ) : null}
      {cancel.error ? <ErrorNote error={cancel.error} title="Could not cancel" /> : null}
      <ul className="jobs">
        {jobs.data?.map((job) => (
          <JobRow key={job.jobId} job={job} now={now} onCancel={() => cancel.mutate(job.jobId)} />
        ))}
      </ul>
    </section>
  );
}

function JobRow({ job, now, onCancel }: { job: BroadcastJob; now: number; onCancel: () => void }) {
  const done = job.sent + job.failed;
  const started = job.startedAt ? new Date(job.startedAt).getTime() : null;
  const end = job.finishedAt ? new Date(job.finishedAt).getTime() : now;
  const seconds = started ? Math.max((end - started) / 1000, 0.001) : 0;
  const rate = started && done > 0 ? done / seconds : 0;
  const eta = job.status === "running" && rate > 0 ? Math.ceil((job.total - done) / rate) : null;
  const label = `Broadcast ${job.jobId.slice(0, 8)}`;
  return (
    <li className="job" data-testid="job" data-status={job.status} data-job-id={job.jobId}>
      <div className="job-head">
        <span className={`pill pill-${job.status}`}>{job.status}</span>
        <span className="job-time">{new Date(job.createdAt).toLocaleString()}</span>
        {ACTIVE.has(job.status) ? (
          <button type="button" className="button button-small button-danger-outline" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
      <progress className="progress" max={Math.max(job.total, 1)} value={done} aria-label={`${label} progress`} />
      <div className="job-stats" data-testid="job-stats">
        <span>
          <strong>{job.sent}</strong> sent
        </span>
        <span>
          <strong>{job.failed}</strong> failed
        </span>
        <span>
          <strong>{job.total}</strong> total
        </span>
        {rate > 0 ? <span>{rate.toFixed(1)} msg/s</span> : null}
        {eta !== null ? <span>ETA {formatDuration(eta)}</span> : null}
      </div>
      {job.error ? <p className="field-error">{job.error}</p> : null}
    </li>
  );
}

function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const m = Math.floor(seconds / 60);
  return `${m} min ${seconds % 60} s`;
}
