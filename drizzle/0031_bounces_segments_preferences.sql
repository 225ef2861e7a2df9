CREATE TABLE "edition_bounces" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" bigint NOT NULL,
	"edition_id" uuid NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"diagnostic" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_topic_opt_outs" (
	"email" text NOT NULL,
	"topic" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_segments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"filter" jsonb NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter_editions" ADD COLUMN "segment_id" uuid;--> statement-breakpoint
ALTER TABLE "newsletter_signups" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "edition_bounces" ADD CONSTRAINT "edition_bounces_delivery_id_edition_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."edition_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_bounces" ADD CONSTRAINT "edition_bounces_edition_id_newsletter_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."newsletter_editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "edition_bounces_delivery_kind_idx" ON "edition_bounces" USING btree ("delivery_id","kind");--> statement-breakpoint
CREATE INDEX "edition_bounces_edition_idx" ON "edition_bounces" USING btree ("edition_id","kind");--> statement-breakpoint
CREATE INDEX "edition_bounces_email_idx" ON "edition_bounces" USING btree (lower("email"),"received_at");--> statement-breakpoint
CREATE INDEX "edition_bounces_received_at_idx" ON "edition_bounces" USING btree ("received_at","id");--> statement-breakpoint
CREATE INDEX "edition_bounces_email_search_idx" ON "edition_bounces" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "edition_bounces_email_trgm_idx" ON "edition_bounces" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "mail_topic_opt_outs_email_topic_idx" ON "mail_topic_opt_outs" USING btree (lower("email"),"topic");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_segments_name_idx" ON "newsletter_segments" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "newsletter_editions" ADD CONSTRAINT "newsletter_editions_segment_id_newsletter_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."newsletter_segments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_suppressions_created_at_idx" ON "mail_suppressions" USING btree ("created_at","email");--> statement-breakpoint
CREATE INDEX "mail_suppressions_email_search_idx" ON "mail_suppressions" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "mail_suppressions_email_trgm_idx" ON "mail_suppressions" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "newsletter_editions_segment_idx" ON "newsletter_editions" USING btree ("segment_id");