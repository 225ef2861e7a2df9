-- Decision 045: an edition's links are now counted, so the privacy policy's seeded sentence "no
-- rewritten links" stops being true. A site whose published policy still has that sentence gets
-- the new text as its next published version (its draft too, when the draft is the live text),
-- with the section "What we count in The Weekly Dish" before "How we use your information". The
-- HTML is left null: the content store renders it on load and renderMissingHtml keeps it. A policy
-- the team has rewritten (the sentence is gone) is left as it is; a new site is seeded from
-- content/legal/privacy-policy.md, which already says this.
WITH item AS (
  SELECT i.id, i.body AS draft, v.body AS live, v.title, v.summary, v.fields,
    (SELECT max(number) FROM content_versions WHERE item_id = i.id) AS last
  FROM content_items i JOIN content_versions v ON v.id = i.published_version_id
  WHERE i.section = 'legal' AND i.slug = 'privacy-policy'
    AND position($old$- **No tracking in our emails.** The Weekly Dish and our other emails contain no tracking pixel and no rewritten links: we do not know whether you opened an email or which links you clicked. Links go straight to where they say.$old$ in v.body) > 0
), corrected AS (
  SELECT id, draft, live, title, summary, fields, last,
    replace(replace(live, $old$- **No tracking in our emails.** The Weekly Dish and our other emails contain no tracking pixel and no rewritten links: we do not know whether you opened an email or which links you clicked. Links go straight to where they say.$old$, $new$- **No tracking in our emails.** The Weekly Dish and our other emails contain no tracking pixel: we do not know whether you opened an email. What we count about The Weekly Dish, and nothing more, is described under "What we count in The Weekly Dish" below.$new$),
      E'\n## How we use your information', $section$
## What we count in The Weekly Dish

- **No open tracking.** Our emails contain no tracking pixel or hidden image, so we never know whether or when you opened one.
- **Link counts per edition and day only.** The links in an edition's email pass through our own site, which adds one to a counter for that edition, that link and that day, then takes you to the page. Every subscriber's copy has the same links. We do not record who followed a link, your email address, your IP address or your browser. The edition's page on our site has the plain links.
- **Yes/no counts.** When an edition asks "Was this useful?", your answer adds one to the yes or no count for that edition and day, and nothing more.
- **Unsubscribes per edition.** When you unsubscribe with an edition's link, we add one to that edition's count of unsubscribes.
- **Nothing tied to a person or address.** None of these counts is linked to you, your email address or your account.

## How we use your information$section$) AS body
  FROM item
), added AS (
  INSERT INTO content_versions (item_id, number, title, summary, body, fields, published_by)
  SELECT id, last + 1, title, summary, body, fields, 'decision 045' FROM corrected
  RETURNING id, item_id, body
)
UPDATE content_items i
SET published_version_id = a.id,
  body = CASE WHEN i.body = c.live THEN a.body ELSE i.body END,
  version = i.version + 1,
  updated_at = now(),
  updated_by = 'decision 045'
FROM added a JOIN corrected c ON c.id = a.item_id
WHERE i.id = a.item_id;
