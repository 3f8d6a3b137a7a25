-- Broadcast progress (docs/broadcast.md#progress): the recipients above the cursor already handled, so a run that
-- resumes a job handed back or lost skips them instead of sending them again.
ALTER TABLE "broadcasts" ADD COLUMN "done_above" bigint[] DEFAULT '{}'::bigint[] NOT NULL;