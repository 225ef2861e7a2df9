CREATE TABLE "plan_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"library_slug" text,
	"title" text NOT NULL,
	"pillar" text NOT NULL,
	"question_id" integer,
	"owner_id" uuid,
	"due_on" date,
	"status" text DEFAULT 'planned' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"position" integer NOT NULL,
	"due_soon_handled_at" timestamp with time zone,
	"overdue_handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "plan_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_id" uuid NOT NULL,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"details" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_figures" (
	"name" text PRIMARY KEY NOT NULL,
	"plans" integer NOT NULL,
	"actions" jsonb NOT NULL,
	"pillars" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"team_id" uuid,
	"source_result_id" uuid,
	"source_round_id" uuid,
	"source_label" text NOT NULL,
	"baseline" jsonb NOT NULL,
	"priorities" jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reassess_on" date NOT NULL,
	"reassess_handled_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" uuid,
	CONSTRAINT "plans_belongs" CHECK (("plans"."kind" = 'personal' and "plans"."user_id" is not null and "plans"."team_id" is null) or ("plans"."kind" = 'team' and "plans"."team_id" is not null and "plans"."user_id" is null))
);
--> statement-breakpoint
ALTER TABLE "plan_actions" ADD CONSTRAINT "plan_actions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_actions" ADD CONSTRAINT "plan_actions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_actions" ADD CONSTRAINT "plan_actions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_actions_plan_idx" ON "plan_actions" USING btree ("plan_id","position");--> statement-breakpoint
CREATE INDEX "plan_actions_owner_idx" ON "plan_actions" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "plan_actions_updated_by_idx" ON "plan_actions" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "plan_actions_library_idx" ON "plan_actions" USING btree ("library_slug");--> statement-breakpoint
CREATE INDEX "plan_actions_reminder_due_idx" ON "plan_actions" USING btree ("due_on") WHERE overdue_handled_at is null and due_on is not null and owner_id is not null and status in ('planned', 'in-progress');--> statement-breakpoint
CREATE INDEX "plan_changes_plan_idx" ON "plan_changes" USING btree ("plan_id","at");--> statement-breakpoint
CREATE INDEX "plan_changes_actor_idx" ON "plan_changes" USING btree ("actor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_one_active_personal_idx" ON "plans" USING btree ("user_id") WHERE status = 'active' and kind = 'personal';--> statement-breakpoint
CREATE UNIQUE INDEX "plans_one_active_team_idx" ON "plans" USING btree ("team_id") WHERE status = 'active' and kind = 'team';--> statement-breakpoint
CREATE INDEX "plans_user_idx" ON "plans" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "plans_team_idx" ON "plans" USING btree ("team_id","started_at");--> statement-breakpoint
CREATE INDEX "plans_created_by_idx" ON "plans" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "plans_reassess_due_idx" ON "plans" USING btree ("reassess_on") WHERE status = 'active' and reassess_handled_at is null;