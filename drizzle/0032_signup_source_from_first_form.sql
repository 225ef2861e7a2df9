-- Decision 046: a signup's source is the form its address first signed up with. Signups made
-- before the column existed take it from the address's earliest community signup (the forms
-- recorded their type there); imported addresses have none and stay null.
UPDATE "newsletter_signups" s SET "source" = (
  SELECT c."signup_type" FROM "community_signups" c
  WHERE lower(c."email") = lower(s."email")
  ORDER BY c."created_at", c."id"
  LIMIT 1
)
WHERE s."source" IS NULL;
