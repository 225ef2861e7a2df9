CREATE TABLE "edition_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"edition_id" uuid NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_suppressions" (
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_editions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"audience" text DEFAULT 'subscribers' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"issue_number" integer,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"html" text,
	"text" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter_signups" ADD COLUMN "status" text DEFAULT 'subscribed' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_signups" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_signups" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "edition_deliveries" ADD CONSTRAINT "edition_deliveries_edition_id_newsletter_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."newsletter_editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "edition_deliveries_recipient_idx" ON "edition_deliveries" USING btree ("edition_id",lower("email"));--> statement-breakpoint
CREATE INDEX "edition_deliveries_pending_idx" ON "edition_deliveries" USING btree ("edition_id","id") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "mail_suppressions_email_lower_idx" ON "mail_suppressions" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_editions_slug_idx" ON "newsletter_editions" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_editions_issue_idx" ON "newsletter_editions" USING btree ("issue_number");--> statement-breakpoint
CREATE INDEX "newsletter_editions_status_idx" ON "newsletter_editions" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE INDEX "newsletter_signups_status_idx" ON "newsletter_signups" USING btree ("status","created_at","id");