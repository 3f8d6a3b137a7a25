/**
 * @botyard/docstore: the bot document store behind `db.operation`. The gateway builds one {@link DocumentStore} per
 * bot and calls `run(op, args)`; management may use {@link dropBotIndexes} before deleting a bot.
 *
 * @see docs/bot-runtime.md#db
 */
export { DocumentStore, type DocumentStoreObserver, equalityFields, MAX_PAGE, markSingleSession } from "./store.js";
export { DocumentStoreError, type DocumentStoreErrorKind } from "./errors.js";
export { DEFAULT_LIMITS, resolveLimits, type DocumentStoreLimits } from "./limits.js";
export { dropBotIndexes, sweepOrphanIndexes } from "./indexes.js";
export { poolOf } from "./pool.js";
export { DEFAULT_STATISTICS, StatisticsKeeper, type StatisticsOptions, statisticsKeeperOf } from "./statistics.js";
export { applyUpdate, parseUpdate, UPDATE_OPERATORS } from "./update.js";
export { parseProjection } from "./projection.js";
export { FilterCompiler } from "./jsonpath.js";
export { regexProblem } from "./regex.js";
