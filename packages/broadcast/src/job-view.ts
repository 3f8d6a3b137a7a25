/** The job object of the broadcast API: `{ jobId, status, total, sent, failed, createdAt, startedAt, finishedAt }`. */
import type { BroadcastStatus } from "@botyard/db";

/** A broadcasts row as both services read it. */
export interface BroadcastRow {
  id: string;
  status: BroadcastStatus;
  total: number;
  sent: number;
  failed: number;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** The public shape of a job; `error` appears only on failed jobs. */
export function jobView(row: BroadcastRow) {
  return {
    jobId: row.id,
    status: row.status,
    total: row.total,
    sent: row.sent,
    failed: row.failed,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    ...(row.status === "failed" && row.error ? { error: row.error } : {}),
  };
}
