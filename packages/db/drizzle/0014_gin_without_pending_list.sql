-- The scoped GIN index writes each new row's entries into the index itself instead of queueing them in a pending
-- list, which every lookup of the index reads through, whichever bot it is for (docs/bot-runtime.md#fresh-data).
-- Turning fastupdate off leaves what is queued in place: the list is moved in once, here.
ALTER INDEX "documents_scoped_gin_idx" SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('documents_scoped_gin_idx'::regclass);
