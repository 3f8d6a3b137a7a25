-- The bot document store (packages/docstore, docs/bot-runtime.md#db): helper functions its SQL and indexes use,
-- the per-bot scoped GIN index for equality, usage counters for the limits, and the registry of createIndex indexes.
CREATE FUNCTION docstore_scoped(bot text, coll text, doc jsonb) RETURNS jsonb
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT jsonb_build_object(bot || '/' || coll, doc) $$;--> statement-breakpoint
-- MongoDB's sort order of types: null and missing, numbers, strings, objects, arrays, booleans.
CREATE FUNCTION docstore_rank(v jsonb) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE jsonb_typeof(v) WHEN 'number' THEN 2 WHEN 'string' THEN 3 WHEN 'object' THEN 4
    WHEN 'array' THEN 5 WHEN 'boolean' THEN 6 ELSE 1 END $$;--> statement-breakpoint
CREATE FUNCTION docstore_num(v jsonb) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE jsonb_typeof(v) WHEN 'number' THEN v::numeric WHEN 'boolean' THEN
    CASE WHEN v::boolean THEN 1 ELSE 0 END END $$;--> statement-breakpoint
CREATE FUNCTION docstore_str(v jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN jsonb_typeof(v) = 'string' THEN v #>> '{}' END $$;--> statement-breakpoint
-- True when the document holds an array on `path` or on one of its prefixes.
CREATE FUNCTION docstore_path_has_array(doc jsonb, path text[]) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT EXISTS (SELECT 1 FROM generate_series(1, cardinality(path)) k
    WHERE jsonb_typeof(doc #> path[1:k]) = 'array') $$;--> statement-breakpoint
CREATE TABLE "document_indexes" (
	"bot_id" text NOT NULL,
	"collection" text NOT NULL,
	"field" text NOT NULL,
	"path" text[] NOT NULL,
	"index_name" text NOT NULL,
	"status" text DEFAULT 'building' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_indexes_bot_id_collection_field_pk" PRIMARY KEY("bot_id","collection","field")
);
--> statement-breakpoint
CREATE TABLE "document_usage" (
	"bot_id" text NOT NULL,
	"collection" text NOT NULL,
	"docs" bigint DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "document_usage_bot_id_collection_pk" PRIMARY KEY("bot_id","collection")
);
--> statement-breakpoint
DROP INDEX "documents_data_gin_idx";--> statement-breakpoint
ALTER TABLE "document_indexes" ADD CONSTRAINT "document_indexes_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_usage" ADD CONSTRAINT "document_usage_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_indexes_name_idx" ON "document_indexes" USING btree ("index_name");--> statement-breakpoint
CREATE INDEX "documents_bot_collection_id_idx" ON "documents" USING btree ("bot_id","collection","id");--> statement-breakpoint
CREATE INDEX "documents_scoped_gin_idx" ON "documents" USING gin (docstore_scoped("bot_id", "collection", "data") jsonb_path_ops);--> statement-breakpoint
INSERT INTO "document_usage" ("bot_id", "collection", "docs", "bytes")
  SELECT "bot_id", "collection", count(*), sum(pg_column_size("data")) FROM "documents" GROUP BY 1, 2;--> statement-breakpoint
-- Limits are read from settings the store puts on its connections (botyard.docstore_max_docs,
-- botyard.docstore_max_bytes); a writer that sets none (management's seeding) is only counted.
CREATE FUNCTION docstore_check_limits(bot_ids text[], colls text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  max_docs bigint := nullif(current_setting('botyard.docstore_max_docs', true), '')::bigint;
  max_bytes bigint := nullif(current_setting('botyard.docstore_max_bytes', true), '')::bigint;
BEGIN
  IF max_docs IS NOT NULL AND EXISTS (SELECT 1 FROM document_usage u
      JOIN unnest(bot_ids, colls) AS n(bot_id, collection) USING (bot_id, collection) WHERE u.docs > max_docs) THEN
    RAISE EXCEPTION USING ERRCODE = 'DS001', MESSAGE = 'collection document limit', DETAIL = max_docs::text;
  END IF;
  IF max_bytes IS NOT NULL AND EXISTS (SELECT 1 FROM (SELECT DISTINCT b FROM unnest(bot_ids) b) n
      WHERE (SELECT sum(bytes) FROM document_usage u WHERE u.bot_id = n.b) > max_bytes) THEN
    RAISE EXCEPTION USING ERRCODE = 'DS002', MESSAGE = 'bot byte limit', DETAIL = max_bytes::text;
  END IF;
END $$;--> statement-breakpoint
-- A field with a createIndex index holds no array (nor does any prefix of it): its index then answers exactly.
CREATE FUNCTION docstore_check_indexed(bot_ids text[], colls text[], docs jsonb[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE hit text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM document_indexes i WHERE i.bot_id = ANY (bot_ids)) THEN RETURN; END IF;
  SELECT i.field INTO hit FROM unnest(bot_ids, colls, docs) AS n(bot_id, collection, data)
    JOIN document_indexes i ON i.bot_id = n.bot_id AND i.collection = n.collection
    WHERE docstore_path_has_array(n.data, i.path) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'DS003', MESSAGE = 'array on an indexed field', DETAIL = hit;
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION docstore_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE b text[]; c text[]; d jsonb[];
BEGIN
  INSERT INTO document_usage AS u (bot_id, collection, docs, bytes)
    SELECT bot_id, collection, count(*), sum(pg_column_size(data)) FROM new_rows GROUP BY bot_id, collection
    ON CONFLICT (bot_id, collection) DO UPDATE SET docs = u.docs + excluded.docs, bytes = u.bytes + excluded.bytes;
  SELECT array_agg(bot_id), array_agg(collection), array_agg(data) INTO b, c, d FROM new_rows;
  PERFORM docstore_check_limits(b, c);
  PERFORM docstore_check_indexed(b, c, d);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION docstore_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE b text[]; c text[]; d jsonb[]; grew boolean;
BEGIN
  WITH delta AS (
    SELECT bot_id, collection, sum(n) AS docs, sum(s) AS bytes FROM (
      SELECT bot_id, collection, 1 AS n, pg_column_size(data) AS s FROM new_rows
      UNION ALL SELECT bot_id, collection, -1, -pg_column_size(data) FROM old_rows) x
    GROUP BY bot_id, collection)
  INSERT INTO document_usage AS u (bot_id, collection, docs, bytes)
    SELECT bot_id, collection, docs, bytes FROM delta WHERE docs <> 0 OR bytes <> 0
    ON CONFLICT (bot_id, collection) DO UPDATE SET docs = u.docs + excluded.docs, bytes = u.bytes + excluded.bytes;
  SELECT array_agg(bot_id), array_agg(collection), array_agg(data) INTO b, c, d FROM new_rows;
  SELECT (SELECT coalesce(sum(pg_column_size(data)), 0) FROM new_rows)
    > (SELECT coalesce(sum(pg_column_size(data)), 0) FROM old_rows) INTO grew;
  IF grew THEN PERFORM docstore_check_limits(b, c); END IF;
  PERFORM docstore_check_indexed(b, c, d);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION docstore_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE document_usage u SET docs = u.docs - o.docs, bytes = u.bytes - o.bytes
    FROM (SELECT bot_id, collection, count(*) AS docs, sum(pg_column_size(data)) AS bytes FROM old_rows
      GROUP BY bot_id, collection) o
    WHERE u.bot_id = o.bot_id AND u.collection = o.collection;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER documents_usage_insert AFTER INSERT ON documents REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION docstore_on_insert();--> statement-breakpoint
CREATE TRIGGER documents_usage_update AFTER UPDATE ON documents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION docstore_on_update();--> statement-breakpoint
CREATE TRIGGER documents_usage_delete AFTER DELETE ON documents REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION docstore_on_delete();
