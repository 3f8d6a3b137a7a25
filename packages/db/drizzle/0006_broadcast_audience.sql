-- The audience of a broadcast (docs/broadcast.md#audience), written by its run right after the claim that starts it
-- and counted into its total by the same statement: a user who blocks or unblocks the bot during the run no longer
-- changes who is sent to. `audience_written` says whether a job's rows are there, so the claim never searches them.
-- Jobs left running by a worker of before this migration get theirs when a worker of after it resumes them.
CREATE TABLE "broadcast_audience" (
	"broadcast_id" text NOT NULL,
	"chat_id" bigint NOT NULL,
	CONSTRAINT "broadcast_audience_broadcast_id_chat_id_pk" PRIMARY KEY("broadcast_id","chat_id")
);
--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "audience_written" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcast_audience" ADD CONSTRAINT "broadcast_audience_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;