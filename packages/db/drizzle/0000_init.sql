CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"account_id" text PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_key_id_unique" UNIQUE("key_id")
);
--> statement-breakpoint
CREATE TABLE "bot_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bot_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bots" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'stopped' NOT NULL,
	"halt_reason" text,
	"code" text DEFAULT '' NOT NULL,
	"running_code" text,
	"code_version" integer DEFAULT 0 NOT NULL,
	"token_enc" text,
	"token_hash" text,
	"webhook_secret_hash" text,
	"env_enc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code_updated_at" timestamp with time zone,
	"started_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" text PRIMARY KEY NOT NULL,
	"bot_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"payload" jsonb NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"cursor" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bot_id" text NOT NULL,
	"collection" text NOT NULL,
	"doc_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipients" (
	"bot_id" text NOT NULL,
	"chat_id" bigint NOT NULL,
	"language_code" text,
	"first_name" text,
	"username" text,
	"blocked" boolean DEFAULT false NOT NULL,
	"blocked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recipients_bot_id_chat_id_pk" PRIMARY KEY("bot_id","chat_id")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_logs" ADD CONSTRAINT "bot_logs_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_lower_idx" ON "accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "bot_logs_bot_id_idx" ON "bot_logs" USING btree ("bot_id","id");--> statement-breakpoint
CREATE INDEX "bots_account_idx" ON "bots" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "bots_token_hash_idx" ON "bots" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "broadcasts_bot_created_idx" ON "broadcasts" USING btree ("bot_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_bot_collection_doc_idx" ON "documents" USING btree ("bot_id","collection","doc_id");--> statement-breakpoint
CREATE INDEX "documents_data_gin_idx" ON "documents" USING gin ("data");--> statement-breakpoint
CREATE INDEX "recipients_bot_lang_idx" ON "recipients" USING btree ("bot_id","language_code");