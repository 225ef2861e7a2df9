-- Trigram indexes need pg_trgm: a trusted extension (PostgreSQL 13+), so the database owner may create it; PGlite loads it in server/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "admin_audit_log_admin_email_trgm_idx" ON "admin_audit_log" USING gin (lower("admin_email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "admin_audit_log_action_trgm_idx" ON "admin_audit_log" USING gin (lower("action") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "admin_audit_log_target_id_trgm_idx" ON "admin_audit_log" USING gin (lower("target_id") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "allies_name_trgm_idx" ON "allies" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "allies_email_trgm_idx" ON "allies" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "allies_submitter_email_trgm_idx" ON "allies" USING gin (lower("submitter_email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "allies_category_trgm_idx" ON "allies" USING gin (lower("category") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "checkup_results_email_trgm_idx" ON "checkup_results" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "community_signups_email_trgm_idx" ON "community_signups" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "community_signups_name_trgm_idx" ON "community_signups" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "community_signups_organization_trgm_idx" ON "community_signups" USING gin (lower("organization") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_email_trgm_idx" ON "contact_messages" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_name_trgm_idx" ON "contact_messages" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_subject_trgm_idx" ON "contact_messages" USING gin (lower("subject") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_organization_trgm_idx" ON "contact_messages" USING gin (lower("organization") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "newsletter_signups_email_trgm_idx" ON "newsletter_signups" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "newsletter_signups_name_trgm_idx" ON "newsletter_signups" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "newsletter_signups_organization_trgm_idx" ON "newsletter_signups" USING gin (lower("organization") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_first_name_trgm_idx" ON "users" USING gin (lower("first_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_trgm_idx" ON "users" USING gin (lower("last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (lower("name") gin_trgm_ops);