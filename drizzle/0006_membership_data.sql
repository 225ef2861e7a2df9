-- One membership per member (decision 025). Before the unique index on live subscriptions:
-- 1. A member with several live subscriptions keeps the newest; the others become 'duplicate',
--    which the membership check cancels and refunds at the provider and tells the member about.
UPDATE "subscriptions" s SET "status" = 'duplicate', "updated_at" = now()
WHERE s."status" IN ('active', 'trialing', 'past_due')
  AND EXISTS (
    SELECT 1 FROM "subscriptions" n
    WHERE n."user_id" = s."user_id" AND n."status" IN ('active', 'trialing', 'past_due')
      AND (n."created_at", n."id") > (s."created_at", s."id")
  );
--> statement-breakpoint
-- 2. Premium granted by an admin without a subscription becomes a complimentary membership,
--    so that premium is always read from a membership (server/billing/membership.ts).
INSERT INTO "subscriptions" ("user_id", "provider", "provider_subscription_id", "plan", "status", "welcomed_at")
SELECT u."id", 'complimentary', 'comp_' || replace(gen_random_uuid()::text, '-', ''), 'monthly', 'active', now()
FROM "users" u
WHERE u."is_premium"
  AND NOT EXISTS (SELECT 1 FROM "subscriptions" s WHERE s."user_id" = u."id" AND s."status" IN ('active', 'trialing', 'past_due'));
