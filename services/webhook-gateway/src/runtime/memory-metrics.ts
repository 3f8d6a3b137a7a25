/**
 * The memory budget in /metrics: what it allows, what isolates and host-held bot memory take of it, the pressure,
 * evictions and refusals. Gateway totals only: no bot id is ever a label.
 *
 * @see docs/operations.md#memory-budget
 */
import { Counter, Gauge, type Registry } from "@botyard/common/metrics";
import type { BotRuntime } from "./bot-runtime.js";

/** Registers the budget's metrics, read from `runtime` at each scrape. */
export function registerMemoryMetrics(registry: Registry, runtime: BotRuntime): void {
  new Gauge({
    name: "gateway_memory_budget_bytes",
    help: "GATEWAY_MEMORY_MB in bytes: what isolates and host-held bot memory may take together",
    registers: [registry],
    collect() {
      this.set(runtime.memoryReport().budgetBytes);
    },
  });
  new Gauge({
    name: "gateway_memory_used_bytes",
    help: "Bytes counted against the gateway's memory budget, by part (isolates: measured heaps; host: held for bots)",
    labelNames: ["part"],
    registers: [registry],
    collect() {
      const report = runtime.memoryReport();
      this.set({ part: "isolates" }, report.isolateBytes);
      this.set({ part: "host" }, report.hostBytes);
    },
  });
  new Gauge({
    name: "gateway_memory_pressure",
    help: "1 while a bot load or a host-memory hold was refused for want of room in the last 10 s",
    registers: [registry],
    collect() {
      this.set(runtime.memoryReport().pressure ? 1 : 0);
    },
  });
  new Counter({
    name: "gateway_memory_evictions_total",
    help: "Idle isolates freed to make room in the gateway's memory budget",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(runtime.memoryReport().evictions);
    },
  });
  new Counter({
    name: "gateway_memory_refusals_total",
    help: "Refusals for memory, by budget (bot: a bot's host budget; gateway: a hold past the gateway's; load: a bot load, answered 503)",
    labelNames: ["budget"],
    registers: [registry],
    collect() {
      const { refusals } = runtime.memoryReport();
      this.reset();
      for (const budget of ["bot", "gateway", "load"] as const) this.inc({ budget }, refusals[budget]);
    },
  });
}
