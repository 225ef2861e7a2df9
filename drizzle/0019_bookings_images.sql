ALTER TABLE "coaching_bookings" ADD COLUMN "invitation_id" uuid;--> statement-breakpoint
ALTER TABLE "coaching_bookings" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "metadata_stripped" boolean DEFAULT false NOT NULL;