-- Grades for members (decisions.md "Grades and status bands", decision 039). Follow-up sequences
-- targeted the admin's status bands by total score, whose names are those of the member's grades
-- but whose lines are not (a total of 44 is "Mostly Functional" for the admin and D, "Please Send
-- Snacks", on the member's results). A sequence's emails were written from the band's name, so
-- each band becomes the grade of that name, and the sequence says so to the admin until it is saved
-- again. "Consultant Energy" becomes grade A, which no Check-Up reaches: it is switched off.
UPDATE follow_up_sequences SET
  target_kind = 'grade',
  target = CASE target WHEN 'consultant-energy' THEN 'A' WHEN 'mostly-functional' THEN 'B' WHEN 'hope-and-coffee' THEN 'C' ELSE 'D' END,
  active = active AND target <> 'consultant-energy',
  target_note = CASE target
    WHEN 'consultant-energy' THEN 'It targeted the status band "Consultant Energy" (total 20-34), which members were shown as grades B to D. It now targets grade A, Consultant Energy, which no Check-Up reaches, so it was switched off: choose the grade it is for.'
    WHEN 'mostly-functional' THEN 'It targeted the status band "Mostly Functional" (total 35-49), which members were shown as grade D, Please Send Snacks. It now targets grade B, Mostly Functional (total 20-24), the grade of that name: check that its emails suit grade B.'
    WHEN 'hope-and-coffee' THEN 'It targeted the status band "Hope & Coffee" (total 50-64), which members were shown as grade D, Please Send Snacks. It now targets grade C, Held Together by Hope & Coffee (total 25-32), the grade of that name: check that its emails suit grade C.'
    ELSE 'It targeted the status band "Send Snacks" (total 65-80). It now targets grade D, Please Send Snacks (total 33-80), the grade of that name, which also reaches totals 33-64: check that its emails suit all of grade D.'
  END,
  updated_at = now()
WHERE target_kind = 'band';
--> statement-breakpoint
-- People in such a sequence whose result's grade is not its new target get no more of its steps:
-- they were enrolled by the band, and its emails speak of a grade their results did not show.
-- The totals of each grade are those of shared/checkup/grading.ts's totalsOfGrade.
UPDATE follow_up_enrolments e SET stopped_at = now(), stop_reason = 'retargeted'
FROM follow_up_sequences s, checkup_results r
WHERE e.sequence_id = s.id AND r.id = e.result_id AND e.stopped_at IS NULL
  AND s.target_kind = 'grade' AND s.target_note IS NOT NULL
  AND NOT CASE s.target
    WHEN 'B' THEN r.total_score BETWEEN 20 AND 24
    WHEN 'C' THEN r.total_score BETWEEN 25 AND 32
    WHEN 'D' THEN r.total_score >= 33
    ELSE false
  END;
--> statement-breakpoint
-- Segments may now select by the grade of the latest Check-Up: every saved filter gets the list, empty (any grade).
UPDATE newsletter_segments SET filter = filter || '{"grades": []}'::jsonb WHERE filter -> 'grades' IS NULL;
--> statement-breakpoint
-- Peer figures now count only what cannot be made in bulk (decision 040): the stored ones were
-- computed from every attempt. They are computed again at the next run (every server start).
DELETE FROM checkup_peer_groups;
