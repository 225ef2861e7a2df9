ALTER TABLE "allies" ADD COLUMN "listed_at" timestamp with time zone;--> statement-breakpoint
-- Allies listed before this change are not news: their listing time is their last verification, or their submission.
UPDATE "allies" SET "listed_at" = coalesce("last_verified_at", "created_at") WHERE "approved";
