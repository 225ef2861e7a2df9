CREATE TABLE "team_checkup_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"token_hash" text NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"draft" jsonb,
	"answers" jsonb,
	"role" text,
	"answered_at" timestamp with time zone,
	"reminded_before_at" timestamp with time zone,
	"reminded_last_day_at" timestamp with time zone,
	"checkup_result_id" uuid,
	CONSTRAINT "team_checkup_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "team_checkup_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"name" text NOT NULL,
	"organiser_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"extended_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"remind_before_at" timestamp with time zone NOT NULL,
	"remind_last_day_at" timestamp with time zone NOT NULL,
	"shown_figures" jsonb
);
--> statement-breakpoint
ALTER TABLE "team_checkup_invitations" ADD CONSTRAINT "team_checkup_invitations_round_id_team_checkup_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."team_checkup_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_checkup_invitations" ADD CONSTRAINT "team_checkup_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_checkup_invitations" ADD CONSTRAINT "team_checkup_invitations_checkup_result_id_checkup_results_id_fk" FOREIGN KEY ("checkup_result_id") REFERENCES "public"."checkup_results"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_checkup_rounds" ADD CONSTRAINT "team_checkup_rounds_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_checkup_rounds" ADD CONSTRAINT "team_checkup_rounds_organiser_id_users_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_checkup_invitations_round_email_idx" ON "team_checkup_invitations" USING btree ("round_id",lower("email"));--> statement-breakpoint
CREATE INDEX "team_checkup_invitations_user_idx" ON "team_checkup_invitations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "team_checkup_invitations_email_idx" ON "team_checkup_invitations" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "team_checkup_rounds_one_open_idx" ON "team_checkup_rounds" USING btree ("team_id") WHERE closed_at is null;--> statement-breakpoint
CREATE INDEX "team_checkup_rounds_team_idx" ON "team_checkup_rounds" USING btree ("team_id","started_at");--> statement-breakpoint
CREATE INDEX "team_checkup_rounds_open_idx" ON "team_checkup_rounds" USING btree ("remind_before_at") WHERE closed_at is null;--> statement-breakpoint
CREATE INDEX "team_checkup_rounds_organiser_idx" ON "team_checkup_rounds" USING btree ("organiser_id");