-- Short searches: fewer than 3 letters or digits in a row yield no trigram,
-- so they match listings whose name has a word starting with each run ("ap" finds
-- "Fresh apples"). The words' 1- and 2-character prefixes, lower-cased, are indexed
-- with GIN; `food_name_prefixes(name) @> ARRAY['ap']` is answered from the index.
-- COST tells the planner that evaluating it row by row is dear, so it reads the index.
CREATE FUNCTION food_name_prefixes(name text) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 1000
  AS $$
  DECLARE
    word text;
    prefixes text[] := '{}';
  BEGIN
    FOREACH word IN ARRAY regexp_split_to_array(lower(name), '[^[:alnum:]]+') LOOP
      IF word <> '' THEN
        prefixes := prefixes || left(word, 1) || left(word, 2);
      END IF;
    END LOOP;
    RETURN prefixes;
  END
  $$;--> statement-breakpoint
CREATE INDEX "foods_name_prefixes_idx" ON "foods" USING gin (food_name_prefixes("name"));
