export * from "./schema.js";
export * as schema from "./schema.js";
export { createDb, pingDb, type Database, type DbHandle } from "./client.js";
export { runMigrations, migrationsFolder } from "./migrate.js";
