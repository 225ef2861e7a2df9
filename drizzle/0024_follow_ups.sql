CREATE TABLE "follow_up_enrolments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sequence_id" uuid NOT NULL,
	"result_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"pillar" text NOT NULL,
	"steps_sent" integer DEFAULT 0 NOT NULL,
	"next_due_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	"stop_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_up_sequences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"target_kind" text NOT NULL,
	"target" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"stop_on_premium" boolean DEFAULT false NOT NULL,
	"steps" jsonb NOT NULL,
	"first_delay_days" integer NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_up_unsubscribes" (
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "follow_up_enrolments" ADD CONSTRAINT "follow_up_enrolments_sequence_id_follow_up_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."follow_up_sequences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_enrolments" ADD CONSTRAINT "follow_up_enrolments_result_id_checkup_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."checkup_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_enrolments" ADD CONSTRAINT "follow_up_enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_up_enrolments_due_idx" ON "follow_up_enrolments" USING btree ("next_due_at") WHERE stopped_at is null;--> statement-breakpoint
CREATE INDEX "follow_up_enrolments_email_idx" ON "follow_up_enrolments" USING btree (lower("email")) WHERE stopped_at is null;--> statement-breakpoint
CREATE INDEX "follow_up_enrolments_sequence_idx" ON "follow_up_enrolments" USING btree ("sequence_id","steps_sent");--> statement-breakpoint
CREATE INDEX "follow_up_enrolments_result_idx" ON "follow_up_enrolments" USING btree ("result_id");--> statement-breakpoint
CREATE INDEX "follow_up_enrolments_user_idx" ON "follow_up_enrolments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "follow_up_sequences_target_idx" ON "follow_up_sequences" USING btree ("target_kind","target");--> statement-breakpoint
CREATE UNIQUE INDEX "follow_up_unsubscribes_email_idx" ON "follow_up_unsubscribes" USING btree (lower("email"));