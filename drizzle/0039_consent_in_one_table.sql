-- One model of consent (decision 071): what an address has left is one row per topic in
-- mail_topic_opt_outs. What the older tables and the newsletter's status held moves there, under
-- the address as it was stored (every reader compares lower(email)), with the time it was left;
-- the next migration drops the older tables and the column.
--
-- The newsletter: every signup that left it. 'unsubscribed', and also a bounced signup that left
-- while bounced (its status stayed 'bounced' and only unsubscribed_at said so), whether or not an
-- admin has lifted its suppression since: nobody who left is sent an edition again.
INSERT INTO mail_topic_opt_outs (email, topic, created_at)
SELECT email, 'newsletter', coalesce(unsubscribed_at, updated_at) FROM newsletter_signups
WHERE status = 'unsubscribed' OR unsubscribed_at IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A signup's status now says only whether it was confirmed, or bounced: one that left keeps the
-- first (confirmed once, or never), and the opt-out above says that it left.
UPDATE newsletter_signups SET status = CASE WHEN confirmed_at IS NULL THEN 'pending' ELSE 'subscribed' END
WHERE status = 'unsubscribed';
--> statement-breakpoint
-- The Check-Up's retake reminders stopped by their link (decision 038).
INSERT INTO mail_topic_opt_outs (email, topic, created_at)
SELECT email, 'retake-reminders', created_at FROM checkup_reminder_stops
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The Check-Up's follow-ups stopped by their link (decision 039).
INSERT INTO mail_topic_opt_outs (email, topic, created_at)
SELECT email, 'follow-ups', created_at FROM follow_up_unsubscribes
ON CONFLICT DO NOTHING;
