CREATE TABLE "search_documents" (
	"source_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"premium" boolean NOT NULL,
	"published_at" timestamp with time zone,
	"vector" "tsvector" NOT NULL,
	"title_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_generation" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "search_generation_one_row" CHECK ("search_generation"."id")
);
--> statement-breakpoint
CREATE TABLE "search_queries_weekly" (
	"week" date NOT NULL,
	"query" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"empty" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_queries_weekly_week_query_pk" PRIMARY KEY("week","query")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_documents_vector_idx" ON "search_documents" USING gin ("vector");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- Written by hand after the generated lines (drizzle-kit does not write functions or triggers).
-- Decision 042. Words are matched without their accents ("reseau" finds "réseau") and by their
-- English stem ("fundraise" finds "fundraising"): a configuration of its own, so the index, the
-- query and the snippet's highlighting all read words the same way.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION search_english (COPY = english);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION search_english ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
--> statement-breakpoint
-- The text a reader sees, from the HTML the site shows: tags out, the entities markdown-it writes
-- decoded, and the two characters snippets use as highlight marks removed. A run of more than 60
-- characters without a space keeps its first 60: PostgreSQL's text search parser takes time
-- growing with the square of such a run (20,000 characters of `_a` took seconds, inside the
-- save's transaction: decision 031's hostile texts), and no word people search for is longer.
CREATE FUNCTION search_plain_text(html text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(btrim(regexp_replace(
    replace(replace(replace(replace(replace(
      regexp_replace(coalesce(html, ''), '<[^>]*>', ' ', 'g'),
      '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'),
    '[\s\uE000\uE001]+', ' ', 'g')), '(\S{60})\S+', '\1', 'g')
$$;
--> statement-breakpoint
-- One published item in, replacing what was there. Its words join the "did you mean" list, in
-- order, so two publishes at once wait for each other instead of deadlocking; the list only grows
-- (a suggestion is offered only when it finds something the searcher may see).
CREATE FUNCTION search_put(p_source uuid, p_kind text, p_url text, p_title text, p_summary text, p_body text, p_premium boolean, p_published timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_summary text := search_plain_text(p_summary);
  v_body text := search_plain_text(p_body);
BEGIN
  INSERT INTO search_documents (source_id, kind, url, title, summary, body, premium, published_at, vector, title_vector)
  VALUES (
    p_source, p_kind, p_url, p_title, v_summary, v_body, p_premium, p_published,
    setweight(to_tsvector('search_english', search_plain_text(p_title)), 'A') || setweight(to_tsvector('search_english', v_summary), 'B')
      || setweight(to_tsvector('search_english', v_body), 'C'),
    to_tsvector('search_english', search_plain_text(p_title))
  )
  ON CONFLICT (source_id) DO UPDATE SET
    kind = EXCLUDED.kind, url = EXCLUDED.url, title = EXCLUDED.title, summary = EXCLUDED.summary, body = EXCLUDED.body,
    premium = EXCLUDED.premium, published_at = EXCLUDED.published_at, vector = EXCLUDED.vector, title_vector = EXCLUDED.title_vector;
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(lower(unaccent(p_title || ' ' || v_summary || ' ' || v_body)), '[^[:alpha:]]+') w
  WHERE length(w) BETWEEN 3 AND 40
  ORDER BY 1
  ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint
-- A page, guide, resource or library item: its published version, or nothing.
CREATE FUNCTION search_refresh_content(p_item uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  SELECT i.id, i.section, i.slug, v.title, v.summary, coalesce(v.html, v.body) AS body, v.published_at INTO r
  FROM content_items i JOIN content_versions v ON v.id = i.published_version_id
  WHERE i.id = p_item;
  IF NOT FOUND THEN
    DELETE FROM search_documents WHERE source_id = p_item;
    RETURN;
  END IF;
  PERFORM search_put(
    r.id,
    CASE r.section WHEN 'field-guides' THEN 'guide' WHEN 'resources' THEN 'resource' WHEN 'premium' THEN 'library' ELSE 'page' END,
    CASE r.section
      WHEN 'field-guides' THEN '/field-guide/' || r.slug
      WHEN 'resources' THEN '/resources?open=' || r.id
      WHEN 'premium' THEN '/premium-resources#' || r.slug
      ELSE '/' || r.slug
    END,
    r.title, r.summary, r.body, r.section = 'premium', r.published_at);
END $$;
--> statement-breakpoint
CREATE FUNCTION search_content_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_documents WHERE source_id = OLD.id;
    RETURN NULL;
  END IF;
  PERFORM search_refresh_content(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_content_items AFTER INSERT OR DELETE OR UPDATE OF published_version_id, section, slug ON content_items
  FOR EACH ROW EXECUTE FUNCTION search_content_items_changed();
--> statement-breakpoint
-- The published version's HTML is filled in after a start (renderMissingHtml).
CREATE FUNCTION search_content_versions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM content_items WHERE published_version_id = NEW.id) THEN
    PERFORM search_refresh_content(NEW.item_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_content_versions AFTER UPDATE OF html, title, summary, body ON content_versions
  FOR EACH ROW EXECUTE FUNCTION search_content_versions_changed();
--> statement-breakpoint
-- A sent edition; a premium announcement is found locked by anyone else.
CREATE FUNCTION search_editions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_documents WHERE source_id = OLD.id;
  ELSIF NEW.status = 'sent' THEN
    PERFORM search_put(NEW.id, 'edition', '/weekly-dish/' || NEW.slug, NEW.title, NEW.summary, coalesce(NEW.body_html, NEW.body),
      NEW.audience = 'premium', coalesce(NEW.sent_at, NEW.started_at));
  ELSE
    DELETE FROM search_documents WHERE source_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_editions AFTER INSERT OR DELETE OR UPDATE OF status, slug, title, summary, body, body_html, audience, sent_at ON newsletter_editions
  FOR EACH ROW EXECUTE FUNCTION search_editions_changed();
--> statement-breakpoint
-- A webinar members can join or watch (premium); a cancelled one is not found.
CREATE FUNCTION search_webinars_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_documents WHERE source_id = OLD.id;
  ELSIF NEW.status = 'scheduled' THEN
    PERFORM search_put(NEW.id, 'webinar', CASE WHEN NEW.recording_url IS NULL THEN '/webinars' ELSE '/webinars#recordings' END,
      NEW.title, '', coalesce(NEW.description_html, NEW.description) || ' ' || coalesce(NEW.recording_summary_html, NEW.recording_summary),
      true, NEW.starts_at);
  ELSE
    DELETE FROM search_documents WHERE source_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_webinars AFTER INSERT OR DELETE OR UPDATE OF status, title, description, description_html, recording_url, recording_summary, recording_summary_html, starts_at ON webinars
  FOR EACH ROW EXECUTE FUNCTION search_webinars_changed();
--> statement-breakpoint
-- An approved Ally, in the premium directory: found locked (its name) by anyone else. Its address
-- (the directory, searched for its name) is made by the server, which encodes it.
CREATE FUNCTION search_allies_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_documents WHERE source_id = OLD.id;
  ELSIF NEW.approved THEN
    PERFORM search_put(NEW.id, 'ally', '/allies', NEW.name, NEW.tagline,
      concat_ws(' ', NEW.category, NEW.description, NEW.services, NEW.how_they_help, NEW.what_makes_different, NEW.offer_for_members),
      true, coalesce(NEW.last_verified_at, NEW.created_at));
  ELSE
    DELETE FROM search_documents WHERE source_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_allies AFTER INSERT OR DELETE OR UPDATE ON allies
  FOR EACH ROW EXECUTE FUNCTION search_allies_changed();
--> statement-breakpoint
-- Raised by every statement that changes what search finds, in its transaction: a server may keep
-- an answer for as long as the number it read before searching is still the number (decision 042).
INSERT INTO search_generation (id, n) VALUES (true, 0);
--> statement-breakpoint
CREATE FUNCTION search_documents_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_generation SET n = n + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_documents_generation AFTER INSERT OR UPDATE OR DELETE ON search_documents
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_changed();
--> statement-breakpoint
-- What is published already.
SELECT search_refresh_content(id) FROM content_items WHERE published_version_id IS NOT NULL;
--> statement-breakpoint
UPDATE newsletter_editions SET status = status WHERE status = 'sent';
--> statement-breakpoint
UPDATE webinars SET status = status WHERE status = 'scheduled';
--> statement-breakpoint
UPDATE allies SET approved = approved WHERE approved;
