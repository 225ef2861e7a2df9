-- Plan actions (content section 'actions') are suggestions read where plans are made: they have no
-- page of their own, so search must not list them. Same function as 0028 with that one exception.
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
      WHEN 'resources' THEN '/resources?open=' || r.id
      WHEN 'premium' THEN '/premium-resources#' || r.slug
      ELSE '/' || r.slug
    END,
    r.title, r.summary, r.body, r.section = 'premium', r.published_at);
END $$;
