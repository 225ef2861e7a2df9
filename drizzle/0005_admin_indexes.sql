DROP INDEX "admin_audit_log_created_at_idx";--> statement-breakpoint
DROP INDEX "allies_created_at_idx";--> statement-breakpoint
DROP INDEX "checkup_results_created_at_idx";--> statement-breakpoint
DROP INDEX "community_signups_created_at_idx";--> statement-breakpoint
DROP INDEX "contact_messages_created_at_idx";--> statement-breakpoint
DROP INDEX "newsletter_signups_created_at_idx";--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
CREATE INDEX "admin_audit_log_admin_email_search_idx" ON "admin_audit_log" USING btree (lower("admin_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "admin_audit_log_action_search_idx" ON "admin_audit_log" USING btree (lower("action") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "admin_audit_log_target_id_search_idx" ON "admin_audit_log" USING btree (lower("target_id") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "allies_approved_created_at_idx" ON "allies" USING btree ("approved","created_at","id");--> statement-breakpoint
CREATE INDEX "allies_name_search_idx" ON "allies" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "allies_email_search_idx" ON "allies" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "allies_submitter_email_search_idx" ON "allies" USING btree (lower("submitter_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "allies_category_search_idx" ON "allies" USING btree (lower("category") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "checkup_results_email_search_idx" ON "checkup_results" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "checkup_results_email_idx" ON "checkup_results" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "checkup_results_score_idx" ON "checkup_results" USING btree ("score","id");--> statement-breakpoint
CREATE INDEX "community_signups_email_search_idx" ON "community_signups" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "community_signups_name_search_idx" ON "community_signups" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "community_signups_organization_search_idx" ON "community_signups" USING btree (lower("organization") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_email_search_idx" ON "contact_messages" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_name_search_idx" ON "contact_messages" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_subject_search_idx" ON "contact_messages" USING btree (lower("subject") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_organization_search_idx" ON "contact_messages" USING btree (lower("organization") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_email_idx" ON "contact_messages" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "contact_messages_status_idx" ON "contact_messages" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "newsletter_signups_email_search_idx" ON "newsletter_signups" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "newsletter_signups_name_search_idx" ON "newsletter_signups" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "newsletter_signups_organization_search_idx" ON "newsletter_signups" USING btree (lower("organization") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "newsletter_signups_email_idx" ON "newsletter_signups" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "newsletter_signups_name_idx" ON "newsletter_signups" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "subscriptions_created_at_idx" ON "subscriptions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_email_search_idx" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_first_name_search_idx" ON "users" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_search_idx" ON "users" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_name_search_idx" ON "users" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "users_last_name_idx" ON "users" USING btree ("last_name","id");--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_at_idx" ON "admin_audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "allies_created_at_idx" ON "allies" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "checkup_results_created_at_idx" ON "checkup_results" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "community_signups_created_at_idx" ON "community_signups" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "newsletter_signups_created_at_idx" ON "newsletter_signups" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");