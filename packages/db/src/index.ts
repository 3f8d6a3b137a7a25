export * from "./schema.js";
export * as schema from "./schema.js";
export { createDb, pingDb, type Database, type DbHandle } from "./client.js";
export { ensureDatabase, migrationsFolder, prepareDatabase, runMigrations } from "./migrate.js";
