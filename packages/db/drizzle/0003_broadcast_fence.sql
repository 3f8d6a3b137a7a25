-- Broadcast run fencing (docs/broadcast.md#fencing): every claim of a job raises its fence and takes a lease that
-- each progress write renews; a run whose fence was superseded matches no row and stops sending.
ALTER TABLE "broadcasts" ADD COLUMN "fence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "lease_until" timestamp with time zone;