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
CREATE UNIQUE INDEX "mail_topic_opt_outs_email_topic_idx" ON "mail_topic_opt_outs" USING btree (lower("email"),"topic");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_segments_name_idx" ON "newsletter_segments" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "newsletter_editions" ADD CONSTRAINT "newsletter_editions_segment_id_newsletter_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."newsletter_segments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_editions_segment_idx" ON "newsletter_editions" USING btree ("segment_id");