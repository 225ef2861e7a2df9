CREATE INDEX "search_documents_premium_title_idx" ON "search_documents" USING gin ("title_vector") WHERE "search_documents"."premium";--> statement-breakpoint
-- Written by hand after the generated index. What a query finds for a searcher, as one function
-- that every search statement reads (server/features/search/repo.ts). For a query of common words
-- (most documents match) the planner chose a pass over every row, testing each row's whole-text
-- vector, which lives apart (TOAST): each search read and unpacked every vector (215 ms for the
-- count of "board budget" over 10,000 documents). The GIN index answers the same question without
-- reading a vector (a plain query needs no recheck): 13 ms. The function is planned with sequential
-- scans off, so the index is always taken, and without JIT, which the planner would otherwise start
-- for the cost of the pass it may no longer take (a quarter of a second of compiling per search).
--
-- A premium member (`whole`) matches the whole text of everything. Anyone else matches a document
-- they may not open on its title alone, in every part of the query (a word, a phrase, a minus
-- word, an "or"): matched on its whole text, `heron -word` found or not would tell whether its body
-- holds the word, and the counts the same. The title's match is looked up with the whole text's
-- positive part (querytree), where the title is indexed too. `head` ranks what a document is
-- about (its head_vector, kept in the row, decision 083); a locked document by its title alone.
CREATE FUNCTION search_found(q tsquery, whole boolean)
RETURNS TABLE (source_id uuid, kind text, published_at timestamptz, locked boolean, head real)
LANGUAGE sql STABLE
SET enable_seqscan = off
SET jit = off
AS $$
  SELECT d.source_id, d.kind, d.published_at, false, ts_rank(d.head_vector, q)
  FROM search_documents d
  WHERE d.vector @@ q AND (whole OR NOT d.premium)
  UNION ALL
  SELECT d.source_id, d.kind, d.published_at, true, ts_rank('{1,1,1,1}', d.title_vector, q)
  FROM search_documents d
  WHERE NOT whole AND d.premium AND d.title_vector @@ q
    AND (querytree(q) IN ('T', '') OR d.vector @@ querytree(q)::tsquery)
$$;
