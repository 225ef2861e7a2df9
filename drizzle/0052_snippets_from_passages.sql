CREATE TABLE "search_passages" (
	"source_id" uuid NOT NULL,
	"n" integer NOT NULL,
	"passage" text NOT NULL,
	"vector" "tsvector" NOT NULL,
	CONSTRAINT "search_passages_source_id_n_pk" PRIMARY KEY("source_id","n")
);
--> statement-breakpoint
ALTER TABLE "search_passages" ADD CONSTRAINT "search_passages_source_id_search_documents_source_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."search_documents"("source_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand after the generated lines (decision 095). A search's snippet was ts_headline over
-- each shown result's body, up to 8,000 characters: parsing and stemming ten bodies was about half
-- of a search's cost in the database (docs/benchmarks.md). The body is now also kept in passages,
-- each with its own vector; a snippet is drawn from the passage that best matches (a few hundred
-- characters to parse instead of thousands), and is found anywhere in the body, not only in its
-- first 8,000 characters.
--
-- The passages of a body (search_plain_text's: single spaces, no word over 60 characters): from
-- every 500th character, the next 650, without a word cut at either end, so each overlaps the next
-- by about 150 characters and a phrase that long is whole in one. An empty body has one empty passage.
CREATE FUNCTION search_passages_of(body text) RETURNS TABLE (n int, passage text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (row_number() OVER (ORDER BY s))::int, z.passage
  FROM generate_series(0, greatest(length(body) - 1, 0), 500) s,
    LATERAL (SELECT substr(body, s + 1, 650) AS c) x,
    LATERAL (SELECT CASE WHEN s > 0 AND substr(body, s, 1) !~ '\s' THEN regexp_replace(x.c, '^\S*\s*', '') ELSE x.c END AS c) y,
    LATERAL (SELECT btrim(CASE WHEN s + 650 < length(body) AND substr(body, s + 651, 1) !~ '\s' THEN regexp_replace(y.c, '\s*\S*$', '') ELSE y.c END) AS passage) z
  WHERE z.passage <> '' OR s = 0
$$;
--> statement-breakpoint
-- As 0044's, with the body's passages written beside the document.
CREATE OR REPLACE FUNCTION search_put(p_source uuid, p_kind text, p_url text, p_title text, p_summary text, p_body text, p_premium boolean, p_published timestamptz, p_topic text)
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
  DELETE FROM search_passages WHERE source_id = p_source;
  INSERT INTO search_passages (source_id, n, passage, vector)
  SELECT p_source, p.n, p.passage, to_tsvector('search_english', p.passage) FROM search_passages_of(v_body) p;
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(lower(unaccent(p_title || ' ' || p_topic || ' ' || v_summary || ' ' || v_body)), '[^[:alpha:]]+') w
  WHERE length(w) BETWEEN 3 AND 40
  ORDER BY 1
  ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint
-- What is indexed already, in passages.
INSERT INTO search_passages (source_id, n, passage, vector)
SELECT d.source_id, p.n, p.passage, to_tsvector('search_english', p.passage) FROM search_documents d, search_passages_of(d.body) p;
