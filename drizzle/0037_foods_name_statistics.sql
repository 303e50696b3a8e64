-- A search's `name ILIKE '%word%'` is estimated from ANALYZE's sample of listing names,
-- which are nearly all distinct: with the default target (100, a 30 000-row sample) the
-- estimate of a word's share swings from run to run, and with it the plan of a search
-- with facts (a category's index beside the trigram one, or a walk by date that filters).
-- A target of 1 000 samples 300 000 names, so the estimate, and the plan, hold still.
ALTER TABLE "foods" ALTER COLUMN "name" SET STATISTICS 1000;
