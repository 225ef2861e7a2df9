CREATE TABLE "checkup_target_days" (
	"day" date NOT NULL,
	"target" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "checkup_target_days_day_target_pk" PRIMARY KEY("day","target")
);
--> statement-breakpoint
DROP INDEX "billing_charges_offer_idx";--> statement-breakpoint
CREATE INDEX "offer_redemptions_requested_idx" ON "offer_redemptions" USING btree ("offer_id") WHERE status = 'requested';--> statement-breakpoint
CREATE INDEX "teams_created_at_idx" ON "teams" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "billing_charges_offer_idx" ON "billing_charges" USING btree ("offer_id","discount_cents") WHERE offer_id is not null;--> statement-breakpoint
-- Written by hand after the generated lines (drizzle-kit does not write functions or triggers).
-- A day's counts of checkup_target_days stand only while its results are as they were counted:
-- any statement that adds, deletes or changes (time, scores) results of a day that is over deletes
-- that day's counts, and the admin's next read counts it again. Results made now are today's,
-- which is never stored: the usual insert finds nothing to delete and takes no lock. The shared
-- lock, held until commit, makes the reader that stores a day (which takes it exclusively, then
-- counts) wait for such a change, or the change wait for it, so no count outlives its rows.
CREATE FUNCTION "checkup_target_days_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    days := array(SELECT DISTINCT ("created_at" AT TIME ZONE 'UTC')::date FROM changed_after);
  ELSIF TG_OP = 'DELETE' THEN
    days := array(SELECT DISTINCT ("created_at" AT TIME ZONE 'UTC')::date FROM changed_before);
  ELSE
    -- Only rows whose time or scores changed: the attempts' numbering and every other update touch no day.
    days := array(
      SELECT DISTINCT ("at" AT TIME ZONE 'UTC')::date
      FROM changed_before b JOIN changed_after a USING ("id"),
        LATERAL (VALUES (b."created_at"), (a."created_at")) v("at")
      WHERE b."created_at" IS DISTINCT FROM a."created_at" OR b."category_scores" IS DISTINCT FROM a."category_scores" OR b."total_score" IS DISTINCT FROM a."total_score"
    );
  END IF;
  days := array(SELECT d FROM unnest(days) d WHERE d < (now() AT TIME ZONE 'UTC')::date);
  IF cardinality(days) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtext('checkup_target_days'));
  DELETE FROM "checkup_target_days" WHERE "day" = ANY(days);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "checkup_target_days_inserted" AFTER INSERT ON "checkup_results"
  REFERENCING NEW TABLE AS changed_after FOR EACH STATEMENT EXECUTE FUNCTION "checkup_target_days_forget"();
--> statement-breakpoint
CREATE TRIGGER "checkup_target_days_deleted" AFTER DELETE ON "checkup_results"
  REFERENCING OLD TABLE AS changed_before FOR EACH STATEMENT EXECUTE FUNCTION "checkup_target_days_forget"();
--> statement-breakpoint
CREATE TRIGGER "checkup_target_days_updated" AFTER UPDATE ON "checkup_results"
  REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed_after FOR EACH STATEMENT EXECUTE FUNCTION "checkup_target_days_forget"();
--> statement-breakpoint
CREATE FUNCTION "checkup_target_days_forget_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('checkup_target_days'));
  DELETE FROM "checkup_target_days";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "checkup_target_days_truncated" AFTER TRUNCATE ON "checkup_results"
  FOR EACH STATEMENT EXECUTE FUNCTION "checkup_target_days_forget_all"();
