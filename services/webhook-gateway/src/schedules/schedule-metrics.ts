/**
 * Metrics of scheduled runs (docs/operations.md#scheduled-runs): how late runs start, how they end, and how many due
 * runs no replica has taken, the alarm for runs that silently did not happen.
 */
import { Counter, Gauge, Histogram, type Registry } from "@botyard/common/metrics";
import type { ScheduleRepository } from "@botyard/db";

/** A due run untaken this long counts as overdue. */
export const OVERDUE_GRACE_MS = 60_000;

/** What the firing loop reports. */
export interface ScheduleObserver {
  /** A first attempt started `seconds` after its due time. */
  started(seconds: number): void;
  /** An attempt ended with `status`. */
  finished(status: "ok" | "failed" | "skipped" | "retrying"): void;
}

/** Registers the series; the overdue gauge is read from Postgres at each scrape. */
export function registerScheduleMetrics(registry: Registry, repository: ScheduleRepository): ScheduleObserver {
  const lateness = new Histogram({
    name: "gateway_schedule_lateness_seconds",
    help: "Time from a scheduled run's due time to the start of its first attempt",
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300],
    registers: [registry],
  });
  const runs = new Counter({
    name: "gateway_schedule_runs_total",
    help: "Finished attempts of scheduled runs on this replica, by how they ended",
    labelNames: ["status"],
    registers: [registry],
  });
  new Gauge({
    name: "gateway_schedules_overdue",
    help: `Scheduled runs due more than ${OVERDUE_GRACE_MS / 1000} s ago that no replica has taken (all replicas report the same count)`,
    registers: [registry],
    async collect() {
      this.set(await repository.overdue(OVERDUE_GRACE_MS));
    },
  });
  return {
    started: (seconds) => lateness.observe(Math.max(0, seconds)),
    finished: (status) => runs.inc({ status }),
  };
}
