/** The worker's Prometheus metrics. Labels are outcomes only: never a bot, chat or token. */
import { Counter, Gauge, type Registry } from "@botyard/common";

/** Counters and gauges of the worker. */
export interface WorkerMetrics {
  messages: Counter<"outcome">;
  activeBroadcasts: Gauge;
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
  };
}
