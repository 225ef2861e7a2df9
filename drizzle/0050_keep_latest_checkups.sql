-- A follow-up step's mail carries the step's topic (mail_outbox.topic): the mails queued before it
-- are named by their step's "told once" mark (its details' outboxId), which gives them theirs.
UPDATE "mail_outbox" o SET "topic" = t."topic"
FROM "told_once" t
WHERE t."topic" LIKE 'follow-up-step:%' AND t."details" ? 'outboxId' AND o."id" = (t."details"->>'outboxId')::uuid;
--> statement-breakpoint
-- checkup_latest_results holds the latest attempt of each organisation. Every statement that adds,
-- deletes, moves (owner or address) or re-times attempts, or changes their scores, finds the
-- organisations it touched and writes their rows again from their attempts, in the same
-- transaction. Each organisation is locked (a transaction advisory lock, until commit) before its
-- row is written: two transactions changing one organisation's attempts at once write its row
-- one after the other, the second from a snapshot taken once the first has committed, so the last
-- to commit has seen every attempt. Statement triggers with their transition tables: a bulk change
-- writes each organisation once, and an update that touches none of those columns (the attempts'
-- numbering, an outreach note) stops at once.
CREATE FUNCTION "checkup_latest_results_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := array(SELECT DISTINCT coalesce('u:' || "user_id"::text, 'e:' || lower("email")) FROM changed_after);
  ELSIF TG_OP = 'DELETE' THEN
    touched := array(SELECT DISTINCT coalesce('u:' || "user_id"::text, 'e:' || lower("email")) FROM changed_before);
  ELSE
    touched := array(
      SELECT DISTINCT organisation
      FROM changed_before b JOIN changed_after a USING ("id"),
        LATERAL (VALUES (coalesce('u:' || b."user_id"::text, 'e:' || lower(b."email"))), (coalesce('u:' || a."user_id"::text, 'e:' || lower(a."email")))) v(organisation)
      WHERE b."user_id" IS DISTINCT FROM a."user_id" OR lower(b."email") <> lower(a."email") OR b."created_at" <> a."created_at"
        OR b."total_score" <> a."total_score" OR b."category_scores" <> a."category_scores"
    );
  END IF;
  IF cardinality(touched) = 0 THEN
    RETURN NULL;
  END IF;
  -- One lock per share of the organisations (256 shares by their key's hash), not per organisation:
  -- a statement touching thousands of organisations holds at most 256 locks, where one each would
  -- run out of the lock table. Taken in one order, so that two statements never wait for each
  -- other in a circle.
  PERFORM pg_advisory_xact_lock(hashtext('checkup_latest_results'), share)
  FROM (SELECT DISTINCT abs(hashtext(organisation) % 256) AS share FROM unnest(touched) organisation ORDER BY 1) shares;
  DELETE FROM "checkup_latest_results" WHERE "organisation" = ANY (touched);
  INSERT INTO "checkup_latest_results" ("organisation", "result_id", "total_score", "impact", "humans", "fuel", "gears", "future")
  SELECT DISTINCT ON (organisation) organisation, "id", "total_score",
    ("category_scores"->>'IMPACT')::int, ("category_scores"->>'HUMANS')::int, ("category_scores"->>'FUEL')::int,
    ("category_scores"->>'GEARS')::int, ("category_scores"->>'FUTURE')::int
  FROM (
    SELECT coalesce('u:' || "user_id"::text, 'e:' || lower("email")) AS organisation, "id", "total_score", "category_scores", "created_at"
    FROM "checkup_results"
    WHERE coalesce('u:' || "user_id"::text, 'e:' || lower("email")) = ANY (touched)
  ) attempts
  ORDER BY organisation, "created_at" DESC, "id" DESC;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "checkup_latest_results_on_insert" AFTER INSERT ON "checkup_results"
  REFERENCING NEW TABLE AS changed_after FOR EACH STATEMENT EXECUTE FUNCTION "checkup_latest_results_keep"();
--> statement-breakpoint
CREATE TRIGGER "checkup_latest_results_on_delete" AFTER DELETE ON "checkup_results"
  REFERENCING OLD TABLE AS changed_before FOR EACH STATEMENT EXECUTE FUNCTION "checkup_latest_results_keep"();
--> statement-breakpoint
CREATE TRIGGER "checkup_latest_results_on_update" AFTER UPDATE ON "checkup_results"
  REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed_after FOR EACH STATEMENT EXECUTE FUNCTION "checkup_latest_results_keep"();
--> statement-breakpoint
-- The organisation index read backwards: each organisation's newest attempt first.
INSERT INTO "checkup_latest_results" ("organisation", "result_id", "total_score", "impact", "humans", "fuel", "gears", "future")
SELECT DISTINCT ON (organisation) organisation, "id", "total_score",
  ("category_scores"->>'IMPACT')::int, ("category_scores"->>'HUMANS')::int, ("category_scores"->>'FUEL')::int,
  ("category_scores"->>'GEARS')::int, ("category_scores"->>'FUTURE')::int
FROM (
  SELECT coalesce('u:' || "user_id"::text, 'e:' || lower("email")) AS organisation, "id", "total_score", "category_scores", "created_at"
  FROM "checkup_results"
) attempts
ORDER BY organisation DESC, "created_at" DESC, "id" DESC;
