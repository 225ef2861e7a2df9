ALTER TABLE "checkup_reminder_stops" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "follow_up_unsubscribes" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "checkup_reminder_stops" CASCADE;--> statement-breakpoint
DROP TABLE "follow_up_unsubscribes" CASCADE;--> statement-breakpoint
ALTER TABLE "newsletter_signups" DROP COLUMN "unsubscribed_at";--> statement-breakpoint
ALTER TABLE "newsletter_signups" ADD CONSTRAINT "newsletter_signups_stored_status" CHECK ("newsletter_signups"."status" in ('pending', 'subscribed', 'bounced'));