-- Custom migration (drizzle-kit generate --custom): the marks the webinars, coaching and Slack
-- invitations kept in tables of their own become rows of told_once (decision 034), before the
-- next migration drops those tables and the column.
INSERT INTO "told_once" ("topic", "user_id", "created_at")
SELECT 'webinar:' || "webinar_id" || ':' || "kind" || CASE WHEN "key" <> '' THEN ':' || "key" ELSE '' END, "user_id", "created_at"
FROM "webinar_notices"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "told_once" ("topic", "user_id", "created_at")
SELECT 'coaching:' || "id" || ':reminder', "user_id", "reminded_at"
FROM "coaching_bookings" WHERE "reminded_at" IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "told_once" ("topic", "user_id", "details", "created_at")
SELECT 'slack-invitation', "user_id", jsonb_build_object('by', "invited_by", 'method', "method"), "invited_at"
FROM "slack_invitations"
ON CONFLICT DO NOTHING;
