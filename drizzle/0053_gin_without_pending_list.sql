-- The search indexes write each publish's words at once instead of into GIN's pending list, which
-- every search scans until a vacuum merges it (decision 098). Altered rather than rebuilt: the
-- setting applies to what is written from now on, and what is pending now is merged here.
ALTER INDEX "search_documents_vector_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "search_documents_premium_title_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('search_documents_vector_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('search_documents_premium_title_idx'::regclass);
