CREATE TABLE "checkup_reminder_stops" (
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "checkup_results_user_idx";--> statement-breakpoint
ALTER TABLE "checkup_results" ADD COLUMN "question_set_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkup_results" ADD COLUMN "retake_reminder_handled_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "checkup_reminder_stops_email_idx" ON "checkup_reminder_stops" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "checkup_results_reminder_due_idx" ON "checkup_results" USING btree ("created_at") WHERE "checkup_results"."retake_reminder_handled_at" is null;--> statement-breakpoint
CREATE INDEX "checkup_results_user_idx" ON "checkup_results" USING btree ("user_id","created_at");