-- Public answers (food lists, details, impact figures) are cached in every server
-- process. Any statement that writes a table those answers read NOTIFYs `plateful_public`,
-- which PostgreSQL delivers after commit to every listening process (in-process on PGlite),
-- whatever code path wrote it: each process then drops its cached answers.
-- A table added later that public answers read gets the same trigger (see README "Cache").
CREATE FUNCTION plateful_public_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM pg_notify('plateful_public', TG_TABLE_NAME);
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER foods_public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON foods
  FOR EACH STATEMENT EXECUTE FUNCTION plateful_public_changed();--> statement-breakpoint
CREATE TRIGGER requests_public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON requests
  FOR EACH STATEMENT EXECUTE FUNCTION plateful_public_changed();--> statement-breakpoint
CREATE TRIGGER users_public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION plateful_public_changed();
