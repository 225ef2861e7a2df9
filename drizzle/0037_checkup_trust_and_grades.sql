ALTER TABLE "checkup_peer_groups" ADD COLUMN "figures_organisations" integer;--> statement-breakpoint
ALTER TABLE "checkup_peer_groups" ADD COLUMN "figures_as_of" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkup_peer_groups" ADD COLUMN "new_since" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkup_results" ADD COLUMN "awaits_confirmation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "follow_up_sequences" ADD COLUMN "target_note" text;