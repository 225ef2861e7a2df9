ALTER TABLE "content_versions" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "newsletter_editions" ADD COLUMN "body_html" text;--> statement-breakpoint
ALTER TABLE "newsletter_editions" ADD COLUMN "reading_minutes" integer;--> statement-breakpoint
ALTER TABLE "webinars" ADD COLUMN "description_html" text;--> statement-breakpoint
ALTER TABLE "webinars" ADD COLUMN "recording_summary_html" text;