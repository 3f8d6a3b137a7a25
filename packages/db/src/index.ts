export * from "./schema.js";
export * as schema from "./schema.js";
export { createDb, pingDb, type Database, type DbHandle } from "./client.js";
export { ensureDatabase, migrationsFolder, prepareDatabase, runMigrations } from "./migrate.js";
export * from "./usage.js";
export {
  USAGE_RETENTION,
  UsageRepository,
  type UsageGranularity,
  type UsageRow,
} from "./usage-repository.js";
export {
  type ClaimedRun,
  type RunRecord,
  SCHEDULE_RUNS_KEPT,
  type ScheduleBounds,
  type ScheduleChange,
  type ScheduleEntry,
  scheduleEntry,
  type ScheduleInput,
  type ScheduleListItem,
  scheduleListItem,
  type ScheduleRefusal,
  ScheduleRepository,
  type ScheduleRunView,
  type ScheduleView,
} from "./schedule-repository.js";
export { insertVersion, type NewVersion, type PrunePointers, pruneVersions, type Tx } from "./versions.js";
export { type OutboxEvent, recordNotificationEvent } from "./notification-outbox.js";
