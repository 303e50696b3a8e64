-- The tables that signed-in answers of foods and requests read beside foods, requests and
-- users (migration 0010) announce their changes on `plateful_public` too: pickup windows
-- (public answers show them), blocks (what a person may see) and feedback (standings).
-- Each process then drops its public answers and forgets the private ETags it sent
-- (src/server/cache/), whatever code path wrote the table.
CREATE TRIGGER pickup_windows_public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pickup_windows
  FOR EACH STATEMENT EXECUTE FUNCTION plateful_public_changed();--> statement-breakpoint
CREATE TRIGGER blocks_public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blocks
  FOR EACH STATEMENT EXECUTE FUNCTION plateful_public_changed();--> statement-breakpoint
CREATE TRIGGER feedback_public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON feedback
  FOR EACH STATEMENT EXECUTE FUNCTION plateful_public_changed();
