/**
 * The gateway's own Prometheus metrics, beside Node's defaults and the HTTP series: the bot isolates of the process
 * and their heaps. Those heaps are memory of the process that `nodejs_heap_size_*` and `nodejs_external_memory_bytes`
 * do not count, so the resident size is read against them.
 *
 * @see docs/operations.md#isolate-memory
 */
import { Gauge, type Registry } from "@botyard/common/metrics";
import { Sandbox } from "./runtime/sandbox.js";

export function registerRuntimeMetrics(registry: Registry): void {
  // Read once per scrape (both gauges): one statistics call per isolate, on isolated-vm's threads.
  let scrape: ReturnType<typeof Sandbox.heapTotals> | undefined;
  const totals = () => {
    scrape ??= Sandbox.heapTotals().finally(() => {
      scrape = undefined;
    });
    return scrape;
  };
  new Gauge({
    name: "gateway_isolates",
    help: "Bot isolates not freed yet in this process: loaded, and retired ones finishing their calls",
    registers: [registry],
    async collect() {
      this.set((await totals()).isolates);
    },
  });
  new Gauge({
    name: "gateway_isolate_heap_bytes",
    help: "Heap of the bot isolates, summed: committed (held from the system), used, external",
    labelNames: ["kind"],
    registers: [registry],
    async collect() {
      const { committedBytes, usedBytes, externalBytes } = await totals();
      this.set({ kind: "committed" }, committedBytes);
      this.set({ kind: "used" }, usedBytes);
      this.set({ kind: "external" }, externalBytes);
    },
  });
}
