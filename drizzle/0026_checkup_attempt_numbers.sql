ALTER TABLE "checkup_results" ADD COLUMN "attempt_number" integer;--> statement-breakpoint
CREATE INDEX "checkup_results_organisation_idx" ON "checkup_results" USING btree ((coalesce('u:' || "user_id"::text, 'e:' || lower("email"))),"created_at","id");--> statement-breakpoint
-- Written by hand after the generated lines (drizzle-kit does not write functions or triggers).
-- A new attempt is numbered as it is inserted: one more than its organisation's attempts before
-- it (an attempt is made now, so it is the newest: nothing else changes, and no row is written
-- twice). Every statement that adds, deletes, moves or re-times attempts then numbers the
-- organisations it touched again, oldest first, in the same transaction, changing only the rows
-- whose number differs (an insert of older attempts, a deletion, a join to an account). Statement
-- triggers with their transition tables: a bulk change renumbers once, not per row.
CREATE FUNCTION "checkup_results_number_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."attempt_number" := 1 + (
    SELECT count(*) FROM "checkup_results"
    WHERE coalesce('u:' || "user_id"::text, 'e:' || lower("email")) = coalesce('u:' || NEW."user_id"::text, 'e:' || lower(NEW."email"))
      AND ("created_at", "id") < (NEW."created_at", NEW."id")
  );
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "checkup_results_numbered_as_inserted" BEFORE INSERT ON "checkup_results"
  FOR EACH ROW EXECUTE FUNCTION "checkup_results_number_new"();
--> statement-breakpoint
CREATE FUNCTION "checkup_results_renumber"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := array(SELECT DISTINCT coalesce('u:' || "user_id"::text, 'e:' || lower("email")) FROM changed_after);
  ELSIF TG_OP = 'DELETE' THEN
    touched := array(SELECT DISTINCT coalesce('u:' || "user_id"::text, 'e:' || lower("email")) FROM changed_before);
  ELSE
    -- Only rows whose owner, address or time changed: every other update (this function's own
    -- numbering among them) touches nobody, and stops here.
    touched := array(
      SELECT DISTINCT organisation
      FROM changed_before b JOIN changed_after a USING ("id"),
        LATERAL (VALUES (coalesce('u:' || b."user_id"::text, 'e:' || lower(b."email"))), (coalesce('u:' || a."user_id"::text, 'e:' || lower(a."email")))) v(organisation)
      WHERE b."user_id" IS DISTINCT FROM a."user_id" OR lower(b."email") <> lower(a."email") OR b."created_at" <> a."created_at"
    );
  END IF;
  IF cardinality(touched) = 0 THEN
    RETURN NULL;
  END IF;
  UPDATE "checkup_results" r SET "attempt_number" = numbered.n
  FROM (
    SELECT "id", row_number() OVER (PARTITION BY coalesce('u:' || "user_id"::text, 'e:' || lower("email")) ORDER BY "created_at", "id")::int AS n
    FROM "checkup_results"
    WHERE coalesce('u:' || "user_id"::text, 'e:' || lower("email")) = ANY (touched)
  ) numbered
  WHERE r."id" = numbered."id" AND r."attempt_number" IS DISTINCT FROM numbered.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "checkup_results_numbered_on_insert" AFTER INSERT ON "checkup_results"
  REFERENCING NEW TABLE AS changed_after FOR EACH STATEMENT EXECUTE FUNCTION "checkup_results_renumber"();
--> statement-breakpoint
CREATE TRIGGER "checkup_results_numbered_on_delete" AFTER DELETE ON "checkup_results"
  REFERENCING OLD TABLE AS changed_before FOR EACH STATEMENT EXECUTE FUNCTION "checkup_results_renumber"();
--> statement-breakpoint
-- An update of the owner or the address moves an attempt (a deleted account sets user_id to null),
-- one of the time reorders it. PostgreSQL allows no column list beside transition tables: the
-- function looks for those changes itself.
CREATE TRIGGER "checkup_results_numbered_on_update" AFTER UPDATE ON "checkup_results"
  REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed_after FOR EACH STATEMENT EXECUTE FUNCTION "checkup_results_renumber"();
--> statement-breakpoint
UPDATE "checkup_results" r SET "attempt_number" = numbered.n
FROM (
  SELECT "id", row_number() OVER (PARTITION BY coalesce('u:' || "user_id"::text, 'e:' || lower("email")) ORDER BY "created_at", "id")::int AS n
  FROM "checkup_results"
) numbered
WHERE r."id" = numbered."id";
