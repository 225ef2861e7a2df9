DROP TABLE "slack_invitations" CASCADE;--> statement-breakpoint
DROP TABLE "webinar_notices" CASCADE;--> statement-breakpoint
ALTER TABLE "coaching_bookings" DROP COLUMN "reminded_at";