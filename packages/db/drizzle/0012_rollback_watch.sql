ALTER TABLE "bots" ADD COLUMN "rollback_watch_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "rollback_to_version" integer;