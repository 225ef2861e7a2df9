CREATE TABLE "checkup_latest_results" (
	"organisation" text PRIMARY KEY NOT NULL,
	"result_id" uuid NOT NULL,
	"total_score" integer NOT NULL,
	"impact" integer,
	"humans" integer,
	"fuel" integer,
	"gears" integer,
	"future" integer
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "topic" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_topic_idx" ON "mail_outbox" USING btree ("topic","status") WHERE topic is not null;--> statement-breakpoint
CREATE INDEX "follow_up_enrolments_stopped_idx" ON "follow_up_enrolments" USING btree ("sequence_id","steps_sent") WHERE stop_reason <> 'finished';