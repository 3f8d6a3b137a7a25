-- Usage metering per bot (docs/operations.md#usage-metering): a row per bot and minute, and per bot and hour, that
-- every gateway replica and broadcast worker adds its counts to. Account plans (docs/operations.md#plans-and-quotas):
-- accounts.plan, and the account's stored documents and bytes checked by the document triggers.
CREATE TABLE "bot_usage_hour" (
	"bot_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"errors_handler" bigint DEFAULT 0 NOT NULL,
	"errors_timeout" bigint DEFAULT 0 NOT NULL,
	"errors_memory" bigint DEFAULT 0 NOT NULL,
	"errors_refused" bigint DEFAULT 0 NOT NULL,
	"wall_buckets" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"cpu_ms" double precision DEFAULT 0 NOT NULL,
	"host_db" bigint DEFAULT 0 NOT NULL,
	"host_telegram" bigint DEFAULT 0 NOT NULL,
	"host_http" bigint DEFAULT 0 NOT NULL,
	"host_sleep" bigint DEFAULT 0 NOT NULL,
	"bot_api_calls" bigint DEFAULT 0 NOT NULL,
	"egress_bytes" bigint DEFAULT 0 NOT NULL,
	"broadcast_sent" bigint DEFAULT 0 NOT NULL,
	"broadcast_failed" bigint DEFAULT 0 NOT NULL,
	"stored_documents" bigint,
	"stored_bytes" bigint,
	CONSTRAINT "bot_usage_hour_bot_id_at_pk" PRIMARY KEY("bot_id","at")
);
--> statement-breakpoint
CREATE TABLE "bot_usage_minute" (
	"bot_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"errors_handler" bigint DEFAULT 0 NOT NULL,
	"errors_timeout" bigint DEFAULT 0 NOT NULL,
	"errors_memory" bigint DEFAULT 0 NOT NULL,
	"errors_refused" bigint DEFAULT 0 NOT NULL,
	"wall_buckets" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"cpu_ms" double precision DEFAULT 0 NOT NULL,
	"host_db" bigint DEFAULT 0 NOT NULL,
	"host_telegram" bigint DEFAULT 0 NOT NULL,
	"host_http" bigint DEFAULT 0 NOT NULL,
	"host_sleep" bigint DEFAULT 0 NOT NULL,
	"bot_api_calls" bigint DEFAULT 0 NOT NULL,
	"egress_bytes" bigint DEFAULT 0 NOT NULL,
	"broadcast_sent" bigint DEFAULT 0 NOT NULL,
	"broadcast_failed" bigint DEFAULT 0 NOT NULL,
	"stored_documents" bigint,
	"stored_bytes" bigint,
	CONSTRAINT "bot_usage_minute_bot_id_at_pk" PRIMARY KEY("bot_id","at")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "plan" text;--> statement-breakpoint
ALTER TABLE "bot_usage_hour" ADD CONSTRAINT "bot_usage_hour_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_usage_minute" ADD CONSTRAINT "bot_usage_minute_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_usage_hour_at_idx" ON "bot_usage_hour" USING btree ("at");--> statement-breakpoint
CREATE INDEX "bot_usage_minute_at_idx" ON "bot_usage_minute" USING btree ("at");--> statement-breakpoint
-- The account's quotas of stored documents and bytes, read from settings the gateway's store puts on its connections
-- (botyard.account_max_docs, botyard.account_max_bytes; management's transferBot seeding sets them for its
-- transaction). Checked after the per-collection and per-bot limits, over every bot of the account that owns the
-- written rows; a writer that sets neither is only counted, as before. DETAIL is "<limit>/<use before the write>" for
-- documents (exact for inserts) and "<limit>/<use with the write>" for bytes.
CREATE OR REPLACE FUNCTION docstore_check_limits(bot_ids text[], colls text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  max_docs bigint := nullif(current_setting('botyard.docstore_max_docs', true), '')::bigint;
  max_bytes bigint := nullif(current_setting('botyard.docstore_max_bytes', true), '')::bigint;
  account_docs bigint := nullif(current_setting('botyard.account_max_docs', true), '')::bigint;
  account_bytes bigint := nullif(current_setting('botyard.account_max_bytes', true), '')::bigint;
  use_docs bigint;
  use_bytes bigint;
BEGIN
  IF max_docs IS NOT NULL AND EXISTS (SELECT 1 FROM document_usage u
      JOIN unnest(bot_ids, colls) AS n(bot_id, collection) USING (bot_id, collection) WHERE u.docs > max_docs) THEN
    RAISE EXCEPTION USING ERRCODE = 'DS001', MESSAGE = 'collection document limit', DETAIL = max_docs::text;
  END IF;
  IF max_bytes IS NOT NULL AND EXISTS (SELECT 1 FROM (SELECT DISTINCT b FROM unnest(bot_ids) b) n
      WHERE (SELECT sum(bytes) FROM document_usage u WHERE u.bot_id = n.b) > max_bytes) THEN
    RAISE EXCEPTION USING ERRCODE = 'DS002', MESSAGE = 'bot byte limit', DETAIL = max_bytes::text;
  END IF;
  IF account_docs IS NOT NULL OR account_bytes IS NOT NULL THEN
    SELECT coalesce(sum(u.docs), 0), coalesce(sum(u.bytes), 0) INTO use_docs, use_bytes
      FROM document_usage u JOIN bots b ON b.id = u.bot_id
      WHERE b.account_id IN (SELECT DISTINCT o.account_id FROM bots o WHERE o.id = ANY (bot_ids));
    IF account_docs IS NOT NULL AND use_docs > account_docs THEN
      RAISE EXCEPTION USING ERRCODE = 'DS004', MESSAGE = 'account document quota',
        DETAIL = account_docs::text || '/' || greatest(use_docs - cardinality(bot_ids), 0)::text;
    END IF;
    IF account_bytes IS NOT NULL AND use_bytes > account_bytes THEN
      RAISE EXCEPTION USING ERRCODE = 'DS005', MESSAGE = 'account byte quota',
        DETAIL = account_bytes::text || '/' || use_bytes::text;
    END IF;
  END IF;
END $$;
--> statement-breakpoint
-- Adds two histograms of wall times element by element (a missing element counts 0): how a flush merges its buckets
-- into a row other replicas have written to.
CREATE FUNCTION usage_add_buckets(a bigint[], b bigint[]) RETURNS bigint[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(coalesce(x, 0) + coalesce(y, 0) ORDER BY i), '{}'::bigint[])
    FROM unnest(a, b) WITH ORDINALITY AS t(x, y, i)
$$;
