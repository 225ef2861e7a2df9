ALTER TABLE "search_documents" ADD COLUMN "head_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
-- Written by hand after the generated line. Search ranked by every word of a document alike:
-- "fundraising" found the Fuel guide seventh of nine, below guides that say the word in passing.
-- Now each document also has `head_vector`, what it is about: its title and the line the page
-- shows above the title (a field guide's pillar: "Fuel: fundraising and financial sustainability")
-- at weight A, its summary and its headings at B. Ranking reads it first (server/features/search/repo.ts).
-- A resource found is linked as the library opens one, by its web address (it was the item's id,
-- which opened no card).
-- The pillars' lines as shared/content/pillars.ts says them (search-relevance.test.ts checks they agree).
CREATE FUNCTION search_pillar_line(p_slug text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE p_slug
    WHEN 'impact' THEN 'Impact: mission-driven tools and services'
    WHEN 'humans' THEN 'Humans: people, culture, and team building'
    WHEN 'fuel' THEN 'Fuel: fundraising and financial sustainability'
    WHEN 'gears' THEN 'Gears: operations, systems, and technology'
    WHEN 'future' THEN 'Future: strategy, growth, and innovation'
    ELSE ''
  END
$$;
--> statement-breakpoint
-- The text of a document's headings (h2-h4 of its HTML), for `head_vector`.
CREATE FUNCTION search_headings(html text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT search_plain_text(coalesce(string_agg(m[1], ' '), ''))
  FROM regexp_matches(coalesce(html, ''), '<h[2-4][^>]*?>(.*?)</h[2-4]>', 'g') AS m
$$;
--> statement-breakpoint
-- As 0028's, with the line above the title (p_topic) and `head_vector`. The line's words are in
-- the whole text's vector too, so the index finds a guide by them.
CREATE FUNCTION search_put(p_source uuid, p_kind text, p_url text, p_title text, p_summary text, p_body text, p_premium boolean, p_published timestamptz, p_topic text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_title tsvector := setweight(to_tsvector('search_english', search_plain_text(p_title)), 'A');
  v_topic tsvector := setweight(to_tsvector('search_english', search_plain_text(p_topic)), 'A');
  v_summary text := search_plain_text(p_summary);
  v_summary_vector tsvector := setweight(to_tsvector('search_english', search_plain_text(p_summary)), 'B');
  v_body text := search_plain_text(p_body);
BEGIN
  INSERT INTO search_documents (source_id, kind, url, title, summary, body, premium, published_at, vector, title_vector, head_vector)
  VALUES (
    p_source, p_kind, p_url, p_title, v_summary, v_body, p_premium, p_published,
    v_title || v_topic || v_summary_vector || setweight(to_tsvector('search_english', v_body), 'C'),
    to_tsvector('search_english', search_plain_text(p_title)),
    v_title || v_topic || v_summary_vector || setweight(to_tsvector('search_english', search_headings(p_body)), 'B')
  )
  ON CONFLICT (source_id) DO UPDATE SET
    kind = EXCLUDED.kind, url = EXCLUDED.url, title = EXCLUDED.title, summary = EXCLUDED.summary, body = EXCLUDED.body,
    premium = EXCLUDED.premium, published_at = EXCLUDED.published_at, vector = EXCLUDED.vector, title_vector = EXCLUDED.title_vector,
    head_vector = EXCLUDED.head_vector;
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(lower(unaccent(p_title || ' ' || p_topic || ' ' || v_summary || ' ' || v_body)), '[^[:alpha:]]+') w
  WHERE length(w) BETWEEN 3 AND 40
  ORDER BY 1
  ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint
-- Editions, webinars and Allies have no line above their title: 0028's callers stay as they are.
CREATE OR REPLACE FUNCTION search_put(p_source uuid, p_kind text, p_url text, p_title text, p_summary text, p_body text, p_premium boolean, p_published timestamptz)
RETURNS void LANGUAGE sql AS $$
  SELECT search_put(p_source, p_kind, p_url, p_title, p_summary, p_body, p_premium, p_published, '')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_refresh_content(p_item uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  SELECT i.id, i.section, i.slug, v.title, v.summary, coalesce(v.html, v.body) AS body, v.published_at INTO r
  FROM content_items i JOIN content_versions v ON v.id = i.published_version_id
  WHERE i.id = p_item AND i.section <> 'actions';
  IF NOT FOUND THEN
    DELETE FROM search_documents WHERE source_id = p_item;
    RETURN;
  END IF;
  PERFORM search_put(
    r.id,
    CASE r.section WHEN 'field-guides' THEN 'guide' WHEN 'resources' THEN 'resource' WHEN 'premium' THEN 'library' ELSE 'page' END,
    CASE r.section
      WHEN 'field-guides' THEN '/field-guide/' || r.slug
      WHEN 'resources' THEN '/resources?open=' || r.slug
      WHEN 'premium' THEN '/premium-resources#' || r.slug
      ELSE '/' || r.slug
    END,
    r.title, r.summary, r.body, r.section = 'premium', r.published_at,
    CASE WHEN r.section = 'field-guides' THEN search_pillar_line(r.slug) ELSE '' END);
END $$;
--> statement-breakpoint
-- What is published already, indexed again with its head.
SELECT search_refresh_content(id) FROM content_items WHERE published_version_id IS NOT NULL;
--> statement-breakpoint
UPDATE newsletter_editions SET status = status WHERE status = 'sent';
--> statement-breakpoint
UPDATE webinars SET status = status WHERE status = 'scheduled';
--> statement-breakpoint
UPDATE allies SET approved = approved WHERE approved;
