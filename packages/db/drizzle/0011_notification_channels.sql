CREATE TABLE "notification_channels" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"url" text,
	"secret_enc" text,
	"chat_id" bigint,
	"link_token_hash" text,
	"last_delivered_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_channels" ADD CONSTRAINT "notification_channels_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_channels_account_idx" ON "notification_channels" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_channels_link_token_idx" ON "notification_channels" USING btree ("link_token_hash");