-- Versions begin: each existing bot's saved code becomes its first version (docs/versions.md#numbers-and-authors).
-- A bot whose running code differs from its saved code gets that running code as version 1 (a restart snapshots the
-- saved code, so the running copy is the older one) and its saved code as version 2, so it can roll back to what runs.
INSERT INTO "bot_versions" ("bot_id", "version", "code", "size", "sha256", "source", "created_at")
SELECT "id", 1, "running_code", octet_length("running_code"), encode(sha256(convert_to("running_code", 'UTF8')), 'hex'),
       'migration', coalesce("started_at", "created_at")
FROM "bots"
WHERE "running_code" IS NOT NULL AND "running_code" <> "code";
--> statement-breakpoint
INSERT INTO "bot_versions" ("bot_id", "version", "code", "size", "sha256", "source", "created_at")
SELECT "id", CASE WHEN "running_code" IS NOT NULL AND "running_code" <> "code" THEN 2 ELSE 1 END, "code",
       octet_length("code"), encode(sha256(convert_to("code", 'UTF8')), 'hex'), 'migration',
       coalesce("code_updated_at", "created_at")
FROM "bots";
--> statement-breakpoint
UPDATE "bots"
SET "saved_version" = CASE WHEN "running_code" IS NOT NULL AND "running_code" <> "code" THEN 2 ELSE 1 END,
    "running_version" = CASE WHEN "running_code" IS NULL THEN NULL ELSE 1 END;
