/**
 * `@botyard/common/service`: a service process's life: the one start-up (startService), listening and draining
 * (Lifecycle), and the operator endpoints /healthz, /readyz and /metrics.
 *
 * @see docs/operations.md#shutdown
 */
export * from "./health.js";
export * from "./lifecycle.js";
export * from "./start.js";
