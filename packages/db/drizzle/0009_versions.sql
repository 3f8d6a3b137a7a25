CREATE TABLE "bot_versions" (
	"bot_id" text NOT NULL,
	"version" integer NOT NULL,
	"code" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"source" text NOT NULL,
	"message" text,
	"restored_from" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_versions_bot_id_version_pk" PRIMARY KEY("bot_id","version")
);
--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "saved_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "running_version" integer;--> statement-breakpoint
ALTER TABLE "bot_versions" ADD CONSTRAINT "bot_versions_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;