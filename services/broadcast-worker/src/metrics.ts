/** The worker's Prometheus metrics. Labels are outcomes only: never a bot, chat or token. */
import { Counter, Gauge, type Registry } from "@botyard/common/metrics";

/** Counters and gauges of the worker. */
export interface WorkerMetrics {
  messages: Counter<"outcome">;
  activeBroadcasts: Gauge;
  /** Claims by outcome: claimed, busy (another run holds a job of the bot), idle (nothing to send). */
  claims: Counter<"outcome">;
  /** Runs ended, by outcome (completed, cancelled, failed, handed-back, fenced). */
  runs: Counter<"outcome">;
}

export function createWorkerMetrics(registry: Registry): WorkerMetrics {
  return {
    messages: new Counter({
      name: "broadcast_messages_total",
      help: "Broadcast sends by outcome (sent, failed, rate_limited)",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    activeBroadcasts: new Gauge({
      name: "broadcast_active",
      help: "Broadcasts this process is sending now",
      registers: [registry],
    }),
    claims: new Counter({
      name: "broadcast_claims_total",
      help: "Claims of a bot's next broadcast by outcome (claimed, busy, idle); see docs/broadcast.md#fencing",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    runs: new Counter({
      name: "broadcast_runs_total",
      help: "Broadcast runs ended, by outcome (completed, cancelled, failed, handed-back, fenced)",
      labelNames: ["outcome"],
      registers: [registry],
    }),
  };
}
