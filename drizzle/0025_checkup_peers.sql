CREATE TABLE "checkup_peer_groups" (
	"peer_group" text PRIMARY KEY NOT NULL,
	"organisations" integer NOT NULL,
	"figures" jsonb,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkup_results" ADD COLUMN "budget_band" text;--> statement-breakpoint
ALTER TABLE "checkup_results" ADD COLUMN "staff_band" text;--> statement-breakpoint
ALTER TABLE "checkup_results" ADD COLUMN "focus_area" text;